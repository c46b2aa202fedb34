// The bit-count game: the value table against literal enumeration, the published table, the
// count and the listing of winning moves, and its spec and positions.
#include <gtest/gtest.h>

#include <bit>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "brute_force.hpp"
#include "grundy/core/error.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

/// G(0..max_bits) for k picks by enumerating every multiset of k classes below b (the source
/// document's algorithm, with a set instead of its fixed array).
std::vector<Value> reference_table(unsigned k, unsigned max_bits) {
  std::vector<Value> g{0};
  for (unsigned b = 1; b <= max_bits; ++b) {
    std::set<Value> reached;
    std::function<void(unsigned, unsigned, Value)> pick = [&](unsigned left, unsigned from,
                                                              Value x) {
      if (left == 0) {
        reached.insert(x);
        return;
      }
      for (unsigned j = from; j < b; ++j) pick(left - 1, j, x ^ g[j]);
    };
    pick(k, 0, 0);
    Value m = 0;
    while (reached.contains(m)) ++m;
    g.push_back(m);
  }
  return g;
}

Value value_of(const Game& game, std::uint64_t x) {
  return *game.formula_value(Position{x, 0});
}

TEST(BitCount, TableMatchesEnumerationOfMultisets) {
  for (unsigned k = 1; k <= 7; ++k) {
    SCOPED_TRACE("k = " + std::to_string(k));
    const auto game = parse_game("bitcount(" + std::to_string(k) + ")");
    const std::vector<Value> reference = reference_table(k, k <= 3 ? 40 : 18);
    for (unsigned b = 0; b < reference.size(); ++b) {
      const std::uint64_t x = b == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << b) - 1;
      EXPECT_EQ(value_of(*game, x), reference[b]) << b << " one-bits";
    }
  }
}

TEST(BitCount, SevenPicksUpTo64Bits) {
  // The table the source document prints, with correct values: its array of 2^20 flags is too
  // small from 38 one-bits on. First and last entries as given in the issue.
  const auto game = parse_game("bitcount(7)");
  EXPECT_EQ(value_of(*game, 1), 1u);
  EXPECT_EQ(value_of(*game, 3), 2u);
  EXPECT_EQ(value_of(*game, ~std::uint64_t{0}), 23734709u);
  // Powers of two up to 8 bits (every subset within reach); at 38 bits the value is 2^20, one
  // past the last index of the source's array.
  for (unsigned b = 1; b <= 8; ++b) {
    EXPECT_EQ(value_of(*game, (std::uint64_t{1} << b) - 1), Value{1} << (b - 1));
  }
  EXPECT_LT(value_of(*game, (std::uint64_t{1} << 37) - 1), Value{1} << 20);
  EXPECT_EQ(value_of(*game, (std::uint64_t{1} << 38) - 1), Value{1} << 20);
}

TEST(BitCount, ValueDependsOnlyOnTheOneBits) {
  const auto game = parse_game("bitcount(7)");
  EXPECT_EQ(value_of(*game, 0b1011), value_of(*game, 0b111));
  EXPECT_EQ(value_of(*game, 12345), value_of(*game, 0b111111));  // 12345 has 6 one-bits
  EXPECT_EQ(value_of(*game, std::uint64_t{1} << 63), 1u);
}

TEST(BitCount, EnoughPicksReachEverySubset) {
  // With k >= b - 1 the values so far span every number below 2^(b-1): G(b) = 2^(b-1).
  const auto game = parse_game("bitcount(63)");
  for (unsigned b = 1; b <= 64; ++b) {
    const std::uint64_t x = b == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << b) - 1;
    EXPECT_EQ(value_of(*game, x), Value{1} << (b - 1)) << b;
  }
}

TEST(BitCount, TablesPastTheMemoryAreRefusedAtOnce) {
  // k = 40: past 41 one-bits the bitsets would need 2^41 bits per pick count.
  const auto game = parse_game("bitcount(40)");
  EXPECT_EQ(value_of(*game, (std::uint64_t{1} << 41) - 1), Value{1} << 40);
  EXPECT_THROW(value_of(*game, ~std::uint64_t{0}), ResourceError);
  EXPECT_EQ(value_of(*game, 7), 4u);  // still usable
}

TEST(BitCount, OptionsAreTheMultisetsOfProperSubsets) {
  // x = 0b101: proper subsets 0, 1, 4; two picks: {0,0} {0,1} {0,4} {1,1} {1,4} {4,4}.
  const auto game = parse_game("bitcount(2)");
  std::vector<std::vector<Position>> got;
  for_each_option(*game, Position{5, 0}, [&](std::span<const Position> parts) {
    got.emplace_back(parts.begin(), parts.end());
  });
  const std::vector<std::vector<Position>> expected{
      {}, {{1, 0}}, {{4, 0}}, {{1, 0}, {1, 0}}, {{1, 0}, {4, 0}}, {{4, 0}, {4, 0}}};
  EXPECT_EQ(got, expected);
}

TEST(BitCount, BruteForceOnFourAndFiveBits) {
  // The generic suite stops at 3 one-bits; go further where the options stay few.
  for (const char* spec : {"bitcount(1)", "bitcount(2)", "bitcount(3)"}) {
    const auto game = parse_game(spec);
    test::BruteForce brute(*game);
    for (std::uint64_t x : {15u, 23u, 0b11110000u, 31u}) {
      EXPECT_EQ(value_of(*game, x), brute.value({x, 0})) << spec << " " << x;
    }
  }
}

/// The options of x with the given value, counted by walking every class-count vector
/// (c_0, ..., c_{b-1}) with sum k and weighing it by the product of multichoose(C(b, j), c_j).
std::uint64_t count_by_class_vectors(const Game& game, std::uint64_t x, unsigned k, Value target) {
  const unsigned b = static_cast<unsigned>(std::popcount(x));
  auto binomial = [](std::uint64_t n, std::uint64_t j) {
    std::uint64_t r = 1;
    for (std::uint64_t i = 1; i <= j; ++i) r = r * (n - j + i) / i;
    return r;
  };
  std::vector<Value> g(b);
  for (unsigned j = 0; j < b; ++j) g[j] = value_of(game, (std::uint64_t{1} << j) - 1);
  std::uint64_t total = 0;
  std::function<void(unsigned, unsigned, Value, std::uint64_t)> walk =
      [&](unsigned j, unsigned left, Value xor_value, std::uint64_t ways) {
        if (j == b) {
          if (left == 0 && xor_value == target) total += ways;
          return;
        }
        for (unsigned c = 0; c <= left; ++c) {
          walk(j + 1, left - c, (c % 2 == 1) ? xor_value ^ g[j] : xor_value,
               ways * binomial(binomial(b, j) + c - 1, c));
        }
      };
  walk(0, k, 0, 1);
  return total;
}

TEST(BitCount, WinningMoveCountsMatchClassVectors) {
  const auto game = parse_game("bitcount(7)");
  for (std::uint64_t x : {12345ULL, 0b1111111ULL, 0b101010101ULL, 0x1FFULL}) {
    for (Value target : {Value{0}, Value{1}, Value{3}, Value{35}, Value{100}, Value{255}}) {
      std::uint64_t given = 0;
      OptionFunction count_given([&](std::span<const Position>) { ++given; });
      const auto count = game->formula_options_with_value({x, 0}, target, 50, count_given);
      ASSERT_TRUE(count.has_value());
      EXPECT_EQ(*count, count_by_class_vectors(*game, x, 7, target)) << x << " " << target;
      EXPECT_EQ(given, std::min<std::uint64_t>(*count, 50));
    }
  }
}

TEST(BitCount, ListedMovesOfHugeNumbersHaveTheTargetValue) {
  const auto game = parse_game("bitcount(7)");
  const std::uint64_t x = ~std::uint64_t{0};
  for (Value target : {Value{0}, Value{5}, Value{23734708}, Value{1} << 24}) {
    std::set<std::vector<Position>> seen;
    OptionFunction check([&](std::span<const Position> parts) {
      EXPECT_LE(parts.size(), 7u);
      EXPECT_TRUE(std::is_sorted(parts.begin(), parts.end()));
      Value v = 0;
      for (const Position& part : parts) {
        EXPECT_NE(part.x, 0u);
        EXPECT_EQ(part.x & ~x, 0u);
        EXPECT_NE(part.x, x);
        v ^= value_of(*game, part.x);
      }
      EXPECT_EQ(v, target);
      EXPECT_TRUE(seen.emplace(parts.begin(), parts.end()).second);
    });
    const auto count = game->formula_options_with_value({x, 0}, target, 30, check);
    ASSERT_TRUE(count.has_value());
    // About 2^64·63/7! multisets per reachable value: far more than 64 bits hold.
    if (target < 23734709) {
      EXPECT_EQ(*count, kTooManyToCount) << target;
      EXPECT_EQ(seen.size(), 30u);
    }
  }
  // Values above every XOR of the table are reached by no option.
  std::uint64_t none_given = 0;
  OptionFunction none([&](std::span<const Position>) { ++none_given; });
  EXPECT_EQ(game->formula_options_with_value({x, 0}, Value{1} << 40, 10, none), 0u);
  EXPECT_EQ(none_given, 0u);
}

TEST(BitCount, SpecAndPositions) {
  EXPECT_EQ(parse_game("bitcount(7)")->name(), "bitcount(7)");
  EXPECT_EQ(parse_game("bitcount( 07 )")->name(), "bitcount(7)");
  EXPECT_THROW(parse_game("bitcount(0)"), SpecError);
  EXPECT_THROW(parse_game("bitcount"), SpecError);
  EXPECT_THROW(parse_game("bitcount()"), SpecError);
  EXPECT_THROW(parse_game("bitcount(1001)"), SpecError);
  EXPECT_THROW(parse_game("bitcount(-1)"), SpecError);
  const auto game = parse_game("bitcount(7)");
  EXPECT_EQ(parse_position(*game, "18446744073709551615"), (Position{~std::uint64_t{0}, 0}));
  EXPECT_EQ(game->format_position({~std::uint64_t{0}, 0}), "18446744073709551615");
  EXPECT_THROW(parse_position(*game, "18446744073709551616"), SpecError);
}

}  // namespace
}  // namespace grundy
