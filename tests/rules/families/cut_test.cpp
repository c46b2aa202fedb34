// The cutting game: values against the textbook memoised recursion, options, positions, limits.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/rules/formula.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/solve/grid_solver.hpp"
#include "brute_force.hpp"
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

TEST(Cut, TheClosedFormIsTheTable) {
  // The theorem (cut.cpp) against the grid table, which knows nothing of it, past the point
  // (width 89) from which the form reads the strips' period.
  const auto game = parse_game("cut");
  GridSolver table(*game, Limits{});
  const std::optional<ClosedForm> form = game->closed_form();
  ASSERT_TRUE(form && form->proven());
  for (std::uint64_t w = 2; w <= 130; ++w) {
    for (std::uint64_t h = 2; h <= 130; ++h) {
      const Value g = table.value({w, h});
      ASSERT_EQ(game->formula_value({w, h}), g) << w << "x" << h;
      ASSERT_EQ(form->formula.at(w, h), g) << w << "x" << h;
    }
  }
}

TEST(Cut, StripsAreDawsonsKayles) {
  // A sheet 2 wide is a heap of Dawson's Kayles two smaller: g(2 x n) = g_0.07(n - 2), and 0.07
  // is Dawson's Chess (0.137, OEIS A002187) one heap smaller.
  const std::vector<Value> published = test::read_sequence("dawsons-chess-A002187.txt");
  const auto game = parse_game("cut");
  for (std::uint64_t n = 3; n - 3 < published.size(); ++n) {
    EXPECT_EQ(game->formula_value({2, n}), published[n - 3]) << n;
    EXPECT_EQ(game->formula_value({n, 3}), published[n - 3]) << n;
  }
  // Far into the period (34 from 55), read back to the published terms.
  for (const std::uint64_t n : {std::uint64_t{1000000007}, kMaxCoordinate}) {
    const std::uint64_t back = 55 + (n - 55) % 34;
    EXPECT_EQ(game->formula_value({2, n}), published[back - 3]) << n;
  }
}

TEST(Cut, TheWinningCutsOfLargeSheetsAreTheirOptionsOfThatValue) {
  // formula_options_with_value against every cut valued by the form, on sheets whose cuts reach
  // the periodic part (counted by residue), with a small limit and a large one.
  const auto game = parse_game("cut");
  for (const Position p : {Position{301, 7}, Position{7, 301}, Position{400, 260},
                           Position{211, 211}, Position{12, 190}, Position{95, 96}}) {
    for (Value target = 0; target <= 6; ++target) {
      std::vector<std::vector<Position>> enumerated;
      for_each_option(*game, p, [&](std::span<const Position> parts) {
        Value v = 0;
        for (const Position& part : parts) v ^= *game->formula_value(part);
        if (v == target) enumerated.emplace_back(parts.begin(), parts.end());
      });
      for (const std::size_t limit : {std::size_t{3}, std::size_t{1000}}) {
        std::vector<std::vector<Position>> given;
        OptionFunction collect([&](std::span<const Position> parts) {
          given.emplace_back(parts.begin(), parts.end());
        });
        const auto count = game->formula_options_with_value(p, target, limit, collect);
        ASSERT_TRUE(count);
        SCOPED_TRACE(game->format_position(p) + " target " + std::to_string(target));
        EXPECT_EQ(*count, enumerated.size());
        ASSERT_EQ(given.size(), std::min(enumerated.size(), limit));
        // The first ones in the order options() lists them.
        for (std::size_t i = 0; i < given.size() && limit > given.size(); ++i) {
          EXPECT_EQ(given[i], enumerated[i]);
        }
        for (const auto& option : given) {
          EXPECT_NE(std::find(enumerated.begin(), enumerated.end(), option), enumerated.end());
        }
      }
    }
  }
}

TEST(Cut, HugeSheetsAreAnsweredByTheTheorem) {
  Evaluator evaluator(parse_game("cut"), Limits{});
  EXPECT_EQ(evaluator.value({4, 2}), 1u);
  // h(1000000) = h(55 + (1000000 - 55) mod 34) = h(60) = g_0.137(57), and h(2) = 0: the
  // strip's value.
  const std::vector<Value> published = test::read_sequence("dawsons-chess-A002187.txt");
  EXPECT_EQ(evaluator.value({1000000, 2}), published[57]);
  EXPECT_EQ(evaluator.value({1000000, 1000000}), 1u);
  EXPECT_EQ(evaluator.value({kMaxCoordinate, kMaxCoordinate}),
            parse_game("cut")->formula_value({kMaxCoordinate, kMaxCoordinate}));
  // The table alone still refuses them, before allocating.
  const auto game = parse_game("cut");
  GridSolver table(*game, Limits{});
  EXPECT_THROW(table.value({1000000, 1000000}), ResourceError);
}

}  // namespace
}  // namespace grundy
