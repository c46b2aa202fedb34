// The multiplication game: the step computation against plain recursion over positions, the
// winning moves, the spec and its errors.
#include <gtest/gtest.h>

#include <map>
#include <random>
#include <set>
#include <string>

#include "grundy/core/error.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

/// g(p) by recursion over the positions p·k themselves (no compression, no steps).
class ReferenceMultiply {
 public:
  ReferenceMultiply(std::uint64_t a, std::uint64_t b, std::uint64_t n) : a_(a), b_(b), n_(n) {}
  Value value(std::uint64_t p) {
    if (p >= n_) return 0;
    if (auto it = memo_.find(p); it != memo_.end()) return it->second;
    std::set<Value> seen;
    for (std::uint64_t k = a_; k <= b_; ++k) seen.insert(value(p * k));
    Value g = 0;
    while (seen.contains(g)) ++g;
    return memo_[p] = g;
  }

 private:
  std::uint64_t a_, b_, n_;
  std::map<std::uint64_t, Value> memo_;
};

std::string spec(std::uint64_t a, std::uint64_t b, std::uint64_t n) {
  return "multiply(" + std::to_string(a) + ".." + std::to_string(b) + "," + std::to_string(n) + ")";
}

TEST(Multiply, ValuesMatchRecursionOverPositions) {
  std::mt19937_64 rng(1517);
  for (int round = 0; round < 150; ++round) {
    const std::uint64_t a = 2 + rng() % 11;
    const std::uint64_t widths[] = {0, 1, 2, 5, 20, 60};
    const std::uint64_t b = a + widths[rng() % 6];
    const std::uint64_t n = 1 + rng() % 20000;
    SCOPED_TRACE(spec(a, b, n));
    const auto game = parse_game(spec(a, b, n));
    ReferenceMultiply reference(a, b, n);
    for (std::uint64_t p = 1; p <= n + 3; p += 1 + p / 50) {
      ASSERT_EQ(*game->formula_value({p, 0}), reference.value(p)) << "p = " << p;
    }
  }
}

TEST(Multiply, StanAndOllie) {
  // HDU 1517 (2..9 from p = 1, Stan first): Stan wins iff g(1) != 0. By hand: with N <= 9 one
  // move wins; for 10..18 every move leaves a product in 2..9 from which the opponent reaches N.
  for (std::uint64_t n = 2; n <= 9; ++n)
    EXPECT_NE(*parse_game(spec(2, 9, n))->formula_value({1, 0}), 0u);
  for (std::uint64_t n = 10; n <= 18; ++n)
    EXPECT_EQ(*parse_game(spec(2, 9, n))->formula_value({1, 0}), 0u);
  // The known pattern of the outcome: Stan loses iff 9·18^j < N <= 18^(j+1).
  std::uint64_t lose_from = 9, lose_to = 18;
  for (std::uint64_t n : {162ULL, 163ULL, 324ULL, 2916ULL, 2917ULL, 34012226ULL, 4294967295ULL,
                          1024819115206086201ULL}) {
    while (n > lose_to) lose_from *= 18, lose_to *= 18;
    const bool stan_loses = n > lose_from && n <= lose_to;
    EXPECT_EQ(*parse_game(spec(2, 9, n))->formula_value({1, 0}) == 0, stan_loses) << n;
  }
}

TEST(Multiply, WinningMovesAreThoseOfTheirValue) {
  const auto game = parse_game("multiply(2..9,1000)");
  ReferenceMultiply reference(2, 9, 1000);
  for (std::uint64_t p = 1; p < 1010; ++p) {
    for (Value target = 0; target < 5; ++target) {
      std::vector<std::uint64_t> given;
      OptionFunction collect([&](std::span<const Position> parts) {
        ASSERT_EQ(parts.size(), 1u);
        given.push_back(parts[0].x);
      });
      const auto count = game->formula_options_with_value({p, 0}, target, 3, collect);
      std::vector<std::uint64_t> expected;
      if (p < 1000) {
        for (std::uint64_t k = 2; k <= 9; ++k) {
          if (reference.value(p * k) == target) expected.push_back(p * k);
        }
      }
      ASSERT_TRUE(count.has_value());
      EXPECT_EQ(*count, expected.size()) << p << " " << target;
      expected.resize(std::min<std::size_t>(expected.size(), 3));
      EXPECT_EQ(given, expected) << p << " " << target;  // the smallest, in increasing order
    }
  }
}

TEST(Multiply, WideRangesAndHugeTargetsNeedNoEnumeration) {
  // Neither the range nor the positions are enumerated: the values come from a few dozen steps.
  // The listing agrees with the values of the options, found here one by one.
  const auto game = parse_game("multiply(2..1000000,9000000000000)");  // (N-1)·b < 2^63
  for (std::uint64_t p : {1ULL, 7ULL, 123456789ULL}) {
    for (Value target = 0; target < 4; ++target) {
      std::uint64_t expected = 0;
      std::vector<std::uint64_t> first;
      for (std::uint64_t k = 2; k <= 1000000; ++k) {
        if (*game->formula_value({p * k, 0}) != target) continue;
        ++expected;
        if (first.size() < 5) first.push_back(p * k);
      }
      std::vector<std::uint64_t> given;
      OptionFunction collect([&](std::span<const Position> parts) { given.push_back(parts[0].x); });
      EXPECT_EQ(game->formula_options_with_value({p, 0}, target, 5, collect), expected);
      EXPECT_EQ(given, first);
    }
  }
}

TEST(Multiply, SpecErrors) {
  EXPECT_EQ(parse_game("multiply(2..9,100)")->name(), "multiply(2..9,100)");
  EXPECT_EQ(parse_game("multiply( 2..9 , 100 )")->name(), "multiply(2..9,100)");
  for (const char* bad :
       {"multiply(1..9,100)", "multiply(0..9,100)", "multiply(9..2,100)", "multiply(2..9)",
        "multiply(2,100)", "multiply(2..9,0)", "multiply", "multiply()", "multiply(2..9,100,3)",
        "multiply(2..9,9223372036854775807)", "multiply(2..,100)"}) {
    EXPECT_THROW(parse_game(bad), SpecError) << bad;
  }
}

TEST(Multiply, ZeroIsNotAPosition) {
  const auto game = parse_game("multiply(2..9,100)");
  EXPECT_THROW(parse_position(*game, "0"), SpecError);
  EXPECT_EQ(parse_position(*game, "1"), (Position{1, 0}));
  EXPECT_EQ(*game->formula_value({100, 0}), 0u);  // p >= N: over
  EXPECT_EQ(*game->formula_value({kMaxCoordinate, 0}), 0u);
  EXPECT_THROW(game->formula_value({0, 0}), Error);
}

}  // namespace
}  // namespace grundy
