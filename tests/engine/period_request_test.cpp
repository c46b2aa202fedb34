// Engine::period (`grundy period`): the published preperiods and periods of solved octal games
// (Kayles, Dawson's Kayles and Dawson's Chess, 0.4, 0.17, sub(2,3,7); Guy–Smith), proven, with
// the periodic values equal to the published sequences; and what it says of a game no theorem
// covers (Grundy's game).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "brute_force.hpp"
#include "grundy/engine/engine.hpp"

namespace grundy {
namespace {

TEST(PeriodRequest, PublishedPeriodsOfOctalGames) {
  // Preperiod (first index of the periodic part) and least period, from Guy's tables and OEIS.
  struct Case {
    const char* spec;
    std::uint64_t preperiod;
    std::uint64_t period;
  };
  const Engine engine;
  for (const Case& c : {Case{"0.77", 71, 12}, Case{"0.07", 53, 34}, Case{"0.137", 52, 34},
                        Case{"0.4", 54, 34}, Case{"0.17", 33, 34}, Case{"sub(2,3,7)", 0, 5}}) {
    const PeriodReport report = engine.period(Engine::game(c.spec));
    ASSERT_TRUE(report.answer.periodicity.has_value()) << c.spec << ": " << report.answer.why_not;
    const Periodicity& found = *report.answer.periodicity;
    EXPECT_EQ(found.preperiod, c.preperiod) << c.spec;
    EXPECT_EQ(found.period, c.period) << c.spec;
    EXPECT_EQ(found.saltus, 0u) << c.spec;
    EXPECT_FALSE(found.proof.empty()) << c.spec;
    EXPECT_TRUE(report.theorem_applies()) << c.spec;
  }
}

TEST(PeriodRequest, ThePeriodGivesThePublishedValues) {
  const Engine engine;
  struct Case {
    const char* spec;
    const char* file;
    std::uint64_t shift;
  };
  for (const Case& c :
       {Case{"kayles", "kayles-A002186.txt", 0}, Case{"dawson", "dawsons-chess-A002187.txt", 1}}) {
    const std::vector<Value> published = test::read_sequence(c.file);
    const PeriodReport report = engine.period(Engine::game(c.spec));
    ASSERT_TRUE(report.answer.periodicity.has_value()) << c.spec;
    for (std::uint64_t i = 0; i < published.size(); ++i) {
      EXPECT_EQ(report.answer.periodicity->value_at(i + c.shift), published[i])
          << c.spec << " " << i;
    }
  }
}

TEST(PeriodRequest, VerifyRedoesTheProof) {
  const PeriodReport report = Engine().period(Engine::game("0.07"), /*verify=*/true);
  ASSERT_TRUE(report.answer.periodicity.has_value());
  ASSERT_TRUE(report.verified.has_value());
  EXPECT_TRUE(report.verified->holds);
}

TEST(PeriodRequest, GrundysGameHasNoTheoremOnlyObservedValues) {
  const std::vector<Value> published = test::read_sequence("grundys-game-A002188.txt");
  const PeriodReport report = Engine().period(Engine::game("grundy"), false, 0, 1000);
  EXPECT_FALSE(report.answer.periodicity.has_value());
  EXPECT_FALSE(report.theorem_applies());
  EXPECT_FALSE(report.answer.why_not.empty());
  EXPECT_TRUE(report.observed_values());
  EXPECT_GE(report.answer.values_computed, published.size());
}

}  // namespace
}  // namespace grundy
