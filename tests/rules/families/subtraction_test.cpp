#include "grundy/rules/families/subtraction.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "brute_force.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/dense_solver.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/spec/parser.hpp"
#include "sanitizer_build.hpp"

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

std::size_t spec_error_column(const std::string& spec) {
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

/// A random set spec: a few ranges and singletons below `top`, sometimes a named set.
std::string random_set(std::mt19937_64& rng, std::uint64_t top, bool named) {
  std::string spec;
  const int parts = 1 + static_cast<int>(rng() % 4);
  for (int i = 0; i < parts; ++i) {
    const std::uint64_t lo = 1 + rng() % top;
    const std::uint64_t hi = rng() % 2 ? lo : lo + rng() % 12;
    spec += (spec.empty() ? "" : ",") + std::to_string(lo);
    if (hi != lo) spec += ".." + std::to_string(hi);
  }
  if (named) {
    const char* names[] = {"fib", "pow2", "squares", "factorials"};
    spec += std::string(",") + names[rng() % 4];
  }
  return spec;
}

TEST(Subtraction, BashGameByFormula) {
  // sub(1..m) is Bash's game: g(n) = n mod (m + 1) by the residue theorem, with no table.
  const auto bash = parse_game("sub(1..100000)");
  EXPECT_EQ(bash->formula_value({300000, 0}), Value{300000 % 100001});
  EXPECT_EQ(bash->formula_value({kMaxCoordinate, 0}), Value{kMaxCoordinate % 100001});
  EXPECT_EQ(parse_game("sub(1)")->formula_value({7, 0}), Value{1});
  // The whole range of heaps: q = 2^63, so g(n) = n.
  EXPECT_EQ(parse_game("sub(1..9223372036854775807)")->formula_value({kMaxCoordinate - 5, 0}),
            Value{kMaxCoordinate - 5});
  // Other residue sets: 1..q-1 and no multiple of q.
  EXPECT_EQ(parse_game("sub(1,2,4,5,7)")->formula_value({10, 0}), Value{1});
  EXPECT_EQ(parse_game("sub(1..4,6..9,11)")->formula_value({23, 0}), Value{3});
  EXPECT_EQ(parse_game("sub(1,2,pow2)")->formula_value({11, 0}), Value{2});  // q = 3
  // No formula where the theorem does not apply.
  EXPECT_FALSE(parse_game("sub(1..4,10)")->formula_value({23, 0}));  // 10 is a multiple of 5
  EXPECT_FALSE(parse_game("sub(2,3)")->formula_value({23, 0}));      // 1 is not in S
  EXPECT_FALSE(parse_game("sub(1,2,squares)")->formula_value({23, 0}));
  EXPECT_FALSE(parse_game("allbut(1,2)")->formula_value({23, 0}));
}

TEST(Subtraction, FormulaAgreesWithBruteForce) {
  std::mt19937_64 rng(11);
  int with_formula = 0;
  for (int round = 0; round < 400; ++round) {
    // Half the sets start with a range 1..L, where the residue theorem has a chance.
    std::string spec = random_set(rng, 30, rng() % 4 == 0);
    if (round % 2 == 0) spec = "1.." + std::to_string(1 + rng() % 6) + "," + spec;
    const auto game = parse_game("sub(" + spec + ")");
    if (!game->formula_value({0, 0})) continue;
    ++with_formula;
    test::BruteForce brute(*game);
    for (std::uint64_t n = 0; n < 150; ++n) {
      ASSERT_EQ(game->formula_value({n, 0}), brute.value({n, 0})) << game->name() << " " << n;
    }
  }
  EXPECT_GT(with_formula, 20);
}

TEST(Subtraction, FormulaOptionsAreTheOptionsOfThatValue) {
  // Named sets with no multiple of q below 2^63: pow2 for odd q, factorials for q with a prime
  // factor above 20, fib for 1001 (7, 11 and 13 first divide F(8), F(10), F(7), so 1001 first
  // divides F(280), far above 2^63).
  struct Case {
    const char* spec;
    std::uint64_t from, to;
  };
  for (const Case& c :
       {Case{"sub(1..4)", 0, 80}, Case{"sub(1,2,4,5,7..8,pow2)", 0, 80},
        Case{"sub(1..4,6..9,11)", 0, 80}, Case{"sub(1..22,24..45,factorials)", 0, 80},
        Case{"sub(1..1000,1500..1700,fib)", 950, 1200}}) {
    const char* spec = c.spec;
    const auto game = parse_game(spec);
    ASSERT_TRUE(game->formula_value({0, 0})) << spec;
    test::BruteForce brute(*game);
    for (std::uint64_t n = c.from; n < c.to; ++n) {
      for (Value t = 0; t < 12; ++t) {
        std::vector<std::uint64_t> expected;
        for_each_option(*game, Position{n, 0}, [&](std::span<const Position> parts) {
          const Position left = parts.empty() ? Position{} : parts[0];
          if (brute.value(left) == t) expected.push_back(left.x);
        });
        std::sort(expected.begin(), expected.end());
        for (std::size_t limit : {std::size_t{1000}, std::size_t{2}}) {
          std::vector<std::uint64_t> given;
          OptionFunction visit([&](std::span<const Position> parts) {
            given.push_back(parts.empty() ? 0 : parts[0].x);
          });
          const auto count = game->formula_options_with_value({n, 0}, t, limit, visit);
          ASSERT_TRUE(count);
          EXPECT_EQ(*count, expected.size()) << spec << " " << n << " " << t;
          // The heaps left come in increasing order, the first `limit` of them.
          const std::size_t shown = std::min(limit, expected.size());
          EXPECT_EQ(given, std::vector<std::uint64_t>(expected.begin(), expected.begin() + shown))
              << spec << " " << n << " " << t;
        }
      }
    }
  }
  // A huge heap: every option of value t, counted without listing them.
  const auto bash = parse_game("sub(1..1000000000000)");
  std::vector<std::uint64_t> given;
  OptionFunction visit([&](std::span<const Position> parts) { given.push_back(parts[0].x); });
  const std::uint64_t n = 5'000'000'000'000;  // n mod 10^12+1 = 10^12 - 4
  EXPECT_EQ(bash->formula_options_with_value({n, 0}, 7, 3, visit), 1u);
  EXPECT_EQ(given, (std::vector<std::uint64_t>{4'000'000'000'011}));
}

TEST(Subtraction, SlidingWindowsAgreeWithBruteForce) {
  // Ranges long enough for the windows, mixed with singletons and named sets, and all-but sets:
  // the dense table against plain recursion (a mex over every option).
  std::mt19937_64 rng(5);
  const std::uint64_t rounds = grundy_test::full_or_sanitized(300, 100);
  for (std::uint64_t round = 0; round < rounds; ++round) {
    std::string spec;
    if (round % 2 == 0) {
      spec = "allbut(" + random_set(rng, 25, false) + ")";
    } else {
      spec = "sub(" + std::to_string(1 + rng() % 20) + ".." + std::to_string(21 + rng() % 20) +
             "," + random_set(rng, 60, rng() % 3 == 0) + ")";
    }
    const auto game = parse_game(spec);
    DenseSolver solver(*game, Limits{});
    test::BruteForce brute(*game);
    solver.extend_to(200);
    for (std::uint64_t n = 0; n <= 200; ++n) {
      ASSERT_EQ(solver.values()[n], brute.value({n, 0})) << game->name() << " " << n;
    }
  }
}

TEST(Subtraction, AllButValuesGrow) {
  // allbut(1,2): the options of n are the heaps 0..n-3, so g(n) = mex g(0..n-3) = floor(n/3)
  // (induction: g(0..n-3) takes each value below floor(n/3) and none above).
  Evaluator evaluator(parse_game("allbut(1,2)"), Limits{});
  const std::vector<Position> far{{100000, 0}};
  evaluator.prepare(far);
  EXPECT_EQ(evaluator.value({100000, 0}), 33333u);
  EXPECT_EQ(evaluator.value({99999, 0}), 33333u);
  EXPECT_EQ(evaluator.value({99998, 0}), 33332u);
}

TEST(Subtraction, CountUpToIsTheNumberOfOptions) {
  for (const char* spec : {"allbut(1,2)", "allbut(2..4,7)", "sub(1,3,4)", "sub(1..5,9..12)"}) {
    const auto game = parse_game(spec);
    const SubtractionSet& set = *game->traits().subtraction;
    for (std::uint64_t n = 0; n < 40; ++n) {
      std::uint64_t options = 0;
      for_each_option(*game, Position{n, 0}, [&](std::span<const Position>) { ++options; });
      EXPECT_EQ(set.count_up_to(n), options) << spec << " " << n;
    }
  }
  EXPECT_EQ(parse_game("allbut(2..4,7)")->traits().subtraction->count_up_to(kMaxCoordinate),
            kMaxCoordinate - 4);
  EXPECT_FALSE(parse_game("sub(fib)")->traits().subtraction->count_up_to(10));
}

TEST(Subtraction, NamedSetCounts) {
  for (auto set : {SubtractionSet::Named::fib, SubtractionSet::Named::pow2,
                   SubtractionSet::Named::squares, SubtractionSet::Named::factorials}) {
    for (std::uint64_t up_to : {0ULL, 1ULL, 2ULL, 3ULL, 24ULL, 99ULL, 100ULL, 1000000ULL}) {
      EXPECT_EQ(named_set_count(set, up_to), named_set_elements(set, up_to).size()) << up_to;
    }
  }
  EXPECT_EQ(named_set_count(SubtractionSet::Named::squares, kMaxCoordinate), 3037000499u);
  EXPECT_EQ(named_set_count(SubtractionSet::Named::pow2, kMaxCoordinate), 63u);
}

/// Membership of the squares by the root, not by a walk (the spec harness's timeout: a walk to
/// 1.5*10^17 took 4*10^8 steps); membership agrees with the enumeration where both are cheap.
TEST(Subtraction, NamedSetMembership) {
  for (auto set : {SubtractionSet::Named::fib, SubtractionSet::Named::pow2,
                   SubtractionSet::Named::squares, SubtractionSet::Named::factorials}) {
    const std::vector<std::uint64_t> elements = named_set_elements(set, 5000);
    for (std::uint64_t v = 0; v <= 5000; ++v) {
      EXPECT_EQ(named_set_contains(set, v),
                std::find(elements.begin(), elements.end(), v) != elements.end())
          << v;
    }
  }
  const auto squares = SubtractionSet::Named::squares;
  const std::uint64_t root = 3037000499ULL;  // the largest square below 2^63 is root^2
  EXPECT_TRUE(named_set_contains(squares, root * root));
  EXPECT_FALSE(named_set_contains(squares, root * root - 1));
  EXPECT_FALSE(named_set_contains(squares, root * root + 1));
  EXPECT_FALSE(named_set_contains(squares, kMaxCoordinate));
  EXPECT_FALSE(named_set_contains(squares, 154279468449025956ULL));
  EXPECT_TRUE(named_set_contains(squares, 392784766ULL * 392784766ULL));
  // The spec that timed out now parses at once.
  EXPECT_EQ(parse_game("sub(squares,154279468449025956,392784766)")->name(),
            "sub(392784766,154279468449025956,squares)");
}

TEST(Subtraction, BadSets) {
  EXPECT_EQ(spec_error_column("sub()"), 5u);
  EXPECT_EQ(spec_error_column("sub(  )"), 5u);
  EXPECT_EQ(spec_error_column("sub(0)"), 5u);
  EXPECT_EQ(spec_error_column("sub(1,)"), 7u);
  EXPECT_EQ(spec_error_column("sub(5..3)"), 8u);
  EXPECT_EQ(spec_error_column("sub(1,primes)"), 7u);
  EXPECT_EQ(spec_error_column("sub"), 4u);
  EXPECT_EQ(spec_error_column("sub(1,3"), 8u);
  EXPECT_EQ(spec_error_column("allbut(fib)"), 8u);
  EXPECT_EQ(spec_error_column("sub(99999999999999999999)"), 5u);
}

}  // namespace
}  // namespace grundy
