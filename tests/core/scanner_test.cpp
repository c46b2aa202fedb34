#include "grundy/core/scanner.hpp"

#include <gtest/gtest.h>

#include "grundy/core/value.hpp"

namespace grundy {
namespace {

std::size_t error_column(std::string_view text, std::size_t base, std::uint64_t max = 100) {
  Scanner in(text, base);
  try {
    in.unsigned_integer("a number", max);
    in.expect_end("the number");
  } catch (const SpecError& e) {
    return e.column();
  }
  return 0;
}

TEST(Scanner, ReadsIntegersUpToTheMaximum) {
  Scanner in("9223372036854775807");
  EXPECT_EQ(in.unsigned_integer("n", kMaxCoordinate), kMaxCoordinate);
  EXPECT_TRUE(in.at_end());
}

TEST(Scanner, ReportsColumnsFromTheBase) {
  EXPECT_EQ(error_column("abc", 1), 1u);
  EXPECT_EQ(error_column("12x", 1), 3u);
  EXPECT_EQ(error_column("12x", 10), 12u);
  EXPECT_EQ(error_column("-5", 1), 1u);
  EXPECT_EQ(error_column("101", 4), 4u);  // too large: points at the number's start
  EXPECT_EQ(error_column("100", 1), 0u);
}

TEST(Scanner, OverflowIsAnErrorNotAWrap) {
  Scanner in("18446744073709551616");
  EXPECT_THROW(in.unsigned_integer("n", ~std::uint64_t{0}), SpecError);
  Scanner big("18446744073709551615");
  EXPECT_EQ(big.unsigned_integer("n", ~std::uint64_t{0}), ~std::uint64_t{0});
}

TEST(Scanner, MessagesNameWhatWasExpected) {
  Scanner in("(x", 1);
  in.expect('(', "'('");
  try {
    in.expect(')', "')'");
    FAIL();
  } catch (const SpecError& e) {
    EXPECT_EQ(e.column(), 2u);
    EXPECT_NE(std::string(e.what()).find("expected ')'"), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("'x'"), std::string::npos);
  }
}

}  // namespace
}  // namespace grundy
