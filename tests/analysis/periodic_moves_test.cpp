// Winning moves from a period's structure agree with enumerating every option.
#include "grundy/analysis/periodic_moves.hpp"

#include <gtest/gtest.h>

#include <map>
#include <vector>

#include "grundy/analysis/period_search.hpp"
#include "grundy/analysis/periodic_source.hpp"
#include "grundy/solve/sum_solver.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

TEST(PeriodicMoves, AgreeWithEnumerationBeyondThePreperiod) {
  for (const char* spec : {"0.07", "0.77", "0.137", "4.07", "0.45", "0.4", "0.1377"}) {
    const auto game = parse_game(spec);
    DenseSolver solver(*game, Limits{});
    const PeriodSearch s = find_periodicity(*game, solver, 100000);
    ASSERT_TRUE(s.periodicity) << spec;
    const Periodicity& per = *s.periodicity;
    solver.extend_to(2600);
    const auto g = solver.values();
    for (std::uint64_t n : {1u, 2u, 7u, 60u, 143u, 500u, 1001u, 2048u, 2599u}) {
      for (Value target = 0; target < 10; ++target) {
        std::vector<std::vector<Position>> expected;
        for_each_option(*game, Position{n, 0}, [&](std::span<const Position> parts) {
          Value v = 0;
          for (const Position& part : parts) v ^= g[part.x];
          if (v == target) expected.emplace_back(parts.begin(), parts.end());
        });
        std::sort(expected.begin(), expected.end());
        std::vector<std::vector<Position>> listed;
        OptionFunction collect([&](std::span<const Position> parts) {
          listed.emplace_back(parts.begin(), parts.end());
        });
        const OptionSearch got =
            take_break_options_with_value(*game->traits().take_break, per, n, target, 5, collect);
        ASSERT_TRUE(got.answered);
        ASSERT_TRUE(got.count);
        EXPECT_EQ(*got.count, expected.size()) << spec << " n=" << n << " target=" << target;
        expected.resize(std::min<std::size_t>(expected.size(), 5));
        EXPECT_EQ(listed, expected) << spec << " n=" << n << " target=" << target;
      }
    }
  }
}

TEST(PeriodicMoves, HugeSumsAnswerWithExactCounts) {
  const Sum sum = parse_sum("0.07:1000000000000000000 + nim:5 + sub(1,3):999999999999");
  PeriodOptions options;
  options.cache_directory.reset();
  SumEvaluators sources(sum, [&](std::shared_ptr<const Game> g) -> std::unique_ptr<ValueSource> {
    return std::make_unique<PeriodicSource>(std::move(g), options);
  });
  const SumSolution s = solve_sum(sum, sources.sources(), 20);
  EXPECT_EQ(s.outcome, Outcome::N);
  ASSERT_TRUE(s.winning_move_count);
  EXPECT_EQ(*s.winning_move_count, s.winning_moves.size());
  // Every listed move really reaches nim-sum 0 (values from the period).
  for (const Move& m : s.winning_moves) {
    Value total = 0;
    for (std::size_t i = 0; i < sum.components.size(); ++i) {
      if (i == m.component) {
        for (const Position& part : m.to) total ^= sources.sources()[i]->value(part);
      } else {
        total ^= s.component_values[i];
      }
    }
    EXPECT_EQ(total, 0u);
  }
}

TEST(PeriodicMoves, ThreeHeapCodesReportAnUnknownCount) {
  const auto game = parse_game("hex(0.F)");
  DenseSolver solver(*game, Limits{});
  const PeriodSearch s = find_periodicity(*game, solver, 10000);
  ASSERT_TRUE(s.periodicity);
  OptionFunction ignore([](std::span<const Position>) {});
  const OptionSearch got = take_break_options_with_value(*game->traits().take_break, *s.periodicity,
                                                         1000000000, 0, 5, ignore);
  EXPECT_TRUE(got.answered);
  EXPECT_FALSE(got.count);
  EXPECT_FALSE(got.count_unknown_reason.empty());
}

TEST(PeriodicMoves, ValueCountsAgreeWithEnumeration) {
  // The counts per value of every option, from the period's structure, are those of enumerating
  // them all with the values of a table.
  for (const char* spec : {"0.07", "0.77", "0.137", "4.07", "0.45", "0.4", "0.1377"}) {
    const auto game = parse_game(spec);
    DenseSolver solver(*game, Limits{});
    const PeriodSearch s = find_periodicity(*game, solver, 100000);
    ASSERT_TRUE(s.periodicity) << spec;
    solver.extend_to(2600);
    const auto g = solver.values();
    for (std::uint64_t n : {0u, 1u, 2u, 7u, 60u, 143u, 500u, 1001u, 2048u, 2599u}) {
      std::map<Value, std::uint64_t> by_value;
      for_each_option(*game, Position{n, 0}, [&](std::span<const Position> parts) {
        Value v = 0;
        for (const Position& part : parts) v ^= g[part.x];
        ++by_value[v];
      });
      std::vector<ValueCount> expected;
      for (const auto& [value, count] : by_value) expected.push_back({value, count});
      const auto got =
          take_break_option_value_counts(*game->traits().take_break, *s.periodicity, n);
      ASSERT_TRUE(got) << spec << " n=" << n;
      EXPECT_EQ(*got, expected) << spec << " n=" << n;
    }
  }
}

TEST(PeriodicMoves, ValueCountsOfAHugeKaylesHeap) {
  // Kayles from 10^12 tokens has 10^12 options (2 leaving one heap, 2 x 499999999999 splits); the
  // winning ones are the moves solve counts.
  const auto game = parse_game("kayles");
  DenseSolver solver(*game, Limits{});
  const PeriodSearch s = find_periodicity(*game, solver, 100000);
  ASSERT_TRUE(s.periodicity);
  const std::uint64_t n = 1000000000000;
  const auto counts = take_break_option_value_counts(*game->traits().take_break, *s.periodicity, n);
  ASSERT_TRUE(counts);
  std::uint64_t total = 0;
  for (const ValueCount& c : *counts) total += c.count;
  EXPECT_EQ(total, n);
  OptionFunction ignore([](std::span<const Position>) {});
  const OptionSearch zero =
      take_break_options_with_value(*game->traits().take_break, *s.periodicity, n, 0, 1, ignore);
  ASSERT_TRUE(zero.count);
  ASSERT_FALSE(counts->empty());
  EXPECT_EQ((*counts)[0], (ValueCount{0, *zero.count}));
}

TEST(PeriodicMoves, ValueCountsOfThreeHeapCodesAreNotGiven) {
  const auto game = parse_game("hex(0.F)");
  DenseSolver solver(*game, Limits{});
  const PeriodSearch s = find_periodicity(*game, solver, 10000);
  ASSERT_TRUE(s.periodicity);
  EXPECT_FALSE(take_break_option_value_counts(*game->traits().take_break, *s.periodicity, 1000000));
}

}  // namespace
}  // namespace grundy
