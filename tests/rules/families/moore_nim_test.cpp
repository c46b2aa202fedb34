// Moore's Nim_k: the table's values against a brute force over heap lists with its own move
// generator, and Moore's theorem on P-positions against both.
#include "grundy/rules/families/moore_nim.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <vector>

#include "brute_force.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

using Heaps = std::vector<std::uint64_t>;

/// Calls f(after) for every move of Nim_k from `heaps`: between 1 and k heaps lowered, each by
/// any positive amount (equal heaps apart).
void for_each_move(const Heaps& heaps, std::uint64_t k,
                   const std::function<void(const Heaps&)>& f) {
  Heaps after = heaps;
  std::function<void(std::size_t, std::uint64_t)> go = [&](std::size_t i, std::uint64_t lowered) {
    if (i == heaps.size()) {
      if (lowered > 0) f(after);
      return;
    }
    go(i + 1, lowered);
    if (lowered == k) return;
    for (std::uint64_t v = 0; v < heaps[i]; ++v) {
      after[i] = v;
      go(i + 1, lowered + 1);
    }
    after[i] = heaps[i];
  };
  go(0, 0);
}

/// g by the definition, over those moves.
Value moore_brute(Heaps heaps, std::uint64_t k, std::map<Heaps, Value>& memo) {
  std::sort(heaps.begin(), heaps.end());
  if (auto it = memo.find(heaps); it != memo.end()) return it->second;
  std::vector<Value> values;
  for_each_move(heaps, k,
                [&](const Heaps& after) { values.push_back(moore_brute(after, k, memo)); });
  return memo[heaps] = test::reference_mex(values);
}

std::string moore_text(const Heaps& heaps) {
  std::string t;
  for (std::uint64_t a : heaps) t += (t.empty() ? "" : ",") + std::to_string(a);
  return t;
}

TEST(MooreNim, TableAndTheoremMatchBruteForce) {
  for (std::uint64_t k = 1; k <= 3; ++k) {
    const auto game = parse_game("moore(" + std::to_string(k) + ")");
    Evaluator evaluator(game, Limits{});
    std::map<Heaps, Value> memo;
    std::size_t p_positions = 0;
    for (std::uint64_t code = 0; code < 6 * 6 * 6 * 6; ++code) {
      const Heaps heaps = {code % 6, code / 6 % 6, code / 36 % 6, code / 216};
      const Value expected = moore_brute(heaps, k, memo);
      SCOPED_TRACE("moore(" + std::to_string(k) + "):" + moore_text(heaps));
      ASSERT_EQ(evaluator.value(parse_position(*game, moore_text(heaps))), expected);
      ASSERT_EQ(moore_is_p_position(heaps, k), expected == 0);
      p_positions += expected == 0;
    }
    EXPECT_GE(p_positions, 6u);  // for k = 3: the four heaps all equal
  }
}

TEST(MooreNim, TheoremOnLargerPositions) {
  // Five heaps up to 7 for k = 2 and 4: the theorem against brute force.
  for (std::uint64_t k : {2u, 4u}) {
    std::map<Heaps, Value> memo;
    for (std::uint64_t code = 0; code < 8 * 8 * 8 * 8 * 8; code += 29) {
      const Heaps heaps = {code % 8, code / 8 % 8, code / 64 % 8, code / 512 % 8, code / 4096};
      ASSERT_EQ(moore_is_p_position(heaps, k), moore_brute(heaps, k, memo) == 0)
          << k << ": " << moore_text(heaps);
    }
  }
}

/// The distinct positions (largest first, no empty heap) a move of Nim_k leads to from `heaps`
/// that are P-positions by the brute force.
std::set<Heaps> brute_moves_to_p(const Heaps& heaps, std::uint64_t k,
                                 std::map<Heaps, Value>& memo) {
  std::set<Heaps> out;
  for_each_move(heaps, k, [&](const Heaps& after) {
    if (moore_brute(after, k, memo) != 0) return;
    Heaps q = after;
    std::sort(q.rbegin(), q.rend());
    while (!q.empty() && q.back() == 0) q.pop_back();
    out.insert(q);
  });
  return out;
}

TEST(MooreNim, MovesToPPositionsByTheTheoremAreExactlyTheBruteForces) {
  for (std::uint64_t k = 1; k <= 3; ++k) {
    std::map<Heaps, Value> memo;
    for (std::uint64_t code = 0; code < 7 * 7 * 7 * 7; ++code) {
      const Heaps heaps = {code % 7, code / 7 % 7, code / 49 % 7, code / 343};
      SCOPED_TRACE("moore(" + std::to_string(k) + "):" + moore_text(heaps));
      std::vector<Heaps> listed;
      const std::uint64_t count =
          moore_moves_to_p_positions(heaps, k, 1000, [&](const Heaps& q) { listed.push_back(q); });
      const std::set<Heaps> expected = brute_moves_to_p(heaps, k, memo);
      ASSERT_EQ(count, expected.size());
      ASSERT_EQ(std::set<Heaps>(listed.begin(), listed.end()), expected);
      ASSERT_TRUE(std::is_sorted(listed.begin(), listed.end()));
      // From an N-position a move to a P-position exists (the theorem's other half).
      ASSERT_EQ(expected.empty(), moore_is_p_position(heaps, k));
    }
  }
}

TEST(MooreNim, MovesToPPositionsOfHugeHeapsAndTheBounds) {
  const Heaps heaps = {1000000000000, 77777777777, 123456789, 5, 4611686018427387904};
  std::vector<Heaps> listed;
  const std::uint64_t count =
      moore_moves_to_p_positions(heaps, 3, 5, [&](const Heaps& q) { listed.push_back(q); });
  ASSERT_NE(count, kNotCounted);
  ASSERT_GT(count, 0u);
  EXPECT_EQ(listed.size(), std::min<std::uint64_t>(count, 5));
  for (const Heaps& q : listed) EXPECT_TRUE(moore_is_p_position(q, 3)) << moore_text(q);
  // Past the bound on distinct results the count is not given, but the moves found are.
  listed.clear();
  const Heaps many = {1000, 1000, 999, 1023, 700, 555};
  EXPECT_EQ(moore_moves_to_p_positions(
                many, 3, 10, [&](const Heaps& q) { listed.push_back(q); }, 3),
            kNotCounted);
  EXPECT_FALSE(listed.empty());
  for (const Heaps& q : listed) EXPECT_TRUE(moore_is_p_position(q, 3)) << moore_text(q);
}

TEST(MooreNim, PositionsAreMultisets) {
  const auto game = parse_game("moore(2)");
  EXPECT_EQ(parse_position(*game, "3,0,5,1"), parse_position(*game, "5,3,1"));
  EXPECT_EQ(game->format_position(parse_position(*game, "1,5,0,3")), "5,3,1");
  EXPECT_EQ(game->format_position(parse_position(*game, "0,0")), "0");
}

TEST(MooreNim, BeyondTheTableOnlyPPositionsAreAnswered) {
  const auto game = parse_game("moore(2)");
  // 1000, 1000, 1000: each binary digit is in 0 or 3 heaps, a P-position by the theorem.
  EXPECT_EQ(*game->formula_value(parse_position(*game, "1000,1000,1000")), 0u);
  EXPECT_EQ(*game->formula_value(parse_position(*game,
                                                "9223372036854775807,9223372036854775807,"
                                                "9223372036854775807")),
            0u);
  try {
    (void)game->formula_value(parse_position(*game, "1000,1000,999"));
    FAIL() << "a value beyond the table was given";
  } catch (const ResourceError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos);
    EXPECT_NE(message.find("moore(2):1000,1000,999"), std::string::npos) << message;
    EXPECT_NE(message.find("first-player win"), std::string::npos) << message;
  }
  // Nim_1 is Nim: any size.
  const auto nim = parse_game("moore(1)");
  EXPECT_EQ(*nim->formula_value(parse_position(*nim, "1000000000000,3")), 1000000000000u ^ 3u);
}

TEST(MooreNim, BadSpecsAreRefused) {
  EXPECT_THROW(parse_game("moore"), SpecError);
  EXPECT_THROW(parse_game("moore(0)"), SpecError);
  EXPECT_THROW(parse_game("moore(100000)"), SpecError);
}

}  // namespace
}  // namespace grundy
