#include "command.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <sstream>

#include "app.hpp"
#include "support.hpp"

// Where sanitizer reports go; present only in sanitized builds.
extern "C" void __sanitizer_set_report_fd(void* fd) __attribute__((weak));

namespace grundy::fuzz {
namespace {

/// Sends fd 2 to /dev/null while it lives (the command's error lines would flood the fuzzer's
/// log), keeping sanitizer reports and our own failures on the original stderr.
class QuietStderr {
 public:
  QuietStderr() {
    if (!quiet()) return;
    static const int original = [] {
      const int fd = ::dup(2);
      if (__sanitizer_set_report_fd != nullptr) {
        __sanitizer_set_report_fd(reinterpret_cast<void*>(static_cast<std::intptr_t>(fd)));
      }
      return fd;
    }();
    static const int null = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    original_ = original;
    ::fflush(stderr);
    ::dup2(null, 2);
  }
  ~QuietStderr() {
    if (original_ < 0) return;
    ::fflush(stderr);
    ::dup2(original_, 2);
  }
  QuietStderr(const QuietStderr&) = delete;
  QuietStderr& operator=(const QuietStderr&) = delete;

 private:
  static bool quiet() {
#ifdef GRUNDY_LIBFUZZER
    static const bool verbose = std::getenv("GRUNDY_FUZZ_VERBOSE") != nullptr;
    return !verbose;
#else
    return false;
#endif
  }
  int original_ = -1;
};

}  // namespace

CommandResult run_command(const std::vector<std::string>& args, std::string_view input) {
  std::vector<std::string> storage{"grundy"};
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& arg : storage) argv.push_back(arg.data());
  argv.push_back(nullptr);

  std::istringstream in{std::string(input)};
  std::ostringstream out;
  std::streambuf* const saved_in = std::cin.rdbuf(in.rdbuf());
  std::streambuf* const saved_out = std::cout.rdbuf(out.rdbuf());
  CommandResult result;
  {
    QuietStderr quiet;
    result.exit_code = grundy::cli::run(static_cast<int>(storage.size()), argv.data());
    std::cout.flush();
  }
  std::cin.rdbuf(saved_in);
  std::cout.rdbuf(saved_out);
  std::cin.clear();
  std::cout.clear();
  result.out = out.str();
  FUZZ_CHECK(result.exit_code == 0 || result.exit_code == 2,
             "grundy exited with " + std::to_string(result.exit_code) + " (an internal error)");
  return result;
}

}  // namespace grundy::fuzz
