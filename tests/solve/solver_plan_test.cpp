// The one plan of where a game's values come from (solver_choice.hpp).
#include "grundy/solve/solver_choice.hpp"

#include <gtest/gtest.h>

#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

SolverPlan plan_of(const char* spec) {
  return solver_plan(parse_game(spec)->traits());
}

TEST(SolverPlan, SaysWhereEachGamesValuesComeFrom) {
  const SolverPlan kayles = plan_of("0.77");
  EXPECT_EQ(kayles.table, ValueTable::dense);
  EXPECT_TRUE(kayles.sparse_space);
  EXPECT_TRUE(kayles.periodicity);
  EXPECT_FALSE(kayles.formula);

  // A move that leaves three heaps: a dense table, still a periodicity theorem's family.
  const SolverPlan three = plan_of("hex(0.8)");
  EXPECT_FALSE(three.sparse_space);
  EXPECT_TRUE(three.periodicity);

  const SolverPlan sub = plan_of("sub(2,3,7)");
  EXPECT_EQ(sub.table, ValueTable::dense);
  EXPECT_FALSE(sub.sparse_space);
  EXPECT_TRUE(sub.periodicity);

  EXPECT_TRUE(plan_of("nim").formula);
}

}  // namespace
}  // namespace grundy
