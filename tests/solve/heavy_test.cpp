// Long-running checks, on the Release build only (label "heavy").
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "grundy/rules/board_shape.hpp"
#include "grundy/solve/board_search.hpp"
#include "grundy/solve/dense_solver.hpp"
#include "grundy/solve/endgame_database.hpp"
#include "grundy/solve/memo_solver.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

TEST(Heavy, MemoSolverAtDepthTenMillion) {
  // sub(2,3): g = 0 0 1 1 2 repeating (sub(1,2) would be answered by its formula, n mod 3).
  const auto game = parse_game("sub(2,3)");
  MemoSolver memo(*game, Limits{});
  EXPECT_EQ(memo.value({10000003, 0}), 1u);
}

TEST(Heavy, KaylesPeriodHoldsFarOut) {
  // Kayles is periodic (12) from 71: check the dense table to 20000.
  const auto game = parse_game("kayles");
  DenseSolver solver(*game, Limits{});
  solver.extend_to(20000);
  const auto g = solver.values();
  for (std::size_t n = 71; n + 12 < g.size(); ++n) ASSERT_EQ(g[n], g[n + 12]) << n;
}

TEST(Heavy, DawsonsKaylesPeriodHoldsFarOut) {
  // 0.07: preperiod 53, period 34 (Guy–Smith; OEIS A002187).
  const auto game = parse_game("0.07");
  DenseSolver solver(*game, Limits{});
  solver.extend_to(20000);
  const auto g = solver.values();
  for (std::size_t n = 53; n + 34 < g.size(); ++n) ASSERT_EQ(g[n], g[n + 34]) << n;
  EXPECT_NE(g[52], g[52 + 34]);
}

TEST(Heavy, TheEndgameDatabasesAgreeWithTheSearchOnEveryShapeTheyHold) {
  // Every connected set of the shipped databases' boxes, in canonical form (each shape once),
  // against the board search with the database off: two computations written apart.
  for (const auto& [rule, adjacency] : {std::pair{DeletionRule::arc, BoardAdjacency::grid},
                                        std::pair{DeletionRule::node, BoardAdjacency::grid},
                                        std::pair{DeletionRule::node, BoardAdjacency::queens}}) {
    const auto [rows, columns] = BoardSearch::database_box(rule, adjacency);
    const EndgameDatabase db(rule, adjacency, rows, columns);
    const BoardFrame& frame = board_frame(adjacency, rows, columns);
    BoardSearch search(rule, adjacency, {.endgame_database = false});
    std::size_t shapes = 0;
    for (std::uint64_t set = 1; set < (std::uint64_t{1} << (rows * columns)); ++set) {
      CellSet cells;
      cells.words[0] = set;
      if (frame.component(cells, cells.first()) != cells) continue;
      // Each shape once: where its canonical form lies in the corner of the box.
      const BoardShape shape = frame.canonical(cells);
      if (shape.columns > columns) continue;
      CellSet placed;
      shape.cells.for_each(
          [&](std::size_t v) { placed.set(v / shape.columns * columns + v % shape.columns); });
      if (placed != cells) continue;
      ++shapes;
      ASSERT_EQ(search.value(BoardCells{adjacency, rows, columns, cells}), db.at(set))
          << rule_name(rule) << " " << shape_text(shape);
    }
    EXPECT_GT(shapes, 1000u);
  }
}

class HeavyLargeDatabase : public ::testing::TestWithParam<std::pair<std::size_t, std::size_t>> {};

TEST_P(HeavyLargeDatabase, AgreesWithTheSearchOnRandomShapesOfItsBox) {
  // A large box of Cram (the 5 x 6 one has a billion sets: every shape would take hours of
  // search): connected sets of cells grown at random in the box, in every size, against the board
  // search with no database; and random sets of any number of components, against the XOR of
  // theirs.
  const auto [frame_rows, frame_columns] = GetParam();
  const auto box = BoardSearch::large_database_box(DeletionRule::arc, BoardAdjacency::grid,
                                                   frame_rows, frame_columns);
  ASSERT_TRUE(box.has_value());
  const auto [rows, columns] = *box;
  const EndgameDatabase db(DeletionRule::arc, BoardAdjacency::grid, rows, columns, {.threads = 2});
  const BoardFrame& frame = board_frame(BoardAdjacency::grid, rows, columns);
  BoardSearch search(DeletionRule::arc, BoardAdjacency::grid, {.endgame_database = false});
  std::mt19937_64 rng(56 + rows);
  std::size_t spanning = 0;
  for (int trial = 0; trial < 3000; ++trial) {
    CellSet cells;
    if (trial % 2 == 0) {
      // Grown from a cell to a random size (a shape in the box, often spanning it).
      const std::size_t size = 1 + rng() % (rows * columns);
      cells.set(rng() % (rows * columns));
      while (cells.count() < size) {
        const std::size_t v = rng() % (rows * columns);
        if (!cells.test(v) && !(frame.neighbours(v) & cells).empty()) cells.set(v);
      }
    } else {
      cells.words[0] = rng() & ((std::uint64_t{1} << (rows * columns)) - 1);
    }
    std::size_t r1 = 0, c0 = columns, c1 = 0, r0 = rows;
    cells.for_each([&](std::size_t v) {
      r0 = std::min(r0, v / columns);
      r1 = std::max(r1, v / columns);
      c0 = std::min(c0, v % columns);
      c1 = std::max(c1, v % columns);
    });
    if (r1 - r0 + 1 == rows && c1 - c0 + 1 == columns) ++spanning;
    ASSERT_EQ(search.value(BoardCells{BoardAdjacency::grid, rows, columns, cells}),
              db.at(cells.words[0]))
        << cells.words[0];
  }
  EXPECT_GT(spanning, 1000u);
}

// The frames of 3, 4 and 5 rows: boxes 3 x 9, 4 x 7 and 5 x 6.
INSTANTIATE_TEST_SUITE_P(Heavy, HeavyLargeDatabase,
                         ::testing::Values(std::pair<std::size_t, std::size_t>{3, 12},
                                           std::pair<std::size_t, std::size_t>{4, 9},
                                           std::pair<std::size_t, std::size_t>{5, 7}));

}  // namespace
}  // namespace grundy
