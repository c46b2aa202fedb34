// grundy play SUM : play against a perfect opponent, on a terminal or line by line from stdin;
// with --json, a transcript of JSON lines (one event per line) for programs that drive it.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/engine/match.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/misere_search.hpp"

namespace grundy::cli {
namespace {

struct PlayArgs {
  CommonOptions common;
  std::string sum;
  bool misere = false;
  bool no_quotient = false;
  bool computer_first = false;
  std::string max_states = std::to_string(Match::kDefaultMaxStates);
  std::string list = "40";
  std::string max = kDefaultMax;
  bool no_cache = false;
};

/// The transcript: lines for a person (the contract's text), or with --json one JSON object per
/// event (engine/document.hpp), each line flushed as it is written so that a program can answer
/// it.
class Transcript {
 public:
  Transcript(bool json, std::size_t list) : json_(json), list_(list) {}

  void start(const Match& match) {
    if (json_) return emit(start_event(match));
    std::cout << (match.play() == Play::misere ? "misère play: whoever cannot move wins\n"
                                               : "normal play: whoever cannot move loses\n");
    if (const std::optional<QuotientUsed> quotient = match.quotient()) {
      std::cout << "played through the misère quotient of " << quotient->game << ": "
                << quotient->completeness() << '\n';
    }
  }
  /// A position; with the human to move (and the game not drawn), the moves to choose from.
  void position(const Match& match) {
    if (json_) return emit(position_event(match, list_));
    const std::string text = match.position_text();
    // A board is drawn with its coordinates, so that a move can be read off it and typed.
    std::cout << match.drawing();
    std::cout << "position: " << (text.empty() ? "(nothing)" : text) << '\n';
    if (!match.human_to_move() || match.state() == Match::State::repetition) return;
    const MoveList& moves = match.moves();
    const std::vector<MoveText>& all = moves.moves;
    for (std::size_t k = 0; k < all.size() && k < list_; ++k) {
      std::cout << "  [" << k + 1 << "] " << move_line(all[k]) << '\n';
    }
    if (all.size() > list_ || !moves.complete) {
      // Past the enumerated moves the count is a lower bound.
      std::cout << "  ... " << (moves.complete ? "" : "over ") << all.size() - list_
                << " more moves (type the move, e.g. '" << move_line(all.back()) << "')\n";
    }
  }
  void prompt() {
    if (json_) return;
    std::cout << "your move (number, move, hint, undo, quit)> ";
    std::cout.flush();
  }
  /// A line read from a stdin that is not a terminal, shown after the prompt.
  void echo(const std::string& line) {
    if (!json_) std::cout << line << '\n';
  }
  void computer_move(const Match::Choice& c) {
    if (json_) return emit(move_event(c.move, false, c.verdict));
    std::cout << "computer: " << move_line(c.move)
              << (c.verdict == Verdict::win    ? ""
                  : c.verdict == Verdict::draw ? " (it cannot force a win; it keeps the draw)"
                                               : " (it cannot force a win)")
              << '\n';
  }
  void human_move(const MoveText& m) {
    if (json_) return emit(move_event(m, true));
    std::cout << "you: " << move_line(m) << '\n';
  }
  void hint(const Match::Choice& c) {
    if (json_) return emit(hint_event(c));
    std::cout << (c.verdict == Verdict::win ? "hint: " + move_line(c.move) + " wins\n"
                  : c.verdict == Verdict::draw
                      ? "hint: no winning move; " + move_line(c.move) + " keeps the draw\n"
                      : std::string("hint: no winning move; every move loses against perfect "
                                    "play\n"));
  }
  void undo(bool done) {
    if (json_) return emit(undo_event(done));
    if (!done) std::cout << "nothing to undo\n";
  }
  void rejected(const std::string& line, Found found) {
    if (json_) return emit(rejected_event(line, found));
    if (found == Found::unknown) {
      std::cout << "not found among the first " << Match::kMaxSearched
                << " moves of any component: '" << line << "'\n";
    } else {
      std::cout << "not a move here: '" << line << "'\n";
    }
  }
  /// The end: `human_wins` nothing for a draw or an unfinished game.
  void end(std::optional<bool> human_wins, std::string_view reason) {
    if (json_) return emit(end_event(human_wins, reason));
    if (reason == "no_move") std::cout << (*human_wins ? "you win\n" : "the computer wins\n");
    if (reason == "repetition") {
      std::cout << "the same position with the same player to move for the third time: a draw\n";
    }
    if (reason == "end_of_input") std::cout << "\nend of input: game left unfinished\n";
  }

 private:
  static void emit(const Document& event) {
    std::cout << dump_document(event) << '\n';
    std::cout.flush();
  }

  bool json_;
  std::size_t list_;
};

/// A command of the dialogue: spaces and tabs do not count.
bool is_word(const std::string& line, std::string_view word) {
  std::string squeezed;
  for (char ch : line) {
    if (ch != ' ' && ch != '\t' && ch != '\r') squeezed += ch;
  }
  return squeezed == word;
}

int run_play(const PlayArgs& args) {
  const Sum start = Engine::sum(args.sum);
  EngineOptions options = engine_options(args.common, args.max, args.no_cache);
  options.max_states = parse_number_option("--max-states", args.max_states, kMaxCoordinate);
  const std::uint64_t list = parse_number_option("--list", args.list, 100000);
  if (args.no_quotient && !args.misere) throw Error("--no-quotient needs --misere");
  options.misere_quotient = !args.no_quotient;
  stop_component_search_on_interrupt(start, options);
  const Engine engine(options, terminal_reporter());
  Match match(engine, start, args.misere ? Play::misere : Play::normal, !args.computer_first);
  Transcript out(args.common.json, list);
  const bool interactive = isatty(STDIN_FILENO) != 0;
  out.start(match);
  while (true) {
    out.position(match);
    if (match.state() == Match::State::repetition) {
      out.end(std::nullopt, "repetition");
      return 0;
    }
    if (match.state() == Match::State::no_move) {
      out.end(match.human_wins(), "no_move");
      return 0;
    }
    if (!match.human_to_move()) {
      const Match::Choice choice = match.computer_move();
      end_progress();
      out.computer_move(choice);
      continue;
    }
    out.prompt();
    std::string line;
    if (!std::getline(std::cin, line)) {
      out.end(std::nullopt, "end_of_input");
      return 0;
    }
    if (!interactive) out.echo(line);
    if (is_word(line, "")) continue;
    if (is_word(line, "quit")) {
      out.end(std::nullopt, "quit");
      return 0;
    }
    if (is_word(line, "hint")) {
      const Match::Choice choice = match.hint();
      end_progress();
      out.hint(choice);
      continue;
    }
    if (is_word(line, "undo")) {
      out.undo(match.undo());
      continue;
    }
    const Match::Typed typed = match.human_move(line);
    end_progress();
    if (!typed.move) {
      out.rejected(line, typed.found);
      continue;
    }
    out.human_move(*typed.move);
  }
}

}  // namespace

Runner add_play_command(CLI::App& app) {
  auto args = std::make_shared<PlayArgs>();
  CLI::App* cmd = app.add_subcommand("play", "Play a sum against a perfect opponent");
  cmd->footer(
      "\nType a move by its number, or as listed ('0: nim:3 -> nim:1', '0: nim:1' or 'nim:1'),\n"
      "or hint, undo, quit. With stdin not a terminal, moves are read line by line.\n"
      "In a loopy game (a graph with cycles) the computer keeps a drawn position drawn, and the\n"
      "game ends as a draw when a position comes back a third time with the same player to move.\n"
      "--json prints a transcript of JSON lines, one event per line (docs/cli.md).\n"
      "\nExamples:\n"
      "  grundy play 'nim:3 + nim:4 + nim:5'\n"
      "  printf 'hint\\n1\\n' | grundy play '0.07:9 + nim:2' --misere\n"
      "  printf 'hint\\nquit\\n' | grundy play 'kayles:1000000000000 + nim:3' --json");
  cmd->add_option("sum", args->sum, "GAME:POSITION + GAME:POSITION + ...")->required();
  cmd->add_flag("--misere", args->misere, "Misère play: the player who cannot move wins");
  cmd->add_flag("--computer-first", args->computer_first, "The computer moves first");
  cmd->add_option("--max-states", args->max_states,
                  "Positions the exact search may store, one memo for the game (default "
                  "200000); beyond it, normal play falls back to Grundy values and misère play "
                  "is refused");
  cmd->add_option("--list", args->list, "List at most N moves (default 40)");
  add_common_options(*cmd, args->common);
  cmd->get_option("--json")->description(
      "Print a transcript of JSON lines on stdout, one event per line (not one document)");
  add_threads_option(*cmd, args->common);
  add_component_search_options(*cmd, args->common);
  add_period_search_options(*cmd, args->max, args->no_cache);
  add_no_quotient_option(*cmd, args->no_quotient);
  return [args] { return run_play(*args); };
}

}  // namespace grundy::cli
