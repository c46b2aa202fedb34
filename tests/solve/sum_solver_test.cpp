// The sum solver against brute force on random sums mixing families.
#include "grundy/solve/sum_solver.hpp"

#include <gtest/gtest.h>

#include <random>
#include <set>
#include <string>

#include "brute_force.hpp"
#include "grundy/rules/families/wythoff.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

TEST(SumSolver, NimThreeFourFive) {
  const Sum sum = parse_sum("nim:3 + nim:4 + nim:5");
  SumEvaluators evaluators(sum, Limits{});
  const SumSolution s = solve_sum(sum, evaluators.sources(), 20);
  EXPECT_EQ(s.outcome, Outcome::N);
  EXPECT_EQ(s.nim_sum, 2u);
  ASSERT_EQ(s.winning_moves.size(), 1u);
  EXPECT_EQ(s.winning_moves[0].component, 0u);
  EXPECT_EQ(s.winning_moves[0].to, (std::vector<Position>{{1, 0}}));
  EXPECT_EQ(s.winning_move_count, 1u);
  EXPECT_FALSE(s.winning_moves_truncated);
}

TEST(SumSolver, SecondPlayerWinHasNoMoves) {
  const Sum sum = parse_sum("nim:1 + nim:2 + nim:3");
  SumEvaluators evaluators(sum, Limits{});
  const SumSolution s = solve_sum(sum, evaluators.sources(), 20);
  EXPECT_EQ(s.outcome, Outcome::P);
  EXPECT_TRUE(s.winning_moves.empty());
  EXPECT_EQ(s.winning_move_count, 0u);
}

TEST(SumSolver, HugeNimHeapsUseTheFormula) {
  const Sum sum = parse_sum("nim:9223372036854775807 + nim:1");
  SumEvaluators evaluators(sum, Limits{});
  const SumSolution s = solve_sum(sum, evaluators.sources(), 20);
  EXPECT_EQ(s.nim_sum, 9223372036854775806ULL);
  ASSERT_EQ(s.winning_moves.size(), 1u);
  EXPECT_EQ(s.winning_moves[0].to, (std::vector<Position>{{1, 0}}));
}

TEST(SumSolver, EqualComponentsCountSeparatelyAndTruncationKeepsTheCount) {
  // Two equal 0.77 heaps plus nim:1: every winning move is counted per component.
  const Sum sum = parse_sum("nim:7 + nim:7 + nim:7");
  SumEvaluators evaluators(sum, Limits{});
  const SumSolution s = solve_sum(sum, evaluators.sources(), 2);
  EXPECT_EQ(s.winning_move_count, 3u);
  EXPECT_EQ(s.winning_moves.size(), 2u);
  EXPECT_TRUE(s.winning_moves_truncated);
}

TEST(SumSolver, ReversibleMovesToHigherValuesAreWinningToo) {
  // sub(1,2) has values 0 1 2 0 1 2 ...; heap 3 (value 0) moves to 2 (value 2) or 1 (value 1).
  // In 'sub(1,2):3 + nim:2' (nim-sum 2), 3 -> 2 leaves 2 xor 2 = 0: a winning move to a value
  // above the component's own, besides the plain one nim:2 -> 0.
  const Sum sum = parse_sum("sub(1,2):3 + nim:2");
  SumEvaluators evaluators(sum, Limits{});
  const SumSolution s = solve_sum(sum, evaluators.sources(), 20);
  std::set<std::pair<std::size_t, std::vector<Position>>> got;
  for (const Move& m : s.winning_moves) got.emplace(m.component, m.to);
  EXPECT_TRUE(got.contains({0, {Position{2, 0}}}));
  EXPECT_TRUE(got.contains({1, {}}));
  EXPECT_EQ(s.winning_move_count, 2u);
}

TEST(SumSolver, MovesAreOrderedByComponentThenResult) {
  const Sum sum = parse_sum("0.07:10 + 0.07:10 + nim:1");
  SumEvaluators evaluators(sum, Limits{});
  const SumSolution s = solve_sum(sum, evaluators.sources(), 100);
  EXPECT_TRUE(std::is_sorted(s.winning_moves.begin(), s.winning_moves.end()));
}

/// Random sums of small positions over many families: the solver's winning moves are exactly
/// the brute-force ones, each really reaches nim-sum 0, and the count is exact.
TEST(SumSolver, RandomSumsAgreeWithBruteForce) {
  const std::vector<std::string> games{
      "nim",  "sub(1,3)",  "sub(fib)", "sub(2,3,7)", "allbut(2)",    "0.77", "0.07",    "0.137",
      "4.07", "hex(0.8F)", "grundy",   "polygon",    "sub(squares)", "0.6",  "hex(C.1)"};
  std::mt19937_64 rng(2026);
  for (int round = 0; round < 300; ++round) {
    std::string spec;
    const int components = 1 + static_cast<int>(rng() % 4);
    for (int c = 0; c < components; ++c) {
      if (c) spec += " + ";
      spec += games[rng() % games.size()] + ":" + std::to_string(rng() % 22);
    }
    SCOPED_TRACE(spec);
    const Sum sum = parse_sum(spec);
    SumEvaluators evaluators(sum, Limits{});
    const SumSolution s = solve_sum(sum, evaluators.sources(), 1000);
    std::vector<test::BruteForce> brute;
    for (const Component& c : sum.components) brute.emplace_back(*c.game);
    const auto expected = test::brute_force_winning_moves(sum, brute);
    std::set<std::pair<std::size_t, std::vector<Position>>> got;
    for (const Move& m : s.winning_moves) {
      got.emplace(m.component, m.to);
      // The move really leaves nim-sum 0.
      Value after = 0;
      for (std::size_t i = 0; i < sum.components.size(); ++i) {
        if (i != m.component) after ^= brute[i].value(sum.components[i].position);
      }
      for (const Position& part : m.to) after ^= brute[m.component].value(part);
      EXPECT_EQ(after, 0u);
    }
    EXPECT_EQ(got, expected);
    EXPECT_EQ(s.winning_move_count, expected.size());
    EXPECT_EQ(s.outcome == Outcome::N, !expected.empty());
  }
}

TEST(SumSolver, LoneHugeWythoffIsSolvedByTheTheorem) {
  const Sum sum = parse_sum("wythoff:1000000000000,3");
  SumEvaluators evaluators(sum, Limits{});
  const SumSolution s = solve_sum(sum, evaluators.sources(), 20);
  EXPECT_FALSE(s.nim_sum_known);
  EXPECT_EQ(s.outcome, Outcome::N);
  ASSERT_TRUE(s.winning_move_count.has_value());
  EXPECT_EQ(*s.winning_move_count, s.winning_moves.size());
  EXPECT_GE(s.winning_moves.size(), 1u);
  for (const Move& m : s.winning_moves) {
    ASSERT_EQ(m.to.size(), 1u);
    EXPECT_TRUE(wythoff::is_p_position(m.to[0].x, m.to[0].y));
  }
  // The P-position (a_k, b_k) for k = 10^12: the second player wins, no moves.
  const std::uint64_t k = 1000000000000ULL;
  const Sum p_sum = parse_sum("wythoff:" + std::to_string(wythoff::lower(k)) + "," +
                              std::to_string(wythoff::lower(k) + k));
  SumEvaluators p_evaluators(p_sum, Limits{});
  const SumSolution p = solve_sum(p_sum, p_evaluators.sources(), 20);
  EXPECT_EQ(p.outcome, Outcome::P);
  EXPECT_FALSE(p.nim_sum_known);
  EXPECT_EQ(p.winning_move_count, 0u);
}

TEST(SumSolver, TheMoveToPlayIsTheFirstWinningMoveWithoutGraphs) {
  // Without loopy components any winning move makes progress: the first one listed, also when
  // none is listed (--max-moves 0), and none when the player to move loses.
  for (const std::string text :
       {"nim:3 + nim:4 + nim:5", "sub(1,2):3 + nim:2 + 0.07:9", "wythoff:1000000000000,3"}) {
    const Sum sum = parse_sum(text);
    SumEvaluators evaluators(sum, Limits{});
    const SumSolution s = solve_sum(sum, evaluators.sources(), 20);
    ASSERT_FALSE(s.winning_moves.empty()) << text;
    EXPECT_EQ(s.move_to_play, s.winning_moves.front()) << text;
    const SumSolution none_listed = solve_sum(sum, evaluators.sources(), 0);
    EXPECT_TRUE(none_listed.winning_moves.empty()) << text;
    EXPECT_EQ(none_listed.move_to_play, s.winning_moves.front()) << text;
  }
  const Sum lost = parse_sum("nim:1 + nim:2 + nim:3");
  SumEvaluators evaluators(lost, Limits{});
  EXPECT_FALSE(solve_sum(lost, evaluators.sources(), 20).move_to_play);
}

TEST(SumSolver, ModerateLoneWythoffHasItsValue) {
  const Sum sum = parse_sum("wythoff:3,6");
  SumEvaluators evaluators(sum, Limits{});
  const SumSolution s = solve_sum(sum, evaluators.sources(), 20);
  EXPECT_TRUE(s.nim_sum_known);
  EXPECT_EQ(s.outcome, Outcome::N);
  ASSERT_EQ(s.winning_moves.size(), 1u);
  EXPECT_EQ(s.winning_moves[0].to, (std::vector<Position>{{3, 5}}));
}

TEST(SumSolver, HugeWythoffInsideASumIsRefused) {
  const Sum sum = parse_sum("wythoff:1000000000000,3 + nim:1");
  SumEvaluators evaluators(sum, Limits{});
  try {
    solve_sum(sum, evaluators.sources(), 20);
    FAIL();
  } catch (const ResourceError& e) {
    EXPECT_NE(std::string(e.what()).find("wythoff:1000000000000,3"), std::string::npos) << e.what();
  }
}

TEST(SumSolver, CountsPast64BitsAreUnknownButMovesAreListed) {
  const Sum sum = parse_sum("bitcount(7):18446744073709551615 + nim:3");
  SumEvaluators evaluators(sum, Limits{});
  const SumSolution s = solve_sum(sum, evaluators.sources(), 20);
  EXPECT_EQ(s.nim_sum, 23734709u ^ 3u);
  EXPECT_FALSE(s.winning_move_count.has_value());
  EXPECT_FALSE(s.winning_move_count_note.empty());
  EXPECT_TRUE(s.winning_moves_truncated);
  EXPECT_EQ(s.winning_moves.size(), 20u);
  EXPECT_TRUE(std::is_sorted(s.winning_moves.begin(), s.winning_moves.end()));
}

/// Random sums of small positions of the source documents' families against brute force.
TEST(SumSolver, RandomSumsOfTheNewFamiliesAgreeWithBruteForce) {
  std::mt19937_64 rng(311);
  auto component = [&]() -> std::string {
    switch (rng() % 7) {
      case 0:
        return "cut:" + std::to_string(2 + rng() % 7) + "x" + std::to_string(2 + rng() % 7);
      case 1:
        return "digits:" + std::to_string(rng() % 80);
      case 2:
        return "corner:" + std::to_string(rng() % 7) + "," + std::to_string(rng() % 7);
      case 3:
        return "wythoff:" + std::to_string(rng() % 8) + "," + std::to_string(rng() % 8);
      case 4:
        return "multiply(2..5,60):" + std::to_string(1 + rng() % 70);
      case 5:
        return "bitcount(2):" + std::to_string(rng() % 40);
      default:
        return "sub(1,3):" + std::to_string(rng() % 20);
    }
  };
  for (int round = 0; round < 300; ++round) {
    std::string spec = component();
    for (int more = static_cast<int>(rng() % 3); more > 0; --more) spec += " + " + component();
    SCOPED_TRACE(spec);
    const Sum sum = parse_sum(spec);
    SumEvaluators evaluators(sum, Limits{});
    const SumSolution s = solve_sum(sum, evaluators.sources(), 100000);
    std::vector<test::BruteForce> brute;
    for (const Component& c : sum.components) brute.emplace_back(*c.game);
    const auto expected = test::brute_force_winning_moves(sum, brute);
    std::set<std::pair<std::size_t, std::vector<Position>>> got;
    for (const Move& m : s.winning_moves) got.emplace(m.component, m.to);
    EXPECT_EQ(got, expected);
    EXPECT_EQ(s.winning_move_count, expected.size());
    EXPECT_EQ(s.outcome == Outcome::N, !expected.empty());
    EXPECT_TRUE(s.nim_sum_known);
  }
}

TEST(SumSolver, LaterPositionsOfAGameShareItsSource) {
  // Play moves from one sum to the next: each game keeps its source (and the tables it built),
  // and a game not seen before gets its own.
  const Sum sum = parse_sum("0.07:30 + nim:4");
  std::size_t made = 0;
  SumEvaluators evaluators(sum,
                           [&](std::shared_ptr<const Game> game) -> std::unique_ptr<ValueSource> {
                             ++made;
                             return std::make_unique<Evaluator>(std::move(game), Limits{});
                           });
  EXPECT_EQ(made, 2u);
  const Sum after = after_move(sum, Move{0, {{3, 0}, {25, 0}}});
  const std::vector<ValueSource*> sources = evaluators.sources_for(after);
  ASSERT_EQ(sources.size(), 3u);
  EXPECT_EQ(sources[0], evaluators.sources()[0]);
  EXPECT_EQ(sources[1], evaluators.sources()[0]);
  EXPECT_EQ(sources[2], evaluators.sources()[1]);
  EXPECT_EQ(made, 2u);
  EXPECT_EQ(solve_sum(after, sources, 5).nim_sum, (1u ^ 0u ^ 4u));  // g(3) = 1, g(25) = 0
  Sum more = after;
  more.components.push_back(parse_sum("sub(1,3):4").components[0]);
  EXPECT_EQ(evaluators.sources_for(more).size(), 4u);
  EXPECT_EQ(made, 3u);
}

}  // namespace
}  // namespace grundy
