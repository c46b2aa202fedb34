// Loopy graph games: Smith's generalised Sprague–Grundy function and retrograde outcomes, checked
// against a brute-force outcome computation on random small digraphs with cycles and on their
// sums (the sum of two graph positions is a position of the product graph).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include "grundy/solve/evaluator.hpp"
#include "grundy/solve/graph_solver.hpp"
#include "grundy/solve/misere_solver.hpp"
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
