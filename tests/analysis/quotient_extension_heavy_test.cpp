// Every octal code of two and three digits (d0 in {0, 4}): the quotient to heap 300 with heaps
// placed by what they can change (quotient_extension.hpp) against the construction before #28,
// which verified every sum at every heap — identical Φ, orders by heap, tables, P and trials.
// A code whose quotient does not close within the budget at some heap is compared to the heap
// before it.
#include <gtest/gtest.h>

#include <string>

#include "grundy/spec/parser.hpp"
#include "quotient_comparison.hpp"

namespace grundy {
namespace {

void compare_every_code(std::size_t digits) {
  std::size_t count = 1;
  for (std::size_t i = 0; i < digits; ++i) count *= 8;
  std::size_t compared = 0, to_300 = 0;
  for (const char* d0 : {"0.", "4."}) {
    for (std::size_t i = 0; i < count; ++i) {
      std::string code = d0;
      for (std::size_t j = digits, k = i; j-- > 0; k /= 8) code.insert(2, 1, char('0' + k % 8));
      SCOPED_TRACE(code);
      const QuotientComparison c = compare_placements(*parse_game(code), 300, 20'000'000);
      if (!c.compared) continue;
      ++compared;
      if (c.heap == 300) ++to_300;
      EXPECT_TRUE(c.identical) << c.what;
    }
  }
  // Every code is compared, and close to half of them close every heap to 300 within the
  // budget (470 of the 1024 three-digit codes): the comparison is not vacuous.
  EXPECT_EQ(compared, 2 * count);
  EXPECT_GT(to_300, count / 2);
}

TEST(QuotientExtensionEveryCode, TwoDigitCodesToHeap300) {
  compare_every_code(2);
}

TEST(QuotientExtensionEveryCode, ThreeDigitCodesToHeap300) {
  compare_every_code(3);
}

}  // namespace
}  // namespace grundy
