// The sparse-space inner loops: the vector scan (where the processor has AVX-512) against the
// plain loop, on random values of each width, with few and many wanted values.
#include "sparse_scan.hpp"
#include "sanitizer_build.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

namespace grundy {
namespace {

template <class T>
void compare_scans(Value limit, std::size_t wanted_count, std::mt19937_64& rng) {
  const std::uint64_t size = 5000;
  std::vector<T> g(size + 8);
  for (auto& v : g) v = static_cast<T>(rng() % limit);
  // Values that are xors of two table values stay below limit (a power of two).
  const std::uint64_t r = 2000 + rng() % 2999;
  const std::uint64_t lo = 1 + rng() % 50;
  const std::uint64_t hi = r / 2;
  std::vector<Value> want;
  std::vector<std::uint8_t> wanted_a(limit + 9, 0), seen_a(limit + 9, 0);
  while (want.size() < wanted_count) {
    const Value v = rng() % limit;
    if (!wanted_a[v]) {
      wanted_a[v] = 1;
      want.push_back(v);
    }
  }
  auto wanted_b = wanted_a;
  auto seen_b = seen_a;
  const std::size_t missing = 1 + rng() % want.size();  // stop early, sometimes
  const std::size_t a =
      sparse_scan(g.data(), r, lo, hi, wanted_a.data(), seen_a.data(), missing, want, limit);
  const std::size_t b =
      sparse_scan_plain(g.data(), r, lo, hi, wanted_b.data(), seen_b.data(), missing);
  ASSERT_EQ(a, b);
  ASSERT_EQ(wanted_a, wanted_b);
  ASSERT_EQ(seen_a, seen_b);
}

TEST(SparseScan, VectorScanAgreesWithThePlainLoop) {
  std::mt19937_64 rng(20261129);
  const std::uint64_t rounds = grundy_test::full_or_sanitized(300, 100);
  for (std::uint64_t round = 0; round < rounds; ++round) {
    for (std::size_t count : {1u, 3u, 8u, 40u}) {
      compare_scans<std::uint8_t>(256, count, rng);
      compare_scans<std::uint8_t>(64, std::min<std::size_t>(count, 60), rng);
      compare_scans<std::uint16_t>(2048, count, rng);
      compare_scans<std::uint16_t>(512, count, rng);
      compare_scans<std::uint16_t>(65536, count, rng);
      compare_scans<std::uint32_t>(1 << 20, count, rng);
      if (HasFatalFailure()) return;
    }
  }
}

TEST(SparseScan, MarksEveryRareSplit) {
  const std::vector<std::uint8_t> g = {0, 1, 2, 0, 3, 1, 4, 2, 0, 0, 0, 0};
  const std::vector<std::uint64_t> rare_at = {1, 3, 4};
  const std::vector<std::uint32_t> rare_value = {1, 0, 3};
  std::vector<std::uint8_t> seen(16, 0);
  mark_rare_splits(g.data(), 8, rare_at.data(), rare_value.data(), rare_at.size(), seen.data());
  // a = 1: g[1] ^ g[7] = 3; a = 3: g[3] ^ g[5] = 1; a = 4: g[4] ^ g[4] = 0.
  EXPECT_EQ(seen, (std::vector<std::uint8_t>{1, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
}

}  // namespace
}  // namespace grundy
