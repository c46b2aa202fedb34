#include "grundy/solve/grid_solver.hpp"

#include <gtest/gtest.h>

#include "brute_force.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/memo_solver.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

TEST(GridSolver, ExtendsIncrementallyAndFoldsSymmetricGames) {
  const auto game = parse_game("cut");
  GridSolver grown(*game, Limits{});
  test::BruteForce brute(*game);
  for (Position p : {Position{5, 7}, Position{9, 3}, Position{2, 20}, Position{14, 14}}) {
    EXPECT_EQ(grown.value(p), brute.value(p));
  }
  // Stored once per pair {w, h}, in the orientation w <= h.
  EXPECT_EQ(grown.rows(), 15u);
  EXPECT_EQ(grown.columns(), 21u);
  GridSolver fresh(*game, Limits{});
  fresh.extend_to(14, 20);
  for (std::uint64_t w = 2; w <= 20; ++w) {
    for (std::uint64_t h = 2; h <= 14; ++h) {
      EXPECT_EQ(grown.value({w, h}), fresh.value({h, w}));
      EXPECT_EQ(grown.value({w, h}), brute.value({w, h}));
    }
  }
}

TEST(GridSolver, RefusesBeforeAllocating) {
  const auto game = parse_game("cut");
  GridSolver solver(*game, Limits{.max_memory_bytes = 1 << 20});
  EXPECT_NO_THROW(solver.extend_to(100, 100));
  try {
    solver.extend_to(1000, 1000);  // 4 MB of 32-bit values
    FAIL();
  } catch (const ResourceError& e) {
    EXPECT_NE(std::string(e.what()).find("1.00 MiB"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("cut"), std::string::npos) << e.what();
  }
  EXPECT_EQ(solver.rows(), 101u);  // nothing was lost
  EXPECT_THROW(solver.extend_to(kMaxCoordinate, kMaxCoordinate), ResourceError);
  EXPECT_EQ(solver.value({4, 2}), 1u);
}

TEST(GridSolver, RefusesHoursOfWork) {
  // 3 x 10^7 cells fit in memory, but each has up to 5 * 10^6 options.
  const auto game = parse_game("cut");
  GridSolver solver(*game, Limits{});
  EXPECT_THROW(solver.extend_to(2, 10000000), ResourceError);
  EXPECT_EQ(solver.rows(), 0u);
}

TEST(GridSolver, QueenMovesAgreeWithTheGenericSearch) {
  // Wythoff's table by line sets against the memoised search over its options.
  const auto game = parse_game("wythoff");
  GridSolver grid(*game, Limits{});
  MemoSolver memo(*game, Limits{});
  grid.extend_to(70, 50);
  for (std::uint64_t x = 0; x <= 70; ++x) {
    for (std::uint64_t y = 0; y <= 70; ++y) {
      ASSERT_EQ(grid.value({x, y}), memo.value({x, y})) << x << "," << y;
    }
  }
}

TEST(GridSolver, NeedsAGridOrderedGame) {
  EXPECT_THROW(GridSolver(*parse_game("nim"), Limits{}), std::logic_error);
}

}  // namespace
}  // namespace grundy
