// Proven periods against published data (../shared/data/octal-periods.md, OEIS) and against
// directly computed tables far beyond the proof's range.
#include <gtest/gtest.h>

#include <random>
#include <span>
#include <string>
#include <vector>

#include "brute_force.hpp"
#include "grundy/analysis/period_search.hpp"
#include "grundy/analysis/periodic_source.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/dense_solver.hpp"
#include "grundy/spec/parser.hpp"
#include "sanitizer_build.hpp"

namespace grundy {
namespace {

PeriodSearch search(const std::string& spec, std::uint64_t max_values = 100000) {
  const auto game = parse_game(spec);
  DenseSolver solver(*game, Limits{});
  return find_periodicity(*game, solver, max_values);
}

/// The periodicity agrees with a directly computed table to `factor` times the proof's range.
void expect_agrees_with_table(const std::string& spec, const Periodicity& p, std::uint64_t factor) {
  const auto game = parse_game(spec);
  DenseSolver solver(*game, Limits{});
  const std::uint64_t to = std::max<std::uint64_t>(p.values_checked, 64) * factor;
  solver.extend_to(to);
  for (std::uint64_t n = 0; n <= to; ++n) {
    ASSERT_EQ(p.value_at(n), solver.values()[n]) << spec << " at " << n;
  }
}

struct Published {
  const char* spec;
  std::uint64_t preperiod, period;
};

class PublishedPeriods : public ::testing::TestWithParam<Published> {};

TEST_P(PublishedPeriods, MatchAndHoldFarBeyond) {
  const Published& want = GetParam();
  const PeriodSearch s = search(want.spec);
  ASSERT_TRUE(s.periodicity) << want.spec;
  EXPECT_EQ(s.periodicity->preperiod, want.preperiod) << want.spec;
  EXPECT_EQ(s.periodicity->period, want.period) << want.spec;
  EXPECT_EQ(s.periodicity->saltus, 0u);
  expect_agrees_with_table(want.spec, *s.periodicity, 5);
}

INSTANTIATE_TEST_SUITE_P(OctalPeriodsMd, PublishedPeriods,
                         ::testing::Values(Published{"0.77", 71, 12}, Published{"kayles", 71, 12},
                                           Published{"0.07", 53, 34}, Published{"polygon", 53, 34},
                                           Published{"0.137", 52, 34}, Published{"0.4", 54, 34},
                                           Published{"0.17", 33, 34}, Published{"0.44", 143, 24},
                                           Published{"0.45", 498, 20}, Published{"0.177", 497, 20},
                                           Published{"0.1377", 141, 24},
                                           Published{"0.11377", 187, 32},
                                           Published{"sub(2,3,7)", 0, 5},
                                           Published{"sub(1..4)", 0, 5},
                                           Published{"sub(1,3)", 0, 2}),
                         [](const auto& info) {
                           std::string name;
                           for (char c : std::string(info.param.spec))
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return name;
                         });

TEST(Periodicity, ClosedForms) {
  const PeriodSearch pow2 = search("sub(pow2)");
  ASSERT_TRUE(pow2.periodicity);
  EXPECT_EQ(pow2.periodicity->period, 3u);
  EXPECT_EQ(pow2.periodicity->value_at(kMaxCoordinate), kMaxCoordinate % 3);
  expect_agrees_with_table("sub(pow2)", *pow2.periodicity, 40);
  // sub(3,pow2) holds 1..4 and no multiple of 5: g(n) = n mod 5.
  const PeriodSearch three = search("sub(3,pow2)");
  ASSERT_TRUE(three.periodicity);
  EXPECT_EQ(three.periodicity->period, 5u);
  expect_agrees_with_table("sub(3,pow2)", *three.periodicity, 40);
  const PeriodSearch nim = search("nim");
  ASSERT_TRUE(nim.periodicity);
  EXPECT_EQ(nim.periodicity->saltus, 1u);
  EXPECT_EQ(nim.periodicity->value_at(123456789), 123456789u);
}

TEST(Periodicity, NoClaimWithoutATheorem) {
  // allbut(1,2) was here until the shift check proved all-but games (arithmetic_periodicity_test);
  // a repeating code that splits has no theorem (Lasker's Nim aside).
  for (const char* spec : {"grundy", "sub(fib)", "sub(squares)", "sub(factorials)", "0.1(37)",
                           "sub(1,fib)", "sub(6,pow2)", "hex(0.(F))"}) {
    const PeriodSearch s = search(spec);
    // sub(6,pow2): 6 rules out q = 3, and 3 is missing for every q > 3.
    EXPECT_FALSE(s.periodicity) << spec;
    EXPECT_FALSE(s.why_not.empty()) << spec;
  }
}

TEST(Periodicity, FamiliesWithoutTheoryAreErrors) {
  const std::string dag = std::string("graph(") + GRUNDY_TEST_DATA + "/dag.txt)";
  EXPECT_THROW(periodicity_theorem(*parse_game(dag)), Error);
}

TEST(Periodicity, NotProvenWithinTheLimit) {
  const PeriodSearch s = search("0.45", 600);  // needs about 1070 values
  EXPECT_FALSE(s.periodicity);
  EXPECT_EQ(s.values_computed, 600u);
}

TEST(Periodicity, ObservedPeriodsClaimNoProof) {
  // What the values of a game no theorem covers show (Engine::period's observation). Kayles'
  // values, taken as if its rules were unknown, show its period once the second half of them is
  // past the preperiod, and not before.
  const auto kayles = parse_game("kayles");
  DenseSolver table(*kayles, Limits{});
  table.extend_to(299);
  const std::vector<Value> g(table.values().begin(), table.values().end());
  const auto seen = observed_period(std::span<const Value>(g));
  ASSERT_TRUE(seen);
  EXPECT_EQ(seen->preperiod, 71u);
  EXPECT_EQ(seen->period, 12u);
  EXPECT_EQ(seen->saltus, 0u);
  EXPECT_FALSE(observed_period(std::span<const Value>(g).first(120)));
  // g(n) = n: arithmetic-periodic, period 1 saltus 1.
  std::vector<Value> rising(64);
  for (std::uint32_t n = 0; n < rising.size(); ++n) rising[n] = n;
  const auto arithmetic = observed_period(std::span<const Value>(rising));
  ASSERT_TRUE(arithmetic);
  EXPECT_EQ(arithmetic->period, 1u);
  EXPECT_EQ(arithmetic->saltus, 1u);
}

/// Random finite subtraction sets: the proven period agrees with brute force to 10x the range.
TEST(Periodicity, RandomSubtractionSetsAgreeWithBruteForce) {
  std::mt19937 rng(4);
  for (int round = 0; round < 60; ++round) {
    std::string spec = "sub(";
    const int size = 1 + static_cast<int>(rng() % 4);
    for (int k = 0; k < size; ++k) spec += (k ? "," : "") + std::to_string(1 + rng() % 12);
    spec += ")";
    SCOPED_TRACE(spec);
    const PeriodSearch s = search(spec);
    ASSERT_TRUE(s.periodicity);
    const auto game = parse_game(spec);
    test::BruteForce brute(*game);
    const std::uint64_t to = 10 * s.periodicity->values_checked;
    for (std::uint64_t n = 0; n <= to; ++n)
      ASSERT_EQ(s.periodicity->value_at(n), brute.value({n, 0})) << n;
  }
}

/// Random octal and hexadecimal codes: whenever a period is proven it holds in the table to 4x.
TEST(Periodicity, RandomCodesHoldBeyondTheProof) {
  std::mt19937 rng(9);
  int proven = 0;
  const std::uint64_t rounds = grundy_test::full_or_sanitized(80, 40);
  for (std::uint64_t round = 0; round < rounds; ++round) {
    const bool hex = rng() % 4 == 0;
    std::string code = hex ? "hex(" : "";
    code += "0.";
    const int digits = 1 + static_cast<int>(rng() % 3);
    for (int k = 0; k < digits; ++k) code += "0123456789ABCDEF"[rng() % (hex ? 16 : 8)];
    if (hex) code += ")";
    SCOPED_TRACE(code);
    const PeriodSearch s = search(code, hex ? 1500 : 4000);
    if (!s.periodicity) continue;
    ++proven;
    expect_agrees_with_table(code, *s.periodicity, hex ? 2 : 4);
  }
  EXPECT_GT(proven, static_cast<int>(rounds / 2));
}

TEST(Periodicity, ThreeHeapBoundIsUsed) {
  // hex(0.8) leaves three heaps: the bound is 3i' + 2p + t, not the two-heap one.
  const auto game = parse_game("hex(0.8)");
  const PeriodicityTheorem th = periodicity_theorem(*game);
  EXPECT_EQ(th.heaps, 3);
  EXPECT_EQ(th.values_needed(10, 4), 3 * 10 + 2 * 4 + 1 + 4u);
  const PeriodicityTheorem two = periodicity_theorem(*parse_game("0.07"));
  EXPECT_EQ(two.values_needed(53, 34), 2 * 53 + 34 + 2 + 34u);
}

}  // namespace
}  // namespace grundy
