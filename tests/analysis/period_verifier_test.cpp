// The verifier of period certificates: true certificates hold (in full, by spot check, and
// recomputed afresh); every kind of false or foreign claim is caught.
#include "grundy/analysis/period_verifier.hpp"

#include <gtest/gtest.h>

#include <string>

#include "grundy/analysis/period_search.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/dense_solver.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

PeriodCertificate proven(const Game& game) {
  DenseSolver solver(game, Limits{});
  const PeriodSearch search = find_periodicity(game, solver, 200000);
  EXPECT_TRUE(search.periodicity) << game.name();
  return make_certificate(game.name(), periodicity_theorem(game), *search.periodicity);
}

/// The certificate with preperiod i and period p made consistent (counts, N, proof sentence) for
/// `values`: what a careful forger would write.
PeriodCertificate claim(const Game& game, std::uint64_t i, std::uint64_t p,
                        std::vector<std::uint32_t> values) {
  Periodicity periodicity;
  periodicity.preperiod = i;
  periodicity.period = p;
  periodicity.values = std::move(values);
  const PeriodicityTheorem theorem = periodicity_theorem(game);
  periodicity.values_checked = theorem.values_needed(i, p);
  periodicity.proof = theorem.statement(i, p, periodicity.values_checked);
  return make_certificate(game.name(), theorem, periodicity);
}

class ProvenPeriods : public ::testing::TestWithParam<const char*> {};

TEST_P(ProvenPeriods, HoldInFullBySpotCheckAndAfresh) {
  const auto game = parse_game(GetParam());
  const PeriodCertificate c = proven(*game);
  const CertificateCheck full = check_certificate(*game, c);
  EXPECT_TRUE(full.holds) << full.summary();
  if (c.values_needed > 0) {
    EXPECT_TRUE(full.complete);
    EXPECT_EQ(full.positions, c.values_needed);
  }
  if (c.values_needed >= 100) {
    // A quarter of the work a full check needs: a spot check, still holding.
    const std::uint64_t budget = options_work(*game, c.values_needed) / 4;
    const CertificateCheck spot = check_certificate(*game, c, budget, 50);
    EXPECT_TRUE(spot.holds) << spot.summary();
    EXPECT_FALSE(spot.complete);
    EXPECT_GE(spot.positions, 20u);
    EXPECT_LT(spot.options, options_work(*game, c.values_needed) / 2);
    EXPECT_NE(spot.summary().find("spot check"), std::string::npos);
    // A budget so small that even the positions where the period starts and ends exceed it
    // twenty times over: the certificate cannot be checked, so it is not used.
    const CertificateCheck none = check_certificate(*game, c, 1, 50);
    EXPECT_FALSE(none.holds);
    EXPECT_NE(none.failure.find("alone visits more than 20 options"), std::string::npos)
        << none.failure;
  }
  const CertificateCheck afresh = reprove_certificate(*game, c, Limits{}, 1'000'000'000);
  EXPECT_TRUE(afresh.holds) << afresh.summary();
  EXPECT_TRUE(afresh.afresh);
}

INSTANTIATE_TEST_SUITE_P(Families, ProvenPeriods,
                         ::testing::Values("kayles", "0.07", "polygon", "0.45", "0.137",
                                           "sub(2,3,7)", "sub(1..4)", "hex(0.F)", "4.7", "nim",
                                           "sub(pow2)", "allbut(1,2)", "allbut(3,5,7,10)", "0.1(2)",
                                           "0.(12)", "4.(3)"));

/// `c` with its counts and proof sentence made consistent for its own claim, under the theorem
/// its game gets: what a careful forger would write.
PeriodCertificate made_consistent(const Game& game, PeriodCertificate c) {
  const PeriodicityTheorem theorem = periodicity_theorem(game);
  c.periodicity.values_checked = 100000;
  c.values_needed = theorem.values_needed(c.periodicity, 100000);
  c.periodicity.proof = theorem.statement(c.periodicity, c.values_needed, 100000);
  return c;
}

TEST(PeriodVerifier, ArithmeticClaimsAreCheckedWithTheirSaltus) {
  // allbut(3,5,7,10): preperiod 85, period 15, saltus 5, the shift check's point 110.
  const auto game = parse_game("allbut(3,5,7,10)");
  const PeriodCertificate good = proven(*game);
  ASSERT_EQ(good.theorem.kind, PeriodicityTheorem::Kind::arithmetic);
  ASSERT_EQ(good.periodicity.saltus, 5u);
  ASSERT_EQ(good.values_needed, 110u);
  EXPECT_TRUE(check_certificate(*game, good).holds);
  const CertificateCheck afresh = reprove_certificate(*game, good, Limits{}, 1'000'000'000);
  EXPECT_TRUE(afresh.holds) << afresh.summary();
  EXPECT_NE(afresh.summary().find("shift check with period 15 and saltus 5 at 95"),
            std::string::npos)
      << afresh.summary();
  auto fails = [&](PeriodCertificate c, const char* why, const char* says) {
    const CertificateCheck check = check_certificate(*game, c);
    EXPECT_FALSE(check.holds) << why;
    EXPECT_NE(check.failure.find(says), std::string::npos) << why << ": " << check.failure;
    EXPECT_FALSE(reprove_certificate(*game, c, Limits{}, 1'000'000'000).holds) << why;
  };
  PeriodCertificate c = good;
  c.periodicity.saltus = 6;  // the values from 85 on then disagree with the mex
  c.periodicity.proof = periodicity_theorem(*game).statement(c.periodicity, 110, 176);
  fails(c, "another saltus", "");
  c = good;
  c.periodicity.values[90] += 1;
  fails(c, "one wrong value", "");
  c = good;
  c.values_needed += 1;
  fails(c, "a later point than the least", "needs 110");
  c = good;
  c.values_needed -= 1;
  fails(c, "an earlier point", "it needs");
  c = good;
  c.theorem.modulus = 2;
  fails(c, "another period of the moves", "theorem");
  c = good;
  c.theorem.kind = PeriodicityTheorem::Kind::take_break;
  fails(c, "another theorem", "theorem");
  c = good;
  c.periodicity.saltus = ~std::uint64_t{0} / 2;  // values past 2^64: refused, not thrown
  fails(c, "a saltus past every value", "");
  // Two periods with twice the saltus: true but not least.
  PeriodCertificate twice = good;
  twice.periodicity.period = 30;
  twice.periodicity.saltus = 10;
  twice.periodicity.values.clear();
  for (std::uint64_t n = 0; n < 85 + 30; ++n) {
    twice.periodicity.values.push_back(static_cast<std::uint32_t>(good.periodicity.value_at(n)));
  }
  twice = made_consistent(*game, twice);
  EXPECT_EQ(twice.values_needed, 125u);
  fails(twice, "not the least period", "15 is one too");
  // A later preperiod with the same period and saltus: not the least.
  PeriodCertificate later = good;
  later.periodicity.preperiod = 86;
  later.periodicity.values.push_back(static_cast<std::uint32_t>(good.periodicity.value_at(100)));
  later = made_consistent(*game, later);
  fails(later, "not the least preperiod", "preperiod is not the least");
}

TEST(PeriodVerifier, ForgedPeriodOneForDawsonIsCaught) {
  // The cache file that made `value 0.07 100000` print 0 (truth: 3).
  const auto game = parse_game("0.07");
  const PeriodCertificate forged = claim(*game, 0, 1, {0});
  const CertificateCheck full = check_certificate(*game, forged);
  EXPECT_FALSE(full.holds);
  EXPECT_NE(full.failure.find("g(2) is 1"), std::string::npos) << full.failure;
  // Every position from 2 on is wrong, so a spot check sees it too.
  EXPECT_FALSE(check_certificate(*game, forged, 10, 5).holds);
  EXPECT_FALSE(reprove_certificate(*game, forged, Limits{}, 1'000'000'000).holds);
}

TEST(PeriodVerifier, OneWrongValueIsCaughtInFull) {
  const auto game = parse_game("kayles");
  for (std::size_t at : {std::size_t{0}, std::size_t{40}, std::size_t{70}, std::size_t{82}}) {
    PeriodCertificate c = proven(*game);
    c.periodicity.values[at] ^= 1;
    const CertificateCheck check = check_certificate(*game, c);
    EXPECT_FALSE(check.holds) << at;
    EXPECT_FALSE(reprove_certificate(*game, c, Limits{}, 1'000'000'000).holds) << at;
  }
}

TEST(PeriodVerifier, ForeignOrInconsistentClaimsAreCaught) {
  const auto game = parse_game("0.07");
  const PeriodCertificate good = proven(*game);
  auto fails = [&](PeriodCertificate c, const char* why, const char* says) {
    const CertificateCheck check = check_certificate(*game, c);
    EXPECT_FALSE(check.holds) << why;
    EXPECT_NE(check.failure.find(says), std::string::npos) << why << ": " << check.failure;
  };
  PeriodCertificate c = good;
  c.game = "0.77";
  fails(c, "another game", "not 0.07");
  c = good;
  c.theorem.reach = 3;
  fails(c, "another theorem parameter", "theorem");
  c = good;
  c.theorem.kind = PeriodicityTheorem::Kind::window;
  fails(c, "another theorem", "theorem");
  c = good;
  c.values_needed -= 1;
  fails(c, "N is not the theorem's", "needs 176");
  c = good;
  c.periodicity.values_checked = c.values_needed - 1;
  fails(c, "fewer values checked than needed", "fewer");
  c = good;
  c.periodicity.saltus = 1;
  fails(c, "a saltus the theorem does not prove", "saltus");
  c = good;
  c.periodicity.proof = "proof: trust me";
  fails(c, "a proof sentence that is not the theorem's", "proof sentence");
  c = good;
  c.periodicity.values.pop_back();
  fails(c, "values != preperiod + period", "preperiod + period");
  c = good;
  c.periodicity.preperiod = ~std::uint64_t{0};
  c.periodicity.period = 1;
  fails(c, "preperiod + period overflows", "preperiod + period");
  c = good;
  c.periodicity.period = 0;
  fails(c, "period 0", "period is 0");
  // True but not least: period 68 (two periods) and preperiod 54.
  PeriodCertificate twice = claim(*game, 53, 68, {});
  for (std::uint64_t n = 0; n < 53 + 68; ++n)
    twice.periodicity.values.push_back(static_cast<std::uint32_t>(good.periodicity.value_at(n)));
  fails(twice, "not the least period", "34 is one too");
  PeriodCertificate later = claim(*game, 54, 34, {});
  for (std::uint64_t n = 0; n < 54 + 34; ++n)
    later.periodicity.values.push_back(static_cast<std::uint32_t>(good.periodicity.value_at(n)));
  fails(later, "not the least preperiod", "preperiod is not the least");
  // A game with no theorem, or no periodicity theory at all.
  const auto grundy_game = parse_game("grundy");
  c = good;
  c.game = grundy_game->name();
  EXPECT_FALSE(check_certificate(*grundy_game, c).holds);
  const auto cut = parse_game("cut");
  c.game = cut->name();
  EXPECT_FALSE(check_certificate(*cut, c).holds);
}

TEST(PeriodVerifier, ClosedFormsMustBeTheTheorems) {
  const auto game = parse_game("sub(pow2)");  // g(n) = n mod 3
  PeriodCertificate c = proven(*game);
  EXPECT_EQ(c.values_needed, 0u);
  EXPECT_TRUE(check_certificate(*game, c).holds);
  c.periodicity.values = {0, 2, 1};
  EXPECT_FALSE(check_certificate(*game, c).holds);
  const auto nim = parse_game("nim");
  PeriodCertificate n = proven(*nim);
  n.periodicity.saltus = 2;
  EXPECT_FALSE(check_certificate(*nim, n).holds);
}

TEST(PeriodVerifier, ReproveRefusesBeyondItsBudgetNamingIt) {
  const auto game = parse_game("0.45");
  const PeriodCertificate c = proven(*game);
  try {
    reprove_certificate(*game, c, Limits{}, 1000);
    ADD_FAILURE() << "not refused";
  } catch (const ResourceError& e) {
    EXPECT_NE(std::string(e.what()).find("--max-work"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("1000"), std::string::npos) << e.what();
  }
}

TEST(PeriodVerifier, OptionsWorkBoundsTheOptionsVisited) {
  for (const char* spec :
       {"0.07", "kayles", "0.16", "grundy", "hex(0.F)", "hex(0.8F)", "sub(1,3,4)", "sub(1..40)",
        "4.7", "4.(3)", "0.(12)", "0.1(37)", "allbut(2,3)"}) {
    const auto game = parse_game(spec);
    std::uint64_t visited = 0;
    for (std::uint64_t n = 0; n < 300; ++n) {
      for_each_option(*game, Position{n, 0}, [&](std::span<const Position>) { ++visited; });
      const std::uint64_t bound = options_work(*game, n + 1);
      ASSERT_GE(bound, visited) << spec << " up to " << n;
      // Not wildly above (it decides between a full check and a spot check).
      ASSERT_LE(bound, 4 * visited + 16 * (n + 1)) << spec << " up to " << n;
    }
  }
  EXPECT_EQ(options_work(*parse_game("0.16"), ~std::uint64_t{0}), kSaturated);
}

}  // namespace
}  // namespace grundy
