// Engine::quotient (`grundy quotient`): the misère quotients of Nim's heaps below 2^k are the tame
// T_k (Plambeck & Siegel 2008, §3: order 2^k + 2, P-portion {a, the nim-sum-0 class}); Kayles'
// quotient of heaps 0..12 (order 24, P-portion 8, wild); and the quotient's outcomes of sums of
// Kayles and Dawson's Kayles heaps against the exact misère search.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/engine/engine.hpp"

namespace grundy {
namespace {

Engine uncached_engine() {
  EngineOptions options;
  options.use_cache = false;
  return Engine(options);
}

TEST(QuotientRequest, NimHeapsBelowAPowerOfTwoGiveTheTameQuotient) {
  const Engine engine = uncached_engine();
  for (std::uint32_t k : {2u, 3u, 4u}) {
    const std::uint64_t max_heap = (std::uint64_t{1} << k) - 1;
    const QuotientAnswer answer = engine.quotient(Engine::game("nim"), max_heap);
    EXPECT_EQ(answer.quotient.max_heap, max_heap);
    EXPECT_EQ(answer.quotient.monoid.order, (1u << k) + 2) << k;
    EXPECT_EQ(answer.quotient.monoid.p_count(), 2u) << k;
    EXPECT_TRUE(answer.quotient.tame.tame) << k;
    EXPECT_EQ(answer.quotient.tame.k, k);
    EXPECT_FALSE(answer.from_cache);
  }
}

TEST(QuotientRequest, KaylesToHeapTwelve) {
  const QuotientAnswer answer = uncached_engine().quotient(Engine::game("kayles"), 12);
  const MisereQuotient& q = answer.quotient;
  EXPECT_EQ(q.game, "0.77");
  EXPECT_EQ(q.monoid.order, 24u);
  EXPECT_EQ(q.monoid.p_count(), 8u);
  EXPECT_FALSE(q.tame.tame);
  EXPECT_EQ(q.orders, (std::vector<std::uint32_t>{1, 2, 6, 6, 6, 12, 12, 12, 12, 18, 18, 18, 24}));
  EXPECT_EQ(q.presentation.generator_heaps, (std::vector<std::uint64_t>{1, 2, 5, 9, 12}));
  EXPECT_FALSE(answer.complete());
}

TEST(QuotientRequest, OutcomesAreThoseOfTheExactSearch) {
  EngineOptions search_only;
  search_only.misere_quotient = false;
  const Engine search(search_only);
  for (const char* spec : {"kayles", "0.07"}) {
    const auto game = Engine::game(spec);
    const std::uint64_t max_heap = 9;
    const QuotientAnswer answer = uncached_engine().quotient(game, max_heap);
    for (std::uint64_t a = 0; a <= max_heap; ++a) {
      for (std::uint64_t b = a; b <= max_heap; ++b) {
        for (std::uint64_t c : {std::uint64_t{0}, std::uint64_t{2}, std::uint64_t{5}}) {
          const std::vector<std::uint64_t> heaps{a, b, c};
          const std::string text = std::string(spec) + ":" + std::to_string(a) + " + " + spec +
                                   ":" + std::to_string(b) + " + " + spec + ":" + std::to_string(c);
          const SolveAnswer exact = search.solve(Engine::sum(text), Play::misere);
          ASSERT_EQ(exact.misere_method, "search");
          EXPECT_EQ(answer.quotient.outcome(heaps), exact.outcome) << text;
        }
      }
    }
  }
}

}  // namespace
}  // namespace grundy
