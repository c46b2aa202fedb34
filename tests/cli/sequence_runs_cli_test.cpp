// Long `grundy seq --out` runs: stopped by kill -9 and by Ctrl-C, then continued, and written
// with one thread or several; each time the file is byte-identical to one written in a single
// run. A Release-only executable (HEAVY): each test runs the command for 10-25 s.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <string>
#include <thread>
#include <vector>

#include "cli_runner.hpp"
#include "temp_file.hpp"

namespace grundy_test {
namespace {

using grundy::test::TempFile;
using grundy::test::read_bytes;

/// A run long enough to be stopped after 1.5 s, even on a fast machine: 0.6 to 2·10^6 takes
/// about 10 s on one thread (Release, 2026), to 4·10^5 about 9 s under ASan+UBSan (the runs cost
/// about n·rare; the sanitizer build needs fewer values for as long a run). The kill -9 test runs
/// it on every core (the default), the Ctrl-C test on one.
#if defined(GRUNDY_SANITIZED_COMMAND)
constexpr const char* kLongRunTo = "400000";
#else
constexpr const char* kLongRunTo = "2000000";
#endif
std::vector<std::string> long_run(const std::string& path, const std::string& threads = "0") {
  return {"seq",        "0.6",          "--to", kLongRunTo,  "--out", path,
          "--no-cache", "--checkpoint", "0",    "--threads", threads};
}

TEST(SeqFileRun, KilledTwiceThenResumedIsByteIdentical) {
  TempFile whole, resumed;
  std::vector<std::string> args = long_run(whole.path());
  expect_success(run_grundy(args, std::nullopt, std::chrono::minutes(10)));
  args = long_run(resumed.path());
  for (int kill = 0; kill < 2; ++kill) {
    // run_grundy sends SIGKILL at the timeout: the hardest way to stop.
    const RunResult killed = run_grundy(args, std::nullopt, std::chrono::milliseconds(1500));
    ASSERT_TRUE(killed.timed_out) << "the run finished before it could be killed\n" << killed;
  }
  const RunResult partial = run_grundy({"seq", "--in", resumed.path(), "--to", "0"});
  EXPECT_EQ(partial.exit_code, 0) << partial;
  EXPECT_CONTAINS(partial.err, "unfinished");
  const RunResult finished = run_grundy(args, std::nullopt, std::chrono::minutes(10));
  expect_success(finished);
  EXPECT_CONTAINS(finished.out, "continued after");
  EXPECT_TRUE(read_bytes(whole.path()) == read_bytes(resumed.path()))
      << "the resumed file differs from the uninterrupted one";
}

TEST(SeqFileRun, CtrlCSavesAndSaysHowToResume) {
  TempFile whole, resumed;
  expect_success(run_grundy(long_run(whole.path(), "1"), std::nullopt, std::chrono::minutes(10)));
  std::vector<std::string> storage{GRUNDY_CLI_PATH};
  for (const std::string& a : long_run(resumed.path(), "1")) storage.push_back(a);
  std::vector<char*> argv;
  for (std::string& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);
  TempFile err;
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    std::freopen(err.path().c_str(), "w", stderr);
    std::freopen("/dev/null", "w", stdout);
    ::execv(argv[0], argv.data());
    ::_exit(127);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  ::kill(pid, SIGINT);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by the signal instead of stopping cleanly";
  EXPECT_EQ(WEXITSTATUS(status), 130);
  const std::string said = read_bytes(err.path());
  EXPECT_CONTAINS(said, "interrupted");
  EXPECT_CONTAINS(said, "the same command continues");
  expect_success(run_grundy(long_run(resumed.path(), "1"), std::nullopt, std::chrono::minutes(10)));
  EXPECT_TRUE(read_bytes(whole.path()) == read_bytes(resumed.path()));
}

TEST(SeqFileRun, ThreadsDoNotChangeTheFile) {
  TempFile one, two;
  expect_success(
      run_grundy({"seq", "grundy", "--to", "300000", "--out", one.path(), "--threads", "1"}));
  expect_success(
      run_grundy({"seq", "grundy", "--to", "300000", "--out", two.path(), "--threads", "2"}));
  EXPECT_TRUE(read_bytes(one.path()) == read_bytes(two.path()));
}

}  // namespace
}  // namespace grundy_test
