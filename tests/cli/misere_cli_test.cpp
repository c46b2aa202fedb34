// Misère play, remoteness and genera from the command: coin-turning rows played as rows, searches
// beyond --max-states refused at once by their bound, and progress shown on a terminal.
#include <gtest/gtest.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace {

using namespace grundy_test;

TEST(CliMisereRows, SolveModelsTheRow) {
  // Issue 11: turning coins 2 and 3 of ruler:2 + ruler:3 leaves no head, a misère loss for the
  // mover; the winning moves leave {3} or {1}.
  RunResult r = run_grundy({"solve", "ruler:2 + ruler:3", "--misere"});
  expect_success(r);
  EXPECT_EQ(r.out, "first player wins\n0: ruler:2 -> 0\n1: ruler:3 -> ruler:1 + ruler:2\n");
  // ruler:1 + ruler:2 is won in one move (turn coins 1 and 2), not three.
  r = run_grundy({"solve", "ruler:1 + ruler:2", "--remoteness"});
  expect_success(r);
  EXPECT_EQ(r.out, "first player wins\nnim-sum 3\nremoteness 1\n1: ruler:2 -> ruler:1\n");
  // A head listed twice is tails: nothing to move, a misère win for the player to move.
  r = run_grundy({"solve", "tartan(ruler,twins):2,3 + tartan(ruler,twins):2,3", "--misere"});
  expect_success(r);
  EXPECT_EQ(r.out, "first player wins\n");
}

TEST(CliMisereRows, PlayShowsTheActualRow) {
  // Turning coins 2 and 3 leaves no head: the position is empty and, under misère play, the
  // computer (to move, with no move) wins. The sum of heads would have shown ruler:2 + ruler:2.
  RunResult r =
      run_grundy({"play", "ruler:2 + ruler:3", "--misere"}, std::string("1: ruler:3 -> ruler:2\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "you: 1: ruler:3 -> ruler:2\nposition: (nothing)\nthe computer wins\n");
  // Heads listed twice are shown as the row has them: once when odd, not at all when even.
  r = run_grundy({"play", "turtles:3 + twins:2 + turtles:3 + twins:2 + twins:2"},
                 std::string("quit\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "position: twins:2\n");
  // Normal play: the row {1, 2} is won in one move; the computer, hurrying, turns both coins.
  r = run_grundy({"play", "ruler:1 + ruler:2", "--computer-first"}, std::string(""));
  expect_success(r);
  EXPECT_CONTAINS(r.out,
                  "computer: 1: ruler:2 -> ruler:1\nposition: (nothing)\nthe computer wins\n");
}

/// Runs `grundy args...` and expects a refusal naming --max-states within a few seconds (at once
/// on an idle machine; the old search ran for minutes first).
std::string expect_refused_at_once(const std::vector<std::string>& args) {
  const auto started = std::chrono::steady_clock::now();
  const RunResult r = run_grundy(args, std::string(""));
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
  const std::string message = expect_error(r);
  EXPECT_CONTAINS(message, "--max-states");
  EXPECT_CONTAINS(message, "a bound counted before searching");
  return message;
}

TEST(CliMisereBudget, RefusedAtOnceByTheBound) {
  // 6 p(41) = 267498 states for kayles:40 + nim:5.
  EXPECT_CONTAINS(
      expect_refused_at_once({"solve", "kayles:40 + nim:5", "--misere", "--no-quotient",
                              "--max-states", "100000"}),
      "up to 267498 states");
  expect_refused_at_once({"solve", "kayles:200 + nim:5", "--misere", "--no-quotient"});
  // The case: 6729030 states by the bound, past the default budget of 10^6 (a search of
  // a minute before); with the budget raised it searches (with progress on a terminal).
  EXPECT_CONTAINS(
      expect_refused_at_once({"solve", "kayles:60 + nim:5", "--misere", "--no-quotient"}),
      "more than --max-states 1000000; raise --max-states to 6729030 to search");
  expect_refused_at_once({"solve", "kayles:200 + nim:5", "--remoteness"});
  // play: before the first prompt, under misère play (normal play falls back to Grundy values).
  expect_refused_at_once({"play", "kayles:60 + nim:5", "--misere", "--no-quotient"});
  // seq: before any value, by the genus of the last heap.
  EXPECT_CONTAINS(expect_refused_at_once({"seq", "0.77", "--to", "200", "--misere"}),
                  "the genus of 0.77:200");
}

TEST(CliMisereBudget, ProgressOnATerminal) {
  // With stderr a terminal, a search of 267498 states shows how far it has come, then clears the
  // line before the answer.
  int fd = -1;
  const pid_t pid = ::forkpty(&fd, nullptr, nullptr, nullptr);
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::execl(GRUNDY_CLI_PATH, "grundy", "solve", "kayles:40 + nim:5", "--misere", "--no-quotient",
            nullptr);
    ::_exit(127);
  }
  std::string out;
  char buffer[4096];
  while (true) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n <= 0) break;  // EIO once the child has gone
    out.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status));
  EXPECT_EQ(WEXITSTATUS(status), 0) << out;
  EXPECT_CONTAINS(out, " positions of the sum searched (bound 267498, --max-states 1000000), ");
  EXPECT_CONTAINS(out, "\r\033[Kfirst player wins");
}

}  // namespace
