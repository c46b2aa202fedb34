#include "grundy/core/nim_sum.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "grundy/core/outcome.hpp"

namespace grundy {
namespace {

TEST(NimSum, IsXor) {
  EXPECT_EQ(nim_sum(3, 4), 7u);
  EXPECT_EQ(nim_sum(5, 5), 0u);
  const std::vector<Value> heaps{3, 4, 5};
  EXPECT_EQ(nim_sum(heaps), 2u);
  EXPECT_EQ(nim_sum(std::vector<Value>{}), 0u);
}

TEST(Outcome, ZeroIsPreviousPlayerWin) {
  EXPECT_EQ(outcome_of(0), Outcome::P);
  EXPECT_EQ(outcome_of(9), Outcome::N);
  EXPECT_EQ(winner_name(Outcome::N), "first");
  EXPECT_EQ(winner_name(Outcome::P), "second");
}

}  // namespace
}  // namespace grundy
