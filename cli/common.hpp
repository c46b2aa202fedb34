#pragma once
// What every subcommand shares: common options, JSON numbers, progress, error reporting.

#include <CLI/CLI.hpp>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

#include "grundy/core/limits.hpp"
#include "grundy/solve/dense_solver.hpp"

namespace grundy::cli {

struct CommonOptions {
  bool json = false;
  std::string max_memory;  // empty: the memory available

  Limits limits() const;
};

/// Adds --json and --max-memory to a subcommand.
void add_common_options(CLI::App& command, CommonOptions& options);

/// A JSON number when it fits in 53 bits, else a string of decimal digits (the CLI contract).
nlohmann::ordered_json json_number(std::uint64_t v);

/// Thrown for a problem with one argument: printed as "<what> '<text>' column N: detail".
/// Turns a SpecError from parsing an argument into an Error that says which argument it was.
[[noreturn]] void rethrow_with_context(std::string_view what, std::string_view text);

/// Shows "values done / wanted, rate" on stderr while a dense table grows, when stderr is a
/// terminal; does nothing otherwise.
DenseSolver::Progress terminal_progress(std::string label);
/// Clears the progress line, if one was drawn.
void end_progress();

}  // namespace grundy::cli
