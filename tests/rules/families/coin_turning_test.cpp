// Coin-turning games against a brute force over whole rows and boards of coins: every heads/tails
// pattern of a small row (1-D) or board (2-D), its value by the mex over the moves of the rules
// as Winning Ways states them, written here independently of the library. The library's model
// (a row is the sum of its single heads; a 2-D product game has value g1(x) nim-times g2(y))
// must give the same values and the same winning moves.
#include "grundy/rules/families/coin_turning.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/solve/genus.hpp"
#include "grundy/solve/misere_search.hpp"
#include "grundy/solve/sum_solver.hpp"
#include "grundy/spec/parser.hpp"
#include "sanitizer_build.hpp"

namespace grundy {
namespace {

using Coins = std::vector<std::uint64_t>;  // the coins one move turns, ascending

/// The moves at coin n of each 1-D game, from its rules (Winning Ways ch. 14).
std::vector<Coins> rule_moves(const std::string& game, std::uint64_t n) {
  std::vector<Coins> out;
  if (game == "ruler") {  // a run of consecutive coins ending at n (coins from 1)
    for (std::uint64_t k = 1; k <= n; ++k) {
      Coins run;
      for (std::uint64_t c = k; c <= n; ++c) run.push_back(c);
      out.push_back(run);
    }
  } else if (game == "turtles") {  // n, perhaps with one coin to its left (coins from 1)
    out.push_back({n});
    for (std::uint64_t m = 1; m < n; ++m) out.push_back({m, n});
  } else if (game == "twins") {  // exactly two coins (coins from 0)
    for (std::uint64_t m = 0; m < n; ++m) out.push_back({m, n});
  } else if (game == "mockturtles") {  // one, two or three coins (coins from 0)
    out.push_back({n});
    for (std::uint64_t a = 0; a < n; ++a) {
      out.push_back({a, n});
      for (std::uint64_t b = a + 1; b < n; ++b) out.push_back({a, b, n});
    }
  }
  return out;
}

std::uint64_t first_coin(const std::string& game) {
  return game == "ruler" || game == "turtles" ? 1 : 0;
}

/// Grundy values of every pattern of `count` coins, by the mex over moves: a move at a heads coin
/// flips a set of coins (the rightmost from heads to tails), so it lowers the pattern read as a
/// binary number, and increasing order is a topological order.
std::vector<Value> brute_force_patterns(std::size_t count,
                                        const std::vector<std::vector<std::uint64_t>>& masks) {
  std::vector<Value> g(std::size_t{1} << count);
  std::vector<bool> seen;
  for (std::uint64_t state = 0; state < g.size(); ++state) {
    seen.assign(64, false);
    for (std::size_t bit = 0; bit < count; ++bit) {
      if (((state >> bit) & 1) == 0) continue;
      for (std::uint64_t mask : masks[bit]) {
        const Value v = g[state ^ mask];
        if (v >= seen.size()) seen.resize(v + 1, false);
        seen[v] = true;
      }
    }
    Value m = 0;
    while (m < seen.size() && seen[m]) ++m;
    g[state] = m;
  }
  return g;
}

// ---------------------------------------------------------------------------------------------
// 1-D
// ---------------------------------------------------------------------------------------------

const std::vector<std::string> kRows{"ruler", "turtles", "twins", "mockturtles"};

TEST(CoinTurning, PublishedValues) {
  auto values = [](const std::string& spec, std::uint64_t from, std::uint64_t to) {
    const auto game = parse_game(spec);
    const auto& row = dynamic_cast<const TurningGame&>(*game);
    std::vector<Value> out;
    for (std::uint64_t n = from; n <= to; ++n) out.push_back(row.coin_value(n));
    return out;
  };
  // Ruler: the largest power of 2 dividing n (OEIS A006519).
  EXPECT_EQ(values("ruler", 1, 16),
            (std::vector<Value>{1, 2, 1, 4, 1, 2, 1, 8, 1, 2, 1, 4, 1, 2, 1, 16}));
  // Mock Turtles: the odious numbers (OEIS A000069).
  EXPECT_EQ(values("mockturtles", 0, 15),
            (std::vector<Value>{1, 2, 4, 7, 8, 11, 13, 14, 16, 19, 21, 22, 25, 26, 28, 31}));
  EXPECT_EQ(values("twins", 0, 5), (std::vector<Value>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(values("turtles", 1, 5), (std::vector<Value>{1, 2, 3, 4, 5}));
}

TEST(CoinTurning, OptionsAreTheMovesOfTheRules) {
  for (const std::string& name : kRows) {
    const auto game = parse_game(name);
    for (std::uint64_t n = first_coin(name); n < 14; ++n) {
      std::set<Coins> from_rules, from_library;
      for (const Coins& move : rule_moves(name, n)) from_rules.insert(move);
      for_each_option(*game, Position{n, 0}, [&](std::span<const Position> parts) {
        Coins move;
        for (const Position& p : parts) move.push_back(p.x);
        move.push_back(n);
        from_library.insert(move);
      });
      EXPECT_EQ(from_library, from_rules) << name << " at " << n;
    }
  }
}

TEST(CoinTurning, EveryRowIsTheSumOfItsHeads) {
  constexpr std::size_t kCoins = 12;
  for (const std::string& name : kRows) {
    const auto game = parse_game(name);
    const auto& row = dynamic_cast<const TurningGame&>(*game);
    const std::uint64_t first = first_coin(name);
    std::vector<std::vector<std::uint64_t>> masks(kCoins);
    for (std::size_t bit = 0; bit < kCoins; ++bit) {
      for (const Coins& move : rule_moves(name, first + bit)) {
        std::uint64_t mask = 0;
        for (std::uint64_t c : move) mask |= std::uint64_t{1} << (c - first);
        masks[bit].push_back(mask);
      }
    }
    const auto g = brute_force_patterns(kCoins, masks);
    for (std::uint64_t state = 0; state < g.size(); ++state) {
      Value sum = 0;
      for (std::size_t bit = 0; bit < kCoins; ++bit) {
        if ((state >> bit) & 1) sum ^= row.coin_value(first + bit);
      }
      ASSERT_EQ(g[state], sum) << name << " pattern " << state;
    }
  }
}

TEST(CoinTurning, WinningMovesOfASumAreTheWinningMovesOfTheRow) {
  // Every winning move the sum solver lists for the heads of a row, applied to the row, leaves a
  // pattern of brute-force value 0, and there are as many as the row has.
  constexpr std::size_t kCoins = 10;
  for (const std::string& name : kRows) {
    const std::uint64_t first = first_coin(name);
    std::vector<std::vector<std::uint64_t>> masks(kCoins);
    for (std::size_t bit = 0; bit < kCoins; ++bit) {
      for (const Coins& move : rule_moves(name, first + bit)) {
        std::uint64_t mask = 0;
        for (std::uint64_t c : move) mask |= std::uint64_t{1} << (c - first);
        masks[bit].push_back(mask);
      }
    }
    const auto g = brute_force_patterns(kCoins, masks);
    for (std::uint64_t state = 1; state < g.size(); state += 7) {
      std::string spec;
      for (std::size_t bit = 0; bit < kCoins; ++bit) {
        if ((state >> bit) & 1) {
          spec += (spec.empty() ? "" : " + ") + name + ":" + std::to_string(first + bit);
        }
      }
      const Sum sum = parse_sum(spec);
      SumEvaluators evaluators(sum, Limits{});
      const SumSolution s = solve_sum(sum, evaluators.sources(), 1000);
      ASSERT_EQ(s.nim_sum, g[state]) << spec;
      std::uint64_t row_wins = 0;
      for (std::size_t bit = 0; bit < kCoins; ++bit) {
        if (((state >> bit) & 1) == 0) continue;
        for (std::uint64_t mask : masks[bit]) row_wins += g[state ^ mask] == 0;
      }
      ASSERT_EQ(s.winning_move_count, row_wins) << spec;
      ASSERT_EQ(s.winning_moves.size(), row_wins) << spec;
      for (const Move& m : s.winning_moves) {
        std::uint64_t after =
            state ^ (std::uint64_t{1} << (sum.components[m.component].position.x - first));
        for (const Position& part : m.to) after ^= std::uint64_t{1} << (part.x - first);
        EXPECT_EQ(g[after], 0u) << spec << ": move in component " << m.component;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Misère play and remoteness: properties of the row itself, not of the sum of its heads
// ---------------------------------------------------------------------------------------------

/// Outcome and remoteness of every pattern of `count` coins under one convention, by the rules
/// (a move at a heads coin flips one of its masks): increasing order is a topological order.
struct RowOutcomes {
  std::vector<bool> win;
  std::vector<std::uint64_t> remoteness;
};

RowOutcomes brute_force_outcomes(std::size_t count,
                                 const std::vector<std::vector<std::uint64_t>>& masks, Play play) {
  RowOutcomes out{std::vector<bool>(std::size_t{1} << count),
                  std::vector<std::uint64_t>(std::size_t{1} << count)};
  for (std::uint64_t state = 0; state < out.win.size(); ++state) {
    bool any_move = false, any_losing = false;
    std::uint64_t least_losing = ~std::uint64_t{0}, largest = 0;
    for (std::size_t bit = 0; bit < count; ++bit) {
      if (((state >> bit) & 1) == 0) continue;
      for (std::uint64_t mask : masks[bit]) {
        const std::uint64_t child = state ^ mask;
        any_move = true;
        largest = std::max(largest, out.remoteness[child]);
        if (!out.win[child]) {
          any_losing = true;
          least_losing = std::min(least_losing, out.remoteness[child]);
        }
      }
    }
    if (!any_move) {
      out.win[state] = play == Play::misere;
    } else if (any_losing) {
      out.win[state] = true;
      out.remoteness[state] = least_losing + 1;
    } else {
      out.remoteness[state] = largest + 1;
    }
  }
  return out;
}

/// One row or board of coins, numbered by bits: its game, its coins, and the masks of the moves
/// at each coin from the rules.
struct CoinBoard {
  std::string spec;
  std::vector<Position> coins;  // bit i is coins[i]
  std::vector<std::vector<std::uint64_t>> masks;
};

CoinBoard row_board(const std::string& name, std::size_t count) {
  CoinBoard b{name, {}, std::vector<std::vector<std::uint64_t>>(count)};
  const std::uint64_t first = first_coin(name);
  for (std::size_t bit = 0; bit < count; ++bit) {
    b.coins.push_back(Position{first + bit, 0});
    for (const Coins& move : rule_moves(name, first + bit)) {
      std::uint64_t mask = 0;
      for (std::uint64_t c : move) mask |= std::uint64_t{1} << (c - first);
      b.masks[bit].push_back(mask);
    }
  }
  return b;
}

CoinBoard tartan_board(const std::string& first, const std::string& second, std::size_t width,
                       std::size_t height) {
  CoinBoard b{"tartan(" + first + "," + second + ")",
              {},
              std::vector<std::vector<std::uint64_t>>(width * height)};
  const std::uint64_t x0 = first_coin(first), y0 = first_coin(second);
  auto bit_of = [&](std::uint64_t x, std::uint64_t y) { return (x - x0) * height + (y - y0); };
  for (std::uint64_t x = x0; x < x0 + width; ++x) {
    for (std::uint64_t y = y0; y < y0 + height; ++y) {
      b.coins.push_back(Position{x, y});
      for (const Coins& a : rule_moves(first, x)) {
        for (const Coins& c : rule_moves(second, y)) {
          std::uint64_t mask = 0;
          for (std::uint64_t i : a) {
            for (std::uint64_t j : c) mask |= std::uint64_t{1} << bit_of(i, j);
          }
          b.masks[bit_of(x, y)].push_back(mask);
        }
      }
    }
  }
  return b;
}

/// The sum of the heads of `state`, each listed `copies` times (odd: the same row).
std::string heads_spec(const CoinBoard& b, const Game& game, std::uint64_t state,
                       std::size_t copies = 1) {
  std::string spec;
  for (std::size_t bit = 0; bit < b.coins.size(); ++bit) {
    if (((state >> bit) & 1) == 0) continue;
    for (std::size_t k = 0; k < copies; ++k) {
      spec += (spec.empty() ? "" : " + ") + b.spec + ":" + game.format_position(b.coins[bit]);
    }
  }
  return spec.empty() ? b.spec + ":" + game.format_position(Position{0, 0}) : spec;
}

/// The search on the heads of each pattern against the brute force on the pattern: outcome,
/// remoteness, every winning move (as the pattern it leaves) and their count, and the bound.
void check_board_outcomes(const CoinBoard& b, Play play, std::uint64_t step) {
  const auto game = parse_game(b.spec);
  const RowOutcomes truth = brute_force_outcomes(b.coins.size(), b.masks, play);
  auto bit_of = [&](const Position& p) {
    const auto it = std::find(b.coins.begin(), b.coins.end(), p);
    EXPECT_NE(it, b.coins.end()) << b.spec << ": coin " << game->format_position(p);
    return std::uint64_t{1} << (it - b.coins.begin());
  };
  SearchOptions options;
  options.play = play;
  options.max_moves = 100000;
  for (std::uint64_t state = 0; state < truth.win.size(); state += step) {
    // The empty pattern is written as a position that is no coin (or coin 0 of Twins, which has
    // no move): both have no move, as the empty row.
    if (state == 0 && b.spec != "ruler" && b.spec != "turtles" && b.spec != "twins") continue;
    for (std::size_t copies : {std::size_t{1}, std::size_t{3}}) {
      if (copies == 3 && state % 5 != 1) continue;
      const std::string spec = heads_spec(b, *game, state, copies);
      const Sum sum = parse_sum(spec);
      const SearchSolution s = solve_by_search(sum, options);
      ASSERT_EQ(s.outcome == Outcome::N, truth.win[state]) << spec;
      ASSERT_EQ(s.remoteness, truth.remoteness[state]) << spec;
      ASSERT_TRUE(s.states_bound.has_value()) << spec;
      EXPECT_LE(s.states, *s.states_bound) << spec;
      std::set<std::uint64_t> expected, got;
      for (std::size_t bit = 0; bit < b.coins.size(); ++bit) {
        if (((state >> bit) & 1) == 0) continue;
        for (std::uint64_t mask : b.masks[bit]) {
          if (!truth.win[state ^ mask]) expected.insert(state ^ mask);
        }
      }
      for (const Move& m : s.winning_moves) {
        std::uint64_t after = state ^ bit_of(sum.components[m.component].position);
        for (const Position& part : m.to) after ^= bit_of(part);
        EXPECT_TRUE(got.insert(after).second) << spec << ": two moves leave " << after;
      }
      ASSERT_EQ(got, expected) << spec;
      ASSERT_EQ(s.winning_move_count, expected.size()) << spec;
    }
  }
}

TEST(CoinTurning, MisereOutcomesRemotenessAndMovesAreThoseOfTheRow) {
  // Every pattern of 9 coins of each row (every third under the sanitizers); heads listed three
  // times are one head.
  for (const std::string& name : kRows) {
    check_board_outcomes(row_board(name, 9), Play::misere, grundy_test::full_or_sanitized(1, 3));
  }
}

TEST(CoinTurning, NormalPlayRemotenessIsThatOfTheRow) {
  for (const std::string& name : kRows) {
    check_board_outcomes(row_board(name, 9), Play::normal, grundy_test::full_or_sanitized(1, 3));
  }
}

TEST(CoinTurning, TartanMisereAndRemotenessAreThoseOfTheBoard) {
  for (Play play : {Play::misere, Play::normal}) {
    check_board_outcomes(tartan_board("ruler", "ruler", 3, 3), play, 1);
    check_board_outcomes(tartan_board("twins", "twins", 3, 3), play, 1);
    check_board_outcomes(tartan_board("mockturtles", "turtles", 3, 3), play, 3);
    check_board_outcomes(tartan_board("turtles", "mockturtles", 2, 4), play, 3);
    check_board_outcomes(tartan_board("mockturtles", "mockturtles", 3, 3), play, 5);
  }
}

TEST(CoinTurning, ReportedCases) {
  // Issue 11: turning coins 2 and 3 of ruler:2 + ruler:3 leaves no head, a misère loss for the
  // mover, so it is not a winning move; ruler:1 + ruler:2 is won in one move (turn 1..2).
  // The row {2, 3} under misère play: {1} is lost (its one move leaves no head), {3} is lost
  // (it moves to {}, {2} or {1, 2}, all won), so the winning moves leave {3} or {1}.
  SearchOptions misere;
  const SearchSolution s = solve_by_search(parse_sum("ruler:2 + ruler:3"), misere);
  EXPECT_EQ(s.outcome, Outcome::N);
  EXPECT_EQ(s.winning_moves, (std::vector<Move>{{0, {}}, {1, {Position{1, 0}, Position{2, 0}}}}));
  SearchOptions normal;
  normal.play = Play::normal;
  EXPECT_EQ(solve_by_search(parse_sum("ruler:1 + ruler:2"), normal).remoteness, 1u);
  // Twice listed, a head is tails: nothing to move, a misère win for the player to move.
  const SearchSolution twice = solve_by_search(parse_sum("turtles:4 + turtles:4"), misere);
  EXPECT_EQ(twice.outcome, Outcome::N);
  EXPECT_EQ(twice.winning_move_count, 0u);
}

TEST(CoinTurning, RowsOfTwoGamesAndOtherComponents) {
  // A row of Ruler beside a row of Twins and a Nim heap: the state is the pair of patterns and
  // the heap, by brute force over all three.
  const CoinBoard ruler = row_board("ruler", 5), twins = row_board("twins", 5);
  const auto ruler_game = parse_game("ruler"), twins_game = parse_game("twins");
  for (Play play : {Play::misere, Play::normal}) {
    // state = ruler pattern | twins pattern << 5 | heap << 10
    const std::size_t states = std::size_t{1} << 13;
    std::vector<bool> win(states);
    std::vector<std::uint64_t> remoteness(states);
    auto children = [&](std::uint64_t s) {
      std::vector<std::uint64_t> out;
      const std::uint64_t r = s & 31, t = (s >> 5) & 31, h = s >> 10;
      for (std::size_t bit = 0; bit < 5; ++bit) {
        if ((r >> bit) & 1) {
          for (std::uint64_t m : ruler.masks[bit]) out.push_back(s ^ m);
        }
        if ((t >> bit) & 1) {
          for (std::uint64_t m : twins.masks[bit]) out.push_back(s ^ (m << 5));
        }
      }
      for (std::uint64_t k = 0; k < h; ++k) out.push_back((s & 1023) | (k << 10));
      return out;
    };
    for (std::uint64_t s = 0; s < states; ++s) {
      bool any = false, any_losing = false;
      std::uint64_t least = ~std::uint64_t{0}, largest = 0;
      for (std::uint64_t c : children(s)) {
        any = true;
        largest = std::max(largest, remoteness[c]);
        if (!win[c]) any_losing = true, least = std::min(least, remoteness[c]);
      }
      win[s] = any ? any_losing : play == Play::misere;
      remoteness[s] = !any ? 0 : any_losing ? least + 1 : largest + 1;
    }
    SearchOptions options;
    options.play = play;
    for (std::uint64_t s = 1; s < states; s += 37) {
      std::string spec = "nim:" + std::to_string(s >> 10);
      for (std::size_t bit = 0; bit < 5; ++bit) {
        if ((s >> bit) & 1) spec += " + ruler:" + std::to_string(1 + bit);
        if ((s >> (5 + bit)) & 1) spec += " + twins:" + std::to_string(bit);
      }
      const SearchSolution got = solve_by_search(parse_sum(spec), options);
      ASSERT_EQ(got.outcome == Outcome::N, win[s]) << spec;
      ASSERT_EQ(got.remoteness, remoteness[s]) << spec;
      std::uint64_t winning = 0;
      for (std::uint64_t c : children(s)) winning += win[c] ? 0 : 1;
      ASSERT_EQ(got.winning_move_count, winning) << spec;
    }
  }
}

TEST(CoinTurning, GeneraAreThoseOfTheRow) {
  // gamma_k of a single head n is the misère Grundy value of the row {n} plus k heaps of 2, by
  // brute force over (pattern, heaps of 2, heaps of 1): 1 with no move, else the mex.
  constexpr std::size_t kCoins = 7, kHeaps = 7;
  for (const std::string& name : kRows) {
    const CoinBoard b = row_board(name, kCoins);
    auto index = [&](std::uint64_t pattern, std::size_t twos, std::size_t ones) {
      return (pattern * (kHeaps + 1) + twos) * (2 * kHeaps + 1) + ones;
    };
    std::vector<Value> g(index(std::uint64_t{1} << kCoins, 0, 0));
    for (std::uint64_t pattern = 0; pattern < (std::uint64_t{1} << kCoins); ++pattern) {
      for (std::size_t twos = 0; twos <= kHeaps; ++twos) {
        for (std::size_t ones = 0; ones + twos <= 2 * kHeaps; ++ones) {
          std::vector<Value> options;
          for (std::size_t bit = 0; bit < kCoins; ++bit) {
            if (((pattern >> bit) & 1) == 0) continue;
            for (std::uint64_t mask : b.masks[bit]) {
              options.push_back(g[index(pattern ^ mask, twos, ones)]);  // lower pattern
            }
          }
          if (twos > 0) {
            options.push_back(g[index(pattern, twos - 1, ones)]);      // 2 -> 0
            options.push_back(g[index(pattern, twos - 1, ones + 1)]);  // 2 -> 1
          }
          if (ones > 0) options.push_back(g[index(pattern, twos, ones - 1)]);
          Value m = 0;
          while (std::find(options.begin(), options.end(), m) != options.end()) ++m;
          g[index(pattern, twos, ones)] = options.empty() ? 1 : m;
        }
      }
    }
    const auto game = parse_game(name);
    const auto& row = dynamic_cast<const TurningGame&>(*game);
    GenusCalculator genera(game, SearchOptions{});
    for (std::size_t bit = 0; bit < kCoins; ++bit) {
      const Position p = b.coins[bit];
      const Genus genus = genera.genus(p, row.coin_value(p.x));
      for (std::size_t k = 0; k < kHeaps; ++k) {
        const std::size_t m = genus.gammas.size();
        const std::size_t at = k < m ? k : m - 2 + (k - (m - 2)) % 2;
        EXPECT_EQ(genus.gammas.at(at), g[index(std::uint64_t{1} << bit, k, 0)])
            << name << ":" << p.x << " k=" << k << " " << format_genus(genus);
      }
    }
  }
}

TEST(CoinTurning, ActualRowsCancelHeadsListedTwice) {
  const Sum sum = parse_sum("ruler:3 + nim:2 + ruler:3 + ruler:5 + twins:0 + ruler:3 + nim:2");
  EXPECT_EQ(format_sum(actual_rows(sum)), "ruler:3 + nim:2 + ruler:5 + twins:0 + nim:2");
  EXPECT_EQ(format_sum(actual_rows(parse_sum("ruler:3 + ruler:3"))), "");
  EXPECT_TRUE(parse_game("mockturtles")->traits().rows_of_heads);
  EXPECT_TRUE(parse_game("rugs")->traits().rows_of_heads);
  EXPECT_FALSE(parse_game("nim")->traits().rows_of_heads);
}

TEST(CoinTurning, OptionsOfOneHeadTurnDistinctCoins) {
  // explain lists the options of one head as sums of heads: they are rows as they are (no coin
  // twice), so its options and their values are those of the row.
  for (const char* spec : {"ruler", "turtles", "twins", "mockturtles", "rugs",
                           "tartan(mockturtles,twins)", "tartan(turtles,ruler)"}) {
    const auto game = parse_game(spec);
    for (const Position& p : game->sample_positions(40)) {
      for_each_option(*game, p, [&](std::span<const Position> parts) {
        EXPECT_TRUE(std::adjacent_find(parts.begin(), parts.end()) == parts.end())
            << spec << ":" << game->format_position(p);
        EXPECT_TRUE(std::find(parts.begin(), parts.end(), p) == parts.end());
      });
    }
  }
}

/// Every option of n whose value (by the coin values) is `target`, by enumeration.
std::vector<std::vector<Position>> enumerate_options_with_value(const TurningGame& row,
                                                                std::uint64_t n, Value target) {
  std::vector<std::vector<Position>> out;
  for_each_option(row, Position{n, 0}, [&](std::span<const Position> parts) {
    Value v = 0;
    for (const Position& p : parts) v ^= row.coin_value(p.x);
    if (v == target) out.emplace_back(parts.begin(), parts.end());
  });
  std::sort(out.begin(), out.end());
  return out;
}

TEST(CoinTurning, WinningMoveFormulasMatchEnumeration) {
  for (const std::string& name : kRows) {
    const auto game = parse_game(name);
    const auto& row = dynamic_cast<const TurningGame&>(*game);
    const std::uint64_t last = grundy_test::full_or_sanitized(name == "mockturtles" ? 140 : 300,
                                                              name == "mockturtles" ? 80 : 120);
    for (std::uint64_t n = 0; n <= last; n += (n < 40 ? 1 : 7)) {
      for (Value target = 0; target < 2 * row.coin_value(n) + 70; ++target) {
        const auto expected = enumerate_options_with_value(row, n, target);
        std::vector<std::vector<Position>> given;
        OptionFunction collect([&](std::span<const Position> parts) {
          given.emplace_back(parts.begin(), parts.end());
        });
        const auto count = row.formula_options_with_value(Position{n, 0}, target, 6, collect);
        ASSERT_TRUE(count.has_value()) << name;
        ASSERT_EQ(*count, expected.size()) << name << " n=" << n << " target=" << target;
        // The first options in order, as the sum solver lists them.
        const std::vector<std::vector<Position>> first(
            expected.begin(), expected.begin() + std::min<std::size_t>(6, expected.size()));
        ASSERT_EQ(given, first) << name << " n=" << n << " target=" << target;
      }
    }
  }
}

TEST(CoinTurning, WinningMovesOfHugeRows) {
  const auto mock = parse_game("mockturtles");
  const auto& row = dynamic_cast<const TurningGame&>(*mock);
  // Target 3 * 2^62 is evil: its pairs {a, a xor s}, s = 2^62 + 2^61, below n = 2^62 + 5 are the
  // 5 with a = 2^61 .. 2^61 + 4, far from 0 (the walk must not scan up to them). Target 6 has
  // many pairs; 2^62 + 3 is odious, reached by one coin.
  const std::uint64_t n = (std::uint64_t{1} << 62) + 5;
  const std::map<Value, std::uint64_t> expected_counts{{Value{3} << 62, 5},
                                                       {(Value{1} << 62) + 3, 1}};
  for (const Value target : {Value{3} << 62, Value{6}, (Value{1} << 62) + 3}) {
    std::vector<std::vector<Position>> given;
    OptionFunction collect(
        [&](std::span<const Position> parts) { given.emplace_back(parts.begin(), parts.end()); });
    const auto count = row.formula_options_with_value(Position{n, 0}, target, 20, collect);
    ASSERT_TRUE(count.has_value());
    if (expected_counts.count(target)) {
      EXPECT_EQ(*count, expected_counts.at(target)) << target;
    }
    EXPECT_EQ(given.size(), std::min<std::uint64_t>(*count, 20));
    EXPECT_TRUE(std::is_sorted(given.begin(), given.end()));
    for (const auto& parts : given) {
      Value v = 0;
      for (const Position& p : parts) {
        EXPECT_LT(p.x, n);
        v ^= row.coin_value(p.x);
      }
      EXPECT_EQ(v, target);
    }
  }

  // Ruler: the one move to a value, listed when it turns few coins and refused when it turns
  // too many to list (rather than a list of 2^61 parts).
  const auto ruler = parse_game("ruler");
  OptionFunction ignore([](std::span<const Position>) {});
  const Position big{std::uint64_t{1} << 62, 0};
  EXPECT_EQ(ruler->formula_options_with_value(big, 0, 1, ignore), 1u);  // turn the coin alone
  EXPECT_EQ(ruler->formula_options_with_value(big, Value{1} << 60, 0, ignore), 1u);  // counted
  EXPECT_THROW(ruler->formula_options_with_value(big, Value{1} << 60, 1, ignore), Error);
}

// ---------------------------------------------------------------------------------------------
// 2-D: the Tartan theorem
// ---------------------------------------------------------------------------------------------

struct Board {
  std::string first, second;
  std::size_t width, height;  // coins first_coin .. + width - 1 by first_coin .. + height - 1
};

TEST(Tartan, EveryBoardPatternHasTheNimProductValue) {
  const std::vector<Board> boards{
      {"ruler", "ruler", 4, 4},
      {"twins", "twins", 4, 4},
      {"mockturtles", "mockturtles", 3, 4},
      {"turtles", "mockturtles", 4, 3},
      {"ruler", "twins", 3, 5},
      {"mockturtles", "ruler", 5, 3},
  };
  for (const Board& b : boards) {
    const std::string spec = "tartan(" + b.first + "," + b.second + ")";
    const auto game = parse_game(spec);
    const auto& tartan = dynamic_cast<const TartanGame&>(*game);
    const std::uint64_t x0 = first_coin(b.first), y0 = first_coin(b.second);
    const std::size_t count = b.width * b.height;
    auto bit_of = [&](std::uint64_t x, std::uint64_t y) { return (x - x0) * b.height + (y - y0); };
    std::vector<std::vector<std::uint64_t>> masks(count);
    for (std::uint64_t x = x0; x < x0 + b.width; ++x) {
      for (std::uint64_t y = y0; y < y0 + b.height; ++y) {
        std::set<std::uint64_t> from_rules, from_library;
        for (const Coins& a : rule_moves(b.first, x)) {
          for (const Coins& c : rule_moves(b.second, y)) {
            std::uint64_t mask = 0;
            for (std::uint64_t i : a) {
              for (std::uint64_t j : c) mask |= std::uint64_t{1} << bit_of(i, j);
            }
            masks[bit_of(x, y)].push_back(mask);
            from_rules.insert(mask);
          }
        }
        // The library's options at (x, y) turn the same sets of coins.
        for_each_option(tartan, Position{x, y}, [&](std::span<const Position> parts) {
          std::uint64_t mask = std::uint64_t{1} << bit_of(x, y);
          for (const Position& p : parts) mask |= std::uint64_t{1} << bit_of(p.x, p.y);
          from_library.insert(mask);
        });
        ASSERT_EQ(from_library, from_rules) << spec << " at " << x << "," << y;
      }
    }
    const auto g = brute_force_patterns(count, masks);
    Evaluator evaluator(game, Limits{});
    for (std::uint64_t state = 0; state < g.size(); ++state) {
      Value tartan_theorem = 0, library = 0;
      for (std::uint64_t x = x0; x < x0 + b.width; ++x) {
        for (std::uint64_t y = y0; y < y0 + b.height; ++y) {
          if (((state >> bit_of(x, y)) & 1) == 0) continue;
          tartan_theorem ^= nim_mul(tartan.first().coin_value(x), tartan.second().coin_value(y));
          library ^= evaluator.value(Position{x, y});
        }
      }
      ASSERT_EQ(g[state], tartan_theorem) << spec << " pattern " << state;
      ASSERT_EQ(library, tartan_theorem) << spec << " pattern " << state;
    }
  }
}

TEST(Tartan, KnownValuesAndNames) {
  // Turning Corners: g(x, y) = x (x) y; Rugs: g(x, y) = ruler(x) (x) ruler(y).
  const auto corners = parse_game("turningcorners");
  EXPECT_EQ(corners->name(), "tartan(twins,twins)");
  EXPECT_EQ(corners->formula_value(Position{2, 2}), 3u);
  EXPECT_EQ(corners->formula_value(Position{2, 3}), 1u);
  EXPECT_EQ(corners->formula_value(Position{8, 8}), 13u);
  EXPECT_EQ(corners->formula_value(Position{0, 7}), 0u);
  const auto rugs = parse_game("rugs");
  EXPECT_EQ(rugs->name(), "tartan(ruler,ruler)");
  EXPECT_EQ(rugs->formula_value(Position{4, 4}), 6u);   // 4 (x) 4 = 6
  EXPECT_EQ(rugs->formula_value(Position{6, 12}), 8u);  // 2 (x) 4 = 8
  EXPECT_EQ(parse_game(" tartan( mockturtles ,ruler ) ")->name(), "tartan(mockturtles,ruler)");
  // Large coins go through the 64-bit nim product.
  const Position far{std::uint64_t{1} << 40, std::uint64_t{3} << 50};
  EXPECT_EQ(rugs->formula_value(far), nim_mul(std::uint64_t{1} << 40, std::uint64_t{1} << 50));
  EXPECT_EQ(parse_position(*rugs, " 3 , 5 "), (Position{3, 5}));
}

TEST(Tartan, BadSpecsAndPositions) {
  EXPECT_THROW(parse_game("tartan"), SpecError);
  EXPECT_THROW(parse_game("tartan()"), SpecError);
  EXPECT_THROW(parse_game("tartan(ruler)"), SpecError);
  EXPECT_THROW(parse_game("tartan(ruler,)"), SpecError);
  EXPECT_THROW(parse_game("tartan(ruler,ruler,ruler)"), SpecError);
  EXPECT_THROW(parse_game("tartan(ruler;ruler)"), SpecError);
  EXPECT_THROW(parse_game("tartan(rugs,ruler)"), SpecError);
  EXPECT_THROW(parse_game("ruler(3)"), SpecError);
  try {
    parse_game("tartan(ruler,nim)");
    ADD_FAILURE() << "nim accepted as a coin-turning game";
  } catch (const SpecError& e) {
    EXPECT_EQ(e.column(), 14u);
    EXPECT_NE(std::string(e.what()).find("not a 1-D coin-turning game"), std::string::npos);
  }
  const auto rugs = parse_game("rugs");
  EXPECT_THROW(parse_position(*rugs, "3"), SpecError);
  EXPECT_THROW(parse_position(*rugs, "3,"), SpecError);
  EXPECT_THROW(parse_position(*rugs, "3,-1"), SpecError);
  EXPECT_THROW(parse_position(*rugs, "3,4,5"), SpecError);
  EXPECT_THROW(parse_position(*rugs, "9223372036854775808,1"), SpecError);
  EXPECT_THROW(parse_position(*parse_game("ruler"), "1,2"), SpecError);
}

TEST(Tartan, WinningMovesOfHugeBoardsAreRefusedNotSearched) {
  const auto rugs = parse_game("rugs");
  OptionFunction ignore([](std::span<const Position>) {});
  EXPECT_EQ(rugs->formula_options_with_value(Position{5, 7}, 3, 20, ignore), std::nullopt);
  EXPECT_THROW(rugs->formula_options_with_value(Position{1u << 20, 1u << 20}, 3, 20, ignore),
               Error);
  // The value itself is still known.
  EXPECT_EQ(rugs->formula_value(Position{1u << 20, 1u << 20}), nim_square(1u << 20));
}

}  // namespace
}  // namespace grundy
