// Heaps placed into a verified quotient by what they can change (quotient_extension.hpp) against
// the construction before #28, which verified every sum again at every heap
// (QuotientOptions::incremental off): the quotients must be identical, heap by heap.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/misere_search.hpp"
#include "grundy/spec/parser.hpp"
#include "quotient_comparison.hpp"
#include "quotient_extension.hpp"

namespace grundy {
namespace {

TEST(QuotientExtension, PermutedBitsAreTheBitsOfTheMap) {
  // out bit z = in bit map[z], bit by bit, for sizes around the word and the byte spreading's
  // bound (8192 bits) and past it.
  std::mt19937_64 rng(28);
  for (const std::uint32_t n : {1U, 7U, 63U, 64U, 65U, 552U, 8191U, 8192U, 8193U, 10000U}) {
    const std::size_t words = (n + 63) / 64;
    for (int trial = 0; trial < 5; ++trial) {
      std::vector<std::uint32_t> map(n);
      for (auto& m : map) m = static_cast<std::uint32_t>(rng() % n);
      std::vector<std::uint64_t> in(words, 0);
      for (std::uint32_t z = 0; z < n; ++z) {
        if (rng() % 3 == 0) in[z / 64] |= std::uint64_t{1} << (z % 64);
      }
      std::vector<std::uint64_t> out(words, ~std::uint64_t{0});
      detail::permute_bits(map.data(), n, in.data(), out.data());
      for (std::uint32_t z = 0; z < n; ++z) {
        const bool want = ((in[map[z] / 64] >> (map[z] % 64)) & 1U) != 0;
        ASSERT_EQ(((out[z / 64] >> (z % 64)) & 1U) != 0, want) << "n " << n << " bit " << z;
      }
      if (n % 64 != 0) {
        ASSERT_EQ(out[words - 1] >> (n % 64), 0U) << "bits past n are clear";
      }
    }
  }
}

TEST(QuotientExtension, FastPlacementGivesTheQuotientOfAFullVerification) {
  // Tame and wild codes, codes whose quotient grows late (0.644 at 333, past this test's heaps;
  // 0.115 at 42), splits into three heaps, subtraction games, Grundy's game.
  const std::pair<const char*, std::uint64_t> cases[] = {
      {"0.77", 120},  {"0.07", 30},     {"0.75", 100},       {"0.115", 120},      {"0.152", 80},
      {"0.312", 100}, {"0.644", 160},   {"0.51", 80},        {"0.34", 60},        {"0.123", 60},
      {"4.07", 24},   {"hex(0.F)", 40}, {"sub(1,3,4)", 100}, {"sub(2,3,7)", 100}, {"grundy", 25}};
  for (const auto& [code, n] : cases) {
    SCOPED_TRACE(code);
    const QuotientComparison c = compare_placements(*parse_game(code), n, 200'000'000);
    ASSERT_TRUE(c.compared) << c.what;
    EXPECT_EQ(c.heap, n) << "stalled";
    EXPECT_TRUE(c.identical) << c.what;
    // The fast path is exercised: most heaps that do not grow the quotient go by Lemma 1.
    EXPECT_GT(c.fast.placed_by_interpolation, 0u);
    EXPECT_EQ(c.fast.placed_by_verification, 0u);
    EXPECT_EQ(c.slow.placed_by_interpolation + c.slow.placed_by_closure, 0u);
  }
}

TEST(QuotientExtension, ClosureAndInterpolationBothPlaceHeapsOfDawsonsKayles) {
  // 0.07 to 32: some heaps by Lemma 1, some only by the closure (Lemma 3).
  const QuotientComparison c = compare_placements(*parse_game("0.07"), 32, 20'000'000'000);
  ASSERT_TRUE(c.compared) << c.what;
  EXPECT_TRUE(c.identical) << c.what;
  EXPECT_GT(c.fast.placed_by_interpolation, 0u);
  EXPECT_GT(c.fast.placed_by_closure, 0u);
}

/// Exact misère outcomes by the library's search, one memo for all sums.
class Exact {
 public:
  explicit Exact(std::shared_ptr<const Game> game) : game_(std::move(game)), search_(options()) {}
  Outcome outcome(const std::vector<std::uint64_t>& heaps) {
    Sum sum;
    for (std::uint64_t h : heaps) sum.components.push_back({game_, Position{h, 0}});
    return search_.solve(sum).outcome;
  }

 private:
  static SearchOptions options() {
    SearchOptions o;
    o.play = Play::misere;
    o.max_states = 20'000'000;
    return o;
  }
  std::shared_ptr<const Game> game_;
  SumSearch search_;
};

TEST(QuotientExtension, HeapsPlacedFastDecideRandomSumsAsTheExactSearch) {
  // Independent of the slow path: the quotients with heaps placed by Lemmas 1 and 3 against the
  // exact search on sums of up to three heaps, the heaps drawn among the ones placed fast.
  std::mt19937_64 rng(28);
  for (const char* code : {"0.77", "0.644", "0.115", "0.07", "0.312"}) {
    SCOPED_TRACE(code);
    const auto game = parse_game(code);
    QuotientOptions options;
    options.max_heap = 26;
    options.stop_at_proven_period = false;
    const MisereQuotient q = misere_quotient(*game, options);
    std::vector<std::uint64_t> placed;  // heaps where the quotient did not grow
    for (std::uint64_t h = 1; h <= options.max_heap; ++h) {
      if (q.orders[h] == q.orders[h - 1]) placed.push_back(h);
    }
    ASSERT_FALSE(placed.empty());
    Exact exact(game);
    std::uniform_int_distribution<std::size_t> pick(0, placed.size() - 1);
    std::uniform_int_distribution<std::uint64_t> any(1, 14), count(0, 2);
    for (int i = 0; i < 120; ++i) {
      std::vector<std::uint64_t> heaps{placed[pick(rng)]};
      for (std::uint64_t k = count(rng); k > 0; --k) heaps.push_back(any(rng));
      ASSERT_EQ(q.outcome(heaps), exact.outcome(heaps)) << ::testing::PrintToString(heaps);
    }
  }
}

}  // namespace
}  // namespace grundy
