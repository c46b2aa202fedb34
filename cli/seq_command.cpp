// grundy seq GAME --to N [--from A] : the nim-sequence g(A), ..., g(N) of a heap game.
#include <iostream>
#include <optional>
#include <string>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/analysis/periodic_source.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/misere_solver.hpp"
#include "grundy/spec/parser.hpp"
#include "plot.hpp"

namespace grundy::cli {
namespace {

struct SeqArgs {
  CommonOptions common;
  std::string game;
  std::string from = "0";
  std::string to;
  std::string max = "10000000";
  std::string max_states = "10000000";
  bool no_cache = false;
  bool misere = false;
  std::string plot;  // --plot FILE.svg
  bool log_x = false;
};

int run_seq(const SeqArgs& args) {
  const std::shared_ptr<const Game> game = parse_game_argument(args.game);
  if (!game->integer_positions()) {
    throw Error("seq needs a game whose positions are integers (heap sizes); the positions of " +
                game->name() + " are not");
  }
  const std::uint64_t to = parse_number_option("--to", args.to, kMaxCoordinate);
  const std::uint64_t from = parse_number_option("--from", args.from, kMaxCoordinate);
  const std::uint64_t max_values = parse_number_option("--max", args.max, kMaxCoordinate);
  if (from > to) {
    throw Error("--from " + std::to_string(from) + " is above --to " + std::to_string(to));
  }
  if (args.misere && !args.plot.empty()) {
    throw Error("--plot draws Grundy values; it does not go with --misere (genus sequences)");
  }
  if (!args.plot.empty()) check_plot_path(args.plot);
  std::optional<SequencePlot> plot;
  if (!args.plot.empty()) plot.emplace(from, to, args.log_x ? PlotScale::log : PlotScale::linear);
  // Values come from the sparse-space engine or the dense table, and past a proven period from
  // the period.
  PeriodicSource evaluator(game, period_options(args.common, args.no_cache, max_values));
  evaluator.set_progress(terminal_progress("seq"));
  const Position last{to, 0};
  evaluator.prepare(std::span<const Position>(&last, 1));
  end_progress();
  // Streamed: a long sequence is never held twice in memory.
  std::string out;
  auto flush = [&] {
    std::cout << out;
    out.clear();
  };
  if (args.common.json) {
    out += "{\"game\":" + dump_json(game->name()) + ",\"from\":" + dump_json(json_number(from)) +
           ",\"to\":" + dump_json(json_number(to)) +
           (args.misere ? ",\"play\":\"misere\",\"genus\":[" : ",\"values\":[");
  }
  if (args.misere) {
    // The genus sequence: g^{gamma0 gamma1 ...} per heap (misere_solver.hpp), text `0^120`,
    // JSON [g, [gamma0, gamma1, ...]].
    SearchOptions options;
    options.max_states = parse_number_option("--max-states", args.max_states, kMaxCoordinate);
    options.limits = args.common.limits();
    GenusCalculator genera(game, options);
    for (std::uint64_t n = from;; ++n) {
      const Genus genus = genera.genus(Position{n, 0}, evaluator.value(Position{n, 0}));
      if (n != from) out += args.common.json ? ',' : ' ';
      if (args.common.json) {
        nlohmann::ordered_json gammas = nlohmann::ordered_json::array();
        for (Value v : genus.gammas) gammas.push_back(json_number(v));
        out += dump_json(nlohmann::ordered_json::array({json_number(genus.grundy_value), gammas}));
      } else {
        out += format_genus(genus);
      }
      if (out.size() > (1u << 16)) flush();
      if (n == to) break;
    }
    out += args.common.json ? "]}\n" : "\n";
    flush();
    return 0;
  }
  for (std::uint64_t n = from;; ++n) {
    const Value v = evaluator.value(Position{n, 0});
    if (n != from) out += args.common.json ? ',' : ' ';
    out += args.common.json ? dump_json(json_number(v)) : std::to_string(v);
    if (plot) plot->add(n, v);
    if (out.size() > (1u << 16)) flush();
    if (n == to) break;
  }
  out += args.common.json ? "]}\n" : "\n";
  flush();
  if (plot) {
    write_file_atomically(args.plot, plot->svg(game->name() + ": g(n) for n = " +
                                               std::to_string(from) + ".." + std::to_string(to)));
  }
  return 0;
}

}  // namespace

Runner add_seq_command(CLI::App& app) {
  auto args = std::make_shared<SeqArgs>();
  CLI::App* cmd = app.add_subcommand("seq", "The nim-sequence g(A), ..., g(N) of a heap game");
  cmd->footer(
      "\nExamples:\n"
      "  grundy seq grundy --to 30\n"
      "  grundy seq kayles --from 70 --to 100 --json\n"
      "  grundy seq 0.312 --to 10 --misere   (genus sequence: g^gamma0gamma1..., e.g. 0^120)");
  cmd->add_option("game", args->game, "Game spec whose positions are integers, e.g. 0.77")
      ->required();
  cmd->add_option("--to", args->to, "Last position N")->required();
  cmd->add_option("--from", args->from, "First position A (default 0)");
  cmd->add_flag("--misere", args->misere,
                "Print the genus of each heap (Conway's misère theory) instead of its value");
  cmd->add_option("--max-states", args->max_states,
                  "With --misere: refuse searches needing more than N positions (default "
                  "10000000)");
  cmd->add_option("--plot", args->plot,
                  "Also write an SVG scatter plot of g(n) against n to FILE.svg");
  cmd->add_flag("--log-x", args->log_x, "With --plot: a logarithmic n axis (x = log(1 + n))")
      ->needs("--plot");
  add_common_options(*cmd, args->common);
  add_period_search_options(*cmd, args->max, args->no_cache);
  return [args] { return run_seq(*args); };
}

}  // namespace grundy::cli
