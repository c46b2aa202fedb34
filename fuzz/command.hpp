#pragma once
// The grundy command run in process (cli::run), for the harnesses of input paths that live in
// the command itself: its argument parsing and its stdin reader.

#include <string>
#include <string_view>
#include <vector>

namespace grundy::fuzz {

struct CommandResult {
  int exit_code = 0;
  std::string out;
};

/// Runs `grundy ARGS...` with `input` as std::cin and std::cout captured. While fuzzing (not in
/// the replay, nor with GRUNDY_FUZZ_VERBOSE set) its stderr goes to /dev/null, and sanitizer
/// reports to the original stderr. Exit code 1 (an internal error) is a defect and fails here.
CommandResult run_command(const std::vector<std::string>& args, std::string_view input = {});

}  // namespace grundy::fuzz
