// `grundy play`: moves read line by line from stdin (not a terminal), against the perfect player.
#include <gtest/gtest.h>

#include <string>

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

TEST(CliPlay, EndOfInputLeavesTheGame) {
  const RunResult r = run_grundy({"play", "0.07:9"}, std::string(""));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "end of input");
}

TEST(CliPlay, BadSumIsAnError) {
  EXPECT_CONTAINS(expect_error(run_grundy({"play", "nim:3 + foo:2"})), "spec column 9");
}

}  // namespace
