// The corner game: its closed form against brute force on a wide board, and HDU 2147's rule.
#include <gtest/gtest.h>

#include "brute_force.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

TEST(Corner, FormulaMatchesBruteForce) {
  const auto game = parse_game("corner");
  test::BruteForce brute(*game);
  for (std::uint64_t x = 0; x <= 80; ++x) {
    for (std::uint64_t y = 0; y <= 80; ++y) {
      ASSERT_EQ(*game->formula_value({x, y}), brute.value({x, y})) << x << "," << y;
    }
  }
}

TEST(Corner, KikiWinsUnlessBothSidesAreOdd) {
  // HDU 2147: the coin starts top-right on an n x m board (corner:m-1,n-1); the first player
  // loses exactly when n and m are both odd.
  const auto game = parse_game("corner");
  for (std::uint64_t n = 1; n <= 50; ++n) {
    for (std::uint64_t m = 1; m <= 50; ++m) {
      EXPECT_EQ(*game->formula_value({m - 1, n - 1}) == 0, n % 2 == 1 && m % 2 == 1);
    }
  }
  EXPECT_EQ(*game->formula_value({kMaxCoordinate, kMaxCoordinate - 1}), 1u);
  EXPECT_EQ(*game->formula_value({kMaxCoordinate - 1, kMaxCoordinate}), 1u);
  EXPECT_EQ(*game->formula_value({kMaxCoordinate, kMaxCoordinate}), 2u);
  EXPECT_EQ(*game->formula_value({kMaxCoordinate - 1, 3}), 3u);  // the odd side is shorter
}

}  // namespace
}  // namespace grundy
