// Requests whose work used to grow without bound and without a word: each now answers at once
// (a formula, a better algorithm) or is refused at once with the limit named. The timeouts only
// stop a regression from hanging the suite; the answers are checked, not the time they take.
#include <gtest/gtest.h>

#include <chrono>
#include <string>

#include "cli_runner.hpp"
#include "temp_file.hpp"

namespace {

using namespace grundy_test;
using namespace std::chrono_literals;

constexpr std::chrono::milliseconds kHangGuard = 60s;

TEST(CliWorkLimits, BashGameByFormula) {
  // sub(1..m) is Bash's game: g(n) = n mod (m+1). It used to cost n*m option look-ups.
  RunResult r = run_grundy({"value", "sub(1..100000)", "300000", "1000000000000"}, {}, kHangGuard);
  expect_success(r);
  EXPECT_EQ(r.out, "99998\n" + std::to_string(1000000000000ULL % 100001) + "\n");
  // The winning moves too: from 300000 (value 99998) the only move to 0 removes 99998.
  r = run_grundy({"solve", "sub(1..100000):300000"}, {}, kHangGuard);
  expect_success(r);
  EXPECT_EQ(
      r.out,
      "first player wins\nnim-sum 99998\n0: sub(1..100000):300000 -> sub(1..100000):200002\n");
}

TEST(CliWorkLimits, AllButBySlidingWindows) {
  // allbut(1,2): g(n) = mex g(0..n-3) = floor(n/3). It used to cost n^2 look-ups.
  RunResult r = run_grundy({"value", "allbut(1,2)", "100000", "99998"}, {}, kHangGuard);
  expect_success(r);
  EXPECT_EQ(r.out, "33333\n33332\n");
  r = run_grundy({"seq", "allbut(1,2)", "--from", "99995", "--to", "100000"}, {}, kHangGuard);
  expect_success(r);
  EXPECT_EQ(r.out, "33331 33332 33332 33332 33333 33333\n");
  // allbut(1,2):100000 + nim:1 has nim-sum 33332: the winning moves leave a heap of value 1,
  // the heaps 3, 4 and 5.
  r = run_grundy({"solve", "allbut(1,2):100000 + nim:1", "--json"}, {}, kHangGuard);
  const nlohmann::json doc = expect_json(r);
  EXPECT_EQ(doc["winner"], "first");
  EXPECT_EQ(doc["winning_move_count"], 3);
}

TEST(CliWorkLimits, TooMuchWorkIsRefusedWithTheLimit) {
  // sub(squares) to 10^9: about 3*10^13 look-ups; refused at once, naming the limit.
  const std::string message = expect_error(
      run_grundy({"value", "sub(squares)", "1000000000", "--max-memory", "64G"}, {}, kHangGuard));
  EXPECT_CONTAINS(message, "g(0..1000000000) for sub(squares)");
  EXPECT_CONTAINS(message, "steps");
  EXPECT_CONTAINS(message, "limit of 1*10^10 (about a minute of work)");
}

TEST(CliWorkLimits, EndlessGraphFileIsRefused) {
  // /dev/zero never ends: read up to the size limit, then refused naming the file and the limit.
  const std::string message =
      expect_error(run_grundy({"value", "graph(/dev/zero)", "a"}, {}, kHangGuard));
  EXPECT_CONTAINS(message, "graph file '/dev/zero'");
  EXPECT_CONTAINS(message, "64.0 MiB");
}

TEST(CliWorkLimits, GraphFileMessagesAreOneCleanLine) {
  // A NUL byte used to cut the message; every byte quoted from the file is escaped.
  grundy::test::TempFile nul(std::string("a b\nc \0 d\n", 10));
  std::string message = expect_error(run_grundy({"value", "graph(" + nul.path() + ")", "a"}));
  EXPECT_CONTAINS(message, "line 2: '\\x00' cannot be part of a vertex name");
  EXPECT_EQ(message.find('\0'), std::string::npos);
  grundy::test::TempFile long_name("a " + std::string(300, 'v') + "\n");
  message = expect_error(run_grundy({"value", "graph(" + long_name.path() + ")", "a"}));
  EXPECT_CONTAINS(message, "longer than 255 bytes");
  EXPECT_LT(message.size(), 400u);
}

}  // namespace
