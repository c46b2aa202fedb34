// The one growth driver (period_growth.hpp) and the helpers period searches share
// (period_finder.hpp): the lengths it checks, where it stops.
#include "grundy/analysis/period_growth.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "grundy/analysis/period_finder.hpp"

namespace grundy {
namespace {

/// The lengths grow_and_prove extends to and checks, with a proof at `proven_at` (never: 0).
std::vector<std::uint64_t> growth_lengths(const PeriodGrowth& growth, std::uint64_t proven_at) {
  std::vector<std::uint64_t> extended, checked;
  const std::optional<Periodicity> proof = grow_and_prove(
      growth, [&](std::uint64_t n) { extended.push_back(n); },
      [&](std::uint64_t n) -> std::optional<Periodicity> {
        checked.push_back(n);
        if (proven_at == 0 || n < proven_at) return std::nullopt;
        Periodicity p;
        p.values_checked = n;
        return p;
      });
  EXPECT_EQ(extended, checked);
  EXPECT_EQ(proof.has_value(), proven_at != 0 && !checked.empty() && checked.back() >= proven_at);
  return checked;
}

TEST(PeriodGrowth, ChecksEverySixteenthUpToTheBudgetAndAtIt) {
  EXPECT_EQ(growth_lengths({.have = 0, .budget = 100}, 0),
            (std::vector<std::uint64_t>{16, 32, 48, 64, 80, 96, 100}));
  // A longer run: each step 1/16 of the length.
  const std::vector<std::uint64_t> long_run = growth_lengths({.have = 1000, .budget = 1200}, 0);
  EXPECT_EQ(long_run, (std::vector<std::uint64_t>{1000, 1062, 1128, 1198, 1200}));
}

TEST(PeriodGrowth, WithoutTheBudgetCheckStopsOnTheSchedule) {
  EXPECT_EQ(growth_lengths({.have = 0, .budget = 100, .check_at_budget = false}, 0),
            (std::vector<std::uint64_t>{16, 32, 48, 64, 80, 96}));
  EXPECT_TRUE(growth_lengths({.have = 20, .budget = 19, .check_at_budget = false}, 0).empty());
}

TEST(PeriodGrowth, StopsAtTheFirstProofAndAtABudgetBelowSixteen) {
  EXPECT_EQ(growth_lengths({.have = 0, .budget = 1000}, 40),
            (std::vector<std::uint64_t>{16, 32, 48}));
  EXPECT_EQ(growth_lengths({.have = 0, .budget = 5}, 0), (std::vector<std::uint64_t>{5}));
  EXPECT_EQ(growth_lengths({.have = 0, .budget = 0}, 0), (std::vector<std::uint64_t>{0}));
}

TEST(PeriodFinderHelpers, PrefixBordersAndTheLeastDividingPeriod) {
  const std::vector<int> word{1, 2, 1, 2, 1, 3};
  EXPECT_EQ(prefix_borders(std::span<const int>(word)),
            (std::vector<std::uint32_t>{0, 0, 1, 2, 3, 0}));
  // 12 is a period; of its divisors 1, 2, 3, 4, 6 only the multiples of 4 are.
  EXPECT_EQ(least_dividing_period(12, [](std::uint64_t d) { return d % 4 == 0; }), 4u);
  EXPECT_EQ(least_dividing_period(7, [](std::uint64_t) { return false; }), 7u);
  EXPECT_EQ(least_dividing_period(36, [](std::uint64_t) { return true; }), 1u);
}

}  // namespace
}  // namespace grundy
