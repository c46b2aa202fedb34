#pragma once
// What every subcommand shares: common options, JSON numbers, progress, error reporting.

#include <CLI/CLI.hpp>
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "grundy/core/limits.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/sum.hpp"

namespace grundy::cli {

struct CommonOptions {
  bool json = false;
  std::string max_memory;     // empty: the memory available
  std::string threads = "0";  // --threads, where a command has it; 0: one per core
  std::string table;          // --table FILE, where a command has it: the component search's
  std::string top_budget;     // --top-budget N, with --table; empty: the search's default

  /// --max-memory in bytes; nothing: the memory available.
  std::optional<std::uint64_t> max_memory_bytes() const;
};

/// `--max`'s default, as the options read it: the engine's default number of values.
inline const std::string kDefaultMax = std::to_string(EngineOptions::kDefaultMaxValues);

/// The engine's options from the common ones (--max-memory, --threads), with --max and
/// --no-cache where the command has them.
EngineOptions engine_options(const CommonOptions& common, const std::string& max = kDefaultMax,
                             bool no_cache = false);
/// The engine's reporter for the command: warnings on stderr, progress lines on a terminal.
Reporter terminal_reporter();

/// Adds --json and --max-memory to a subcommand.
void add_common_options(CLI::App& command, CommonOptions& options);

/// Reads a whole-number option value (given as text, so that "-1" is an error rather than a
/// wrapped-around 2^64-1): 0..max, else Error naming the option and the text.
std::uint64_t parse_number_option(std::string_view option, const std::string& text,
                                  std::uint64_t max);

/// Adds the component search's options: --table FILE (its table, kept between runs) and
/// --top-budget N (the nodes each option at the top gets in a round's first pass).
void add_component_search_options(CLI::App& command, CommonOptions& options);
/// When `sum` has a component searched by the component search (Node-Kayles, Arc-Kayles, Cram):
/// Ctrl-C stops that search (its table saved to --table), and the command exits with 130.
void stop_component_search_on_interrupt(const Sum& sum, EngineOptions& options);
void stop_component_search_on_interrupt(const Game& game, EngineOptions& options);

/// The one flag the commands' interrupt handlers set; a run given it as its stop flag stops at its
/// next check.
const std::atomic<bool>* interrupt_flag();
/// Ctrl-C and SIGTERM set interrupt_flag(); a second one ends the process at once (what a run
/// committed or checkpointed remains).
void stop_on_interrupt_or_terminate();

/// Adds --threads (the sparse-space engine's threads; default: one per core).
void add_threads_option(CLI::App& command, CommonOptions& options);
/// Adds --max and --no-cache (period searches for positions beyond a table).
void add_period_search_options(CLI::App& command, std::string& max, bool& no_cache);
/// `--no-quotient`: misère play by the exact search even where a misère quotient would decide.
void add_no_quotient_option(CLI::App& command, bool& no_quotient);

/// Shows "values done / wanted, rate" on stderr while a dense table grows, when stderr is a
/// terminal; does nothing otherwise.
TableProgress terminal_progress(std::string label);
/// The same for long nim-sequences (`seq --out`): values/s of this run, rare count, ETA.
SequenceProgress terminal_sequence_progress(std::string label);
/// Clears the progress line, if one was drawn.
void end_progress();
/// Another progress line was drawn on stderr (end_progress clears it too).
void mark_progress_drawn();

}  // namespace grundy::cli
