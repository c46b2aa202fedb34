// grundy formula GAME : a closed form of g (or of the P-positions), proven or observed, for a
// person or as a C++ or Python function to paste into a contest program.
#include <iostream>
#include <optional>
#include <string>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/rules/formula.hpp"
#include "grundy/rules/game.hpp"

namespace grundy::cli {
namespace {

struct FormulaArgs {
  CommonOptions common;
  std::string game;
  std::string to;    // --to N: heap games; empty: the default sample
  std::string rows;  // --rows R, --cols C: games of two coordinates; empty: 0..63
  std::string cols;
  std::string lang;  // cpp or python; empty: the form for a person
  std::string max = kDefaultMax;
  bool no_cache = false;
};

/// `g(n) = EXPR`, or for the P-positions `P-positions: EXPR`.
std::string form_line(const FormulaAnswer& answer) {
  const ClosedForm& form = *answer.form;
  if (form.p_positions) return "P-positions: " + answer.text.expression;
  return "g(" + answer.position + ") = " + answer.text.expression;
}

int run_formula(const FormulaArgs& args) {
  if (!args.lang.empty() && args.lang != "cpp" && args.lang != "python") {
    throw Error("--lang must be cpp or python, not '" + quote_excerpt(args.lang) + "'");
  }
  if (!args.lang.empty() && args.common.json) {
    throw Error("--json and --lang " + args.lang +
                " are two different outputs (the JSON holds both functions); choose one");
  }
  FormulaRequest request;
  if (!args.to.empty()) request.to = parse_number_option("--to", args.to, kMaxCoordinate);
  if (!args.rows.empty()) request.rows = CoordinateRange::parse(args.rows, "--rows");
  if (!args.cols.empty()) {
    if (args.rows.empty()) throw Error("--cols needs --rows");
    request.cols = CoordinateRange::parse(args.cols, "--cols");
  }
  const std::shared_ptr<const Game> game = Engine::game(args.game);
  const Engine engine(engine_options(args.common, args.max, args.no_cache), terminal_reporter());
  const FormulaAnswer answer = engine.formula(game, request);
  end_progress();
  if (args.common.json) {
    std::cout << dump_document(to_document(answer)) << '\n';
    return 0;
  }
  const std::string checked = answer.positions_checked > 0 ? answer.checked_range()
                                                           : "nothing (" + answer.not_checked + ")";
  if (!args.lang.empty()) {
    if (!answer.form) {
      throw Error("no closed form of " + answer.game + " fits " + checked +
                  "; there is no function to write");
    }
    std::cout << (args.lang == "cpp" ? answer.cpp : answer.python);
    return 0;
  }
  if (!answer.form) {
    std::cout << answer.game << ": no closed form found\n"
              << "checked: " << checked
              << (answer.positions_checked > 0 ? "; none of the forms fits\n" : "\n");
    if (!answer.not_proven.empty()) std::cout << "proven: nothing (" << answer.not_proven << ")\n";
    return 0;
  }
  const ClosedForm& form = *answer.form;
  std::cout << answer.game << ": " << form_line(answer) << '\n';
  for (const std::string& d : answer.text.definitions) std::cout << "  " << d << '\n';
  std::cout << "form: " << form.kind << '\n';
  if (form.proven()) {
    std::cout << "proven: " << form.proof << '\n';
  } else {
    std::cout << "observed: not proven (" << answer.not_proven << ")\n";
  }
  std::cout << "checked: " << checked;
  if (answer.positions_checked > 0) {
    std::cout << ", every one of its " << answer.positions_checked << " positions agrees";
  }
  std::cout << '\n';
  return 0;
}

}  // namespace

Runner add_formula_command(CLI::App& app) {
  auto args = std::make_shared<FormulaArgs>();
  CLI::App* cmd = app.add_subcommand(
      "formula",
      "A closed form of g (or of the P-positions), proven or observed, as a formula or a C++ or "
      "Python function");
  cmd->footer(
      "\nThe form comes from a theorem where one covers the game (the family's own closed form:\n"
      "coin-turning games and tartans, the division games' runs, Wythoff's pairs, ...; or a\n"
      "period proven as `grundy period` proves it), else from the values themselves, and is then\n"
      "called observed: periodic (with its preperiod), arithmetic-periodic, n mod p,\n"
      "floor(n/k) mod m, the ruler function, popcount and its parity; for two coordinates\n"
      "x xor y, x + y and other functions of one combination, xor and nim products of forms of\n"
      "each, tables by residues; else a form of the P-positions alone.\n"
      "Every form is checked against the computed values before it is printed: g(0..N) for a\n"
      "heap game (--to N; default 99999, fewer where that table would take over a second),\n"
      "the cells --rows x --cols of a game of two coordinates (default 0..63 each).\n"
      "\nExamples:\n"
      "  grundy formula 'sub(1,3,4)'\n"
      "  grundy formula kayles --lang cpp > kayles.cpp\n"
      "  grundy formula 'div(2,3,4,5,6)' --lang python\n"
      "  grundy formula turningcorners --rows 31\n"
      "  grundy formula wythoff --json");
  cmd->add_option("game", args->game, "Game spec, e.g. 0.07, 'sub(1,3,4)', wythoff")->required();
  cmd->add_option("--lang", args->lang,
                  "Print only the form as a function: cpp (C++17, grundy_value or "
                  "is_p_position) or python");
  cmd->add_option("--to", args->to,
                  "Heap games: check the form against g(0..N) (default 99999, fewer where slow)");
  cmd->add_option("--rows", args->rows,
                  "Games of two coordinates: the first coordinates checked, N (0..N) or A..B "
                  "(default 0..63)");
  cmd->add_option("--cols", args->cols,
                  "Games of two coordinates: the second coordinates checked (default: as --rows)");
  add_period_search_options(*cmd, args->max, args->no_cache);
  add_common_options(*cmd, args->common);
  add_threads_option(*cmd, args->common);
  return [args] { return run_formula(*args); };
}

}  // namespace grundy::cli
