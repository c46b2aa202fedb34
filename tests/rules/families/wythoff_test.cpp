// Wythoff's game: the exact theorem against the Grundy table and against its own definition,
// the moves to P-positions, positions.
#include "grundy/rules/families/wythoff.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <set>
#include <vector>

#include "brute_force.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/solve/grid_solver.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

TEST(Wythoff, FirstPPositions) {
  // (a_k, b_k) for k = 0..9, Winning Ways ch. 3.
  const std::uint64_t a[] = {0, 1, 3, 4, 6, 8, 9, 11, 12, 14};
  const std::uint64_t b[] = {0, 2, 5, 7, 10, 13, 15, 18, 20, 23};
  for (std::uint64_t k = 0; k < 10; ++k) {
    EXPECT_EQ(wythoff::lower(k), a[k]);
    EXPECT_EQ(wythoff::partner(a[k]), b[k]);
    EXPECT_EQ(wythoff::partner(b[k]), a[k]);
  }
}

TEST(Wythoff, LowerIsFloorOfKPhi) {
  // a_k = floor(k·φ) iff 2a_k - k <= k·√5 < 2a_k + 2 - k, checked by squaring in 128 bits
  // (a different computation from the one under test), near 0, at random, and at the top.
  auto check = [](std::uint64_t k) {
    const uint128 a = wythoff::lower(k);
    const uint128 five_k2 = uint128{5} * k * k;
    ASSERT_GE(2 * a, uint128{k});
    const uint128 low = 2 * a - k;
    const uint128 high = 2 * a + 2 - k;
    EXPECT_LE(low * low, five_k2) << static_cast<std::uint64_t>(k);
    EXPECT_LT(five_k2, high * high) << static_cast<std::uint64_t>(k);
  };
  for (std::uint64_t k = 0; k < 100000; ++k) check(k);
  std::mt19937_64 rng(1907);
  for (int i = 0; i < 100000; ++i) check(rng() >> (1 + rng() % 40));  // up to 2^63 - 1
  check(std::uint64_t{1} << 62);
  check(kMaxCoordinate / 3);
  // And agrees with floating point where that is exact enough.
  const long double phi = (1.0L + std::sqrt(5.0L)) / 2.0L;
  for (std::uint64_t k = 0; k < 100000; ++k) {
    EXPECT_EQ(wythoff::lower(k), static_cast<std::uint64_t>(std::floor(k * phi)));
  }
}

TEST(Wythoff, PartnersPartitionThePositiveIntegers) {
  // Beatty: every v >= 1 is a_j or b_j for exactly one j; its partner's partner is v.
  std::vector<int> seen(200001, 0);
  for (std::uint64_t k = 1; wythoff::lower(k) <= 200000; ++k) {
    ++seen[wythoff::lower(k)];
    if (wythoff::lower(k) + k <= 200000) ++seen[wythoff::lower(k) + k];
  }
  for (std::uint64_t v = 1; v <= 150000; ++v) {
    ASSERT_EQ(seen[v], 1) << v;
    EXPECT_EQ(wythoff::partner(wythoff::partner(v)), v);
  }
  std::mt19937_64 rng(3);
  for (int i = 0; i < 100000; ++i) {
    const std::uint64_t v = rng() >> 2;  // below 2^62: its partner fits the coordinates
    const std::uint64_t w = wythoff::partner(v);
    EXPECT_EQ(wythoff::partner(w), v) << v;
    const std::uint64_t lo = std::min(v, w);
    EXPECT_EQ(wythoff::lower(std::max(v, w) - lo), lo) << v;  // b_k - a_k = k
  }
}

TEST(Wythoff, TheoremMatchesTheGrundyTable) {
  constexpr std::uint64_t kSize = 300;
  Evaluator evaluator(parse_game("wythoff"), Limits{});
  for (std::uint64_t x = 0; x <= kSize; ++x) {
    for (std::uint64_t y = 0; y <= kSize; ++y) {
      ASSERT_EQ(evaluator.value({x, y}) == 0, wythoff::is_p_position(x, y)) << x << "," << y;
    }
  }
}

TEST(Wythoff, TableMatchesBruteForceAndKnownRows) {
  const auto game = parse_game("wythoff");
  GridSolver grid(*game, Limits{});
  test::BruteForce brute(*game);
  for (std::uint64_t x = 0; x <= 40; ++x) {
    for (std::uint64_t y = 0; y <= 40; ++y) {
      ASSERT_EQ(grid.value({x, y}), brute.value({x, y})) << x << "," << y;
    }
  }
  // Row 0 is Nim; row 1 runs 1 2 0 4 5 3 7 8 6 ... (Winning Ways ch. 3).
  const Value row1[] = {1, 2, 0, 4, 5, 3, 7, 8, 6, 10, 11, 9};
  for (std::uint64_t y = 0; y < 12; ++y) {
    EXPECT_EQ(grid.value({0, y}), y);
    EXPECT_EQ(grid.value({1, y}), row1[y]);
    EXPECT_EQ(grid.value({y, 1}), row1[y]);
  }
}

TEST(Wythoff, MovesToPPositionsMatchEnumeration) {
  const auto game = parse_game("wythoff");
  for (std::uint64_t x = 0; x <= 120; ++x) {
    for (std::uint64_t y = 0; y <= 120; ++y) {
      std::set<Position> expected;
      for_each_option(*game, {x, y}, [&](std::span<const Position> parts) {
        if (wythoff::is_p_position(parts[0].x, parts[0].y)) expected.insert(parts[0]);
      });
      std::vector<Position> given;
      OptionFunction collect([&](std::span<const Position> parts) { given.push_back(parts[0]); });
      const auto count = game->formula_options_with_value({x, y}, 0, 10, collect);
      ASSERT_TRUE(count.has_value());
      EXPECT_EQ(*count, expected.size()) << x << "," << y;
      EXPECT_EQ(std::set<Position>(given.begin(), given.end()), expected) << x << "," << y;
      EXPECT_TRUE(std::is_sorted(given.begin(), given.end()));
      // From an N-position there is always one; from a P-position never.
      EXPECT_EQ(expected.empty(), wythoff::is_p_position(x, y));
    }
  }
}

TEST(Wythoff, HugePositions) {
  const auto game = parse_game("wythoff");
  // (a_k, b_k) for k = 10^18, and one step off it.
  const std::uint64_t k = 1000000000000000000ULL;
  const std::uint64_t a = wythoff::lower(k);
  EXPECT_EQ(game->formula_is_p_position({a, a + k}), true);
  EXPECT_EQ(game->formula_is_p_position({a + k, a}), true);
  EXPECT_EQ(game->formula_is_p_position({a + 1, a + k + 1}), false);
  std::vector<Position> given;
  OptionFunction collect([&](std::span<const Position> parts) { given.push_back(parts[0]); });
  const auto off = game->formula_options_with_value({a + 1, a + k + 1}, 0, 10, collect);
  ASSERT_TRUE(off.has_value());
  EXPECT_EQ(*off, given.size());
  EXPECT_NE(std::find(given.begin(), given.end(), Position{a, a + k}), given.end());
  for (const Position& p : given) EXPECT_TRUE(wythoff::is_p_position(p.x, p.y));
  // The largest coordinates.
  given.clear();
  const auto count =
      game->formula_options_with_value({kMaxCoordinate, kMaxCoordinate}, 0, 10, collect);
  ASSERT_TRUE(count.has_value());
  EXPECT_EQ(*count, given.size());
  for (const Position& p : given) EXPECT_TRUE(wythoff::is_p_position(p.x, p.y));
  // Grundy values need a table: far too large here, refused at once.
  Evaluator evaluator(game, Limits{});
  EXPECT_THROW(evaluator.value({a, a + k}), ResourceError);
}

TEST(Wythoff, Positions) {
  const auto game = parse_game("wythoff");
  EXPECT_EQ(parse_position(*game, "3,5"), (Position{3, 5}));
  EXPECT_EQ(parse_position(*game, "3 , 5"), (Position{3, 5}));
  EXPECT_EQ(game->format_position({5, 3}), "5,3");
  EXPECT_THROW(parse_position(*game, "3"), SpecError);
  EXPECT_THROW(parse_position(*game, "3,"), SpecError);
  EXPECT_THROW(parse_position(*game, "3,5,7"), SpecError);
  EXPECT_THROW(parse_position(*game, "3x5"), SpecError);
  EXPECT_THROW(parse_position(*game, "3,9223372036854775808"), SpecError);
}

}  // namespace
}  // namespace grundy
