#pragma once
// Runs the built `grundy` binary (GRUNDY_CLI_PATH) as a child process and checks what it prints
// against the command contract (docs/cli.md): shared by every CLI test file.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace grundy_test {

// ---------------------------------------------------------------------------------------------
// Running the binary
// ---------------------------------------------------------------------------------------------

struct RunResult {
  std::string out;
  std::string err;
  int exit_code = -1;  // the exit status; 128 + signal when killed by a signal
  bool timed_out = false;
  long peak_kib = 0;  // the child's largest resident set (its rusage's ru_maxrss), in KiB
};

inline std::ostream& operator<<(std::ostream& os, const RunResult& r) {
  return os << "exit " << r.exit_code << (r.timed_out ? " (timed out)" : "") << "\n--- stdout ---\n"
            << r.out << "--- stderr ---\n"
            << r.err << "--------------";
}

constexpr std::chrono::milliseconds kTimeout{60'000};
/// Output kept per stream; the rest is read and dropped (a runaway command cannot exhaust memory).
constexpr std::size_t kMaxCaptured = std::size_t{64} << 20;

/// Runs `grundy args...` (no shell) with `stdin_text` on its stdin (/dev/null when absent) and
/// collects stdout, stderr and the exit code. The child is killed after `timeout`.
inline RunResult run_grundy(const std::vector<std::string>& args,
                            const std::optional<std::string>& stdin_text = std::nullopt,
                            std::chrono::milliseconds timeout = kTimeout) {
  RunResult result;
  // A child that exits before reading its stdin must not kill the test with SIGPIPE.
  ::signal(SIGPIPE, SIG_IGN);

  int in_pipe[2] = {-1, -1};
  int out_pipe[2];
  int err_pipe[2];
  if (stdin_text && ::pipe2(in_pipe, O_CLOEXEC) != 0)
    ADD_FAILURE() << "pipe: " << std::strerror(errno);
  if (::pipe2(out_pipe, O_CLOEXEC) != 0 || ::pipe2(err_pipe, O_CLOEXEC) != 0) {
    ADD_FAILURE() << "pipe: " << std::strerror(errno);
    return result;
  }

  // Everything the child needs is prepared before fork (only async-signal-safe calls after it).
  const std::string path = GRUNDY_CLI_PATH;
  std::vector<std::string> storage;
  storage.push_back(path);
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);
  const int dev_null = stdin_text ? -1 : ::open("/dev/null", O_RDONLY | O_CLOEXEC);

  const pid_t pid = ::fork();
  if (pid < 0) {
    ADD_FAILURE() << "fork: " << std::strerror(errno);
    return result;
  }
  if (pid == 0) {
    ::signal(SIGPIPE, SIG_DFL);
    ::dup2(stdin_text ? in_pipe[0] : dev_null, STDIN_FILENO);
    ::dup2(out_pipe[1], STDOUT_FILENO);
    ::dup2(err_pipe[1], STDERR_FILENO);
    ::execv(path.c_str(), argv.data());
    ::_exit(127);
  }

  if (dev_null >= 0) ::close(dev_null);
  ::close(out_pipe[1]);
  ::close(err_pipe[1]);
  int in_fd = -1;
  std::size_t written = 0;
  if (stdin_text) {
    ::close(in_pipe[0]);
    in_fd = in_pipe[1];
    ::fcntl(in_fd, F_SETFL, O_NONBLOCK);
    if (stdin_text->empty()) {
      ::close(in_fd);
      in_fd = -1;
    }
  }
  int out_fd = out_pipe[0];
  int err_fd = err_pipe[0];

  const auto deadline = std::chrono::steady_clock::now() + timeout;
  char buffer[1 << 14];
  while (out_fd >= 0 || err_fd >= 0 || in_fd >= 0) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        deadline - std::chrono::steady_clock::now());
    if (left.count() <= 0) {
      result.timed_out = true;
      ::kill(pid, SIGKILL);
      break;
    }
    pollfd fds[3];
    nfds_t n = 0;
    int out_index = -1, err_index = -1, in_index = -1;
    if (out_fd >= 0) {
      out_index = static_cast<int>(n);
      fds[n++] = pollfd{out_fd, POLLIN, 0};
    }
    if (err_fd >= 0) {
      err_index = static_cast<int>(n);
      fds[n++] = pollfd{err_fd, POLLIN, 0};
    }
    if (in_fd >= 0) {
      in_index = static_cast<int>(n);
      fds[n++] = pollfd{in_fd, POLLOUT, 0};
    }
    const int ready = ::poll(fds, n, static_cast<int>(left.count()));
    if (ready < 0) {
      if (errno == EINTR) continue;
      ADD_FAILURE() << "poll: " << std::strerror(errno);
      ::kill(pid, SIGKILL);
      break;
    }
    auto drain = [&](int index, int& fd, std::string& sink) {
      if (index < 0 || fds[index].revents == 0) return;
      const ssize_t got = ::read(fd, buffer, sizeof buffer);
      if (got > 0) {
        if (sink.size() < kMaxCaptured) sink.append(buffer, static_cast<std::size_t>(got));
      } else if (got == 0 || (errno != EINTR && errno != EAGAIN)) {
        ::close(fd);
        fd = -1;
      }
    };
    drain(out_index, out_fd, result.out);
    drain(err_index, err_fd, result.err);
    if (in_index >= 0 && fds[in_index].revents != 0) {
      const ssize_t put =
          ::write(in_fd, stdin_text->data() + written, stdin_text->size() - written);
      if (put > 0) written += static_cast<std::size_t>(put);
      if ((put < 0 && errno != EAGAIN && errno != EINTR) || written == stdin_text->size()) {
        ::close(in_fd);
        in_fd = -1;
      }
    }
  }
  for (int fd : {out_fd, err_fd, in_fd}) {
    if (fd >= 0) ::close(fd);
  }

  int status = 0;
  struct rusage usage {};
  while (::wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  result.peak_kib = usage.ru_maxrss;
  if (WIFEXITED(status))
    result.exit_code = WEXITSTATUS(status);
  else if (WIFSIGNALED(status))
    result.exit_code = 128 + WTERMSIG(status);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Checking results
// ---------------------------------------------------------------------------------------------

inline std::string data_path(const std::string& relative) {
  return std::string(GRUNDY_TEST_DATA) + "/" + relative;
}

/// `graph(<tests/data/graphs/NAME>)`.
inline std::string graph_game(const std::string& name) {
  return "graph(" + data_path("graphs/" + name) + ")";
}

inline std::size_t count_newlines(const std::string& text) {
  std::size_t n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

/// A success: exit 0, nothing on stderr (progress is for terminals only), not killed.
inline void expect_success(const RunResult& r) {
  EXPECT_FALSE(r.timed_out) << r;
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.err, "") << r;
}

/// A bad-input error: exit 2, nothing on stdout, exactly one line on stderr starting
/// `grundy: error: `. Returns the message after that prefix (without the newline).
inline std::string expect_error(const RunResult& r) {
  if (r.timed_out || r.exit_code != 2) {
    ADD_FAILURE() << "expected a bad-input error (exit 2)\n" << r;
    return r.err;
  }
  EXPECT_EQ(r.out, "") << r;
  EXPECT_EQ(count_newlines(r.err), 1u) << "stderr must be exactly one line\n" << r;
  EXPECT_TRUE(!r.err.empty() && r.err.back() == '\n') << r;
  const std::string prefix = "grundy: error: ";
  EXPECT_EQ(r.err.rfind(prefix, 0), 0u) << r;
  if (r.err.rfind(prefix, 0) != 0) return r.err;
  std::string message = r.err.substr(prefix.size());
  if (!message.empty() && message.back() == '\n') message.pop_back();
  return message;
}

#define EXPECT_CONTAINS(haystack, needle)                          \
  EXPECT_NE(std::string(haystack).find(needle), std::string::npos) \
      << "expected to find \"" << (needle) << "\" in:\n"           \
      << (haystack)

/// `--json` output: exit 0, empty stderr, and stdout exactly one JSON document (one line).
inline nlohmann::json expect_json(const RunResult& r) {
  expect_success(r);
  EXPECT_EQ(count_newlines(r.out), 1u) << "one JSON document on one line\n" << r;
  try {
    return nlohmann::json::parse(r.out);  // throws on anything after the document
  } catch (const nlohmann::json::exception& e) {
    ADD_FAILURE() << "stdout is not exactly one JSON document: " << e.what() << "\n" << r;
    return nlohmann::json();
  }
}

/// Reads an OEIS data file from tests/data (comment lines start with '#'): the terms, space-joined.
inline std::string oeis_terms(const std::string& file, std::size_t count) {
  std::ifstream in(data_path(file));
  EXPECT_TRUE(in) << "cannot read " << data_path(file);
  std::string out;
  std::size_t n = 0;
  for (std::string line; n < count && std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    if (!out.empty()) out += ' ';
    out += line;
    ++n;
  }
  EXPECT_EQ(n, count) << file << " has fewer terms than asked";
  return out;
}

}  // namespace grundy_test
