#include "grundy/solve/memo_solver.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

TEST(MemoSolver, DeepChainNeedsNoRecursion) {
  // sub(2,3) from 10^6 + 3: a chain half a million moves deep; g = 0 0 1 1 2 repeating. (10^7
  // in the heavy suite.) A recursive solver would overflow the call stack here. (Not sub(1,2):
  // its values come by formula, n mod 3, and reach no memo.)
  const auto game = parse_game("sub(2,3)");
  MemoSolver memo(*game, Limits{});
  EXPECT_EQ(memo.value({1000003, 0}), 1u);
  EXPECT_EQ(memo.size(), 1000002u);  // heaps 1..10^6+1 and 10^6+3 (an empty heap is no part)
}

TEST(MemoSolver, RefusesPastTheMemoryLimit) {
  const auto game = parse_game("sub(2,3)");
  MemoSolver memo(*game, Limits{.max_memory_bytes = 1000 * MemoSolver::kBytesPerEntry});
  EXPECT_EQ(memo.value({900, 0}), 0u);
  EXPECT_THROW(memo.value({5000, 0}), ResourceError);
}

/// sub(1,2) whose option generation fails once at one position, like a user's callback that
/// raises (the Python module's custom games).
class FailsOnce final : public Game {
 public:
  FailsOnce() : Game("fails-once") {}
  Position parse_position(Scanner& in) const override { return parse_heap_position(in); }
  std::string format_position(const Position& p) const override { return std::to_string(p.x); }
  void options(const Position& p, OptionVisitor& visit) const override {
    if (p.x == 50 && !failed_) {
      failed_ = true;
      throw std::runtime_error("callback failed");
    }
    for (std::uint64_t take = 1; take <= 2 && take <= p.x; ++take) {
      const Position rest{p.x - take, 0};
      if (rest.x == 0) {
        visit.option({});
      } else {
        visit.option(std::span<const Position>(&rest, 1));
      }
    }
  }
  std::vector<Position> sample_positions(std::size_t) const override { return {}; }

 private:
  mutable bool failed_ = false;
};

TEST(MemoSolver, UsableAfterAnExceptionFromTheGame) {
  FailsOnce game;
  MemoSolver memo(game, Limits{});
  EXPECT_THROW(memo.value({100, 0}), std::runtime_error);
  // The positions left half-expanded by the failed search are not a cycle.
  EXPECT_EQ(memo.value({100, 0}), 100u % 3);
}

}  // namespace
}  // namespace grundy
