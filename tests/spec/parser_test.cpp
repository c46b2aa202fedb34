#include "grundy/spec/parser.hpp"

#include <gtest/gtest.h>

#include "grundy/core/error.hpp"

namespace grundy {
namespace {

/// The 1-based column of the SpecError that parsing `spec` as a sum raises (0: no error).
std::size_t sum_error_column(const std::string& spec, std::string* message = nullptr) {
  try {
    parse_sum(spec);
  } catch (const SpecError& e) {
    if (message) *message = e.what();
    return e.column();
  }
  return 0;
}

std::size_t game_error_column(const std::string& spec, std::string* message = nullptr) {
  try {
    parse_game(spec);
  } catch (const SpecError& e) {
    if (message) *message = e.what();
    return e.column();
  }
  return 0;
}

TEST(SpecParser, ParsesSumsAndCanonicalises) {
  const Sum sum = parse_sum("nim:3 + 0.07:20 +sub(1..3):9+kayles:4");
  ASSERT_EQ(sum.components.size(), 4u);
  EXPECT_EQ(format_sum(sum), "nim:3 + 0.07:20 + sub(1,2,3):9 + 0.77:4");
  EXPECT_EQ(sum.components[1].position, (Position{20, 0}));
}

TEST(SpecParser, SameGameSharesOneObject) {
  const Sum sum = parse_sum("0.77:3 + kayles:5 + octal(0.77):7 + 0.07:1");
  EXPECT_EQ(sum.components[0].game, sum.components[1].game);
  EXPECT_EQ(sum.components[0].game, sum.components[2].game);
  EXPECT_NE(sum.components[0].game, sum.components[3].game);
}

TEST(SpecParser, PrintParseRoundTrip) {
  for (const char* spec : {"nim:0", "sub(1,3,4):17 + allbut(1,2):5", "hex(C.F):9 + 4.07:3",
                           "grundy:30 + polygon:12 + dawson:9", "sub(2,fib,squares):100"}) {
    const Sum once = parse_sum(spec);
    const Sum twice = parse_sum(format_sum(once));
    EXPECT_EQ(format_sum(twice), format_sum(once));
    ASSERT_EQ(once.components.size(), twice.components.size());
    for (std::size_t i = 0; i < once.components.size(); ++i) {
      EXPECT_EQ(once.components[i].position, twice.components[i].position);
      EXPECT_EQ(once.components[i].game->name(), twice.components[i].game->name());
    }
  }
}

TEST(SpecParser, ErrorColumnsPointAtTheProblem) {
  std::string m;
  EXPECT_EQ(game_error_column("0.x", &m), 3u);
  EXPECT_NE(m.find("expected a digit after '0.'"), std::string::npos);
  EXPECT_EQ(game_error_column("foo", &m), 1u);
  EXPECT_NE(m.find("unknown game 'foo'"), std::string::npos);
  EXPECT_EQ(game_error_column("  foo"), 3u);
  EXPECT_EQ(game_error_column("nim(3)"), 4u);    // nim takes no arguments
  EXPECT_EQ(game_error_column("kayles x"), 7u);  // trailing text
  EXPECT_EQ(game_error_column("hex(0.G)"), 7u);
  EXPECT_EQ(game_error_column("3.07"), 1u);
  EXPECT_EQ(game_error_column(""), 1u);
  EXPECT_EQ(game_error_column("!"), 1u);

  EXPECT_EQ(sum_error_column("nim:3 + 0.x:5"), 11u);
  EXPECT_EQ(sum_error_column("nim:3 + nim"), 12u);     // no ':'
  EXPECT_EQ(sum_error_column("nim:3 + "), 9u);         // empty component: at the end
  EXPECT_EQ(sum_error_column("nim:3 + nim:-1"), 13u);  // negative position
  EXPECT_EQ(sum_error_column("nim:3 + nim:abc"), 13u);
  EXPECT_EQ(sum_error_column("nim:3 + nim:4x"), 14u);
  EXPECT_EQ(sum_error_column("nim:9223372036854775808"), 5u);
  EXPECT_EQ(sum_error_column("nim:"), 5u);
  EXPECT_EQ(sum_error_column(""), 1u);
  EXPECT_EQ(sum_error_column("sub(1,3:4"), 10u);
}

TEST(SpecParser, PositionsAcceptTheFullRange) {
  const Sum sum = parse_sum("nim:9223372036854775807");
  EXPECT_EQ(sum.components[0].position.x, kMaxCoordinate);
}

}  // namespace
}  // namespace grundy
