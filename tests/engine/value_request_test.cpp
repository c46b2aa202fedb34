// Engine::value and Engine::values (`grundy value`): published values of Kayles (OEIS A002186),
// Dawson's Kayles (A002187 shifted) and Grundy's game (A002188), the positions' text, and heaps far
// past any table answered through Kayles' proven period (Guy, 1949: period 12 from heap 71).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "brute_force.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/engine.hpp"

namespace grundy {
namespace {

std::vector<Position> heaps_up_to(std::uint64_t last) {
  std::vector<Position> heaps;
  for (std::uint64_t n = 0; n <= last; ++n) heaps.push_back(Position{n, 0});
  return heaps;
}

/// Engine::value of heaps shift, shift + 1, ... against `published`.
void expect_published_values(const std::string& spec, const std::vector<Value>& published,
                             std::uint64_t shift) {
  ASSERT_GT(published.size(), 100u) << "data file missing or short";
  const Engine engine;
  std::vector<Position> heaps = heaps_up_to(published.size() - 1 + shift);
  heaps.erase(heaps.begin(), heaps.begin() + static_cast<std::ptrdiff_t>(shift));
  const ValueAnswer answer = engine.value(Engine::game(spec), heaps);
  ASSERT_EQ(answer.values.size(), published.size());
  for (std::size_t i = 0; i < published.size(); ++i) {
    EXPECT_EQ(answer.values[i].value, published[i]) << spec << " at " << i + shift;
    EXPECT_EQ(answer.values[i].position, std::to_string(i + shift));
    EXPECT_TRUE(answer.values[i].infinite.empty());
  }
}

TEST(ValueRequest, KaylesIsA002186) {
  expect_published_values("kayles", test::read_sequence("kayles-A002186.txt"), 0);
}

TEST(ValueRequest, DawsonsKaylesIsA002187ShiftedByOne) {
  // 0.07 on n + 1 pins has the value of Dawson's Chess (0.137) on n.
  expect_published_values("0.07", test::read_sequence("dawsons-chess-A002187.txt"), 1);
}

TEST(ValueRequest, GrundysGameIsA002188) {
  expect_published_values("grundy", test::read_sequence("grundys-game-A002188.txt"), 0);
}

TEST(ValueRequest, NamesTheGameByItsCanonicalSpec) {
  const Engine engine;
  const Position heap{5, 0};
  EXPECT_EQ(engine.value(Engine::game("kayles"), std::span(&heap, 1)).game, "0.77");
}

TEST(ValueRequest, HugeKaylesHeapsThroughThePeriod) {
  // Kayles: g(n + 12) = g(n) for n >= 71; the published terms reach past 71 + 12.
  const std::vector<Value> published = test::read_sequence("kayles-A002186.txt");
  ASSERT_GT(published.size(), 83u);
  const Engine engine;
  for (const std::uint64_t n : {std::uint64_t{1'000'000'000'000}, std::uint64_t{1'000'000'000'007},
                                std::uint64_t{9'223'372'036'854'775'807}}) {
    const Position heap{n, 0};
    const ValueAnswer answer = engine.value(Engine::game("kayles"), std::span(&heap, 1));
    EXPECT_EQ(answer.values.at(0).value, published[71 + (n - 71) % 12]) << n;
    EXPECT_EQ(answer.values.at(0).position, std::to_string(n));
  }
}

TEST(ValueRequest, ValuesQueryAnswersHeapsInAnyOrder) {
  const std::vector<Value> published = test::read_sequence("grundys-game-A002188.txt");
  const Engine engine;
  ValueQuery query = engine.values(Engine::game("grundy"));
  const std::vector<Position> heaps{{40, 0}, {3, 0}, {17, 0}, {0, 0}};
  query.prepare(heaps);
  for (const Position& heap : heaps) {
    EXPECT_EQ(query.value(heap).value, published[heap.x]) << heap.x;
  }
}

TEST(ValueRequest, RefusesAPositionTheGameDoesNotHave) {
  EXPECT_THROW((void)Engine::position(*Engine::game("kayles"), "-1"), Error);
  EXPECT_THROW((void)Engine::position(*Engine::game("wythoff"), "3"), Error);
  EXPECT_EQ(Engine::position(*Engine::game("wythoff"), "3,5"), (Position{3, 5}));
}

}  // namespace
}  // namespace grundy
