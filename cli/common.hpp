#pragma once
// What every subcommand shares: common options, JSON numbers, progress, error reporting.

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "grundy/analysis/periodic_source.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/solve/dense_solver.hpp"

namespace grundy::cli {

struct CommonOptions {
  bool json = false;
  std::string max_memory;     // empty: the memory available
  std::string threads = "0";  // --threads, where a command has it; 0: one per core

  Limits limits() const;
};

/// The engine's options from the common ones (--max-memory, --threads), with --max and
/// --no-cache where the command has them.
EngineOptions engine_options(const CommonOptions& common, const std::string& max = "10000000",
                             bool no_cache = false);
/// The engine's reporter for the command: warnings on stderr, progress lines on a terminal.
Reporter terminal_reporter();

/// The options of period searches behind value, solve and period.
PeriodOptions period_options(const CommonOptions& common, bool no_cache, std::uint64_t max_values);

/// Adds --json and --max-memory to a subcommand.
void add_common_options(CLI::App& command, CommonOptions& options);

/// Reads a whole-number option value (given as text, so that "-1" is an error rather than a
/// wrapped-around 2^64-1): 0..max, else Error naming the option and the text.
std::uint64_t parse_number_option(std::string_view option, const std::string& text,
                                  std::uint64_t max);

/// One JSON document as text; bytes that are not UTF-8 (a file name, say) become U+FFFD.
std::string dump_json(const nlohmann::ordered_json& doc);

/// Adds --threads (the sparse-space engine's threads; default: one per core).
void add_threads_option(CLI::App& command, CommonOptions& options);
/// Adds --max and --no-cache (period searches for positions beyond a table).
void add_period_search_options(CLI::App& command, std::string& max, bool& no_cache);

/// A JSON number when it fits in 53 bits, else a string of decimal digits (the CLI contract).
nlohmann::ordered_json json_number(std::uint64_t v);

/// Thrown for a problem with one argument: printed as "<what> '<text>' column N: detail".
/// Turns a SpecError from parsing an argument into an Error that says which argument it was.
[[noreturn]] void rethrow_with_context(std::string_view what, std::string_view text);

/// The game spec given as a command argument; a SpecError becomes "spec column N: ...".
std::shared_ptr<const Game> parse_game_argument(const std::string& spec);

/// Shows "values done / wanted, rate" on stderr while a dense table grows, when stderr is a
/// terminal; does nothing otherwise.
DenseSolver::Progress terminal_progress(std::string label);
/// (values done from g(0), values wanted, rare positions so far).
using SequenceProgress = std::function<void(std::uint64_t, std::uint64_t, std::size_t)>;
/// The same for long nim-sequences (`seq --out`): values/s of this run, rare count, ETA.
SequenceProgress terminal_sequence_progress(std::string label);
/// Clears the progress line, if one was drawn.
void end_progress();
/// Another progress line was drawn on stderr (end_progress clears it too).
void mark_progress_drawn();

}  // namespace grundy::cli
