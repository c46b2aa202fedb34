// `grundy play`: moves read line by line from stdin (not a terminal), against the perfect player.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace {

using namespace grundy_test;

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
    ++n;
  return n;
}

TEST(CliPlay, HintShowsTheWinningMove) {
  const RunResult r = run_grundy({"play", "nim:3 + nim:4 + nim:5"}, std::string("hint\nquit\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "hint: 0: nim:3 -> nim:1 wins");
  EXPECT_CONTAINS(r.out, "  [2] 0: nim:3 -> nim:1\n");
}

TEST(CliPlay, TheComputerWinsFromAWinningPosition) {
  // After the human's bad first move the computer has a winning reply every time: whatever the
  // human plays next (always the first listed move), the computer ends up winning.
  std::string moves;
  for (int k = 0; k < 40; ++k) moves += "1\n";
  const RunResult r = run_grundy({"play", "nim:3 + nim:4 + nim:5"}, moves);
  expect_success(r);
  EXPECT_CONTAINS(r.out, "you: 0: nim:3 -> 0\n");
  EXPECT_CONTAINS(r.out, "the computer wins\n");
  EXPECT_EQ(count_of(r.out, "(it cannot force a win)"), 0u) << r.out;
}

TEST(CliPlay, PlayingTheHintsWins) {
  // nim:1 + nim:2 (nim-sum 3): the human's winning move, then the forced finish.
  const RunResult r =
      run_grundy({"play", "nim:1 + nim:2"}, std::string("1: nim:2 -> nim:1\n1\n1\n1\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "you win\n");
  EXPECT_CONTAINS(r.out, "(it cannot force a win)");
}

TEST(CliPlay, MisereComputerFirstAndUndo) {
  // Misère nim:1 + nim:2: the computer (first) empties nim:2, leaving the human the last heap.
  const RunResult r = run_grundy({"play", "nim:1 + nim:2", "--misere", "--computer-first"},
                                 std::string("undo\n7\n1\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "computer: 1: nim:2 -> 0\n");
  EXPECT_CONTAINS(r.out, "nothing to undo\n");
  EXPECT_CONTAINS(r.out, "not a move here: '7'\n");
  EXPECT_CONTAINS(r.out, "the computer wins\n");
}

TEST(CliPlay, UndoRestoresThePositionBeforeTheHumansMove) {
  // The human empties a nim:2, the computer empties the other; undo takes back both moves.
  const RunResult r =
      run_grundy({"play", "nim:2 + nim:2 + nim:1 + nim:1"}, std::string("1\nundo\nquit\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "position: nim:1 + nim:1\n");
  EXPECT_EQ(count_of(r.out, "position: nim:2 + nim:2 + nim:1 + nim:1\n"), 2u) << r.out;
}

TEST(CliPlay, TheComputerWinsALoopyGameThatCouldCycle) {
  // tests/data/graphs/trap.txt: from back, both hold and end have value 0 and hold is listed
  // first, but from hold the human's only move is back to back. Against a human who always plays
  // the first listed move, the computer must take end (Smith's counter) to finish: with the exact
  // search (remoteness) and beyond its budget (--max-states 1: Grundy values and counters).
  std::string moves;
  for (int k = 0; k < 40; ++k) moves += "1\n";
  const std::string trap = graph_game("trap.txt");
  for (const std::vector<std::string>& budget :
       {std::vector<std::string>{}, std::vector<std::string>{"--max-states", "1"}}) {
    std::vector<std::string> args{"play", trap + ":hold + nim:1", "--computer-first"};
    args.insert(args.end(), budget.begin(), budget.end());
    const RunResult r = run_grundy(args, moves);
    expect_success(r);
    EXPECT_CONTAINS(r.out, "computer: 1: nim:1 -> 0\n");
    EXPECT_CONTAINS(r.out, "you: 0: " + trap + ":hold -> " + trap + ":back\n");
    EXPECT_CONTAINS(r.out, "computer: 0: " + trap + ":back -> " + trap + ":end\n");
    EXPECT_CONTAINS(r.out, "the computer wins\n");
    EXPECT_EQ(count_of(r.out, "computer: "), 2u) << r.out;
  }
}

TEST(CliPlay, EndOfInputLeavesTheGame) {
  const RunResult r = run_grundy({"play", "0.07:9"}, std::string(""));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "end of input");
}

// ---------------------------------------------------------------------------------------------
// Loopy graph games (positions can repeat)
// ---------------------------------------------------------------------------------------------

std::string graph_game(const std::string& file) {
  return "graph(" + std::string(GRUNDY_TEST_DATA) + "/graphs/" + file + ")";
}

/// `count` lines that each play the first listed move.
std::string first_moves(int count) {
  std::string lines;
  for (int k = 0; k < count; ++k) lines += "1\n";
  return lines;
}

TEST(CliPlay, LoopyWinIsPlayedOutWithoutCycling) {
  // escape.txt: b = 1, with two moves to value 0: b -> a (a's only move returns to b) and b -> t
  // (terminal). The computer, first at b, must end the game with b -> t, not go round the cycle.
  const std::string g = graph_game("escape.txt");
  const RunResult r = run_grundy({"play", g + ":b", "--computer-first"}, first_moves(10));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "computer: 0: " + g + ":b -> " + g + ":t\n");
  EXPECT_CONTAINS(r.out, "the computer wins\n");
  EXPECT_EQ(count_of(r.out, "-> " + g + ":a"), 0u) << r.out;
  EXPECT_EQ(count_of(r.out, "(it cannot force a win"), 0u) << r.out;
}

TEST(CliPlay, LoopyWinFromTheHumansBadMove) {
  // The human at a (value 0) must move to b; the computer then wins at once with b -> t.
  const std::string g = graph_game("escape.txt");
  const RunResult r = run_grundy({"play", g + ":a"}, first_moves(10));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "you: 0: " + g + ":a -> " + g + ":b\n");
  EXPECT_CONTAINS(r.out, "computer: 0: " + g + ":b -> " + g + ":t\n");
  EXPECT_CONTAINS(r.out, "the computer wins\n");
  EXPECT_EQ(count_of(r.out, "your move"), 1u) << r.out;
}

TEST(CliPlay, LoopyWinByGrundyValuesBeyondTheSearchBudget) {
  // As LoopyWinIsPlayedOutWithoutCycling, with the exact search refused (--max-states 1) so that
  // the computer decides by Smith's generalised Grundy values alone.
  const std::string g = graph_game("escape.txt");
  const RunResult r =
      run_grundy({"play", g + ":b", "--computer-first", "--max-states", "1"}, first_moves(10));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "computer: 0: " + g + ":b -> " + g + ":t\n");
  EXPECT_CONTAINS(r.out, "the computer wins\n");
}

TEST(CliPlay, LoopyDrawTheComputerKeepsTheDrawAndRepetitionEndsTheGame) {
  // loopy.txt: a <-> b, b -> c -> d. a = inf{} and b = inf{1} are draws; b -> c (value 1) loses.
  // The computer at b keeps the draw (b -> a); the human's only move a -> b brings b back, and the
  // third time b comes back with the computer to move the game is drawn, long before the input
  // runs out.
  const std::string g = graph_game("loopy.txt");
  const RunResult r = run_grundy({"play", g + ":b", "--computer-first"}, first_moves(50));
  expect_success(r);
  EXPECT_EQ(count_of(r.out, "computer: 0: " + g + ":b -> " + g +
                                ":a (it cannot force a win; it keeps the draw)\n"),
            2u)
      << r.out;
  EXPECT_EQ(count_of(r.out, "-> " + g + ":c"), 0u) << r.out;
  EXPECT_EQ(count_of(r.out, "your move"), 2u) << r.out;
  EXPECT_CONTAINS(r.out, "for the third time: a draw\n");
  EXPECT_EQ(count_of(r.out, "wins\n"), 0u) << r.out;
  EXPECT_EQ(count_of(r.out, "end of input"), 0u) << r.out;
}

TEST(CliPlay, LoopyDrawIsKeptEvenWhenTheFirstMoveLoses) {
  // draw.txt: from p (inf{1}) the first listed move, p -> l, loses; p -> q keeps the draw. Both
  // by exact search and, beyond the search budget (--max-states 1), by Smith's values.
  const std::string g = graph_game("draw.txt");
  for (const std::string max_states : {"200000", "1"}) {
    const RunResult r = run_grundy(
        {"play", g + ":p", "--computer-first", "--max-states", max_states}, first_moves(10));
    expect_success(r);
    EXPECT_EQ(count_of(r.out, "computer: 0: " + g + ":p -> " + g +
                                  ":q (it cannot force a win; it keeps the draw)\n"),
              2u)
        << max_states << '\n'
        << r.out;
    EXPECT_EQ(count_of(r.out, "-> " + g + ":l"), 0u) << max_states << '\n' << r.out;
    EXPECT_CONTAINS(r.out, "for the third time: a draw\n");
  }
}

TEST(CliPlay, LoopyDrawHintAndLeavingTheDrawLoses) {
  // The human at b asks for a hint (keep the draw with b -> a), then leaves the draw with
  // b -> c (value 1): the computer wins with c -> d.
  const std::string g = graph_game("loopy.txt");
  const RunResult r = run_grundy({"play", g + ":b"}, std::string("hint\n2\n1\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "hint: no winning move; 0: " + g + ":b -> " + g + ":a keeps the draw\n");
  EXPECT_CONTAINS(r.out, "you: 0: " + g + ":b -> " + g + ":c\n");
  EXPECT_CONTAINS(r.out, "computer: 0: " + g + ":c -> " + g + ":d\n");
  EXPECT_CONTAINS(r.out, "the computer wins\n");
}

TEST(CliPlay, LoopyHintInAFirstPlayerWin) {
  // e = inf{0}: a self-loop and a move to the terminal d. The hint is e -> d; the human who
  // plays the self-loop instead hands the computer the same win.
  const std::string g = graph_game("loopy.txt");
  const RunResult r = run_grundy({"play", g + ":e"}, std::string("hint\n" + g + ":e\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "hint: 0: " + g + ":e -> " + g + ":d wins\n");
  EXPECT_CONTAINS(r.out, "you: 0: " + g + ":e -> " + g + ":e\n");
  EXPECT_CONTAINS(r.out, "computer: 0: " + g + ":e -> " + g + ":d\n");
  EXPECT_CONTAINS(r.out, "the computer wins\n");
}

TEST(CliPlay, UndoForgetsRepetitions) {
  // Going round the draw cycle twice and taking it back each time never draws the game: undone
  // positions do not count towards the repetition rule.
  const std::string g = graph_game("loopy.txt");
  const RunResult r =
      run_grundy({"play", g + ":b"}, std::string("1\nundo\n1\nundo\n1\nundo\nquit\n"));
  expect_success(r);
  EXPECT_EQ(count_of(r.out, "you: 0: " + g + ":b -> " + g + ":a\n"), 3u) << r.out;
  EXPECT_EQ(count_of(r.out, "third time"), 0u) << r.out;
}

TEST(CliPlay, BadSumIsAnError) {
  EXPECT_CONTAINS(expect_error(run_grundy({"play", "nim:3 + foo:2"})), "spec column 9");
}

}  // namespace
