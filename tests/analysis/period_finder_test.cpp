#include "grundy/analysis/period_finder.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace grundy {
namespace {

using Word = std::vector<std::uint32_t>;
std::uint64_t least_period(const Word& w) {
  return grundy::least_period(std::span<const std::uint32_t>(w));
}
std::uint64_t least_start(const Word& w, std::uint64_t p) {
  return grundy::least_start(std::span<const std::uint32_t>(w), p);
}

/// The least period by the definition (quadratic; small inputs only).
std::uint64_t naive_least_period(const std::vector<std::uint32_t>& w) {
  for (std::uint64_t p = 1; p < w.size(); ++p) {
    bool ok = true;
    for (std::size_t j = 0; j + p < w.size() && ok; ++j) ok = w[j] == w[j + p];
    if (ok) return p;
  }
  return std::max<std::uint64_t>(w.size(), 1);  // the empty word: 1 by convention
}

TEST(PeriodFinder, LeastPeriodExamples) {
  EXPECT_EQ(least_period(std::vector<std::uint32_t>{1, 2, 1, 2, 1}), 2u);
  EXPECT_EQ(least_period(std::vector<std::uint32_t>{1, 1, 1}), 1u);
  EXPECT_EQ(least_period(std::vector<std::uint32_t>{1, 2, 3}), 3u);
  EXPECT_EQ(least_period(std::vector<std::uint32_t>{0, 0, 1, 0, 0, 1, 0}), 3u);
  EXPECT_EQ(least_period(std::vector<std::uint32_t>{}), 1u);
}

TEST(PeriodFinder, LeastPeriodAgreesWithDefinition) {
  std::mt19937 rng(11);
  for (int round = 0; round < 3000; ++round) {
    const std::size_t p = 1 + rng() % 6, n = rng() % 40;
    std::vector<std::uint32_t> base(p), w(n);
    for (auto& v : base) v = rng() % 3;
    for (std::size_t j = 0; j < n; ++j) w[j] = base[j % p];
    if (n > 0 && rng() % 3 == 0) w[rng() % n] = rng() % 3;  // sometimes break it
    EXPECT_EQ(least_period(w), naive_least_period(w));
  }
}

TEST(PeriodFinder, LeastStart) {
  const std::vector<std::uint32_t> g{5, 7, 0, 1, 2, 0, 1, 2, 0, 1};
  EXPECT_EQ(least_start(g, 3), 2u);
  EXPECT_EQ(least_start(g, 9), 1u);  // the only pair, g[0] = 5 vs g[9] = 1, differs
  const std::vector<std::uint32_t> h{1, 0, 1, 0};
  EXPECT_EQ(least_start(h, 2), 0u);
  EXPECT_EQ(least_start(h, 1), 3u);
}

}  // namespace
}  // namespace grundy
