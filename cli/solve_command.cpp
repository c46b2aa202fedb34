// grundy solve SUM : who wins a sum of games, its nim-sum, and every winning move.
#include <iostream>
#include <string>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/analysis/periodic_source.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/solve/sum_solver.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy::cli {
namespace {

struct SolveArgs {
  CommonOptions common;
  std::string sum;
  std::string max_moves = "20";
  std::string max = "10000000";
  bool no_cache = false;
};

/// The contract asks to say on stderr why a winning-move count is unknown.
void note_unknown_count(const SumSolution& solution) {
  if (!solution.winning_move_count_note.empty()) {
    std::cerr << "grundy: note: " << solution.winning_move_count_note << '\n';
  }
}

int run_solve(const SolveArgs& args) {
  Sum sum;
  try {
    sum = parse_sum(args.sum);
  } catch (const SpecError&) {
    rethrow_with_context("spec", args.sum);
  }
  const std::uint64_t max_moves = parse_number_option("--max-moves", args.max_moves, 1u << 30);
  const PeriodOptions options = period_options(
      args.common, args.no_cache, parse_number_option("--max", args.max, kMaxCoordinate));
  SumEvaluators evaluators(
      sum, [&](std::shared_ptr<const Game> game) -> std::unique_ptr<ValueSource> {
        auto source = std::make_unique<PeriodicSource>(std::move(game), options);
        source->set_progress(terminal_progress("solve"));
        return source;
      });
  const SumSolution solution = solve_sum(sum, evaluators.sources(), max_moves);
  const std::string winner = solution.outcome == Outcome::N ? "first" : "second";

  auto move_to = [&](const Move& m) {
    return format_option(*sum.components[m.component].game, m.to);
  };
  auto move_from = [&](const Move& m) {
    const Component& c = sum.components[m.component];
    return format_component(*c.game, c.position);
  };

  if (args.common.json) {
    nlohmann::ordered_json moves = nlohmann::ordered_json::array();
    for (const Move& m : solution.winning_moves) {
      moves.push_back({{"component", m.component}, {"from", move_from(m)}, {"to", move_to(m)}});
    }
    nlohmann::ordered_json doc{
        {"sum", format_sum(sum)},
        {"play", "normal"},
        {"winner", winner},
    };
    // Omitted when a component's value is unknown (a lone huge Wythoff position).
    if (solution.nim_sum_known) doc["nim_sum"] = json_number(solution.nim_sum);
    doc["winning_moves"] = moves;
    doc["winning_moves_truncated"] = solution.winning_moves_truncated;
    doc["winning_move_count"] = solution.winning_move_count
                                    ? json_number(*solution.winning_move_count)
                                    : nlohmann::ordered_json(nullptr);
    std::cout << dump_json(doc) << '\n';
    note_unknown_count(solution);
    return 0;
  }
  std::cout << winner << " player wins\n";
  if (solution.nim_sum_known) std::cout << "nim-sum " << solution.nim_sum << '\n';
  for (const Move& m : solution.winning_moves) {
    std::cout << m.component << ": " << move_from(m) << " -> " << move_to(m) << '\n';
  }
  if (solution.winning_moves_truncated) {
    std::cerr << "grundy: showing " << solution.winning_moves.size() << " of "
              << (solution.winning_move_count ? std::to_string(*solution.winning_move_count)
                                              : std::string("more"))
              << " winning moves (--max-moves)\n";
  }
  note_unknown_count(solution);
  return 0;
}

}  // namespace

Runner add_solve_command(CLI::App& app) {
  auto args = std::make_shared<SolveArgs>();
  CLI::App* cmd =
      app.add_subcommand("solve", "Who wins a sum of games, its nim-sum, and every winning move");
  cmd->footer(
      "\nExamples:\n"
      "  grundy solve 'nim:3 + nim:4 + nim:5'\n"
      "  grundy solve '0.07:20 + sub(1,3):9' --json");
  cmd->add_option("sum", args->sum, "GAME:POSITION + GAME:POSITION + ...")->required();
  cmd->add_option("--max-moves", args->max_moves, "List at most N winning moves (default 20)");
  add_common_options(*cmd, args->common);
  add_period_search_options(*cmd, args->max, args->no_cache);
  return [args] { return run_solve(*args); };
}

}  // namespace grundy::cli
