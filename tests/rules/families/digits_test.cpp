// The digit game: against the source's win/loss recursion, and its options.
#include <gtest/gtest.h>

#include <vector>

#include "grundy/solve/evaluator.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

/// Win/loss by the definition: n wins iff one of its moves reaches a losing number.
std::vector<bool> reference_wins(std::uint64_t up_to) {
  std::vector<bool> wins(up_to + 1, false);
  for (std::uint64_t n = 1; n <= up_to; ++n) {
    std::uint64_t largest = 0;
    std::uint64_t smallest = 10;
    for (std::uint64_t rest = n; rest > 0; rest /= 10) {
      const std::uint64_t d = rest % 10;
      if (d > largest) largest = d;
      if (d != 0 && d < smallest) smallest = d;
    }
    wins[n] = !wins[n - largest] || !wins[n - smallest];
  }
  return wins;
}

TEST(Digits, OutcomesMatchTheWinLossRecursion) {
  constexpr std::uint64_t kUpTo = 200000;
  const std::vector<bool> wins = reference_wins(kUpTo);
  Evaluator evaluator(parse_game("digits"), Limits{});
  for (std::uint64_t n = 0; n <= kUpTo; ++n) {
    ASSERT_EQ(evaluator.value({n, 0}) != 0, static_cast<bool>(wins[n])) << n;
  }
}

TEST(Digits, Options) {
  const auto game = parse_game("digits");
  auto options = [&](std::uint64_t n) {
    std::vector<std::uint64_t> out;
    for_each_option(*game, Position{n, 0}, [&](std::span<const Position> parts) {
      out.push_back(parts.empty() ? 0 : parts[0].x);
    });
    return out;
  };
  EXPECT_EQ(options(0), std::vector<std::uint64_t>{});
  EXPECT_EQ(options(7), std::vector<std::uint64_t>{0});                // 7 - 7 leaves nothing
  EXPECT_EQ(options(1230), (std::vector<std::uint64_t>{1227, 1229}));  // 3 and 1
  EXPECT_EQ(options(5505), (std::vector<std::uint64_t>{5500}));        // every non-zero digit is 5
  EXPECT_EQ(options(9223372036854775807ULL),
            (std::vector<std::uint64_t>{9223372036854775798ULL, 9223372036854775805ULL}));
}

TEST(Digits, ValuesAreAtMostTwo) {
  // Two options at most, so the mex is at most 2.
  Evaluator evaluator(parse_game("digits"), Limits{});
  Value largest = 0;
  for (std::uint64_t n = 0; n <= 100000; ++n) largest = std::max(largest, evaluator.value({n, 0}));
  EXPECT_EQ(largest, 2u);
}

}  // namespace
}  // namespace grundy
