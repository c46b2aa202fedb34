// What a stalled misère quotient computation proves (QuotientFrontier), checked against the exact
// search. Heavy: the search of sums of six heaps takes seconds (Release only).
#include <gtest/gtest.h>

#include <vector>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/solve/misere_search.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

QuotientOptions options_to_heap_12() {
  QuotientOptions o;
  o.max_heap = 12;
  return o;
}

TEST(QuotientFrontier, AStalledHeapsWitnessesHoldInTheExactSearch) {
  // 0.76 does not close at heap 12: each trial fails at a sum with more heaps of 12 than the
  // last. What the failed trials prove is checked against the exact search, which knows nothing
  // of quotients: each witness sum W has different misère outcomes with j and with j + 2 heaps
  // of 12 added (small j only: the search grows fast).
  const auto game = parse_game("0.76");
  QuotientOptions o = options_to_heap_12();
  o.max_work = 20'000'000;
  try {
    (void)misere_quotient(*game, o);
    FAIL() << "0.76 closed heap 12 within the budget";
  } catch (const QuotientStalled& e) {
    const QuotientFrontier& f = e.frontier();
    EXPECT_EQ(f.heap, 12u);
    EXPECT_EQ(f.verified_order, 34u);  // this implementation's Q_11, verified
    EXPECT_GE(f.copies, 6u);
    EXPECT_EQ(f.distinct_powers, f.copies);
    EXPECT_GT(f.order_at_least, f.verified_order);
    SearchOptions search_options;
    search_options.play = Play::misere;
    search_options.max_states = 50'000'000;
    SumSearch search(search_options);
    const auto outcome = [&](const std::vector<std::uint64_t>& heaps) {
      Sum sum;
      for (std::uint64_t h : heaps) sum.components.push_back({game, Position{h, 0}});
      return search.solve(sum).outcome;
    };
    int checked = 0;
    for (const auto& w : f.witnesses) {
      if (w.copies > 2) continue;
      std::vector<std::uint64_t> with_j = w.sum;
      with_j.insert(with_j.end(), w.copies, 12);
      std::vector<std::uint64_t> with_j2 = with_j;
      with_j2.insert(with_j2.end(), 2, 12);
      EXPECT_NE(outcome(with_j), outcome(with_j2))
          << ::testing::PrintToString(with_j) << " and two more heaps of 12";
      ++checked;
    }
    EXPECT_EQ(checked, 3);
  }
}

}  // namespace
}  // namespace grundy
