// Heaps beyond a misère quotient's table, through the proven period of Φ (quotient_moves.hpp,
// phi_at, solve_by_quotient with a periodicity): checked against the quotient verified heap by
// heap much further (QuotientOptions::stop_at_proven_period off), whose options are enumerated
// one by one.
#include "grundy/analysis/quotient_moves.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/analysis/quotient_periodicity.hpp"
#include "grundy/core/error.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

/// A game, its quotient to the heap where Φ's period is first proven (`table`), and the same
/// quotient verified heap by heap to `far` (`full`).
struct Proven {
  std::shared_ptr<const Game> game;
  MisereQuotient table;
  QuotientPeriodicity period;
  MisereQuotient full;
};

Proven proven(const std::string& code, std::uint64_t far) {
  Proven out;
  out.game = parse_game(code);
  QuotientOptions options;
  options.stop_at_proven_period = false;
  // The least table that proves the period: grown until it does.
  for (std::uint64_t n = 8;; n += 8) {
    options.max_heap = n;
    out.table = misere_quotient(*out.game, options);
    out.period = quotient_periodicity(*out.game, out.table);
    if (out.period.proven || n >= far) break;
  }
  options.max_heap = far;
  out.full = misere_quotient(*out.game, options);
  return out;
}

/// Every option of heap n, as sorted heap lists, with its class in `q` (heaps up to its table).
std::vector<std::pair<std::vector<std::uint64_t>, std::uint32_t>> enumerate(const Game& game,
                                                                            const MisereQuotient& q,
                                                                            std::uint64_t n) {
  std::vector<std::pair<std::vector<std::uint64_t>, std::uint32_t>> out;
  for_each_option(game, Position{n, 0}, [&](std::span<const Position> parts) {
    std::vector<std::uint64_t> heaps;
    std::uint32_t x = 0;
    for (const Position& p : parts) {
      heaps.push_back(p.x);
      x = q.monoid.product(x, q.phi[p.x]);
    }
    std::sort(heaps.begin(), heaps.end());
    out.emplace_back(std::move(heaps), x);
  });
  std::sort(out.begin(), out.end());
  return out;
}

const char* const kPeriodicCodes[] = {"0.77", "0.75", "0.312", "0.53", "0.71", "0.72", "0.33"};

TEST(QuotientMoves, OptionsByClassMatchTheOptionsOneByOne) {
  for (const char* code : kPeriodicCodes) {
    SCOPED_TRACE(code);
    const Proven g = proven(code, code == std::string("0.77") ? 230 : 140);
    ASSERT_TRUE(g.period.proven);
    ASSERT_LT(g.table.max_heap + 40, g.full.max_heap);
    const TakeBreakCode& moves = *g.game->traits().take_break;
    ASSERT_TRUE(quotient_moves_support(moves));
    for (std::uint64_t n = g.table.max_heap + 1; n <= g.full.max_heap; ++n) {
      // Φ beyond the table, from the period.
      ASSERT_EQ(phi_at(g.table, g.period, n), g.full.phi[n]) << n;
      const auto all = enumerate(*g.game, g.full, n);
      std::vector<std::uint64_t> counts(g.full.monoid.order, 0);
      for (const auto& [heaps, x] : all) ++counts[x];
      // The tables agree element for element: both are the verified, reduced quotient with
      // elements numbered alike (the same computation up to the table's heap).
      ASSERT_EQ(g.table.monoid.table, g.full.monoid.table);
      ASSERT_EQ(quotient_option_class_counts(moves, g.table, g.period, n), counts) << n;
      // The options of a few classes, listed and counted.
      for (std::uint32_t target = 0; target < g.full.monoid.order; target += 3) {
        std::vector<std::vector<std::uint64_t>> expected;
        for (const auto& [heaps, x] : all) {
          if (x == target) expected.push_back(heaps);
        }
        std::vector<std::vector<std::uint64_t>> listed;
        auto visit = OptionFunction([&](std::span<const Position> parts) {
          std::vector<std::uint64_t> heaps;
          for (const Position& p : parts) heaps.push_back(p.x);
          listed.push_back(heaps);
        });
        const std::size_t limit = 7;
        const QuotientOptionCount count = quotient_options_where(
            moves, g.table, g.period, n, [&](std::uint32_t x) { return x == target; }, limit,
            visit);
        EXPECT_EQ(count.count, expected.size()) << n << " class " << target;
        EXPECT_FALSE(count.overflow);
        if (expected.size() > limit) expected.resize(limit);
        EXPECT_EQ(listed, expected) << n << " class " << target;
      }
    }
  }
}

TEST(QuotientMoves, SumsWithHeapsBeyondTheTableAreSolvedAsByTheFullQuotient) {
  std::mt19937_64 rng(2026);
  for (const char* code : {"0.77", "0.75", "0.53"}) {
    SCOPED_TRACE(code);
    const Proven g = proven(code, code == std::string("0.77") ? 230 : 140);
    ASSERT_TRUE(g.period.proven);
    std::uniform_int_distribution<std::uint64_t> heap(0, g.full.max_heap);
    for (int trial = 0; trial < 60; ++trial) {
      Sum sum;
      const int parts = 1 + trial % 3;
      for (int i = 0; i < parts; ++i) sum.components.push_back({g.game, Position{heap(rng), 0}});
      // A heap beyond the table in most sums.
      if (trial % 4 != 0) sum.components[0].position.x = g.full.max_heap - trial % 17;
      const SearchSolution by_period = solve_by_quotient(sum, g.table, 25, &g.period);
      const SearchSolution by_table = solve_by_quotient(sum, g.full, 25);
      EXPECT_EQ(by_period.outcome, by_table.outcome) << trial;
      EXPECT_EQ(by_period.winning_move_count, by_table.winning_move_count) << trial;
      EXPECT_EQ(by_period.winning_moves, by_table.winning_moves) << trial;
      EXPECT_EQ(by_period.winning_moves_truncated, by_table.winning_moves_truncated) << trial;
    }
  }
}

TEST(QuotientMoves, AstronomicalHeapsOfKayles) {
  const Proven g = proven("0.77", 168);
  ASSERT_TRUE(g.period.proven);
  EXPECT_EQ(g.period.preperiod, 71u);
  EXPECT_EQ(g.period.period, 12u);
  const std::uint64_t n = 1'000'000'000'000'000'000ULL;
  // Φ(10^18) = Φ(71 + (10^18 - 71) mod 12).
  EXPECT_EQ(phi_at(g.table, g.period, n), g.table.phi[71 + (n - 71) % 12]);
  // Every option of a heap of n tokens is counted once: n - 1 and n - 2 tokens left, as one heap
  // or split into two non-empty ones.
  const std::vector<std::uint64_t> counts =
      quotient_option_class_counts(*g.game->traits().take_break, g.table, g.period, n);
  std::uint64_t all = 0;
  for (std::uint64_t c : counts) all += c;
  EXPECT_EQ(all, 2 + (n - 1) / 2 + (n - 2) / 2);
  // A winning move of 10^18 alone leaves a P-position, and each listed one is a real move.
  Sum sum;
  sum.components.push_back({g.game, Position{n, 0}});
  const SearchSolution s = solve_by_quotient(sum, g.table, 10, &g.period);
  ASSERT_EQ(s.outcome, Outcome::N);
  ASSERT_EQ(s.winning_moves.size(), 10u);
  for (const Move& m : s.winning_moves) {
    std::uint64_t left = 0;
    std::uint32_t x = 0;
    for (const Position& p : m.to) {
      left += p.x;
      x = g.table.monoid.product(x, phi_at(g.table, g.period, p.x));
    }
    EXPECT_TRUE(left == n - 1 || left == n - 2);
    EXPECT_TRUE(g.table.monoid.p_portion[x]);
  }
  // Without a proven period a heap beyond the table is refused.
  EXPECT_THROW(phi_at(g.table, QuotientPeriodicity{}, n), Error);
}

}  // namespace
}  // namespace grundy
