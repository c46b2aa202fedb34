#include <gtest/gtest.h>

#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

std::vector<std::uint64_t> removals(const std::string& spec, std::uint64_t n) {
  const auto game = parse_game(spec);
  std::vector<std::uint64_t> out;
  for_each_option(*game, Position{n, 0}, [&](std::span<const Position> parts) {
    out.push_back(n - (parts.empty() ? 0 : parts[0].x));
  });
  return out;
}

std::size_t error_column(const std::string& spec) {
  try {
    parse_game(spec);
  } catch (const SpecError& e) {
    return e.column();
  }
  return 0;
}

TEST(Subtraction, CanonicalNames) {
  EXPECT_EQ(parse_game("sub(1..3)")->name(), "sub(1,2,3)");
  EXPECT_EQ(parse_game("sub(4, 1,3,3)")->name(), "sub(1,3,4)");
  EXPECT_EQ(parse_game("sub(1,fib)")->name(), "sub(fib)");
  EXPECT_EQ(parse_game("sub(4,pow2,7)")->name(), "sub(7,pow2)");
  EXPECT_EQ(parse_game("sub(1..5000)")->name(), "sub(1..5000)");
  EXPECT_EQ(parse_game("allbut(2,1)")->name(), "allbut(1,2)");
}

TEST(Subtraction, NamedSetsEnumerateInOrderWithoutRepeats) {
  EXPECT_EQ(removals("sub(fib)", 13), (std::vector<std::uint64_t>{1, 2, 3, 5, 8, 13}));
  EXPECT_EQ(removals("sub(pow2)", 20), (std::vector<std::uint64_t>{1, 2, 4, 8, 16}));
  EXPECT_EQ(removals("sub(squares)", 30), (std::vector<std::uint64_t>{1, 4, 9, 16, 25}));
  EXPECT_EQ(removals("sub(factorials)", 200), (std::vector<std::uint64_t>{1, 2, 6, 24, 120}));
  EXPECT_EQ(removals("sub(fib,squares,3..4)", 9),
            (std::vector<std::uint64_t>{1, 2, 3, 4, 5, 8, 9}));
  EXPECT_EQ(removals("allbut(2..3,5)", 7), (std::vector<std::uint64_t>{1, 4, 6, 7}));
}

TEST(Subtraction, LargeHeapsNearTheTop) {
  // The largest Fibonacci number below 2^63 is F(92) = 7540113804746346429.
  const auto fib = removals("sub(fib)", kMaxCoordinate);
  ASSERT_FALSE(fib.empty());
  EXPECT_EQ(fib.back(), 7540113804746346429ULL);
  EXPECT_EQ(removals("sub(pow2)", kMaxCoordinate).back(), std::uint64_t{1} << 62);
}

TEST(Subtraction, KnownValues) {
  // sub(pow2): every power of two is 1 or 2 mod 3, so g(n) = n mod 3.
  Evaluator pow2(parse_game("sub(pow2)"), Limits{});
  for (std::uint64_t n = 0; n < 300; ++n) EXPECT_EQ(pow2.value({n, 0}), n % 3);
  // Bash game sub(1..m): g(n) = n mod (m+1).
  Evaluator bash(parse_game("sub(1..4)"), Limits{});
  for (std::uint64_t n = 0; n < 300; ++n) EXPECT_EQ(bash.value({n, 0}), n % 5);
  // Take 1 or 3 (sub(1,3)): both removals are odd, so g(n) = n mod 2.
  Evaluator one_three(parse_game("sub(1,3)"), Limits{});
  for (std::uint64_t n = 0; n < 300; ++n) EXPECT_EQ(one_three.value({n, 0}), n % 2);
  // sub(2,3,7): 0 0 1 1 2 repeating (period 5 from 0).
  Evaluator s237(parse_game("sub(2,3,7)"), Limits{});
  const Value cycle[] = {0, 0, 1, 1, 2};
  for (std::uint64_t n = 0; n < 300; ++n) EXPECT_EQ(s237.value({n, 0}), cycle[n % 5]);
}

TEST(Subtraction, BadSets) {
  EXPECT_EQ(error_column("sub()"), 5u);
  EXPECT_EQ(error_column("sub(  )"), 5u);
  EXPECT_EQ(error_column("sub(0)"), 5u);
  EXPECT_EQ(error_column("sub(1,)"), 7u);
  EXPECT_EQ(error_column("sub(5..3)"), 8u);
  EXPECT_EQ(error_column("sub(1,primes)"), 7u);
  EXPECT_EQ(error_column("sub"), 4u);
  EXPECT_EQ(error_column("sub(1,3"), 8u);
  EXPECT_EQ(error_column("allbut(fib)"), 8u);
  EXPECT_EQ(error_column("sub(99999999999999999999)"), 5u);
}

}  // namespace
}  // namespace grundy
