// Engine::explain (`grundy explain`): a position's value is the mex of its options' values, each
// option's value is its parts' nim-sum, the value is the published one (Kayles A002186, Grundy's
// game A002188), and a Kayles heap of 10^12 is explained through the proven period.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "brute_force.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/engine/explanation.hpp"

namespace grundy {
namespace {

TEST(ExplainRequest, ValueIsTheMexOfTheListedOptions) {
  const Engine engine;
  struct Case {
    const char* spec;
    const char* file;
  };
  for (const Case& c :
       {Case{"kayles", "kayles-A002186.txt"}, Case{"grundy", "grundys-game-A002188.txt"}}) {
    const std::vector<Value> published = test::read_sequence(c.file);
    const auto game = Engine::game(c.spec);
    for (std::uint64_t n : {0, 1, 2, 7, 20, 50}) {
      const Explanation why = engine.explain(game, Position{n, 0});
      EXPECT_EQ(why.value.value, published[n]) << c.spec << " " << n;
      EXPECT_EQ(why.mex, published[n]) << c.spec << " " << n;
      ASSERT_EQ(why.listed.size(), why.option_count) << "all options listed below 200";
      std::vector<Value> values;
      std::uint64_t winning = 0;
      for (const ListedOption& option : why.listed) {
        values.push_back(option.value);
        if (option.value == 0) ++winning;
      }
      EXPECT_EQ(test::reference_mex(values), published[n]) << c.spec << " " << n;
      EXPECT_EQ(why.winning_count, winning) << c.spec << " " << n;
      EXPECT_FALSE(why.loopy());
      EXPECT_EQ(why.winner(), published[n] == 0 ? "second" : "first");
    }
  }
}

TEST(ExplainRequest, OptionValuesAreTheNimSumsOfTheirParts) {
  const std::vector<Value> kayles = test::read_sequence("kayles-A002186.txt");
  const Explanation why = Engine().explain(Engine::game("kayles"), Position{10, 0});
  // Kayles on 10 pins: knock one pin or two adjacent ones, leaving rows a and b, a + b = 9 or 8.
  std::vector<Value> expected;
  for (std::uint64_t taken : {1, 2}) {
    for (std::uint64_t a = 0; 2 * a <= 10 - taken; ++a)
      expected.push_back(kayles[a] ^ kayles[10 - taken - a]);
  }
  std::vector<Value> listed;
  for (const ListedOption& option : why.listed) listed.push_back(option.value);
  std::sort(expected.begin(), expected.end());
  std::sort(listed.begin(), listed.end());
  EXPECT_EQ(listed, expected);
}

TEST(ExplainRequest, AHugeKaylesHeapThroughThePeriod) {
  const std::vector<Value> kayles = test::read_sequence("kayles-A002186.txt");
  const std::uint64_t n = 1'000'000'000'003;
  const Explanation why = Engine().explain(Engine::game("kayles"), Position{n, 0});
  EXPECT_EQ(why.value.value, kayles[71 + (n - 71) % 12]);
  EXPECT_EQ(why.mex, why.value.value);
  ASSERT_TRUE(why.period.has_value());
  EXPECT_EQ(why.period->preperiod, 71u);
  EXPECT_EQ(why.period->period, 12u);
  // (n - 1) / 2 + 1 ways to take one pin and (n - 2) / 2 + 1 to take two, up to the order of the
  // two rows left.
  EXPECT_EQ(why.option_count, (n - 1) / 2 + 1 + (n - 2) / 2 + 1);
}

}  // namespace
}  // namespace grundy
