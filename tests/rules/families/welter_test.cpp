// Welter's game: Welter's function (Conway's mating method) against a brute force over sets of
// squares with its own move generator.
#include "grundy/rules/families/welter.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <vector>

#include "brute_force.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

using Squares = std::set<std::uint64_t>;

/// g by the definition: a coin moves to any empty square to its left.
Value welter_brute(const Squares& squares, std::map<Squares, Value>& memo) {
  if (auto it = memo.find(squares); it != memo.end()) return it->second;
  std::vector<Value> values;
  for (const std::uint64_t a : squares) {
    for (std::uint64_t b = 0; b < a; ++b) {
      if (squares.contains(b)) continue;
      Squares next = squares;
      next.erase(a);
      next.insert(b);
      values.push_back(welter_brute(next, memo));
    }
  }
  return memo[squares] = test::reference_mex(values);
}

std::string welter_text(const Squares& squares) {
  std::string t;
  for (std::uint64_t a : squares) t += (t.empty() ? "" : ",") + std::to_string(a);
  return t;
}

TEST(Welter, FunctionMatchesBruteForce) {
  const auto game = parse_game("welter");
  Evaluator evaluator(game, Limits{});
  std::map<Squares, Value> memo;
  std::size_t checked = 0;
  // Every set of 1 to 5 squares among 0..10 (up to 4 coins) or 0..8 (5 coins).
  for (std::uint64_t mask = 1; mask < (1u << 11); ++mask) {
    const int coins = std::popcount(mask);
    if (coins > 5 || (coins == 5 && mask >= (1u << 9))) continue;
    Squares squares;
    for (std::uint64_t s = 0; s < 11; ++s) {
      if ((mask >> s) & 1) squares.insert(s);
    }
    std::vector<std::uint64_t> list(squares.begin(), squares.end());
    const Value expected = welter_brute(squares, memo);
    ASSERT_EQ(welter_function(list), expected) << welter_text(squares);
    ASSERT_EQ(evaluator.value(parse_position(*game, welter_text(squares))), expected);
    ++checked;
  }
  EXPECT_EQ(checked, 687u);  // C(11,1..4) + C(9,5)
}

TEST(Welter, TwoCoinsAndOne) {
  // [a] = a (Nim), [a|b] = (a xor b) - 1 (ONAG ch. 13).
  for (std::uint64_t a = 0; a < 64; ++a) {
    std::vector<std::uint64_t> one = {a};
    EXPECT_EQ(welter_function(one), a);
    for (std::uint64_t b = a + 1; b < 64; ++b) {
      std::vector<std::uint64_t> two = {b, a};
      EXPECT_EQ(welter_function(two), (a ^ b) - 1);
    }
  }
  std::vector<std::uint64_t> far = {kMaxCoordinate, 0};
  EXPECT_EQ(welter_function(far), kMaxCoordinate - 1);
}

TEST(Welter, WinningMovesMatchBruteForce) {
  const auto game = parse_game("welter");
  std::map<Squares, Value> memo;
  for (const char* text : {"1,4,6", "0,3,7,9", "2,5,8,11,12", "10"}) {
    const Position p = parse_position(*game, text);
    Squares squares;
    for (const std::string& t : {std::string(text)}) {
      std::size_t at = 0;
      while (at < t.size()) {
        const std::size_t end = t.find(',', at);
        squares.insert(std::stoull(t.substr(at, end - at)));
        at = end == std::string::npos ? t.size() : end + 1;
      }
    }
    std::set<std::string> expected;
    for (const std::uint64_t a : squares) {
      for (std::uint64_t b = 0; b < a; ++b) {
        if (squares.contains(b)) continue;
        Squares next = squares;
        next.erase(a);
        next.insert(b);
        if (welter_brute(next, memo) == 0) expected.insert(welter_text(next));
      }
    }
    std::set<std::string> given;
    OptionFunction collect(
        [&](std::span<const Position> parts) { given.insert(game->format_position(parts[0])); });
    EXPECT_EQ(game->formula_options_with_value(p, 0, 100, collect), expected.size()) << text;
    EXPECT_EQ(given, expected) << text;
  }
}

TEST(Welter, BadPositionsAreRefused) {
  const auto game = parse_game("welter");
  EXPECT_THROW(parse_position(*game, "3,5,3"), SpecError);  // two coins on one square
  EXPECT_THROW(parse_position(*game, "9223372036854775808"), SpecError);
  // Huge squares: the value by the formula, the options refused rather than listed.
  const Position p = parse_position(*game, "3,9223372036854775806");
  EXPECT_EQ(*game->formula_value(p), (3 ^ std::uint64_t{9223372036854775806u}) - 1);
  EXPECT_THROW(for_each_option(*game, p, [](std::span<const Position>) {}), ResourceError);
  OptionFunction ignore([](std::span<const Position>) {});
  EXPECT_THROW(game->formula_options_with_value(p, 0, 10, ignore), ResourceError);
}

}  // namespace
}  // namespace grundy
