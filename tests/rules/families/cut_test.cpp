// The cutting game: values against the textbook memoised recursion, options, positions, limits.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

/// g(w, h) by the memoised recursion of the source document, with its scratch set local to each
/// call (the shared scratch array of the original corrupts results).
class ReferenceCut {
 public:
  explicit ReferenceCut(int size) : size_(size), memo_((size + 1) * (size + 1), -1) {}
  int value(int w, int h) {
    int& slot = memo_[w * (size_ + 1) + h];
    if (slot >= 0) return slot;
    std::set<int> seen;
    for (int i = 2; i <= w - 2; ++i) seen.insert(value(i, h) ^ value(w - i, h));
    for (int j = 2; j <= h - 2; ++j) seen.insert(value(w, j) ^ value(w, h - j));
    int g = 0;
    while (seen.contains(g)) ++g;
    return slot = g;
  }

 private:
  int size_;
  std::vector<int> memo_;
};

std::size_t position_error_column(const Game& game, const std::string& text) {
  try {
    parse_position(game, text);
  } catch (const SpecError& e) {
    return e.column();
  }
  return 0;
}

TEST(Cut, ValuesMatchTheReferenceRecursionAndAreSymmetric) {
  constexpr int kSize = 60;
  ReferenceCut reference(kSize);
  Evaluator evaluator(parse_game("cut"), Limits{});
  for (int w = 2; w <= kSize; ++w) {
    for (int h = 2; h <= kSize; ++h) {
      const Value g =
          evaluator.value(Position{static_cast<std::uint64_t>(w), static_cast<std::uint64_t>(h)});
      ASSERT_EQ(g, static_cast<Value>(reference.value(w, h))) << w << "x" << h;
      EXPECT_EQ(g, static_cast<Value>(reference.value(h, w))) << w << "x" << h;
    }
  }
}

TEST(Cut, SmallSheetsByHand) {
  // 2x2 and 3x2 cannot be cut (a losing start); 4x2 cuts into 2x2 + 2x2 (value 0): a win.
  Evaluator evaluator(parse_game("cut"), Limits{});
  EXPECT_EQ(evaluator.value({2, 2}), 0u);
  EXPECT_EQ(evaluator.value({3, 2}), 0u);
  EXPECT_EQ(evaluator.value({4, 2}), 1u);
}

TEST(Cut, OptionsKeepOrientationAndListASquareOnce) {
  const auto game = parse_game("cut");
  auto options = [&](Position p) {
    std::vector<std::vector<Position>> out;
    for_each_option(*game, p, [&](std::span<const Position> parts) {
      out.emplace_back(parts.begin(), parts.end());
    });
    return out;
  };
  using V = std::vector<std::vector<Position>>;
  EXPECT_EQ(options({5, 7}), (V{{{2, 7}, {3, 7}}, {{5, 2}, {5, 5}}, {{5, 3}, {5, 4}}}));
  EXPECT_EQ(options({7, 5}), (V{{{2, 5}, {5, 5}}, {{3, 5}, {4, 5}}, {{7, 2}, {7, 3}}}));
  // A square's vertical cuts are its horizontal cuts turned a quarter: listed once.
  EXPECT_EQ(options({4, 4}), (V{{{2, 4}, {2, 4}}}));
  EXPECT_EQ(options({3, 3}), V{});
  EXPECT_EQ(options({2, 9}).size(), 3u);
}

TEST(Cut, PositionsPrintAsTyped) {
  const auto game = parse_game("cut");
  EXPECT_EQ(parse_position(*game, "5x7"), (Position{5, 7}));
  EXPECT_EQ(parse_position(*game, "7X5"), (Position{7, 5}));
  EXPECT_EQ(parse_position(*game, "7 x 5"), (Position{7, 5}));
  EXPECT_EQ(game->format_position({7, 5}), "7x5");
  EXPECT_EQ(game->format_position(parse_position(*game, "9223372036854775807x2")),
            "9223372036854775807x2");
}

TEST(Cut, MalformedPositionsNameTheColumn) {
  const auto game = parse_game("cut");
  EXPECT_EQ(position_error_column(*game, "1x5"), 1u);
  EXPECT_EQ(position_error_column(*game, "5x1"), 3u);
  EXPECT_EQ(position_error_column(*game, "5x0"), 3u);
  EXPECT_EQ(position_error_column(*game, "5*7"), 2u);
  EXPECT_EQ(position_error_column(*game, "5"), 2u);
  EXPECT_EQ(position_error_column(*game, "5x"), 3u);
  EXPECT_EQ(position_error_column(*game, "x5"), 1u);
  EXPECT_EQ(position_error_column(*game, "5x7x2"), 4u);
  EXPECT_EQ(position_error_column(*game, "-5x7"), 1u);
  EXPECT_EQ(position_error_column(*game, "5x9223372036854775808"), 3u);
}

TEST(Cut, HugeSheetsAreRefusedAtOnce) {
  Evaluator evaluator(parse_game("cut"), Limits{});
  // Far past any memory.
  EXPECT_THROW(evaluator.value({1000000, 1000000}), ResourceError);
  EXPECT_THROW(evaluator.value({kMaxCoordinate, kMaxCoordinate}), ResourceError);
  // A thin strip fits in memory but would take hours to fill: refused by the work bound.
  try {
    evaluator.value({1000000, 2});
    FAIL();
  } catch (const ResourceError& e) {
    EXPECT_NE(std::string(e.what()).find("steps"), std::string::npos) << e.what();
  }
  EXPECT_EQ(evaluator.value({4, 2}), 1u);  // still usable
}

}  // namespace
}  // namespace grundy
