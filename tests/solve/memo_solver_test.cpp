#include "grundy/solve/memo_solver.hpp"

#include <gtest/gtest.h>

#include "grundy/core/error.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

TEST(MemoSolver, DeepChainNeedsNoRecursion) {
  // sub(1,2) from 10^6: a chain a million positions deep; g(n) = n mod 3. (10^7 in the heavy
  // suite.) A recursive solver would overflow the call stack here.
  const auto game = parse_game("sub(1,2)");
  MemoSolver memo(*game, Limits{});
  EXPECT_EQ(memo.value({1000000, 0}), 1000000u % 3);
  EXPECT_EQ(memo.size(), 1000000u);  // heaps 1..10^6 (an empty heap is no part)
}

TEST(MemoSolver, RefusesPastTheMemoryLimit) {
  const auto game = parse_game("sub(1,2)");
  MemoSolver memo(*game, Limits{.max_memory_bytes = 1000 * MemoSolver::kBytesPerEntry});
  EXPECT_EQ(memo.value({900, 0}), 0u);
  EXPECT_THROW(memo.value({5000, 0}), ResourceError);
}

}  // namespace
}  // namespace grundy
