// Chomp: the table's values against a brute force over Young diagrams with its own move
// generator; strategy stealing on every rectangle the table holds; the known P-positions.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "brute_force.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

using Rows = std::vector<std::uint64_t>;  // top first, never growing, no empty rows

/// g by the definition: eat square (i, j) and all below and right of it, never the poison.
Value chomp_brute(const Rows& rows, std::map<Rows, Value>& memo) {
  if (auto it = memo.find(rows); it != memo.end()) return it->second;
  std::vector<Value> values;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    for (std::uint64_t j = 0; j < rows[i]; ++j) {
      if (i == 0 && j == 0) continue;
      Rows next = rows;
      for (std::size_t t = i; t < next.size(); ++t) next[t] = std::min(next[t], j);
      while (!next.empty() && next.back() == 0) next.pop_back();
      values.push_back(chomp_brute(next, memo));
    }
  }
  return memo[rows] = test::reference_mex(values);
}

std::string chomp_text(const Rows& rows) {
  std::string t;
  for (std::uint64_t r : rows) t += (t.empty() ? "" : ",") + std::to_string(r);
  return t;
}

/// Every diagram with rows of at most `columns` squares and at most `rows` rows.
void each_diagram(Rows& prefix, std::uint64_t longest, std::size_t rows,
                  const std::function<void(const Rows&)>& f) {
  if (!prefix.empty()) f(prefix);
  if (prefix.size() == rows) return;
  for (std::uint64_t r = 1; r <= longest; ++r) {
    prefix.push_back(r);
    each_diagram(prefix, r, rows, f);
    prefix.pop_back();
  }
}

TEST(Chomp, TableMatchesBruteForce) {
  const auto game = parse_game("chomp");
  std::map<Rows, Value> memo;
  std::size_t checked = 0;
  Rows prefix;
  // Two boxes filled in turn (a sum asks both): the table grows to hold them.
  for (const auto& [rows, columns] : {std::pair{5, 6}, std::pair{6, 4}}) {
    Evaluator evaluator(game, Limits{});
    each_diagram(prefix, columns, rows, [&](const Rows& diagram) {
      ASSERT_EQ(evaluator.value(parse_position(*game, chomp_text(diagram))),
                chomp_brute(diagram, memo))
          << chomp_text(diagram);
      ++checked;
    });
  }
  EXPECT_EQ(checked, 461u + 209u);  // C(11,5)-1 and C(10,4)-1 non-empty diagrams
}

TEST(Chomp, StrategyStealingOnEveryRectangleTheTableHolds) {
  // Gale: if eating the bottom-right square lost, the reply to it would win from the start.
  const auto game = parse_game("chomp");
  Evaluator evaluator(game, Limits{});
  for (std::uint64_t r = 1; r <= 10; ++r) {
    for (std::uint64_t c = 1; c <= 10; ++c) {
      const Value v =
          evaluator.value(parse_position(*game, std::to_string(r) + "x" + std::to_string(c)));
      EXPECT_EQ(v == 0, r == 1 && c == 1) << r << "x" << c;
    }
  }
}

TEST(Chomp, KnownPPositions) {
  const auto game = parse_game("chomp");
  Evaluator evaluator(game, Limits{});
  for (std::uint64_t n = 2; n <= 10; ++n) {
    // Two rows, the lower one square shorter; and the L with equal arms (the square's reply).
    EXPECT_EQ(
        evaluator.value(parse_position(*game, std::to_string(n) + "," + std::to_string(n - 1))), 0u)
        << n;
    Rows l(n, 1);
    l[0] = n;
    EXPECT_EQ(evaluator.value(parse_position(*game, chomp_text(l))), 0u) << n;
  }
  // 1 x n is a Nim heap of n - 1.
  EXPECT_EQ(evaluator.value(parse_position(*game, "1x9")), 8u);
}

TEST(Chomp, NotationAndRefusals) {
  const auto game = parse_game("chomp");
  EXPECT_EQ(game->format_position(parse_position(*game, "4,4,4")), "3x4");
  EXPECT_EQ(game->format_position(parse_position(*game, "3 x 4")), "3x4");
  EXPECT_EQ(game->format_position(parse_position(*game, "4,2,2,0")), "4,2,2");
  EXPECT_THROW(parse_position(*game, "2,3"), SpecError);  // a growing row
  EXPECT_THROW(parse_position(*game, "0,0"), SpecError);  // no poison
  EXPECT_THROW(parse_position(*game, "0x5"), SpecError);
  EXPECT_THROW(parse_position(*game, "70000x1"), SpecError);
  try {
    (void)game->formula_value(parse_position(*game, "30x30"));
    FAIL() << "30x30 was not refused";
  } catch (const ResourceError& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos);
    EXPECT_NE(message.find("chomp:30x30"), std::string::npos) << message;
    EXPECT_NE(message.find("strategy stealing"), std::string::npos) << message;
  }
}

}  // namespace
}  // namespace grundy
