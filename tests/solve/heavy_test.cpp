// Long-running checks, on the Release build only (label "heavy").
#include <gtest/gtest.h>

#include "grundy/solve/dense_solver.hpp"
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

}  // namespace
}  // namespace grundy
