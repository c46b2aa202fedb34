// grundy explain GAME POSITION : why a position has its value — its options, their values, the
// mex over them, and which options win; for loopy games Smith's rule, for heaps beyond any table
// the options counted through the proven period.
#include <algorithm>
#include <iostream>
#include <iterator>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/rules/game.hpp"

namespace grundy::cli {
namespace {

/// Infinite options named in the text line that says why a value is infinite.
constexpr std::size_t kNamedIrreversible = 3;

struct ExplainArgs {
  CommonOptions common;
  std::string max_options = "200";
  std::string max = kDefaultMax;
  bool no_cache = false;
  bool misere = false;
  bool no_quotient = false;
  std::string max_states;
  std::string game;
  std::string position;
};

/// `{0..3, 5, 7..8}`: runs of consecutive values collapsed, at most `max_runs` runs shown, and
/// `...` when there may be more.
std::string format_value_set(const OptionValues& values, std::uint64_t max_runs) {
  bool more = false;
  std::string out;
  for (const auto& [first, last] : values.runs(max_runs, more)) {
    out += out.empty() ? "" : ", ";
    out += std::to_string(first);
    if (last == first + 1) out += ", " + std::to_string(last);
    if (last > first + 1) out += ".." + std::to_string(last);
  }
  if (more) out += out.empty() ? "..." : ", ...";
  return "{" + out + "}";
}

/// The lines that state Smith's rule and how it decides this position.
void print_smith(const Explanation& e) {
  std::cout << "Smith's rule: the value is the mex m of the finite option values if every "
               "infinite option has an option of value m, else inf{K}, K the finite option "
               "values (the escape set)\n";
  if (e.irreversible_count == 0) {
    std::cout << "finite: every infinite option has an option of value " << e.mex
              << " (a move there is answered by a move back to value " << e.mex << ")\n";
    return;
  }
  std::cout << "infinite: " << e.irreversible_count
            << (e.irreversible_count == 1 ? " infinite option has" : " infinite options have")
            << " no option of value " << e.mex << ": ";
  for (std::size_t i = 0; i < e.irreversible.size() && i < kNamedIrreversible; ++i) {
    std::cout << (i ? ", " : "") << e.irreversible[i].text << " (" << value_text(e.irreversible[i])
              << ")";
  }
  std::cout << (e.irreversible_count > kNamedIrreversible ? ", ...\n" : "\n");
  const std::string k = value_text(e.value).substr(3);  // `{0,2}` of `inf{0,2}`
  std::cout << (e.draw() ? "a draw: 0 is not in the escape set "
                         : "first player wins: 0 is in "
                           "the escape set ")
            << k << '\n';
}

void print_explanation(const Explanation& e) {
  const std::uint64_t max_options = e.max_options;
  const std::string winner = e.winner();
  std::cout << e.component << ": value " << value_text(e.value) << " ("
            << (winner == "draw" ? winner : winner + " player wins") << ")\n";
  std::cout << "option values " << format_value_set(e.option_values, max_options);
  if (e.loopy()) std::cout << ", " << e.infinite_count << " infinite";
  std::cout << ", mex " << e.mex << '\n';
  if (e.loopy()) print_smith(e);
  if (e.period) {
    std::cout << "option values counted through the proven period (preperiod "
              << e.period->preperiod << ", period " << e.period->period
              << "): too many options to visit one by one\n";
  }
  std::cout << e.option_count << (e.option_count == 1 ? " option" : " options") << ", "
            << e.winning_count << " winning (value 0)";
  if (e.draw()) std::cout << ", " << e.keeping_draw_count << " keeping the draw";
  std::cout << '\n';
  // A move with a name (a board's cells) is written after the option: `cram:3x4-b2-b3 (b2-b3)`.
  auto shown = [](const ListedOption& o) { return with_move_name(o.text, o.move); };
  std::size_t width = 0;
  for (const ListedOption& o : e.listed) width = std::max(width, shown(o).size());
  for (std::size_t i = 0; i < e.listed.size(); ++i) {
    const ListedOption& o = e.listed[i];
    const bool keeps_draw = e.keeps_draw(i);
    const std::string text = shown(o);
    std::cout << "  " << text << std::string(width - text.size(), ' ') << "  value "
              << value_text(o)
              << (o.value == 0 ? "  wins"
                  : keeps_draw ? "  keeps the draw"
                               : "")
              << '\n';
  }
  const std::uint64_t omitted = e.option_count - e.listed.size();
  if (omitted > 0) std::cout << "  ... " << omitted << " more options (--max-options)\n";
}

void print_misere_explanation(const MisereExplanation& e) {
  std::cout << e.component << ": misère " << (e.outcome == Outcome::P ? "P" : "N") << " ("
            << e.winner() << " player wins)\n";
  if (e.quotient) {
    std::cout << "misère quotient of " << e.quotient->game << ", heaps 0.." << e.quotient->max_heap
              << ": order " << e.quotient->order << ", P-portion " << e.quotient->p_count
              << "; the position is " << e.quotient->element
              << (e.outcome == Outcome::P ? ", in P\n" : ", not in P\n");
    std::cout
        << QuotientUsed{e.quotient->game, e.quotient->max_heap, e.quotient->complete}.completeness()
        << '\n';
    if (e.quotient->phi_period != 0) {
      std::cout << "heaps past " << e.quotient->max_heap << " by the proven period of phi: phi(n + "
                << e.quotient->phi_period << ") = phi(n) for n >= " << e.quotient->phi_preperiod
                << '\n';
    }
  } else {
    std::cout << "by the exact search (not decided by a misère quotient)\n";
  }
  std::cout << e.option_count << (e.option_count == 1 ? " option" : " options") << ", "
            << e.winning_count << " winning (misère P-positions)\n";
  // As without --misere: a board's move by its cells after the option.
  auto shown = [](const MisereExplanation::Option& o) { return with_move_name(o.text, o.move); };
  std::size_t width = 0;
  for (const auto& o : e.listed) width = std::max(width, shown(o).size());
  for (const auto& o : e.listed) {
    std::cout << "  " << shown(o) << std::string(width - shown(o).size(), ' ') << "  ";
    if (e.quotient) std::cout << o.element << ", ";
    std::cout << (o.outcome == Outcome::P ? "P  wins" : "N") << '\n';
  }
  const std::uint64_t omitted = e.option_count - e.listed.size();
  if (omitted > 0) std::cout << "  ... " << omitted << " more options (--max-options)\n";
}

int run_explain(const ExplainArgs& args) {
  const std::shared_ptr<const Game> game = Engine::game(args.game);
  const Position p = Engine::position(*game, args.position);
  const std::uint64_t max_options =
      parse_number_option("--max-options", args.max_options, 1u << 30);
  EngineOptions options = engine_options(args.common, args.max, args.no_cache);
  if (!args.max_states.empty()) {
    if (!args.misere) throw Error("--max-states needs --misere");
    options.max_states = parse_number_option("--max-states", args.max_states, kMaxCoordinate);
  }
  if (args.no_quotient && !args.misere) throw Error("--no-quotient needs --misere");
  options.misere_quotient = !args.no_quotient;
  const Engine engine(options, terminal_reporter());
  if (args.misere) {
    const MisereExplanation e = engine.explain_misere(game, p, max_options);
    if (args.common.json) {
      std::cout << dump_document(to_document(e)) << '\n';
    } else {
      print_misere_explanation(e);
    }
    return 0;
  }
  const Explanation e = engine.explain(game, p, max_options);
  if (args.common.json) {
    std::cout << dump_document(to_document(e)) << '\n';
  } else {
    print_explanation(e);
  }
  return 0;
}

}  // namespace

Runner add_explain_command(CLI::App& app) {
  auto args = std::make_shared<ExplainArgs>();
  CLI::App* cmd = app.add_subcommand(
      "explain", "A position's options, their values, the mex that gives its value, the wins");
  cmd->footer(
      "\nExamples:\n"
      "  grundy explain 0.07 10\n"
      "  grundy explain 'sub(1,3,4)' 9 --json\n"
      "  grundy explain kayles 1000000000000 --max-options 5   (through the proven period)\n"
      "  grundy explain 'graph(g.txt)' a   (a loopy graph: Smith's rule)\n"
      "  grundy explain kayles 12 --misere   (each option's class in the misère quotient)");
  cmd->add_option("game", args->game, "Game spec, e.g. nim, 0.07, 'sub(1,3)'")->required();
  cmd->add_option("position", args->position, "A position of that game")->required();
  cmd->add_option("--max-options", args->max_options, "List at most N options (default 200)");
  cmd->add_flag("--misere", args->misere,
                "Misère play: each option's outcome and, for heap games, its class in the misère "
                "quotient");
  cmd->add_option("--max-states", args->max_states,
                  "With --misere, when no quotient decides: the exact search's state budget");
  add_common_options(*cmd, args->common);
  add_period_search_options(*cmd, args->max, args->no_cache);
  add_no_quotient_option(*cmd, args->no_quotient);
  return [args] { return run_explain(*args); };
}

}  // namespace grundy::cli
