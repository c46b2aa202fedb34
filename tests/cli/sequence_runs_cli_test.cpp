// Long `grundy seq --out` runs: stopped by kill -9 and by Ctrl-C, then continued, and written
// with one thread or several; each time the file is byte-identical to one written in a single
// run. A Release-only executable (HEAVY): each test runs the command for several seconds.
#include <gtest/gtest.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli_runner.hpp"
#include "temp_file.hpp"

namespace grundy_test {
namespace {

using grundy::test::TempFile;
using grundy::test::read_bytes;

/// A run of a few seconds with a checkpoint after every block of about 0.2 s: 0.6 to 5·10^5 (2.5 s
/// on one thread, Release, 2026; to 2·10^5 against a sanitized command, 5-20x slower). The kill -9
/// test runs it on every core (the default), the Ctrl-C test on one.
#if defined(GRUNDY_SANITIZED_COMMAND)
constexpr const char* kLongRunTo = "200000";
#else
constexpr const char* kLongRunTo = "500000";
#endif
std::vector<std::string> long_run(const std::string& path, const std::string& threads = "0") {
  return {"seq",        "0.6",          "--to", kLongRunTo,  "--out", path,
          "--no-cache", "--checkpoint", "0",    "--threads", threads};
}

/// The values the header of the sequence file at `path` counts as saved (bytes 24..31, little
/// endian: docs/file-formats.md); 0 while the file has no header.
std::uint64_t saved_count(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  unsigned char bytes[8] = {};
  if (!in.seekg(24) || !in.read(reinterpret_cast<char*>(bytes), sizeof bytes)) return 0;
  std::uint64_t count = 0;
  for (int k = 7; k >= 0; --k) count = count << 8 | bytes[k];
  return count;
}

/// `grundy ARGS` in a child process (stdout to /dev/null, stderr to `err`), killed if the test
/// leaves it running.
class Child {
 public:
  Child(const std::vector<std::string>& args, const std::string& err) {
    std::vector<std::string> storage{GRUNDY_CLI_PATH};
    storage.insert(storage.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (std::string& a : storage) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_ = ::fork();
    if (pid_ == 0) {
      std::freopen(err.c_str(), "w", stderr);
      std::freopen("/dev/null", "w", stdout);
      ::execv(argv[0], argv.data());
      ::_exit(127);
    }
  }
  ~Child() {
    if (pid_ <= 0 || status_) return;
    ::kill(pid_, SIGKILL);
    ::waitpid(pid_, nullptr, 0);
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  bool started() const { return pid_ > 0; }
  bool running() {
    if (status_) return false;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == 0) return true;
    status_ = status;
    return false;
  }
  /// Sends `signal` and waits for the end: the wait status.
  int stop(int signal) {
    if (!status_) {
      ::kill(pid_, signal);
      int status = 0;
      ::waitpid(pid_, &status, 0);
      status_ = status;
    }
    return *status_;
  }

 private:
  pid_t pid_ = -1;
  std::optional<int> status_;
};

/// Waits until the run writing `path` has checkpointed more than `count` values: true, or false
/// when the run ended first (too short for the test) or a minute passed.
bool wait_for_checkpoint(Child& run, const std::string& path, std::uint64_t count) {
  const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(1);
  while (std::chrono::steady_clock::now() < give_up) {
    if (saved_count(path) > count) return true;
    if (!run.running()) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return false;
}

TEST(SeqFileRun, KilledTwiceThenResumedIsByteIdentical) {
  TempFile whole, resumed, err;
  std::vector<std::string> args = long_run(whole.path());
  expect_success(run_grundy(args, std::nullopt, std::chrono::minutes(10)));
  args = long_run(resumed.path());
  std::uint64_t saved = 0;
  for (int kill = 0; kill < 2; ++kill) {
    // Killed (kill -9: the hardest way to stop) right after a checkpoint past the last one.
    Child run(args, err.path());
    ASSERT_TRUE(run.started());
    ASSERT_TRUE(wait_for_checkpoint(run, resumed.path(), saved))
        << "the run ended before a new checkpoint\n" << read_bytes(err.path());
    const int status = run.stop(SIGKILL);
    ASSERT_TRUE(WIFSIGNALED(status)) << "the run finished before it could be killed";
    saved = saved_count(resumed.path());
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
  TempFile whole, resumed, err;
  expect_success(run_grundy(long_run(whole.path(), "1"), std::nullopt, std::chrono::minutes(10)));
  {
    Child run(long_run(resumed.path(), "1"), err.path());
    ASSERT_TRUE(run.started());
    ASSERT_TRUE(wait_for_checkpoint(run, resumed.path(), 0))
        << "the run ended before its first checkpoint\n" << read_bytes(err.path());
    const int status = run.stop(SIGINT);
    ASSERT_TRUE(WIFEXITED(status)) << "killed by the signal instead of stopping cleanly";
    EXPECT_EQ(WEXITSTATUS(status), 130);
  }
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
