// The misère quotient of several heap games at once (heap_union.hpp): the union's numbering, and
// outcomes and winning moves of mixed sums against the exact search.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/heap_union.hpp"
#include "grundy/solve/misere_search.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

TEST(HeapUnion, NumbersHeapsBySizeThenGameAndMovesToSmallerHeaps) {
  const auto kayles = parse_game("0.77");
  const auto dawson = parse_game("0.07");
  const HeapUnion u({{kayles, 3}, {dawson, 5}});
  // Sorted by name: 0.07 is game 0, 0.77 game 1; heaps 0..3 of both, then 4 and 5 of 0.07.
  EXPECT_EQ(u.games()[0]->name(), "0.07");
  EXPECT_EQ(u.max_heap(), 9u);
  EXPECT_EQ(u.heap(0, 0), 0u);
  EXPECT_EQ(u.heap(1, 0), 1u);
  EXPECT_EQ(u.heap(1, 3), 7u);
  EXPECT_EQ(u.heap(0, 4), 8u);
  EXPECT_EQ(u.heap(0, 5), 9u);
  EXPECT_THROW(u.heap(1, 4), Error);
  for (std::uint64_t x = 0; x <= u.max_heap(); ++x) {
    EXPECT_EQ(u.heap(u.game_of(x), u.heap_of(x)), x);
    const Game& g = *u.games()[u.game_of(x)];
    std::vector<std::vector<Position>> own, mapped;
    for_each_option(g, Position{u.heap_of(x), 0}, [&](std::span<const Position> parts) {
      std::vector<Position> m;
      for (const Position& p : parts) m.push_back(Position{u.heap(u.game_of(x), p.x), 0});
      own.push_back(m);
    });
    for_each_option(u, Position{x, 0}, [&](std::span<const Position> parts) {
      for (const Position& p : parts) EXPECT_LT(p.x, x);
      mapped.emplace_back(parts.begin(), parts.end());
    });
    EXPECT_EQ(own, mapped) << u.format_position(Position{x, 0});
  }
  EXPECT_EQ(u.format_position(Position{8, 0}), "0.07:4");
  EXPECT_THROW(HeapUnion({{kayles, 3}}), Error);
  EXPECT_THROW(HeapUnion({{kayles, 3}, {parse_game("0.77"), 4}}), Error);
  EXPECT_THROW(HeapUnion({{kayles, 3}, {parse_game("wythoff"), 4}}), Error);
}

/// Random sums of heaps of several games: the union's quotient gives the exact search's outcome
/// and winning moves (the moves mapped back to the games' own heaps).
void expect_union_matches_search(const std::vector<std::pair<std::string, std::uint64_t>>& spec,
                                 int sums, std::uint64_t seed) {
  std::vector<std::pair<std::shared_ptr<const Game>, std::uint64_t>> games;
  for (const auto& [name, bound] : spec) games.emplace_back(parse_game(name), bound);
  const auto u = std::make_shared<HeapUnion>(games);
  QuotientOptions options;
  options.max_heap = u->max_heap();
  const MisereQuotient q = misere_quotient(*u, options);
  SearchOptions search_options;
  search_options.play = Play::misere;
  search_options.max_states = 20'000'000;
  search_options.max_moves = 1000;
  SumSearch search(search_options);
  std::mt19937_64 rng(seed);
  for (int i = 0; i < sums; ++i) {
    Sum sum, as_heaps;
    const int count = 1 + static_cast<int>(rng() % 4);
    for (int j = 0; j < count; ++j) {
      const auto& [game, bound] = games[rng() % games.size()];
      const std::uint64_t h = rng() % (bound + 1);
      sum.components.push_back({game, Position{h, 0}});
      as_heaps.components.push_back({u, Position{u->heap(u->game_index(*game), h), 0}});
    }
    SCOPED_TRACE(format_sum(sum));
    const SearchSolution exact = search.solve(sum);
    SearchSolution quotient = solve_by_quotient(as_heaps, q, 1000);
    for (Move& m : quotient.winning_moves) {
      for (Position& p : m.to) p.x = u->heap_of(p.x);
    }
    ASSERT_EQ(quotient.outcome, exact.outcome);
    ASSERT_EQ(quotient.winning_move_count, exact.winning_move_count);
    ASSERT_EQ(quotient.winning_moves, exact.winning_moves);
  }
}

TEST(HeapUnionQuotient, MixedSumsMatchTheExactSearch) {
  expect_union_matches_search({{"0.77", 9}, {"0.07", 9}}, 300, 1);
  expect_union_matches_search({{"0.77", 7}, {"nim", 3}}, 300, 2);
  expect_union_matches_search({{"0.75", 8}, {"0.137", 8}, {"sub(1,2)", 6}}, 300, 3);
}

}  // namespace
}  // namespace grundy
