// grundy solve SUM : who wins a sum of games, its nim-sum, and every winning move.
#include <iostream>
#include <optional>
#include <string>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/analysis/value_sources.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/solve/misere_solver.hpp"
#include "grundy/solve/sum_solver.hpp"
#include "grundy/spec/parser.hpp"
#include "search_progress.hpp"

namespace grundy::cli {
namespace {

struct SolveArgs {
  CommonOptions common;
  std::string sum;
  std::string max_moves = "20";
  std::string max = "10000000";
  std::string max_states = std::to_string(kDefaultMaxStates);
  bool no_cache = false;
  bool misere = false;
  bool remoteness = false;
};

/// The contract asks to say on stderr why a winning-move count is unknown.
void note_unknown_count(const SumSolution& solution) {
  if (!solution.winning_move_count_note.empty()) {
    std::cerr << "grundy: note: " << solution.winning_move_count_note << '\n';
  }
}

/// Misère play, or remoteness under either convention: the answers that need a search over the
/// sum's positions rather than Grundy values (of the actual rows, for coin-turning games).
/// Misère Nim alone has a closed form. A search beyond --max-states by its bound is refused at
/// once; a long one shows its progress on a terminal.
SearchSolution search(const Sum& sum, const SolveArgs& args, std::size_t max_moves) {
  if (args.misere && !args.remoteness && is_nim_sum(sum)) return solve_misere_nim(sum, max_moves);
  SearchOptions options;
  options.play = args.misere ? Play::misere : Play::normal;
  options.max_states = parse_number_option("--max-states", args.max_states, kMaxCoordinate);
  options.limits = args.common.limits();
  options.max_moves = max_moves;
  options.progress = terminal_search_progress("solve");
  const SearchProgressLine line;
  return solve_by_search(sum, options);
}

std::string move_from(const Sum& sum, const Move& m) {
  const Component& c = sum.components[m.component];
  return format_component(*c.game, c.position);
}

std::string move_to(const Sum& sum, const Move& m) {
  return format_option(*sum.components[m.component].game, m.to);
}

nlohmann::ordered_json json_moves(const Sum& sum, const std::vector<Move>& moves) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const Move& m : moves) {
    out.push_back(
        {{"component", m.component}, {"from", move_from(sum, m)}, {"to", move_to(sum, m)}});
  }
  return out;
}

void print_moves(const Sum& sum, const std::vector<Move>& moves) {
  for (const Move& m : moves) {
    std::cout << m.component << ": " << move_from(sum, m) << " -> " << move_to(sum, m) << '\n';
  }
}

void note_truncated(std::size_t shown, std::uint64_t count) {
  std::cerr << "grundy: showing " << shown << " of " << count << " winning moves (--max-moves)\n";
}

/// A draw has no remoteness: null.
nlohmann::ordered_json remoteness_json(const SearchSolution& solution) {
  if (solution.outcome == Outcome::D) return nullptr;
  return json_number(solution.remoteness);
}

/// Misère play: no nim-sum (it does not decide a misère sum).
int print_misere(const Sum& sum, const SolveArgs& args, const SearchSolution& solution) {
  const std::string winner(winner_name(solution.outcome));
  if (args.common.json) {
    nlohmann::ordered_json doc{{"sum", format_sum(sum)}, {"play", "misere"}, {"winner", winner}};
    if (args.remoteness) doc["remoteness"] = remoteness_json(solution);
    doc["winning_moves"] = json_moves(sum, solution.winning_moves);
    doc["winning_moves_truncated"] = solution.winning_moves_truncated;
    doc["winning_move_count"] = json_number(solution.winning_move_count);
    std::cout << dump_json(doc) << '\n';
    return 0;
  }
  std::cout << (solution.outcome == Outcome::D ? winner : winner + " player wins") << '\n';
  if (args.remoteness && solution.outcome != Outcome::D) {
    std::cout << "remoteness " << solution.remoteness << '\n';
  }
  print_moves(sum, solution.winning_moves);
  if (solution.winning_moves_truncated) {
    note_truncated(solution.winning_moves.size(), solution.winning_move_count);
  }
  return 0;
}

int run_solve(const SolveArgs& args) {
  Sum sum;
  try {
    sum = parse_sum(args.sum);
  } catch (const SpecError&) {
    rethrow_with_context("spec", args.sum);
  }
  const std::uint64_t max_moves = parse_number_option("--max-moves", args.max_moves, 1u << 30);
  std::optional<SearchSolution> searched;
  if (args.misere || args.remoteness) searched = search(sum, args, max_moves);
  if (args.misere) return print_misere(sum, args, *searched);
  const PeriodOptions options = period_options(
      args.common, args.no_cache, parse_number_option("--max", args.max, kMaxCoordinate));
  SumEvaluators evaluators(sum, value_sources(options, terminal_progress("solve")));
  const SumSolution solution = solve_sum(sum, evaluators.sources(), max_moves);
  const std::string winner(winner_name(solution.outcome));
  // The nim-sum decides only sums of finite values, and is unknown when a lone component was
  // decided by a theorem on P-positions (a huge Wythoff position).
  const bool nim_sum_known = solution.nim_sum_known && solution.infinite_components == 0;

  if (args.common.json) {
    nlohmann::ordered_json doc{
        {"sum", format_sum(sum)},
        {"play", "normal"},
        {"winner", winner},
    };
    if (nim_sum_known) doc["nim_sum"] = json_number(solution.nim_sum);
    if (searched) doc["remoteness"] = remoteness_json(*searched);
    doc["winning_moves"] = json_moves(sum, solution.winning_moves);
    doc["winning_moves_truncated"] = solution.winning_moves_truncated;
    doc["winning_move_count"] = solution.winning_move_count
                                    ? json_number(*solution.winning_move_count)
                                    : nlohmann::ordered_json(nullptr);
    // The winning move a player should make: in a loopy sum, one that makes progress (Smith's
    // counter, solve_sum), which need not be the first listed. null when no move wins.
    doc["move_to_play"] = solution.move_to_play ? json_moves(sum, {*solution.move_to_play}).at(0)
                                                : nlohmann::ordered_json(nullptr);
    std::cout << dump_json(doc) << '\n';
    note_unknown_count(solution);
    return 0;
  }
  std::cout << (solution.outcome == Outcome::D ? winner : winner + " player wins") << '\n';
  if (nim_sum_known) std::cout << "nim-sum " << solution.nim_sum << '\n';
  if (searched && searched->outcome != Outcome::D) {
    std::cout << "remoteness " << searched->remoteness << '\n';
  }
  print_moves(sum, solution.winning_moves);
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
      "  grundy solve '0.07:20 + sub(1,3):9' --json\n"
      "  grundy solve '0.77:5 + nim:2' --misere --remoteness");
  cmd->add_option("sum", args->sum, "GAME:POSITION + GAME:POSITION + ...")->required();
  cmd->add_option("--max-moves", args->max_moves, "List at most N winning moves (default 20)");
  cmd->add_flag("--misere", args->misere,
                "Misère play: the player who cannot move wins (exact search over the sum)");
  cmd->add_flag("--remoteness", args->remoteness,
                "Also report the remoteness: moves of perfect play, the winner hurrying and the "
                "loser delaying");
  cmd->add_option("--max-states", args->max_states,
                  "Refuse --misere and --remoteness searches needing more than N positions of "
                  "the sum (default 1000000, a few seconds at most)");
  add_common_options(*cmd, args->common);
  add_threads_option(*cmd, args->common);
  add_period_search_options(*cmd, args->max, args->no_cache);
  return [args] { return run_solve(*args); };
}

}  // namespace grundy::cli
