// Staircase Nim: the formula (XOR of the odd steps, step 1 the lowest) against a brute force
// over the staircases themselves, with its own move generator.
#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "brute_force.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

using Steps = std::vector<std::uint64_t>;  // coins on steps 1, 2, ...

/// g by the definition: a move takes k >= 1 coins from step i to step i-1 (off the stairs from
/// step 1).
Value staircase_brute(const Steps& steps, std::map<Steps, Value>& memo) {
  if (auto it = memo.find(steps); it != memo.end()) return it->second;
  std::vector<Value> values;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    for (std::uint64_t k = 1; k <= steps[i]; ++k) {
      Steps next = steps;
      next[i] -= k;
      if (i > 0) next[i - 1] += k;
      values.push_back(staircase_brute(next, memo));
    }
  }
  return memo[steps] = test::reference_mex(values);
}

std::string staircase_text(const Steps& steps) {
  std::string t;
  for (std::uint64_t a : steps) t += (t.empty() ? "" : ",") + std::to_string(a);
  return t;
}

TEST(StaircaseNim, OddStepsMatchBruteForce) {
  const auto game = parse_game("staircase");
  Evaluator evaluator(game, Limits{});
  std::map<Steps, Value> memo;
  std::size_t checked = 0;
  for (std::uint64_t code = 0; code < 5 * 5 * 5 * 5; ++code) {
    const Steps steps = {code % 5, code / 5 % 5, code / 25 % 5, code / 125};
    const Position p = parse_position(*game, staircase_text(steps));
    ASSERT_EQ(evaluator.value(p), staircase_brute(steps, memo)) << staircase_text(steps);
    ++checked;
  }
  EXPECT_EQ(checked, 625u);
  // A value that is not just a parity: the odd steps as Nim heaps.
  EXPECT_EQ(evaluator.value(parse_position(*game, "3,1,4")), 3u ^ 4u);
}

TEST(StaircaseNim, IndexingConvention) {
  // Step 1 is the lowest step: its coins go to the floor. Coins on an even step do not count.
  const auto game = parse_game("staircase");
  EXPECT_EQ(*game->formula_value(parse_position(*game, "5")), 5u);
  EXPECT_EQ(*game->formula_value(parse_position(*game, "0,5")), 0u);
  EXPECT_EQ(*game->formula_value(parse_position(*game, "0,0,5")), 5u);
  EXPECT_EQ(game->format_position(parse_position(*game, "0,2,0,0")), "0,2");
  EXPECT_EQ(game->format_position(parse_position(*game, "0 , 0")), "0");
}

TEST(StaircaseNim, HugeStaircasesByTheFormulaAndTheirWinningMoves) {
  const auto game = parse_game("staircase");
  const Position p = parse_position(*game, "9223372036854775000,5,6");
  EXPECT_EQ(*game->formula_value(p), 9223372036854775000u ^ 6u);
  std::vector<Position> moves;
  OptionFunction collect([&](std::span<const Position> parts) { moves.push_back(parts[0]); });
  EXPECT_EQ(game->formula_options_with_value(p, 0, 10, collect), 1u);
  ASSERT_EQ(moves.size(), 1u);
  EXPECT_EQ(game->format_position(moves[0]), "6,5,6");
  EXPECT_THROW(for_each_option(*game, p, [](std::span<const Position>) {}), ResourceError);
}

TEST(StaircaseNim, LongStaircasesByTheFormulaTheirOptionsRefused) {
  // 65536 steps of one coin: 65536 options of 65536 numbers each would be kept; refused, while
  // the value (32768 odd steps of 1: 0) and the moves to a value still come from the formula.
  const auto game = parse_game("staircase");
  std::string text = "2";
  for (int i = 1; i < 65536; ++i) text += ",1";
  const Position p = parse_position(*game, text);
  EXPECT_EQ(*game->formula_value(p), 3u);  // 2 xor 1 xor ... (32767 more ones)
  EXPECT_THROW(for_each_option(*game, p, [](std::span<const Position>) {}), ResourceError);
  std::vector<Position> moves;
  OptionFunction collect([&](std::span<const Position> parts) { moves.push_back(parts[0]); });
  // To 0: lower step 1 from 2 to 1 (d = 3: 2 xor 3 = 1), or raise step 2k-1 (1) to 1 xor 3 = 2
  // with a coin from step 2k, 32767 times.
  EXPECT_EQ(game->formula_options_with_value(p, 0, 5, collect), 1u + 32767u);
  EXPECT_EQ(moves.size(), 5u);
}

TEST(StaircaseNim, BadPositionsAreRefused) {
  const auto game = parse_game("staircase");
  EXPECT_THROW(parse_position(*game, "9223372036854775807,1"), SpecError);  // total too large
  EXPECT_THROW(parse_position(*game, "1,,2"), SpecError);
  EXPECT_THROW(parse_position(*game, "-1"), SpecError);
  EXPECT_THROW(parse_position(*game, ""), SpecError);
}

}  // namespace
}  // namespace grundy
