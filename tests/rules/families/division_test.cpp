// Division games, div(D) (leave floor(n/k)) and subdiv(D) (take floor(n/k) away): the steps
// against the definition for every n to 10^6, against a memoised recursion over the heaps
// themselves at 10^18, and the spec, its canonical name and errors.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/rules/families/division_steps.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

/// g(0..n) by the definition, value by value: g(m) = mex { g(m / k) : k in D } for m >= 1.
std::vector<Value> brute_force(const std::vector<std::uint64_t>& divisors, std::uint64_t n) {
  std::vector<Value> g(n + 1, 0);
  std::vector<bool> seen;
  for (std::uint64_t m = 1; m <= n; ++m) {
    seen.assign(divisors.size() + 2, false);
    for (const std::uint64_t k : divisors) {
      if (g[m / k] < seen.size()) seen[g[m / k]] = true;
    }
    Value v = 0;
    while (seen[v]) ++v;
    g[m] = v;
  }
  return g;
}

/// g(n) by recursion over the heaps n / k themselves, memoised (no steps).
Value recursion(const std::vector<std::uint64_t>& divisors, std::uint64_t n,
                std::map<std::uint64_t, Value>& memo) {
  if (n == 0) return 0;
  if (auto it = memo.find(n); it != memo.end()) return it->second;
  std::set<Value> seen;
  for (const std::uint64_t k : divisors) seen.insert(recursion(divisors, n / k, memo));
  Value g = 0;
  while (seen.contains(g)) ++g;
  return memo[n] = g;
}

const std::vector<std::vector<std::uint64_t>> kSets = {
    {2}, {2, 3}, {2, 3, 4, 5, 6}, {3, 5, 7}, {2, 3, 4, 5, 6, 7, 8, 9}, {4, 9, 10}, {2, 1000}};

std::string spec(const std::vector<std::uint64_t>& divisors) {
  std::string s = "div(";
  for (std::size_t i = 0; i < divisors.size(); ++i) {
    s += (i ? "," : "") + std::to_string(divisors[i]);
  }
  return s + ")";
}

TEST(Division, StepsAgreeWithTheDefinitionForEveryHeapToAMillion) {
  constexpr std::uint64_t kTo = 1'000'000;
  for (const auto& divisors : kSets) {
    SCOPED_TRACE(spec(divisors));
    const std::vector<Value> expected = brute_force(divisors, kTo);
    const auto game = parse_game(spec(divisors));
    for (std::uint64_t n = 0; n <= kTo; ++n) {
      ASSERT_EQ(*game->formula_value({n, 0}), expected[n]) << n;
    }
    // The steps are maximal runs: consecutive steps differ.
    DivisionSteps steps(divisors);
    const auto& runs = steps.steps_to(kTo);
    for (std::size_t i = 1; i < runs.size(); ++i) {
      ASSERT_NE(runs[i].value, runs[i - 1].value);
      ASSERT_EQ(expected[runs[i].start], runs[i].value);
      ASSERT_NE(expected[runs[i].start - 1], runs[i].value);
    }
  }
}

TEST(Division, HugeHeapsAgreeWithTheRecursionOverHeaps) {
  // The heaps floor(n / (k1·k2·...)) a recursion visits are few: it reaches 10^18 directly.
  for (const auto& divisors : kSets) {
    SCOPED_TRACE(spec(divisors));
    const auto game = parse_game(spec(divisors));
    std::map<std::uint64_t, Value> memo;
    for (const std::uint64_t n :
         std::vector<std::uint64_t>{1000000000000000000, 999999999999999999, 123456789012345678,
                                    kMaxCoordinate, 4611686018427387904, 4611686018427387903}) {
      ASSERT_EQ(*game->formula_value({n, 0}), recursion(divisors, n, memo)) << n;
    }
  }
  // div(2..6) changes value only a few dozen times up to 10^18.
  DivisionSteps steps({2, 3, 4, 5, 6});
  EXPECT_LT(steps.steps_to(1000000000000000000ULL).size(), 100u);
}

TEST(Division, RunsAreTheValuesCompressed) {
  // formula_runs over ranges, against the brute force's values cut into maximal runs.
  const std::vector<std::uint64_t> divisors = {2, 3, 4, 5, 6};
  const std::vector<Value> g = brute_force(divisors, 20000);
  const auto game = parse_game(spec(divisors));
  for (const auto& [from, to] : std::vector<std::pair<std::uint64_t, std::uint64_t>>{
           {0, 0}, {0, 20000}, {5, 5}, {7, 11}, {6, 12000}, {11999, 20000}}) {
    std::vector<ValueRun> expected;
    for (std::uint64_t n = from; n <= to; ++n) {
      if (!expected.empty() && expected.back().value == g[n]) {
        expected.back().to = n;
      } else {
        expected.push_back({n, n, g[n]});
      }
    }
    EXPECT_EQ(game->formula_runs(from, to), expected) << from << ".." << to;
  }
}

TEST(Division, TheMultiplicationGameIsTheSameRecursionWithCeilings) {
  // multiply(a..b,N) from p has h(ceil(N/p)), and h(M) = g(M - 1) for div(a..b): ceil(M/k) - 1 =
  // floor((M - 1)/k). Two computations written apart, checked against each other.
  const auto division = parse_game("div(2..9)");
  for (const std::uint64_t n : std::vector<std::uint64_t>{
           2, 9, 10, 18, 19, 162, 163, 1000, 2917, 34012226, 4294967295, 1024819115206086201}) {
    const auto multiply = parse_game("multiply(2..9," + std::to_string(n) + ")");
    EXPECT_EQ(*multiply->formula_value({1, 0}), *division->formula_value({n - 1, 0})) << n;
  }
}

/// g(0..n) of subdiv(D) by the definition: g(m) = mex { g(m - m / k) : k in D, k <= m }.
std::vector<Value> brute_force_rest(const std::vector<std::uint64_t>& divisors, std::uint64_t n) {
  std::vector<Value> g(n + 1, 0);
  std::vector<bool> seen;
  for (std::uint64_t m = 1; m <= n; ++m) {
    seen.assign(divisors.size() + 2, false);
    for (const std::uint64_t k : divisors) {
      if (k <= m && g[m - m / k] < seen.size()) seen[g[m - m / k]] = true;
    }
    Value v = 0;
    while (seen[v]) ++v;
    g[m] = v;
  }
  return g;
}

Value recursion_rest(const std::vector<std::uint64_t>& divisors, std::uint64_t n,
                     std::map<std::uint64_t, Value>& memo) {
  if (auto it = memo.find(n); it != memo.end()) return it->second;
  std::set<Value> seen;
  for (const std::uint64_t k : divisors) {
    if (k <= n) seen.insert(recursion_rest(divisors, n - n / k, memo));
  }
  Value g = 0;
  while (seen.contains(g)) ++g;
  return memo[n] = g;
}

std::string rest_spec(const std::vector<std::uint64_t>& divisors) {
  return "sub" + spec(divisors);
}

const std::vector<std::vector<std::uint64_t>> kRestSets = {
    {2}, {2, 3}, {3, 5, 7}, {1, 3}, {2, 4}, {2, 3, 4, 5, 6}, {2, 1000}};

TEST(SubtractedDivision, StepsAgreeWithTheDefinitionForEveryHeapToAMillion) {
  constexpr std::uint64_t kTo = 1'000'000;
  for (const auto& divisors : kRestSets) {
    SCOPED_TRACE(rest_spec(divisors));
    const std::vector<Value> expected = brute_force_rest(divisors, kTo);
    const auto game = parse_game(rest_spec(divisors));
    for (std::uint64_t n = 0; n <= kTo; ++n) {
      ASSERT_EQ(*game->formula_value({n, 0}), expected[n]) << n;
    }
    DivisionSteps steps(divisors, DivisionLeave::rest);
    const auto& runs = steps.steps_to(kTo);
    for (std::size_t i = 1; i < runs.size(); ++i) {
      ASSERT_NE(runs[i].value, runs[i - 1].value);
      ASSERT_EQ(expected[runs[i].start], runs[i].value);
      ASSERT_NE(expected[runs[i].start - 1], runs[i].value);
    }
  }
}

TEST(SubtractedDivision, HugeHeapsAgreeWithTheRecursionOverHeaps) {
  // n - floor(n/k) shrinks n by a factor (k-1)/k only, so the recursion visits many heaps: the
  // sets whose runs stay few, where a recursion over heaps still reaches 10^18 (k = 1 takes all).
  for (const auto& divisors : std::vector<std::vector<std::uint64_t>>{{2}, {1, 2}, {2, 3}}) {
    SCOPED_TRACE(rest_spec(divisors));
    const auto game = parse_game(rest_spec(divisors));
    std::map<std::uint64_t, Value> memo;
    for (const std::uint64_t n : std::vector<std::uint64_t>{1000000000000000000, 999999999999999999,
                                                            123456789012345678, kMaxCoordinate}) {
      ASSERT_EQ(*game->formula_value({n, 0}), recursion_rest(divisors, n, memo)) << n;
    }
  }
  // subdiv(2,3) changes value a few dozen times up to 10^9, subdiv(2..6) tens of thousands of
  // times up to 10^7: the steps are no shortcut there, and past 10^6 changes they are refused.
  DivisionSteps few({2, 3}, DivisionLeave::rest);
  EXPECT_LT(few.steps_to(1000000000).size(), 100u);
  DivisionSteps many({2, 3, 4, 5, 6}, DivisionLeave::rest);
  EXPECT_EQ(many.steps_to(10000000).size(), 76143u);
  EXPECT_THROW(many.steps_to(1000000000, 100000), Error);
}

TEST(SubtractedDivision, OptionsAndSpec) {
  const auto game = parse_game("subdiv(6, 2..4, 3)");
  EXPECT_EQ(game->name(), "subdiv(2,3,4,6)");
  std::vector<std::vector<Position>> options;
  for_each_option(*game, {25, 0}, [&](std::span<const Position> parts) {
    options.emplace_back(parts.begin(), parts.end());
  });
  // 25 - 12 = 13, 25 - 8 = 17, 25 - 6 = 19, 25 - 4 = 21, increasing.
  const std::vector<std::vector<Position>> expected = {{{13, 0}}, {{17, 0}}, {{19, 0}}, {{21, 0}}};
  EXPECT_EQ(options, expected);
  options.clear();
  for_each_option(*game, {3, 0}, [&](std::span<const Position> parts) {
    options.emplace_back(parts.begin(), parts.end());
  });
  // Only k = 2 and 3 take a token from 3: 3 - 1 = 2 twice, once.
  EXPECT_EQ(options, (std::vector<std::vector<Position>>{{{2, 0}}}));
  options.clear();
  for_each_option(*parse_game("subdiv(1,2)"), {5, 0}, [&](std::span<const Position> parts) {
    options.emplace_back(parts.begin(), parts.end());
  });
  // k = 1 takes the whole heap.
  EXPECT_EQ(options, (std::vector<std::vector<Position>>{{}, {{3, 0}}}));
  for (const char* bad : {"subdiv", "subdiv()", "subdiv(0)", "subdiv(3..2)", "subdiv(2,)"}) {
    EXPECT_THROW(parse_game(bad), SpecError) << bad;
  }
}

TEST(Division, OptionsAndSpec) {
  const auto game = parse_game("div(6, 2..4, 3)");
  EXPECT_EQ(game->name(), "div(2,3,4,6)");
  std::vector<std::vector<Position>> options;
  for_each_option(*game, {25, 0}, [&](std::span<const Position> parts) {
    options.emplace_back(parts.begin(), parts.end());
  });
  // 25/6 = 4, 25/4 = 6, 25/3 = 8, 25/2 = 12, each once, increasing.
  const std::vector<std::vector<Position>> expected = {{{4, 0}}, {{6, 0}}, {{8, 0}}, {{12, 0}}};
  EXPECT_EQ(options, expected);
  options.clear();
  for_each_option(*game, {3, 0}, [&](std::span<const Position> parts) {
    options.emplace_back(parts.begin(), parts.end());
  });
  // 3/6 = 3/4 = 0 (nothing left) once, then 3/3 = 1, 3/2 = 1 once.
  EXPECT_EQ(options, (std::vector<std::vector<Position>>{{}, {{1, 0}}}));
  for (const char* bad :
       {"div", "div()", "div(1)", "div(0,2)", "div(5..3)", "div(2,)", "div(2..100000)", "div(x)"}) {
    EXPECT_THROW(parse_game(bad), SpecError) << bad;
  }
}

}  // namespace
}  // namespace grundy
