// Harness: `grundy value GAME -` (positions read from stdin, one per line), in process, with
// small limits (--max kMaxValues, one thread, no cache, --max-memory kMemoryKiB: tables of a few
// thousand values, so that no input is a long computation and a timeout is a hang). The input's
// first line is the game spec, the rest is stdin. Properties: exit code 0 or 2 only, never a
// crash or a hang; a success prints one answer per position line (blank lines skipped); every
// answer is the value the library gives the line's position, parsed and evaluated in the same
// order with the same limits.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "command.hpp"
#include "grundy/analysis/periodic_source.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/take_break.hpp"
#include "grundy/solve/graph_solver.hpp"
#include "grundy/spec/parser.hpp"
#include "support.hpp"

namespace {

constexpr std::size_t kMaxLinesChecked = 16;

/// The command's limits: tables of at most 4096 one-byte values (1024 for codes whose moves leave
/// three heaps, n^3/36 splits to fill g(0..n): g(3563) of hex(0.F) is 1 s in Release, a false
/// timeout here), period searches of 500 values. Small enough that no input comes near the
/// timeout when instrumented (20-50x slower), and for about 370 executions a second (80 with 2000
/// values and 16K tables, 2026-12-01): 10^6 executions in under an hour.
constexpr std::uint64_t kMaxValues = 500;
constexpr std::uint64_t kMemoryKiB = 4;
constexpr std::uint64_t kThreeHeapMemoryKiB = 1;

std::vector<std::string> lines_of(std::string_view text) {
  std::vector<std::string> lines;
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    lines.emplace_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

std::string trimmed(const std::string& line) {
  const std::size_t first = line.find_first_not_of(" \t\r");
  if (first == std::string::npos) return {};
  return line.substr(first, line.find_last_not_of(" \t\r") + 1 - first);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const bool entered = (grundy::fuzz::enter_temp_dir_with_graphs(), true);
  (void)entered;
  const std::string_view text = grundy::fuzz::as_text(data, size);
  const std::size_t newline = text.find('\n');
  if (newline == std::string_view::npos) return 0;
  const std::string spec(text.substr(0, newline));
  // graph(NAME) reads only the temporary directory's files (the graph harness fuzzes the rest);
  // an argument cannot hold a NUL byte, and one that starts with '-' is an option (-h: help).
  if (spec.find_first_of(std::string_view("/\0", 2)) != std::string::npos) return 0;
  if (spec.empty() || spec.front() == '-') return 0;
  const std::string_view input = text.substr(newline + 1);
  // The library's game, for the limits and the reference answers (null if the spec is refused).
  std::shared_ptr<const grundy::Game> game;
  std::string refusal;
  try {
    game = grundy::parse_game(spec);
  } catch (const grundy::Error& e) {
    refusal = e.what();
  }
  std::uint64_t memory_kib = kMemoryKiB;
  const grundy::TakeBreakCode* code = game ? game->traits().take_break : nullptr;
  if (code != nullptr && code->max_parts() == 3) memory_kib = kThreeHeapMemoryKiB;
  const grundy::fuzz::CommandResult result = grundy::fuzz::run_command(
      {"value", spec, "-", "--max", std::to_string(kMaxValues), "--max-memory",
       std::to_string(memory_kib) + "K", "--no-cache", "--threads", "1"},
      input);
  if (result.exit_code != 0 && result.out.empty()) return 0;

  const std::vector<std::string> answers = lines_of(result.out);
  std::vector<std::string> positions;
  for (const std::string& line : lines_of(input)) {
    if (!trimmed(line).empty()) positions.push_back(trimmed(line));
  }
  if (result.exit_code == 0) {
    FUZZ_CHECK(answers.size() == positions.size(), "one answer per position line");
  } else {
    FUZZ_CHECK(answers.size() < positions.size(), "an answer for every line, then an error");
  }
  grundy::PeriodOptions options;
  options.limits.max_memory_bytes = memory_kib << 10;
  options.max_values = kMaxValues;
  options.threads = 1;
  options.cache_directory.reset();
  if (!game) grundy::fuzz::fail("grundy answered, but the spec does not parse: " + refusal);
  grundy::PeriodicSource values(game, options);
  for (std::size_t i = 0; i < answers.size() && i < kMaxLinesChecked; ++i) {
    try {
      const grundy::Value v = values.value(grundy::parse_position(*game, positions[i]));
      if (v == grundy::kInfiniteValue) {
        FUZZ_CHECK(answers[i].rfind("inf{", 0) == 0, "'" + positions[i] + "': " + answers[i]);
      } else {
        FUZZ_CHECK(answers[i] == std::to_string(v),
                   "'" + positions[i] + "': " + answers[i] + ", not " + std::to_string(v));
      }
    } catch (const grundy::Error& e) {
      grundy::fuzz::fail("'" + positions[i] + "' was answered " + answers[i] +
                         " but the library says: " + e.what());
    }
  }
  return 0;
}
