#include "grundy/solve/shape_values.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <utility>

#include "grundy/solve/board_search.hpp"

namespace grundy {
namespace {

/// A random shape of a box (its cells not in canonical form: the store keeps any cells).
BoardShape random_shape(std::mt19937_64& rng, std::uint16_t rows, std::uint16_t columns) {
  BoardShape s;
  s.rows = rows;
  s.columns = columns;
  for (std::size_t v = 0; v < std::size_t{rows} * columns; ++v) {
    if (rng() % 2 == 0) s.cells.set(v);
  }
  return s;
}

TEST(ShapeValues, GivesBackEveryShapeAndFactOfBoxesOfOneTwoAndFourWords) {
  std::mt19937_64 rng(5);
  std::map<std::pair<BoardShape, TableFact>, int> added;
  ShapeValues store;
  // Boxes of 12, 60, 64, 65, 128 and 256 cells, and facts a byte holds or not: exact values
  // below 128 and from 128 on, sets of values below 7 it is not and sets with larger values.
  const std::pair<std::uint16_t, std::uint16_t> boxes[] = {{3, 4},   {5, 12},  {8, 8},
                                                           {5, 13},  {8, 16},  {16, 16}};
  for (int i = 0; i < 4000; ++i) {
    const auto [r, c] = boxes[rng() % std::size(boxes)];
    const BoardShape s = random_shape(rng, r, c);
    TableFact f;
    switch (i % 4) {
      case 0:
        f = TableFact::exact(i % 500 == 0 ? 128 + rng() % 1000 : rng() % 128);
        break;
      case 1:
        f = TableFact::excluding({1 + rng() % 127});
        break;
      case 2:
        f = TableFact::excluding({rng() | (std::uint64_t{1} << (7 + rng() % 57))});
        break;
      default:
        f = TableFact::exact(rng() % 8);
        break;
    }
    store.add(s, f);
    ++added[{s, f}];
  }
  EXPECT_EQ(store.size(), 4000u);
  std::map<std::pair<BoardShape, TableFact>, int> seen;
  store.for_each([&](const BoardShape& s, const TableFact& f) { ++seen[{s, f}]; });
  EXPECT_EQ(seen, added);
}

TEST(ShapeValues, MergeKeepsBothAndEmptiesTheOther) {
  std::mt19937_64 rng(6);
  ShapeValues a;
  ShapeValues b;
  std::map<std::pair<BoardShape, TableFact>, int> added;
  for (int i = 0; i < 200; ++i) {
    const BoardShape s = random_shape(rng, 4, 6);
    const TableFact f = i % 3 == 0 ? TableFact::excluding(ValueSet::single(i % 6))
                                   : TableFact::exact(static_cast<Value>(i % 7));
    (i % 2 == 0 ? a : b).add(s, f);
    ++added[{s, f}];
  }
  a.merge(std::move(b));
  EXPECT_TRUE(b.empty());  // NOLINT(bugprone-use-after-move): merge leaves it empty
  EXPECT_EQ(a.size(), 200u);
  std::map<std::pair<BoardShape, TableFact>, int> seen;
  a.for_each([&](const BoardShape& s, const TableFact& f) { ++seen[{s, f}]; });
  EXPECT_EQ(seen, added);
  ShapeValues empty;
  empty.merge(std::move(a));
  EXPECT_EQ(empty.size(), 200u);
}

TEST(ShapeValues, AShapeOfABoardOfAtMost64CellsTakesNineBytes) {
  std::mt19937_64 rng(7);
  ShapeValues store;
  constexpr int kShapes = 100000;
  for (int i = 0; i < kShapes; ++i) store.add(random_shape(rng, 5, 12), TableFact::exact(3));
  store.shrink_to_fit();
  EXPECT_LE(store.bytes(), 9u * kShapes + 1024);
  EXPECT_GE(store.bytes(), 9u * kShapes);
}

TEST(ShapeValues, LoadedValuesCountAgainstTheMemoryBound) {
  // The values a table file brings are kept beside the table: a frame made after them has a
  // table of the bound less what they take. A million shapes of the frame's box: its table is
  // made room for them (doubled while that stays within its bound), so a bound that did not
  // count them would let it double past the whole bound.
  std::mt19937_64 rng(8);
  ShapeValues values;
  for (int i = 0; i < 1000000; ++i) values.add(random_shape(rng, 4, 5), TableFact::exact(1));
  values.shrink_to_fit();
  const std::uint64_t held = values.bytes();
  const std::uint64_t bound = held + SearchTable<1>::kStartBytes;
  BoardSearch search(DeletionRule::arc, BoardAdjacency::grid,
                     {.limits = Limits{.max_memory_bytes = bound}, .endgame_database = false});
  search.add_facts(std::move(values));
  BoardCells board{.adjacency = BoardAdjacency::grid, .rows = 4, .columns = 5, .cells = {}};
  for (std::size_t v = 0; v < 20; ++v) board.cells.set(v);
  search.value(board);  // (the values given are made up: only the memory is looked at)
  EXPECT_GT(search.table_bytes(), 0u);
  EXPECT_LE(search.table_bytes() + held, bound);
}

}  // namespace
}  // namespace grundy
