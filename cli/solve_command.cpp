// grundy solve SUM : who wins a sum of games, its nim-sum, and every winning move.
#include <iostream>
#include <optional>
#include <string>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/misere_search.hpp"

namespace grundy::cli {
namespace {

struct SolveArgs {
  CommonOptions common;
  std::string sum;
  std::string max_moves = "20";
  std::string max = kDefaultMax;
  std::string max_states = std::to_string(kDefaultMaxStates);
  bool no_cache = false;
  bool misere = false;
  bool no_quotient = false;
  bool remoteness = false;
};

void print_moves(const std::vector<MoveText>& moves) {
  for (const MoveText& m : moves) std::cout << move_line(m) << '\n';
}

int run_solve(const SolveArgs& args) {
  const Sum sum = Engine::sum(args.sum);
  EngineOptions options = engine_options(args.common, args.max, args.no_cache);
  options.max_moves = parse_number_option("--max-moves", args.max_moves, 1u << 30);
  if (args.misere || args.remoteness) {
    options.max_states = parse_number_option("--max-states", args.max_states, kMaxCoordinate);
  }
  if (args.no_quotient && !args.misere) throw Error("--no-quotient needs --misere");
  options.misere_quotient = !args.no_quotient;
  stop_component_search_on_interrupt(sum, options);
  const Engine engine(options, terminal_reporter());
  const SolveAnswer answer =
      engine.solve(sum, args.misere ? Play::misere : Play::normal, args.remoteness);
  // The contract asks to say on stderr why a winning-move count is unknown.
  const auto note_unknown_count = [&] {
    if (!answer.count_note.empty()) std::cerr << "grundy: note: " << answer.count_note << '\n';
  };
  if (args.common.json) {
    std::cout << dump_document(to_document(answer)) << '\n';
    note_unknown_count();
    return 0;
  }
  const std::string winner(winner_name(answer.outcome));
  std::cout << (answer.outcome == Outcome::D ? winner : winner + " player wins") << '\n';
  if (answer.nim_sum) std::cout << "nim-sum " << *answer.nim_sum << '\n';
  if (answer.remoteness) std::cout << "remoteness " << *answer.remoteness << '\n';
  print_moves(answer.winning_moves);
  // Which misère quotient decided, and whether it is that of every heap size.
  if (answer.quotient) {
    std::cout << "by the misère quotient of " << answer.quotient->game << ": "
              << answer.quotient->completeness() << '\n';
  }
  if (answer.winning_moves_truncated) {
    std::cerr << "grundy: showing " << answer.winning_moves.size() << " of "
              << (answer.winning_move_count ? std::to_string(*answer.winning_move_count)
                                            : std::string("more"))
              << " winning moves (--max-moves)\n";
  }
  note_unknown_count();
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
                "Misère play: the player who cannot move wins (sums of heaps through the misère "
                "quotient of their games, else exact search over the sum)");
  cmd->add_flag("--remoteness", args->remoteness,
                "Also report the remoteness: moves of perfect play, the winner hurrying and the "
                "loser delaying");
  cmd->add_option("--max-states", args->max_states,
                  "Refuse --misere and --remoteness searches needing more than N positions of "
                  "the sum (default 1000000, a few seconds at most)");
  add_common_options(*cmd, args->common);
  add_threads_option(*cmd, args->common);
  add_component_search_options(*cmd, args->common);
  add_period_search_options(*cmd, args->max, args->no_cache);
  add_no_quotient_option(*cmd, args->no_quotient);
  return [args] { return run_solve(*args); };
}

}  // namespace grundy::cli
