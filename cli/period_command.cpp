// grundy period GAME : the least preperiod and period of a nim-sequence, with the proof.
#include <algorithm>
#include <iostream>
#include <optional>
#include <string>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/core/atomic_file.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/rules/game.hpp"

namespace grundy::cli {
namespace {

struct PeriodArgs {
  CommonOptions common;
  std::string game;
  std::string max = kDefaultMax;
  bool no_cache = false;
  std::string plot;  // --plot FILE.svg
  bool log_x = false;
  bool verify = false;
  std::string max_work;  // --max-work N; empty: kVerifyWork
  CLI::Option* max_option = nullptr;
};

/// The line that says what the values show when no theorem covers the game: an observation,
/// never a proof.
std::string observed_line(const PeriodReport& report) {
  const std::uint64_t n = report.answer.values_computed;
  const std::string values = "g(0.." + std::to_string(n - 1) + ")";
  const auto& o = report.observed;
  if (!o) {
    return "observed: no period in " + values +
           " (its second half does not repeat twice; not proven either way: no periodicity "
           "theorem covers this game)";
  }
  const std::string shift = o->saltus == 0 ? "" : " + " + std::to_string(o->saltus);
  return "observed: g(n + " + std::to_string(o->period) + ") = g(n)" + shift + " for " +
         std::to_string(o->preperiod) + " <= n < " + std::to_string(n - o->period) +
         ", preperiod " + std::to_string(o->preperiod) + " period " + std::to_string(o->period) +
         (o->saltus == 0 ? "" : " saltus " + std::to_string(o->saltus)) + " in " + values +
         " (not proven: no periodicity theorem covers this game)";
}

/// The line that says which --max would reach a proof (not proven within --max), or that the
/// values show a period (with a saltus) no theorem covering the game proves.
std::string candidate_line(const PeriodAnswer& answer) {
  if (const auto& c = answer.candidate) {
    const std::string seen =
        c->saltus == 0
            ? "the values repeat with period " + std::to_string(c->period) + " from " +
                  std::to_string(c->preperiod)
            : "the values are arithmetic-periodic with period " + std::to_string(c->period) +
                  " saltus " + std::to_string(c->saltus) + " from " + std::to_string(c->preperiod);
    if (c->values_needed == ~std::uint64_t{0}) return seen + "; no theorem proves it for this game";
    return seen + "; the theorem proves that from " + std::to_string(c->values_needed) +
           " values: --max " + std::to_string(c->values_needed) + " would prove it";
  }
  return "the values computed show no period yet; a larger --max may prove one";
}

int run_period(const PeriodArgs& args) {
  const std::shared_ptr<const Game> game = Engine::game(args.game);
  const EngineOptions options = engine_options(args.common, args.max, args.no_cache);
  if (options.max_values == 0) throw Error("--max must be at least 1");
  if (!args.max_work.empty() && !args.verify) throw Error("--max-work needs --verify");
  const std::uint64_t max_work =
      args.max_work.empty() ? Engine::kDefaultVerifyWork
                            : parse_number_option("--max-work", args.max_work, ~std::uint64_t{0});
  if (!args.plot.empty()) check_plot_path(args.plot);
  const Engine engine(options, terminal_reporter());
  // No theorem: the values observed are --max when given, else the engine's default sample.
  const std::optional<std::uint64_t> observe =
      args.max_option->count() > 0 ? std::optional(options.max_values) : std::nullopt;
  const PeriodReport report = engine.period(game, args.verify, max_work, observe);
  if (!args.plot.empty()) {
    write_file_atomically(
        args.plot,
        engine.period_plot(game, report, args.log_x ? PlotScale::log : PlotScale::linear));
  }
  const PeriodAnswer& answer = report.answer;
  if (args.common.json) {
    std::cout << dump_document(to_document(report)) << '\n';
    return 0;
  }
  if (const auto& p = answer.periodicity) {
    std::cout << "preperiod " << p->preperiod << " period " << p->period;
    if (p->saltus != 0) std::cout << " saltus " << p->saltus;
    // A cached proof may rest on more values than --max allows computing: say where it is from.
    if (answer.from_cache && p->values_checked > report.max_values) {
      std::cout << " (certificate from the cache: proven from " << p->values_checked
                << " values, more than --max " << report.max_values << ")";
    }
    std::cout << '\n' << p->proof << (answer.from_cache ? " [from the cache]" : "") << '\n';
    if (answer.from_cache) {
      std::cout << "certificate: grundy " << answer.certificate->engine << ", "
                << answer.certificate->date
                << "; checked on load: " << answer.cache_check->summary() << '\n';
    }
    if (report.verified) std::cout << "verified: " << report.verified->summary() << '\n';
  } else if (!report.theorem_applies()) {
    std::cout << "no period theorem applies to " << game->name() << ": " << answer.why_not << '\n';
    if (report.observed_values()) std::cout << observed_line(report) << '\n';
    if (!report.not_observed.empty()) {
      std::cout << "observed: nothing (" << report.not_observed << ")\n";
    }
  } else {
    std::cout << "no period proven up to " << report.max_values << '\n'
              << candidate_line(answer) << '\n';
  }
  return 0;
}

}  // namespace

Runner add_period_command(CLI::App& app) {
  auto args = std::make_shared<PeriodArgs>();
  CLI::App* cmd = app.add_subcommand(
      "period", "The least preperiod and period of a heap game's nim-sequence, with a proof");
  cmd->footer(
      "\nA period is claimed only when a theorem proves it: a repeated window for finite\n"
      "subtraction sets, the Guy-Smith periodicity theorem for octal and hexadecimal codes, a\n"
      "residue argument for some infinite subtraction sets, a shift check for the saltus of\n"
      "all-but games and repeating codes without splits. Proven periods are cached (see\n"
      "docs/file-formats.md); --no-cache bypasses the cache.\n"
      "\nExamples:\n"
      "  grundy period kayles\n"
      "  grundy period 'sub(2,3,7)' --json\n"
      "  grundy period 'allbut(1,2)'\n"
      "  grundy period 0.16 --max 1000000");
  cmd->add_option("game", args->game, "Game spec, e.g. 0.07, 'sub(2,3,7)'")->required();
  args->max_option =
      cmd->add_option("--max", args->max,
                      "Compute at most N values (default " + kDefaultMax +
                          "; where no theorem applies, the values observed: default 100000)");
  cmd->add_flag("--no-cache", args->no_cache, "Neither read nor write the period cache");
  cmd->add_flag("--verify", args->verify,
                "Recompute the proof in full, independently of the cache: the values the "
                "theorem needs by a table, then its condition");
  cmd->add_option("--max-work", args->max_work,
                  "With --verify: visit at most N options (default 10^11)");
  cmd->add_option("--plot", args->plot,
                  "Also write an SVG plot of g(n) with the preperiod and period marked");
  cmd->add_flag("--log-x", args->log_x, "With --plot: a logarithmic n axis (x = log(1 + n))")
      ->needs("--plot");
  add_common_options(*cmd, args->common);
  add_threads_option(*cmd, args->common);
  return [args] { return run_period(*args); };
}

}  // namespace grundy::cli
