// Values against published sequences (OEIS, in tests/data): Kayles A002186, Dawson's Chess
// A002187 (0.137; Dawson's Kayles 0.07 has a(n-1)), Grundy's game A002188.
#include <gtest/gtest.h>

#include "brute_force.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

void expect_sequence(const std::string& spec, const std::vector<Value>& expected,
                     std::size_t shift) {
  ASSERT_GT(expected.size(), 100u) << "data file missing or short";
  Evaluator evaluator(parse_game(spec), Limits{});
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(evaluator.value(Position{i + shift, 0}), expected[i]) << spec << " at " << i + shift;
  }
}

TEST(PublishedSequences, Kayles) {
  expect_sequence("kayles", test::read_sequence("kayles-A002186.txt"), 0);
}

TEST(PublishedSequences, DawsonsChess) {
  expect_sequence("0.137", test::read_sequence("dawsons-chess-A002187.txt"), 0);
}

TEST(PublishedSequences, DawsonsKaylesIsShiftedDawsonsChess) {
  // 0.07 on n+1 pins has the value of Dawson's Chess on n.
  expect_sequence("dawson", test::read_sequence("dawsons-chess-A002187.txt"), 1);
}

TEST(PublishedSequences, PolygonHasTheValuesOfDawsonsKayles) {
  expect_sequence("polygon", test::read_sequence("dawsons-chess-A002187.txt"), 1);
}

TEST(PublishedSequences, GrundysGame) {
  expect_sequence("grundy", test::read_sequence("grundys-game-A002188.txt"), 0);
}

TEST(PublishedSequences, KaylesIsPeriodic12From71) {
  // Guy (1949): Kayles is periodic with period 12 from n = 71 (Winning Ways ch. 4).
  Evaluator kayles(parse_game("0.77"), Limits{});
  for (std::uint64_t n = 71; n < 1500; ++n) {
    ASSERT_EQ(kayles.value({n + 12, 0}), kayles.value({n, 0})) << n;
  }
  EXPECT_NE(kayles.value({70, 0}), kayles.value({82, 0}));  // 70 is the last exception
}

}  // namespace
}  // namespace grundy
