#include "grundy/solve/misere_search.hpp"

#include "grundy/solve/genus.hpp"
#include "grundy/solve/misere_nim.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "brute_force.hpp"
#include "grundy/core/error.hpp"
#include "grundy/spec/parser.hpp"
#include "temp_file.hpp"

namespace grundy {
namespace {

/// The reference: plain recursion over whole sums, written as lists of (component game index,
/// position) with nothing canonicalised (no dropped terminals, no sorting beyond the memo key).
class BruteSum {
 public:
  BruteSum(std::vector<const Game*> games, Play play) : games_(std::move(games)), play_(play) {}

  using State = std::vector<std::pair<std::size_t, Position>>;
  struct Result {
    bool win = false;
    std::uint64_t remoteness = 0;
  };

  Result solve(State s) {
    std::sort(s.begin(), s.end());
    if (auto it = memo_.find(s); it != memo_.end()) return it->second;
    bool any_move = false;
    bool any_losing = false;
    std::uint64_t least_losing = ~std::uint64_t{0};
    std::uint64_t largest = 0;
    for (const State& child : children(s)) {
      any_move = true;
      const Result r = solve(child);
      largest = std::max(largest, r.remoteness);
      if (!r.win) {
        any_losing = true;
        least_losing = std::min(least_losing, r.remoteness);
      }
    }
    Result out;
    if (!any_move) {
      out.win = play_ == Play::misere;
    } else if (any_losing) {
      out = {true, least_losing + 1};
    } else {
      out = {false, largest + 1};
    }
    memo_[s] = out;
    return out;
  }

  std::vector<State> children(const State& s) const {
    std::vector<State> out;
    for (std::size_t i = 0; i < s.size(); ++i) {
      for_each_option(*games_[s[i].first], s[i].second, [&](std::span<const Position> parts) {
        State child = s;
        child.erase(child.begin() + static_cast<std::ptrdiff_t>(i));
        for (const Position& p : parts) child.emplace_back(s[i].first, p);
        out.push_back(child);
      });
    }
    return out;
  }

 private:
  std::vector<const Game*> games_;
  Play play_;
  std::map<State, Result> memo_;
};

BruteSum::State brute_state(const Sum& sum, std::vector<const Game*>& games) {
  BruteSum::State s;
  for (const Component& c : sum.components) {
    games.push_back(c.game.get());
    s.emplace_back(games.size() - 1, c.position);
  }
  return s;
}

/// Every winning move of `sum` by the reference: moves to sums that are lost for the mover's
/// opponent.
std::set<std::pair<std::size_t, std::vector<Position>>> brute_winning_moves(const Sum& sum,
                                                                            Play play) {
  std::vector<const Game*> games;
  const BruteSum::State root = brute_state(sum, games);
  BruteSum brute(games, play);
  std::set<std::pair<std::size_t, std::vector<Position>>> moves;
  for (std::size_t i = 0; i < root.size(); ++i) {
    for_each_option(*games[i], root[i].second, [&](std::span<const Position> parts) {
      BruteSum::State child = root;
      child.erase(child.begin() + static_cast<std::ptrdiff_t>(i));
      for (const Position& p : parts) child.emplace_back(i, p);
      if (!brute.solve(child).win) {
        std::vector<Position> to(parts.begin(), parts.end());
        std::sort(to.begin(), to.end());
        moves.emplace(i, to);
      }
    });
  }
  return moves;
}

SearchOptions options_for(Play play) {
  SearchOptions o;
  o.play = play;
  o.max_moves = 1000;
  return o;
}

TEST(MisereNim, ClosedFormCases) {
  const std::uint64_t one[] = {1};
  EXPECT_EQ(misere_nim_outcome(one), Outcome::P);  // must take the last token
  const std::uint64_t none[] = {0};
  EXPECT_EQ(misere_nim_outcome(none), Outcome::N);  // no move: the player to move wins
  const std::uint64_t ones[] = {1, 1};
  EXPECT_EQ(misere_nim_outcome(ones), Outcome::N);
  const std::uint64_t two_two[] = {2, 2};
  EXPECT_EQ(misere_nim_outcome(two_two), Outcome::P);
  const std::uint64_t big[] = {5, 1};
  EXPECT_EQ(misere_nim_outcome(big), Outcome::N);
}

TEST(MisereNim, SearchAgreesWithTheClosedFormAndItsMoves) {
  std::mt19937_64 rng(6);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t heaps = 1 + rng() % 4;
    std::string spec;
    std::vector<std::uint64_t> sizes;
    for (std::size_t i = 0; i < heaps; ++i) {
      sizes.push_back(rng() % 7);
      spec += (i ? " + nim:" : "nim:") + std::to_string(sizes.back());
    }
    const Sum sum = parse_sum(spec);
    ASSERT_TRUE(is_nim_sum(sum));
    const SearchSolution searched = solve_by_search(sum, options_for(Play::misere));
    EXPECT_EQ(searched.outcome, misere_nim_outcome(sizes)) << spec;
    const SearchSolution closed = solve_misere_nim(sum, 1000);
    EXPECT_EQ(closed.outcome, searched.outcome) << spec;
    EXPECT_EQ(closed.winning_moves, searched.winning_moves) << spec;
    EXPECT_EQ(closed.winning_move_count, searched.winning_move_count) << spec;
  }
}

/// Random small sums of several families, each answer checked against the brute force.
void check_random_sums(Play play, std::uint64_t seed) {
  const char* games[] = {"nim", "sub(1,3)", "0.77", "0.07", "grundy"};
  std::mt19937_64 rng(seed);
  for (int trial = 0; trial < 120; ++trial) {
    const std::size_t count = 1 + rng() % 3;
    std::string spec;
    for (std::size_t i = 0; i < count; ++i) {
      spec += std::string(i ? " + " : "") + games[rng() % 5] + ":" + std::to_string(rng() % 9);
    }
    const Sum sum = parse_sum(spec);
    std::vector<const Game*> game_list;
    const BruteSum::State root = brute_state(sum, game_list);
    BruteSum brute(game_list, play);
    const BruteSum::Result expected = brute.solve(root);
    const SearchSolution got = solve_by_search(sum, options_for(play));
    EXPECT_EQ(got.outcome == Outcome::N, expected.win) << spec;
    EXPECT_EQ(got.remoteness, expected.remoteness) << spec;
    const auto moves = brute_winning_moves(sum, play);
    std::set<std::pair<std::size_t, std::vector<Position>>> got_moves;
    for (const Move& m : got.winning_moves) got_moves.emplace(m.component, m.to);
    EXPECT_EQ(got_moves, moves) << spec;
    EXPECT_EQ(got.winning_move_count, moves.size()) << spec;
    EXPECT_FALSE(got.winning_moves_truncated);
  }
}

TEST(SearchSolver, MisereSumsAgreeWithBruteForce) {
  check_random_sums(Play::misere, 1);
}

TEST(SearchSolver, NormalPlaySumsAgreeWithBruteForceAndNimSum) {
  check_random_sums(Play::normal, 2);
  // Under normal play the search must also agree with Sprague–Grundy.
  const Sum sum = parse_sum("0.07:7 + grundy:8 + sub(1,3):5");
  Value x = 0;
  for (const Component& c : sum.components) x ^= test::BruteForce(*c.game).value(c.position);
  EXPECT_EQ(solve_by_search(sum, options_for(Play::normal)).outcome, outcome_of(x));
}

TEST(SearchSolver, MisereDiffersFromGrundyValues) {
  // Both sums have Grundy value 0, but under misère play nim:2 + nim:2 is lost and
  // nim:1 + nim:1 is won: a reduction to Grundy values would give them the same outcome.
  EXPECT_EQ(solve_by_search(parse_sum("nim:2 + nim:2"), options_for(Play::misere)).outcome,
            Outcome::P);
  EXPECT_EQ(solve_by_search(parse_sum("nim:1 + nim:1"), options_for(Play::misere)).outcome,
            Outcome::N);
}

TEST(SearchSolver, RemotenessOfSmallCases) {
  auto r = [](const char* spec, Play play) {
    return solve_by_search(parse_sum(spec), options_for(play)).remoteness;
  };
  EXPECT_EQ(r("nim:3", Play::normal), 1u);          // take everything
  EXPECT_EQ(r("nim:1 + nim:1", Play::normal), 2u);  // lost, two moves
  EXPECT_EQ(r("nim:1", Play::misere), 1u);          // lost: must take the last token
  EXPECT_EQ(r("nim:0", Play::misere), 0u);          // won at once
  EXPECT_EQ(r("nim:2 + nim:2", Play::normal), 4u);  // the loser delays: 1 token at a time
  EXPECT_EQ(r("sub(1):7", Play::normal), 7u);       // only one way to play
}

TEST(SearchSolver, RefusesBeyondTheStateBudget) {
  SearchOptions o = options_for(Play::misere);
  o.max_states = 100;
  try {
    solve_by_search(parse_sum("0.77:30 + 0.77:31"), o);
    FAIL();
  } catch (const ResourceError& e) {
    EXPECT_NE(std::string(e.what()).find("--max-states"), std::string::npos);
  }
}

TEST(SearchSolver, LoopySumsByRetrogradeAnalysis) {
  // a -> b, b -> a, b -> c (a sink). Normal play: b wins by moving to c, so a is lost in 2.
  // Misère: moving to c hands the opponent a win, so b and a draw by cycling.
  const test::TempFile file("a b\nb a\nb c\n");
  const Sum sum = parse_sum("graph(" + file.path() + "):a");
  const SearchSolution misere = solve_by_search(sum, options_for(Play::misere));
  EXPECT_EQ(misere.outcome, Outcome::D);
  EXPECT_TRUE(misere.winning_moves.empty());
  const SearchSolution normal = solve_by_search(sum, options_for(Play::normal));
  EXPECT_EQ(normal.outcome, Outcome::P);
  EXPECT_EQ(normal.remoteness, 2u);
}

/// Conway's misère Grundy value by plain recursion: 1 with no move, else the mex over options.
Value brute_misere_grundy(const BruteSum& moves, BruteSum::State s,
                          std::map<BruteSum::State, Value>& memo) {
  std::sort(s.begin(), s.end());
  if (auto it = memo.find(s); it != memo.end()) return it->second;
  std::vector<Value> values;
  for (const BruteSum::State& child : moves.children(s)) {
    values.push_back(brute_misere_grundy(moves, child, memo));
  }
  const Value v = values.empty() ? 1 : test::reference_mex(values);
  memo[s] = v;
  return v;
}

TEST(Genus, AgreesWithBruteForceOnSumsWithHeapsOfTwo) {
  const auto nim = parse_game("nim");
  for (const char* spec : {"nim", "0.77", "0.07", "sub(1,3)", "grundy", "0.312"}) {
    const auto game = parse_game(spec);
    GenusCalculator genera(game, SearchOptions{});
    test::BruteForce normal(*game);
    const BruteSum moves({game.get(), nim.get()}, Play::misere);
    std::map<BruteSum::State, Value> memo;
    for (std::uint64_t n = 0; n <= 9; ++n) {
      const Genus genus = genera.genus(Position{n, 0}, normal.value(Position{n, 0}));
      ASSERT_FALSE(genus.gammas.empty());
      BruteSum::State s{{0, Position{n, 0}}};
      for (std::size_t k = 0; k < 7; ++k) {
        // The written superscripts, then their last two alternating.
        const std::size_t m = genus.gammas.size();
        const std::size_t at = k < m ? k : m - 2 + (k - (m - 2)) % 2;
        EXPECT_EQ(genus.gammas.at(at), brute_misere_grundy(moves, s, memo))
            << spec << ":" << n << " k=" << k << " " << format_genus(genus);
        s.emplace_back(1, Position{2, 0});
      }
    }
  }
}

TEST(Genus, PublishedValues) {
  // The empty game and Nim heaps (Winning Ways ch. 13): 0^120, 1^031, 2^20, 3^31.
  GenusCalculator nim(parse_game("nim"), SearchOptions{});
  EXPECT_EQ(format_genus(nim.genus(Position{0, 0}, 0)), "0^120");
  EXPECT_EQ(format_genus(nim.genus(Position{1, 0}, 1)), "1^031");
  EXPECT_EQ(format_genus(nim.genus(Position{2, 0}, 2)), "2^20");
  EXPECT_EQ(format_genus(nim.genus(Position{3, 0}, 3)), "3^31");
  // 0.312, heaps 1..6, from Plambeck's misère octal pages (plambeck.org, "0.312", 2003):
  // 1^{03131} 2^{20} 0^{02} 2^{1420} 0^{02} 1^{13} (the first written with its tail repeated).
  const auto game = parse_game("0.312");
  GenusCalculator genera(game, SearchOptions{});
  test::BruteForce normal(*game);
  std::string line;
  for (std::uint64_t n = 1; n <= 6; ++n) {
    line += (n > 1 ? " " : "") + format_genus(genera.genus({n, 0}, normal.value({n, 0})));
  }
  EXPECT_EQ(line, "1^031 2^20 0^02 2^1420 0^02 1^13");
}

/// A game given by a function, under a name of the test's choosing.
class FunctionGame final : public Game {
 public:
  using Options = std::function<std::vector<std::uint64_t>(std::uint64_t)>;
  FunctionGame(std::string name, Options options)
      : Game(std::move(name)), options_(std::move(options)) {
    set_traits({.layout = Layout::integers});
  }
  Position parse_position(Scanner& in) const override { return parse_heap_position(in); }
  std::string format_position(const Position& p) const override { return std::to_string(p.x); }
  void options(const Position& p, OptionVisitor& visit) const override {
    for (std::uint64_t q : options_(p.x)) {
      if (q == 0) {
        visit.option({});
      } else {
        visit_single(Position{q, 0}, visit);
      }
    }
  }
  std::vector<Position> sample_positions(std::size_t) const override { return {}; }

 private:
  Options options_;
};

TEST(SearchSolver, GamesOfOneNameWithDifferentRulesStayApart) {
  // Issue 11: the search merged games by name, so two Python games (both called "python") in one
  // sum were one game. A chain (n -> n - 1) and Nim, both named "same": the sum chain:2 + nim:2
  // under misère play is won only by taking the Nim heap to 1; read as two chains it would be
  // won by moving either one.
  auto chain = std::make_shared<const FunctionGame>("same", [](std::uint64_t n) {
    return n ? std::vector<std::uint64_t>{n - 1} : std::vector<std::uint64_t>{};
  });
  auto nim = std::make_shared<const FunctionGame>("same", [](std::uint64_t n) {
    std::vector<std::uint64_t> out;
    for (std::uint64_t q = 0; q < n; ++q) out.push_back(q);
    return out;
  });
  for (Play play : {Play::misere, Play::normal}) {
    for (std::uint64_t a = 0; a <= 4; ++a) {
      for (std::uint64_t b = 0; b <= 4; ++b) {
        Sum sum;
        sum.components = {{chain, Position{a, 0}}, {nim, Position{b, 0}}};
        BruteSum brute({chain.get(), nim.get()}, play);
        const BruteSum::Result expected = brute.solve({{0, Position{a, 0}}, {1, Position{b, 0}}});
        const SearchSolution got = solve_by_search(sum, options_for(play));
        EXPECT_EQ(got.outcome == Outcome::N, expected.win) << a << " " << b;
        EXPECT_EQ(got.remoteness, expected.remoteness) << a << " " << b;
        const auto moves = brute_winning_moves(sum, play);
        std::set<std::pair<std::size_t, std::vector<Position>>> got_moves;
        for (const Move& m : got.winning_moves) got_moves.emplace(m.component, m.to);
        EXPECT_EQ(got_moves, moves) << a << " " << b;
      }
    }
  }
  Sum sum;
  sum.components = {{chain, Position{2, 0}}, {nim, Position{2, 0}}};
  const SearchSolution s = solve_by_search(sum, options_for(Play::misere));
  EXPECT_EQ(s.outcome, Outcome::N);
  EXPECT_EQ(s.winning_moves, (std::vector<Move>{{1, {Position{1, 0}}}}));
}

TEST(SearchSolver, MisereNimIsToldByTypeNotByName) {
  // A game called "nim" that is a chain must not get misère Nim's closed form.
  auto fake = std::make_shared<const FunctionGame>("nim", [](std::uint64_t n) {
    return n ? std::vector<std::uint64_t>{n - 1} : std::vector<std::uint64_t>{};
  });
  Sum sum;
  sum.components = {{fake, Position{3, 0}}};
  EXPECT_FALSE(is_nim_sum(sum));
  EXPECT_TRUE(is_nim_sum(parse_sum("nim:3 + nim:5")));
}

// The bound made before searching (reachable_states_bound) -------------------------------------

std::uint64_t partitions(std::uint64_t n) {
  std::vector<std::uint64_t> p(n + 1, 0);
  p[0] = 1;
  for (std::uint64_t part = 1; part <= n; ++part) {
    for (std::uint64_t t = part; t <= n; ++t) p[t] += p[t - part];
  }
  return p[n];
}

TEST(SearchBound, IsAtLeastTheStatesSearched) {
  const char* games[] = {"nim",  "sub(1,3)", "0.77",        "0.07",  "grundy",  "0.312",
                         "4.07", "ruler",    "mockturtles", "twins", "turtles", "allbut(2)"};
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t count = 1 + rng() % 3;
    std::string spec;
    for (std::size_t i = 0; i < count; ++i) {
      spec += std::string(i ? " + " : "") + games[rng() % std::size(games)] + ":" +
              std::to_string(rng() % 11);
    }
    const Sum sum = parse_sum(spec);
    const SearchSolution s = solve_by_search(sum, options_for(Play::misere));
    ASSERT_TRUE(s.states_bound.has_value()) << spec;
    EXPECT_LE(s.states, *s.states_bound) << spec;
    EXPECT_EQ(reachable_states_bound(sum, options_for(Play::misere)), s.states_bound) << spec;
  }
}

TEST(SearchBound, LoopyGraphs) {
  // Moves on a graph never split a token, so the weight 1 holds even with cycles: at most one
  // state per vertex (and the empty sum) for one token.
  const test::TempFile file("a b\nb a\nb c\nc d\nd b\n");
  const Sum sum = parse_sum("graph(" + file.path() + "):a + graph(" + file.path() + "):c");
  const SearchSolution s = solve_by_search(sum, options_for(Play::misere));
  ASSERT_TRUE(s.states_bound.has_value());
  EXPECT_LE(s.states, *s.states_bound);
  EXPECT_LE(*s.states_bound, 15u);  // multisets of at most 2 of the 4 vertices
}

TEST(SearchBound, ExactForKayles) {
  // The seed n + 1 is already a weight for Kayles, and the count is p(n + 1) (misere_solver.hpp).
  for (std::uint64_t n : {5u, 12u, 20u, 27u}) {
    const Sum sum = parse_sum("0.77:" + std::to_string(n));
    const SearchSolution s = solve_by_search(sum, options_for(Play::misere));
    EXPECT_EQ(s.states, partitions(n + 1)) << n;
    EXPECT_EQ(s.states_bound, partitions(n + 1)) << n;
  }
  // Kayles beside a Nim heap of 5: six times as many (the heap is 0..5), as searched.
  const SearchSolution s = solve_by_search(parse_sum("0.77:20 + nim:5"), options_for(Play::misere));
  EXPECT_EQ(s.states, 6 * partitions(21));
  EXPECT_EQ(s.states_bound, 6 * partitions(21));
  // kayles:60 + nim:5 (issue 11): 6 p(61) = 6729030, within the default budget of 10^7.
  EXPECT_EQ(reachable_states_bound(parse_sum("kayles:60 + nim:5"), SearchOptions{}),
            6 * partitions(61));
}

TEST(SearchBound, RefusesAtOnceBeyondTheBudget) {
  // A search of about p(402) states is refused before anything is searched, naming the bound and
  // --max-states; the old search ran until it had stored 10^7 states. The bound counts the
  // multisets of heaps a <= 200 with sum of (a + 1) at most 402: the partitions of the numbers up
  // to 402 into parts 2..201.
  const auto started = std::chrono::steady_clock::now();
  try {
    solve_by_search(parse_sum("kayles:200 + kayles:200"), options_for(Play::misere));
    FAIL();
  } catch (const ResourceError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("--max-states " + std::to_string(kDefaultMaxStates)), std::string::npos)
        << message;
    std::vector<std::uint64_t> count(403, 0);
    count[0] = 1;
    for (std::uint64_t part = 2; part <= 201; ++part) {
      for (std::uint64_t t = part; t <= 402; ++t) count[t] += count[t - part];
    }
    std::uint64_t total = 0;
    for (std::uint64_t c : count) total += c;
    EXPECT_NE(message.find("up to " + std::to_string(total) + " states"), std::string::npos)
        << message;
  }
  // Beyond 64 bits, the count saturates.
  try {
    solve_by_search(parse_sum("kayles:300 + kayles:300"), options_for(Play::misere));
    FAIL();
  } catch (const ResourceError& e) {
    EXPECT_NE(std::string(e.what()).find("up to 2^64 or more states"), std::string::npos)
        << e.what();
  }
  SearchOptions o = options_for(Play::misere);
  o.max_states = 100000;
  try {
    solve_by_search(parse_sum("kayles:40 + nim:5"), o);
    FAIL();
  } catch (const ResourceError& e) {
    // 6 p(41) = 267498 states.
    EXPECT_NE(std::string(e.what()).find("up to 267498 states"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("raise --max-states to 267498"), std::string::npos);
  }
  // Within the budget by the bound, but not the memory.
  o.max_states = 10'000'000;
  o.limits.max_memory_bytes = 1 << 20;
  EXPECT_THROW(solve_by_search(parse_sum("kayles:40 + nim:5"), o), ResourceError);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(5));
}

TEST(SearchBound, ProgressIsReported) {
  SearchOptions o = options_for(Play::misere);
  std::vector<SearchProgress> seen;
  o.progress = [&](const SearchProgress& p) { seen.push_back(p); };
  const SearchSolution s = solve_by_search(parse_sum("kayles:30 + nim:5"), o);
  ASSERT_FALSE(seen.empty());
  for (const SearchProgress& p : seen) {
    // Before the bound is made, its components' options are listed: no bound, no state yet.
    if (p.bound) {
      EXPECT_EQ(p.bound, s.states_bound);
    } else {
      EXPECT_EQ(p.states, 0u);
    }
    EXPECT_LE(p.states, s.states);
    EXPECT_EQ(p.max_states, o.max_states);
  }
  EXPECT_TRUE(seen.back().bound);
}

TEST(SearchBound, ProgressIsReportedWhileItListsOptionsBeforeAnyState) {
  // The bound lists the options of every component it reaches before a state is stored (for a
  // 6 x 7 Cram board, seconds of canonical graphs): reported every 64 components, so a display
  // moves and Python's Ctrl-C is looked at. Kayles heaps 0 to 200: 201 components, then refused.
  SearchOptions o = options_for(Play::misere);
  std::vector<SearchProgress> seen;
  o.progress = [&](const SearchProgress& p) { seen.push_back(p); };
  EXPECT_THROW(solve_by_search(parse_sum("kayles:200 + kayles:200"), o), ResourceError);
  ASSERT_EQ(seen.size(), 3u);
  for (std::size_t i = 0; i < seen.size(); ++i) {
    EXPECT_EQ(seen[i].states, 0u);
    EXPECT_FALSE(seen[i].bound);
    EXPECT_EQ(seen[i].components, 64 * (i + 1));
  }
}

TEST(SumSearch, SharesOneMemoBetweenSums) {
  // The options of a position are among its states: solving them after it stores nothing new.
  SumSearch memo(options_for(Play::misere));
  const Sum sum = parse_sum("0.77:12 + nim:3");
  const SearchSolution root = memo.solve(sum);
  const SearchSolution alone = solve_by_search(sum, options_for(Play::misere));
  EXPECT_EQ(root.outcome, alone.outcome);
  EXPECT_EQ(root.winning_moves, alone.winning_moves);
  for_each_option(*sum.components[0].game, sum.components[0].position,
                  [&](std::span<const Position> parts) {
                    const Sum next = after_move(sum, Move{0, {parts.begin(), parts.end()}});
                    const SearchSolution s = memo.solve(next);
                    EXPECT_EQ(s.states, root.states);
                    EXPECT_EQ(s.outcome, solve_by_search(next, options_for(Play::misere)).outcome);
                  });
  SearchOptions small = options_for(Play::misere);
  small.max_states = 10;
  SumSearch refusing(small);
  EXPECT_THROW(refusing.require_within_budget(sum), ResourceError);
}

TEST(SearchSolver, DeepChainsNeedNoDeepStack) {
  // 200000 moves in a row would overflow a recursive search.
  const SearchSolution s = solve_by_search(parse_sum("sub(1):200000"), options_for(Play::misere));
  EXPECT_EQ(s.outcome, Outcome::N);  // 200000 moves: the second player takes the last token
  EXPECT_EQ(s.remoteness, 200000u);
}

}  // namespace
}  // namespace grundy
