// Green Hackenbush: the colon and fusion principles against a brute force over the game graph
// (delete an edge, drop what no longer reaches the ground), on trees, cycles, loops, repeated
// edges and random graphs.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <vector>

#include "brute_force.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/families/green_hackenbush.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

using Edges = std::vector<std::pair<unsigned, unsigned>>;

/// The edges of `alive` still connected to the ground (vertex 0).
std::uint32_t grounded(const Edges& edges, std::uint32_t alive) {
  std::uint64_t reached = 1;  // vertices, as bits
  for (bool grew = true; grew;) {
    grew = false;
    for (std::size_t e = 0; e < edges.size(); ++e) {
      if (!((alive >> e) & 1)) continue;
      const auto [u, v] = edges[e];
      const bool hu = (reached >> u) & 1, hv = (reached >> v) & 1;
      if (hu != hv) {
        reached |= (std::uint64_t{1} << u) | (std::uint64_t{1} << v);
        grew = true;
      }
    }
  }
  std::uint32_t out = 0;
  for (std::size_t e = 0; e < edges.size(); ++e) {
    if (((alive >> e) & 1) && ((reached >> edges[e].first) & 1)) out |= 1u << e;
  }
  return out;
}

/// g by the definition, over sets of edges.
Value hackenbush_brute(const Edges& edges, std::uint32_t alive,
                       std::map<std::uint32_t, Value>& memo) {
  if (auto it = memo.find(alive); it != memo.end()) return it->second;
  std::vector<Value> values;
  for (std::size_t e = 0; e < edges.size(); ++e) {
    if ((alive >> e) & 1) {
      values.push_back(hackenbush_brute(edges, grounded(edges, alive & ~(1u << e)), memo));
    }
  }
  return memo[alive] = test::reference_mex(values);
}

std::string hackenbush_text(const Edges& edges) {
  std::string t;
  for (const auto& [u, v] : edges) {
    t += (t.empty() ? "" : ",") + std::to_string(u) + "-" + std::to_string(v);
  }
  return t.empty() ? "0" : t;
}

Value brute_value(const Edges& edges) {
  std::map<std::uint32_t, Value> memo;
  const std::uint32_t all =
      edges.empty() ? 0 : static_cast<std::uint32_t>((1u << edges.size()) - 1);
  return hackenbush_brute(edges, grounded(edges, all), memo);
}

Value library_value(const Edges& edges) {
  const auto game = parse_game("hackenbush");
  Evaluator evaluator(game, Limits{});
  return evaluator.value(parse_position(*game, hackenbush_text(edges)));
}

TEST(GreenHackenbush, KnownValues) {
  EXPECT_EQ(library_value({}), 0u);
  EXPECT_EQ(library_value({{0, 1}, {1, 2}, {2, 3}}), 3u);  // a stalk of 3: *3
  EXPECT_EQ(library_value({{0, 1}, {0, 2}, {0, 3}}), 1u);  // three stalks of 1
  EXPECT_EQ(library_value({{0, 1}, {1, 2}, {1, 3}}), 1u);  // colon: 1 + (1 xor 1)
  EXPECT_EQ(library_value({{0, 1}, {1, 2}, {0, 2}}), 1u);  // a triangle: 3 loops, *1
  EXPECT_EQ(library_value({{0, 0}}), 1u);                  // a loop on the ground
  EXPECT_EQ(library_value({{0, 1}, {0, 1}}), 0u);          // two parallel edges: 2 loops
  EXPECT_EQ(library_value({{0, 1}, {1, 1}}), 2u);          // a stalk and a loop: 1 + 1
}

TEST(GreenHackenbush, TreesMatchBruteForce) {
  // Every tree given by a parent array of up to 7 edges (each vertex's parent numbered below it).
  std::size_t checked = 0;
  for (unsigned n = 1; n <= 7; ++n) {
    std::vector<unsigned> parent(n + 1, 0);
    while (true) {
      Edges edges;
      for (unsigned v = 1; v <= n; ++v) edges.emplace_back(parent[v], v);
      ASSERT_EQ(library_value(edges), brute_value(edges)) << hackenbush_text(edges);
      ++checked;
      unsigned v = n;
      while (v >= 1 && parent[v] == v - 1) parent[v--] = 0;
      if (v == 0) break;
      ++parent[v];
    }
  }
  EXPECT_EQ(checked, 1u + 2 + 6 + 24 + 120 + 720 + 5040);  // n! parent arrays of n edges
}

TEST(GreenHackenbush, RandomGraphsMatchBruteForce) {
  // Graphs with cycles, loops and repeated edges: the fusion principle.
  std::mt19937_64 random(15);
  for (int round = 0; round < 400; ++round) {
    const unsigned vertices = 2 + static_cast<unsigned>(random() % 5);
    const unsigned count = 1 + static_cast<unsigned>(random() % 11);
    Edges edges;
    for (unsigned i = 0; i < count; ++i) {
      const auto u = static_cast<unsigned>(random() % vertices);
      const auto v = static_cast<unsigned>(random() % vertices);
      edges.emplace_back(std::min(u, v), std::max(u, v));
    }
    // Keep what reaches the ground (a position may not hold falling edges).
    const std::uint32_t kept = grounded(edges, (1u << edges.size()) - 1);
    Edges standing;
    for (std::size_t e = 0; e < edges.size(); ++e) {
      if ((kept >> e) & 1) standing.push_back(edges[e]);
    }
    ASSERT_EQ(library_value(standing), brute_value(standing)) << hackenbush_text(standing);
  }
}

TEST(GreenHackenbush, LongStalksValuedAtOnceTheirMovesBounded) {
  const auto game = parse_game("hackenbush");
  const auto stalk = [](int n) {
    std::string t;
    for (int v = 0; v < n; ++v)
      t += (v ? "," : "") + std::to_string(v) + "-" + std::to_string(v + 1);
    return t;
  };
  std::vector<Position> moves;
  OptionFunction collect([&](std::span<const Position> parts) { moves.push_back(parts[0]); });
  // A stalk of 1000: the one move to *k cuts edge k + 1.
  const Position p = parse_position(*game, stalk(1000));
  EXPECT_EQ(*game->formula_value(p), 1000u);
  EXPECT_EQ(game->formula_options_with_value(p, 400, 10, collect), 1u);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(game->format_position(moves[0]), stalk(400));
  // 3000 edges: valued at once, its moves refused (each of its 3000 options would be valued).
  const Position q = parse_position(*game, stalk(3000));
  EXPECT_EQ(*game->formula_value(q), 3000u);
  EXPECT_THROW(game->formula_options_with_value(q, 0, 10, collect), ResourceError);
  EXPECT_THROW(for_each_option(*game, q, [](std::span<const Position>) {}), ResourceError);
}

TEST(GreenHackenbush, NotationIsNormalised) {
  const auto game = parse_game("hackenbush");
  EXPECT_EQ(game->format_position(parse_position(*game, "5-0, 5-9,9-9")), "0-1,1-2,2-2");
  EXPECT_EQ(game->format_position(parse_position(*game, "0")), "0");
  EXPECT_THROW(parse_position(*game, "0-1,2-3"), SpecError);  // 2-3 would fall at once
  EXPECT_THROW(parse_position(*game, "1-2"), SpecError);
  EXPECT_THROW(parse_position(*game, "0-"), SpecError);
  EXPECT_THROW(parse_position(*game, "3"), SpecError);
  EXPECT_THROW(parse_position(*game, "0-1-2"), SpecError);
  EXPECT_THROW(parse_position(*game, "0-1,1"), SpecError);
  // Every number is checked for size before the shape (the contract's "too large").
  try {
    parse_position(*game, "5,18446744073709551615");
    FAIL() << "read";
  } catch (const SpecError& e) {
    EXPECT_NE(std::string(e.what()).find("too large"), std::string::npos) << e.what();
  }
  std::string many;
  for (int e = 0; e < 70000; ++e) many += (e ? "," : "") + std::string("0-1");
  try {
    parse_position(*game, many);
    FAIL() << "70000 edges were read";
  } catch (const SpecError& e) {
    EXPECT_NE(std::string(e.what()).find("too large"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace grundy
