// Engine::seq, Engine::sequence and Engine::runs (`grundy seq`): g(from..to) against the published
// sequences (Kayles A002186, Dawson's Kayles A002187 shifted, Grundy's game A002188), a window far
// into Kayles' period, and runs that rebuild the values they summarise.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "brute_force.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/engine.hpp"

namespace grundy {
namespace {

TEST(SequenceRequest, PublishedSequencesFromZero) {
  const Engine engine;
  struct Case {
    const char* spec;
    const char* file;
    std::uint64_t shift;
  };
  for (const Case& c :
       {Case{"kayles", "kayles-A002186.txt", 0}, Case{"dawson", "dawsons-chess-A002187.txt", 1},
        Case{"grundy", "grundys-game-A002188.txt", 0}}) {
    const std::vector<Value> published = test::read_sequence(c.file);
    ASSERT_GT(published.size(), 100u) << c.file;
    const std::uint64_t to = published.size() - 1 + c.shift;
    const SequenceAnswer answer = engine.seq(Engine::game(c.spec), c.shift, to);
    EXPECT_EQ(answer.from, c.shift);
    EXPECT_EQ(answer.to, to);
    EXPECT_EQ(answer.values, published) << c.spec;
  }
}

TEST(SequenceRequest, AWindowFarIntoKaylesPeriod) {
  const std::vector<Value> published = test::read_sequence("kayles-A002186.txt");
  const std::uint64_t from = 1'000'000'000'000;
  const SequenceAnswer answer = Engine().seq(Engine::game("kayles"), from, from + 30);
  ASSERT_EQ(answer.values.size(), 31u);
  for (std::uint64_t i = 0; i <= 30; ++i) {
    EXPECT_EQ(answer.values[i], published[71 + (from + i - 71) % 12]) << from + i;
  }
}

TEST(SequenceRequest, StreamedValuesEqualTheHeldOnes) {
  const Engine engine;
  const auto game = Engine::game("grundy");
  const SequenceAnswer held = engine.seq(game, 10, 90);
  SequenceValues streamed = engine.sequence(game, 10, 90);
  for (std::uint64_t n = 10; n <= 90; ++n) EXPECT_EQ(streamed.at(n), held.values[n - 10]) << n;
}

TEST(SequenceRequest, RunsRebuildTheValues) {
  const Engine engine;
  const auto game = Engine::game("dawson");
  const SequenceAnswer values = engine.seq(game, 0, 120);
  const RunsAnswer runs = engine.runs(game, 0, 120);
  std::vector<Value> rebuilt;
  for (std::size_t i = 0; i < runs.runs.size(); ++i) {
    const ValueRun& run = runs.runs[i];
    if (i > 0) {
      EXPECT_EQ(run.from, runs.runs[i - 1].to + 1);
      EXPECT_NE(run.value, runs.runs[i - 1].value) << "runs are maximal";
    }
    for (std::uint64_t n = run.from; n <= run.to; ++n) rebuilt.push_back(run.value);
  }
  EXPECT_EQ(rebuilt, values.values);
}

TEST(SequenceRequest, RefusesAGameOfTwoCoordinatesAndAnEmptyRange) {
  const Engine engine;
  EXPECT_THROW((void)engine.seq(Engine::game("wythoff"), 0, 10), Error);
  EXPECT_THROW((void)engine.seq(Engine::game("kayles"), 10, 9), Error);
}

}  // namespace
}  // namespace grundy
