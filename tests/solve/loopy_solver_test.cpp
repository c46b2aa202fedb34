// Loopy graph games: Smith's generalised Sprague–Grundy function and retrograde outcomes, checked
// against a brute-force outcome computation on random small digraphs with cycles and on their
// sums (the sum of two graph positions is a position of the product graph).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <optional>
#include <random>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "grundy/solve/evaluator.hpp"
#include "grundy/solve/graph_solver.hpp"
#include "grundy/solve/loopy_value.hpp"
#include "grundy/solve/misere_search.hpp"
#include "grundy/solve/sum_solver.hpp"
#include "grundy/spec/parser.hpp"
#include "temp_file.hpp"

namespace grundy {
namespace {

using Adjacency = std::vector<std::vector<std::size_t>>;

/// Writes a random digraph on `n` vertices v0..v{n-1} (self-loops and cycles allowed).
Adjacency random_graph(std::mt19937_64& rng, std::size_t n, const std::string& path) {
  Adjacency adj(n);
  std::ofstream out(path);
  for (std::size_t v = 0; v < n; ++v) {
    out << 'v' << v << '\n';
    for (std::size_t w = 0; w < n; ++w) {
      if (rng() % 100 < 25) {
        adj[v].push_back(w);
        out << 'v' << v << " v" << w << '\n';
      }
    }
  }
  return adj;
}

struct BruteResult {
  std::vector<Outcome> outcome;
  std::vector<std::uint64_t> remoteness;
};

/// Rounds d = 0, 1, 2, ...: a vertex not yet decided is lost in round d when all its followers
/// are won with remoteness below d (a sink in round 0), and won in round d when a follower was
/// lost in round d - 1. What is never decided is a draw.
BruteResult brute_outcomes(const Adjacency& adj) {
  const std::size_t n = adj.size();
  BruteResult r{std::vector<Outcome>(n, Outcome::D), std::vector<std::uint64_t>(n, 0)};
  std::vector<bool> decided(n, false);
  for (std::uint64_t d = 0; d <= 2 * n + 2; ++d) {
    std::vector<std::size_t> now_lost, now_won;
    for (std::size_t v = 0; v < n; ++v) {
      if (decided[v]) continue;
      bool all_won = true;
      bool lost_follower = false;
      for (std::size_t w : adj[v]) {
        all_won = all_won && decided[w] && r.outcome[w] == Outcome::N && r.remoteness[w] < d;
        lost_follower =
            lost_follower || (decided[w] && r.outcome[w] == Outcome::P && r.remoteness[w] + 1 == d);
      }
      if (lost_follower)
        now_won.push_back(v);
      else if (all_won)
        now_lost.push_back(v);
    }
    for (std::size_t v : now_won) r.outcome[v] = Outcome::N, r.remoteness[v] = d, decided[v] = true;
    for (std::size_t v : now_lost)
      r.outcome[v] = Outcome::P, r.remoteness[v] = d, decided[v] = true;
  }
  return r;
}

/// The product graph: position (u, v) moves in one of its two coordinates.
Adjacency product(const Adjacency& a, const Adjacency& b) {
  Adjacency p(a.size() * b.size());
  for (std::size_t u = 0; u < a.size(); ++u) {
    for (std::size_t v = 0; v < b.size(); ++v) {
      for (std::size_t w : a[u]) p[u * b.size() + v].push_back(w * b.size() + v);
      for (std::size_t w : b[v]) p[u * b.size() + v].push_back(u * b.size() + w);
    }
  }
  return p;
}

using TempGraph = test::TempFile;  // written by random_graph

/// Smith's outcome of one position from its gamma value.
Outcome smith_outcome(Value gamma, const std::vector<Value>& k) {
  if (gamma != kInfiniteValue) return gamma == 0 ? Outcome::P : Outcome::N;
  return std::count(k.begin(), k.end(), Value{0}) ? Outcome::N : Outcome::D;
}

TEST(LoopyGraph, GammaAndRetrogradeAgreeWithBruteForce) {
  std::mt19937_64 rng(12);
  for (int trial = 0; trial < 200; ++trial) {
    TempGraph file;
    const Adjacency adj = random_graph(rng, 1 + rng() % 8, file.path());
    const GraphGame g(file.path());
    const BruteResult brute = brute_outcomes(adj);
    const RetrogradeResult retro = retrograde_outcomes(g);
    const LoopyValues values = generalised_sprague_grundy(g);
    for (std::size_t v = 0; v < adj.size(); ++v) {
      const std::size_t x = parse_position(g, "v" + std::to_string(v)).x;
      EXPECT_EQ(retro.outcome[x], brute.outcome[v]) << trial << " v" << v;
      EXPECT_EQ(retro.remoteness[x], brute.remoteness[v]) << trial << " v" << v;
      EXPECT_EQ(smith_outcome(values.gamma[x], escape_set(g, values.gamma, x)), brute.outcome[v])
          << trial << " v" << v;
    }
  }
}

TEST(LoopyGraph, FiniteValuesAreTheMexOfFiniteFollowers) {
  // gamma(u) = mex of the finite follower values when finite (Smith's definition, condition A).
  std::mt19937_64 rng(13);
  for (int trial = 0; trial < 200; ++trial) {
    TempGraph file;
    random_graph(rng, 1 + rng() % 9, file.path());
    const GraphGame g(file.path());
    const LoopyValues values = generalised_sprague_grundy(g);
    for (std::size_t u = 0; u < g.vertex_count(); ++u) {
      if (values.gamma[u] == kInfiniteValue) continue;
      const std::vector<Value> k = escape_set(g, values.gamma, u);
      Value mex = 0;
      while (std::count(k.begin(), k.end(), mex)) ++mex;
      EXPECT_EQ(values.gamma[u], mex);
    }
  }
}

TEST(LoopyGraph, SumsFollowSmithsRule) {
  // Two graphs, every pair of positions: the sum's outcome by brute force on the product graph,
  // against the library's sum solver (Smith's rule on gamma values) and its winning moves.
  std::mt19937_64 rng(14);
  for (int trial = 0; trial < 60; ++trial) {
    TempGraph fa, fb;
    const Adjacency a = random_graph(rng, 1 + rng() % 6, fa.path());
    const Adjacency b = random_graph(rng, 1 + rng() % 6, fb.path());
    const BruteResult brute = brute_outcomes(product(a, b));
    for (std::size_t u = 0; u < a.size(); ++u) {
      for (std::size_t v = 0; v < b.size(); ++v) {
        const std::string spec = std::string("graph(") + fa.path() + "):v" + std::to_string(u) +
                                 " + graph(" + fb.path() + "):v" + std::to_string(v);
        const Sum sum = parse_sum(spec);
        SumEvaluators evaluators(sum, Limits{});
        const SumSolution s = solve_sum(sum, evaluators.sources(), 1000);
        const std::size_t here = u * b.size() + v;
        ASSERT_EQ(s.outcome, brute.outcome[here]) << spec;
        std::set<std::pair<std::size_t, std::size_t>> expected;
        if (brute.outcome[here] == Outcome::N) {
          for (std::size_t w : a[u]) {
            if (brute.outcome[w * b.size() + v] == Outcome::P) expected.emplace(0, w);
          }
          for (std::size_t w : b[v]) {
            if (brute.outcome[u * b.size() + w] == Outcome::P) expected.emplace(1, w);
          }
        }
        std::set<std::pair<std::size_t, std::size_t>> got;
        for (const Move& m : s.winning_moves) {
          ASSERT_EQ(m.to.size(), 1u);
          const Game& game = *sum.components[m.component].game;
          got.emplace(m.component, std::stoul(game.format_position(m.to[0]).substr(1)));
        }
        EXPECT_EQ(got, expected) << spec;
      }
    }
  }
}

TEST(LoopyGraph, SearchOverSumsAgreesWithBruteForceProduct) {
  // The generic sum search falls back to retrograde analysis on loopy sums: outcome and
  // remoteness of graph + graph against the brute-force rounds on the product graph.
  std::mt19937_64 rng(16);
  for (int trial = 0; trial < 40; ++trial) {
    TempGraph fa, fb;
    const Adjacency a = random_graph(rng, 1 + rng() % 5, fa.path());
    const Adjacency b = random_graph(rng, 1 + rng() % 5, fb.path());
    const BruteResult brute = brute_outcomes(product(a, b));
    for (std::size_t u = 0; u < a.size(); ++u) {
      for (std::size_t v = 0; v < b.size(); ++v) {
        const std::string spec = std::string("graph(") + fa.path() + "):v" + std::to_string(u) +
                                 " + graph(" + fb.path() + "):v" + std::to_string(v);
        SearchOptions options;
        options.play = Play::normal;
        const SearchSolution s = solve_by_search(parse_sum(spec), options);
        const std::size_t here = u * b.size() + v;
        EXPECT_EQ(s.outcome, brute.outcome[here]) << spec;
        if (s.outcome != Outcome::D) {
          EXPECT_EQ(s.remoteness, brute.remoteness[here]) << spec;
        }
      }
    }
  }
}

TEST(LoopyGraph, CounterMakesProgress) {
  // Smith's counter: from a vertex v of value 0, every follower w (which has a follower of value
  // 0) has one whose counter is below c(v), so the winner's replies strictly lower the counter.
  std::mt19937_64 rng(15);
  for (int trial = 0; trial < 300; ++trial) {
    TempGraph file;
    random_graph(rng, 1 + rng() % 9, file.path());
    const GraphGame g(file.path());
    const LoopyValues values = generalised_sprague_grundy(g);
    for (std::size_t v = 0; v < g.vertex_count(); ++v) {
      if (values.gamma[v] != 0) continue;
      for (std::uint32_t w : g.successors(v)) {
        bool answered = false;
        for (std::uint32_t x : g.successors(w)) {
          answered = answered || (values.gamma[x] == 0 && values.counter[x] < values.counter[v]);
        }
        EXPECT_TRUE(answered) << trial;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Playing a loopy game out: the winner's move to play must make progress
// ---------------------------------------------------------------------------------------------

std::vector<Move> moves_of(const Sum& sum) {
  std::vector<Move> moves;
  for (std::size_t i = 0; i < sum.components.size(); ++i) {
    for_each_option(*sum.components[i].game, sum.components[i].position,
                    [&](std::span<const Position> parts) {
                      moves.push_back({i, std::vector<Position>(parts.begin(), parts.end())});
                    });
  }
  return moves;
}

SumSolution solve(const Sum& sum) {
  SumEvaluators evaluators(sum, Limits{});
  return solve_sum(sum, evaluators.sources(), 1000);
}

/// The winner's choice from a won sum: solve_sum's move to play, or (to show what goes wrong
/// without it) just the first winning move listed.
enum class Winner { move_to_play, first_listed };

/// Plays `sum` (won by the player to move) out: the winner as `winner` says, the loser by
/// `defend(sum, moves)`, which may try anything to keep the game going. The number of moves made
/// when the loser is left without a move, or nothing when `bound` moves did not end the game.
/// Checks on the way that the winner always leaves a position lost for the player to move.
template <class Defence>
std::optional<std::size_t> play_out(Sum sum, Winner winner, Defence defend, std::size_t bound) {
  for (std::size_t made = 0; made < bound; made += 2) {
    const SumSolution s = solve(sum);
    EXPECT_EQ(s.outcome, Outcome::N) << format_sum(sum);
    if (s.outcome != Outcome::N || !s.move_to_play) return std::nullopt;
    sum =
        after_move(sum, winner == Winner::move_to_play ? *s.move_to_play : s.winning_moves.front());
    EXPECT_EQ(solve(sum).outcome, Outcome::P) << format_sum(sum);
    const std::vector<Move> moves = moves_of(sum);
    if (moves.empty()) return made + 1;
    sum = after_move(sum, defend(sum, moves));
  }
  return std::nullopt;
}

/// The loser's move back to a position it has already left to the winner, when it has one (so
/// the game cycles unless the winner makes progress), else a random one.
class CyclingDefence {
 public:
  CyclingDefence(std::uint64_t seed, const Sum& start) : rng_(seed) {
    left_to_winner_.insert(format_sum(start));
  }
  Move operator()(const Sum& sum, const std::vector<Move>& moves) {
    const Move* chosen = &moves[rng_() % moves.size()];
    for (const Move& m : moves) {
      if (left_to_winner_.count(format_sum(after_move(sum, m)))) {
        chosen = &m;
        break;
      }
    }
    left_to_winner_.insert(format_sum(after_move(sum, *chosen)));
    return *chosen;
  }

 private:
  std::mt19937_64 rng_;
  std::set<std::string> left_to_winner_;
};

TEST(LoopyGraph, TheMoveToPlayEndsTheTrapGame) {
  // tests/data/graphs/trap.txt: from start (or back) both hold and end have value 0; hold is
  // listed first, and from hold the loser's only move returns to back.
  const std::string trap = std::string("graph(") + GRUNDY_TEST_DATA + "/graphs/trap.txt)";
  struct Case {
    std::string sum;
    std::optional<std::size_t> moves;  // of the game the move to play wins, when fixed
  };
  for (const Case& c : std::vector<Case>{{":start", 1},
                                         {":back", 1},
                                         {":hold + nim:1", 3},  // nim, hold->back, back->end
                                         {":back + nim:2 + nim:2", std::nullopt}}) {
    const Sum sum = parse_sum(trap + c.sum);
    const std::optional<std::size_t> made =
        play_out(sum, Winner::move_to_play, CyclingDefence(1, sum), 100);
    EXPECT_TRUE(made) << c.sum;
    if (c.moves) {
      EXPECT_EQ(made, c.moves) << c.sum;
    }
    // The same winner choosing just the first winning move listed is kept going forever.
    EXPECT_EQ(play_out(sum, Winner::first_listed, CyclingDefence(1, sum), 100), std::nullopt)
        << c.sum;
  }
  const Sum start = parse_sum(trap + ":start");
  const SumSolution s = solve(start);
  ASSERT_TRUE(s.move_to_play);
  ASSERT_EQ(s.move_to_play->to.size(), 1u);
  EXPECT_EQ(s.winning_moves.size(), 2u);
  EXPECT_EQ(start.components[0].game->format_position(s.move_to_play->to[0]), "end");
}

TEST(LoopyGraph, TheMoveToPlayWinsRandomLoopySums) {
  // Sums of two random loopy graphs and a Nim heap, from every position the first player wins,
  // against a loser who returns to an earlier position whenever it can: the winner following
  // move_to_play always wins within the bound. The first-listed winning move does not always.
  std::mt19937_64 rng(17);
  std::size_t games = 0, first_listed_kept_going = 0;
  for (int trial = 0; trial < 300; ++trial) {
    TempGraph fa, fb;
    const Adjacency a = random_graph(rng, 2 + rng() % 6, fa.path());
    const Adjacency b = random_graph(rng, 2 + rng() % 6, fb.path());
    const std::string heap = " + nim:" + std::to_string(rng() % 4);
    for (std::size_t u = 0; u < a.size(); ++u) {
      for (std::size_t v = 0; v < b.size(); ++v) {
        const std::string spec = std::string("graph(") + fa.path() + "):v" + std::to_string(u) +
                                 " + graph(" + fb.path() + "):v" + std::to_string(v) + heap;
        const Sum sum = parse_sum(spec);
        if (solve(sum).outcome != Outcome::N) continue;
        ++games;
        // The sum has at most 7 * 7 * 4 positions; a winner making progress needs far fewer
        // than 400 moves.
        EXPECT_TRUE(play_out(sum, Winner::move_to_play, CyclingDefence(trial, sum), 400)) << spec;
        if (!play_out(sum, Winner::first_listed, CyclingDefence(trial, sum), 400)) {
          ++first_listed_kept_going;
        }
      }
    }
  }
  EXPECT_GT(games, 100u);
  EXPECT_GT(first_listed_kept_going, 0u);
}

TEST(LoopyGraph, SmithsRuleAsExplainStatesIt) {
  // explain checks every loopy value by Smith's rule: the value is the mex m of the finite option
  // values when every infinite option has an option of value m, else infinite. It must hold for
  // every vertex of random loopy graphs, with escape sets seen through a value source.
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 200; ++trial) {
    TempGraph file;
    random_graph(rng, 1 + rng() % 9, file.path());
    const auto game = std::make_shared<GraphGame>(file.path());
    const LoopyValues values = generalised_sprague_grundy(*game);
    Evaluator source(game, Limits{});
    for (std::size_t u = 0; u < game->vertex_count(); ++u) {
      const Position p{u, 0};
      const std::vector<Value> k = escape_set(*game, {&p, 1}, source);
      EXPECT_EQ(k, escape_set(*game, values.gamma, u)) << trial << ' ' << u;
      Value m = 0;
      while (std::count(k.begin(), k.end(), m)) ++m;
      bool irreversible = false;
      for_each_option(*game, p, [&](std::span<const Position> parts) {
        if (option_value(parts, source) != kInfiniteValue) return;
        const std::vector<Value> kv = escape_set(*game, parts, source);
        irreversible = irreversible || std::count(kv.begin(), kv.end(), m) == 0;
      });
      EXPECT_EQ(values.gamma[u], irreversible ? kInfiniteValue : m) << trial << ' ' << u;
    }
  }
}

TEST(LoopyGraph, EscapeSetsOfSumsFollowSmithsSumRule) {
  // The escape set of u + v (parts of one graph) through a value source, against Smith's values
  // of the product graph computed directly: the finite values of (u, v)'s followers there.
  std::mt19937_64 rng(18);
  for (int trial = 0; trial < 60; ++trial) {
    TempGraph file, product_file;
    const Adjacency a = random_graph(rng, 1 + rng() % 6, file.path());
    const Adjacency ab = product(a, a);
    {
      std::ofstream out(product_file.path());
      for (std::size_t x = 0; x < ab.size(); ++x) {
        out << 'p' << x << '\n';
        for (std::size_t y : ab[x]) out << 'p' << x << " p" << y << '\n';
      }
    }
    const auto game = std::make_shared<GraphGame>(file.path());
    const GraphGame pg(product_file.path());
    const LoopyValues pv = generalised_sprague_grundy(pg);
    Evaluator source(game, Limits{});
    for (std::size_t u = 0; u < a.size(); ++u) {
      for (std::size_t v = 0; v < a.size(); ++v) {
        const std::vector<Position> parts{parse_position(*game, "v" + std::to_string(u)),
                                          parse_position(*game, "v" + std::to_string(v))};
        const std::size_t x = parse_position(pg, "p" + std::to_string(u * a.size() + v)).x;
        EXPECT_EQ(escape_set(*game, parts, source), escape_set(pg, pv.gamma, x))
            << trial << ' ' << u << ' ' << v;
        EXPECT_EQ(option_value(parts, source), pv.gamma[x]) << trial << ' ' << u << ' ' << v;
      }
    }
  }
}

TEST(LoopyGraph, KnownValues) {
  TempGraph file;
  // a <-> b, b -> c, c -> d (sink); e has a self-loop and a move to d.
  std::ofstream(file.path()) << "a b\nb a\nb c\nc d\ne e\ne d\n";
  const GraphGame g(file.path());
  const LoopyValues values = generalised_sprague_grundy(g);
  auto gamma = [&](const char* name) { return values.gamma.at(parse_position(g, name).x); };
  EXPECT_EQ(gamma("d"), 0u);
  EXPECT_EQ(gamma("c"), 1u);
  // b: followers a (loops back) and c (1). b = 0 fails (a has no follower of value 0 ... a's
  // only follower is b), so b and a are infinite: K(b) = {1}, K(a) = {}.
  EXPECT_EQ(gamma("b"), kInfiniteValue);
  EXPECT_EQ(gamma("a"), kInfiniteValue);
  EXPECT_EQ(escape_set(g, values.gamma, parse_position(g, "b").x), std::vector<Value>{1});
  EXPECT_EQ(gamma("e"), kInfiniteValue);
  EXPECT_EQ(escape_set(g, values.gamma, parse_position(g, "e").x), std::vector<Value>{0});
}

}  // namespace
}  // namespace grundy
