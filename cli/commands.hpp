#pragma once
// Each subcommand registers its options on the app and returns the function that runs it.

#include <CLI/CLI.hpp>
#include <functional>

namespace grundy::cli {

using Runner = std::function<int()>;

Runner add_value_command(CLI::App& app);
Runner add_seq_command(CLI::App& app);
Runner add_solve_command(CLI::App& app);
Runner add_period_command(CLI::App& app);
Runner add_nimber_command(CLI::App& app);
Runner add_explain_command(CLI::App& app);
Runner add_play_command(CLI::App& app);
Runner add_census_command(CLI::App& app);
Runner add_quotient_command(CLI::App& app);
Runner add_table_command(CLI::App& app);
Runner add_formula_command(CLI::App& app);

}  // namespace grundy::cli
