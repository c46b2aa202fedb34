// grundy period GAME : the least preperiod and period of a nim-sequence, with the proof.
#include <algorithm>
#include <iostream>
#include <optional>
#include <string>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/analysis/period_cache.hpp"
#include "grundy/analysis/period_verifier.hpp"
#include "grundy/analysis/periodic_source.hpp"
#include "grundy/analysis/sparse_space.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/take_break.hpp"
#include "grundy/spec/parser.hpp"
#include "plot.hpp"

namespace grundy::cli {
namespace {

struct PeriodArgs {
  CommonOptions common;
  std::string game;
  std::string max = "10000000";
  bool no_cache = false;
  std::string plot;  // --plot FILE.svg
  bool log_x = false;
  bool verify = false;
  std::string max_work;  // --max-work N; empty: kVerifyWork
};

/// The options `--verify` may visit by default: a table of about 6*10^5 values of an octal game
/// with two-heap splits (0.16, N = 509622, about 6.5*10^10 options) takes about a minute.
constexpr std::uint64_t kVerifyWork = 100'000'000'000;

/// The plot of a period answer: a few periods past the preperiod when proven (at least 50
/// values), else every value the search computed.
void write_period_plot(const std::string& file, const std::shared_ptr<const Game>& game,
                       const PeriodOptions& options, const PeriodAnswer& answer, PlotScale scale) {
  std::uint64_t last = 0;
  if (const auto& p = answer.periodicity) {
    // Never past what the search itself computed (2i + p + t values for Guy-Smith).
    const std::uint64_t wanted = std::max<std::uint64_t>(p->preperiod + 3 * p->period, 50);
    last = std::min(wanted, std::max<std::uint64_t>(answer.values_computed, 50)) - 1;
  } else if (answer.values_computed > 0) {
    last = answer.values_computed - 1;
  }
  SequencePlot plot(0, last, scale);
  PeriodicSource source(game, options);
  source.set_progress(terminal_progress("plot"));
  const Position end{last, 0};
  source.prepare(std::span<const Position>(&end, 1));
  for (std::uint64_t n = 0; n <= last; ++n) plot.add(n, source.value(Position{n, 0}));
  end_progress();
  std::string title = game->name() + ": g(n) for n = 0.." + std::to_string(last);
  if (const auto& p = answer.periodicity) {
    plot.mark_period(p->preperiod, p->period);
    title += ", preperiod " + std::to_string(p->preperiod) + " period " + std::to_string(p->period);
    if (p->saltus != 0) title += " saltus " + std::to_string(p->saltus);
  } else {
    title += ", no period proven";
  }
  write_file_atomically(file, plot.svg(title));
}

nlohmann::ordered_json certificate_json(const PeriodAnswer& answer) {
  const PeriodCertificate& c = *answer.certificate;
  nlohmann::ordered_json doc{{"source", answer.from_cache ? "cache" : "computed"},
                             {"engine", c.engine},
                             {"date", c.date},
                             {"theorem", std::string(theorem_kind_name(c.theorem.kind))},
                             {"values_needed", json_number(c.values_needed)}};
  if (const auto& check = answer.cache_check) {
    doc["checked_on_load"] = {{"complete", check->complete},
                              {"positions", json_number(check->positions)},
                              {"options", json_number(check->options)},
                              {"summary", check->summary()}};
  }
  return doc;
}

/// The line that says which --max would reach a proof (not proven within --max).
std::string candidate_line(const PeriodAnswer& answer) {
  if (const auto& c = answer.candidate) {
    return "the values repeat with period " + std::to_string(c->period) + " from " +
           std::to_string(c->preperiod) + "; the theorem proves that from " +
           std::to_string(c->values_needed) + " values: --max " + std::to_string(c->values_needed) +
           " would prove it";
  }
  return "the values computed show no period yet; a larger --max may prove one";
}

int run_period(const PeriodArgs& args) {
  const std::shared_ptr<const Game> game = parse_game_argument(args.game);
  const std::uint64_t max_values = parse_number_option("--max", args.max, kMaxCoordinate);
  if (max_values == 0) throw Error("--max must be at least 1");
  if (!args.max_work.empty() && !args.verify) throw Error("--max-work needs --verify");
  const std::uint64_t max_work = parse_number_option(
      "--max-work", args.max_work.empty() ? std::to_string(kVerifyWork) : args.max_work,
      ~std::uint64_t{0});
  PeriodOptions options = period_options(args.common, args.no_cache, max_values);
  if (!args.plot.empty()) check_plot_path(args.plot);
  PeriodAnswer answer =
      find_or_load_periodicity(*game, options, max_values, terminal_progress("period"));
  end_progress();
  std::optional<CertificateCheck> verified;
  if (args.verify && answer.periodicity) {
    verified = verify_period_answer(*game, answer, options, max_values, max_work,
                                    terminal_progress("verify"));
    end_progress();
  }
  if (!args.plot.empty())
    write_period_plot(args.plot, game, options, answer,
                      args.log_x ? PlotScale::log : PlotScale::linear);
  const bool theorem_applies = answer.periodicity || answer.why_not.empty();

  if (args.common.json) {
    nlohmann::ordered_json doc{{"game", game->name()}, {"proven", answer.periodicity.has_value()}};
    if (const auto& p = answer.periodicity) {
      doc["preperiod"] = json_number(p->preperiod);
      doc["period"] = json_number(p->period);
      doc["saltus"] = json_number(p->saltus);
      doc["values_computed"] = json_number(answer.values_computed);
      doc["proof"] = p->proof;
      doc["from_cache"] = answer.from_cache;
      doc["certificate"] = certificate_json(answer);
      if (verified) {
        doc["verified"] = {{"holds", verified->holds},
                           {"values", json_number(verified->positions)},
                           {"summary", verified->summary()}};
      }
    } else {
      doc["values_computed"] = json_number(answer.values_computed);
      doc["max"] = json_number(max_values);
      if (!answer.why_not.empty()) doc["reason"] = answer.why_not;
      doc["theorem_applies"] = theorem_applies;
      if (theorem_applies) {
        doc["candidate"] = nullptr;
        if (const auto& c = answer.candidate) {
          doc["candidate"] = {{"preperiod", json_number(c->preperiod)},
                              {"period", json_number(c->period)},
                              {"values_needed", json_number(c->values_needed)}};
        }
      }
    }
    std::cout << dump_json(doc) << '\n';
    return 0;
  }
  if (const auto& p = answer.periodicity) {
    std::cout << "preperiod " << p->preperiod << " period " << p->period;
    if (p->saltus != 0) std::cout << " saltus " << p->saltus;
    std::cout << '\n' << p->proof << (answer.from_cache ? " [from the cache]" : "") << '\n';
    if (answer.from_cache) {
      std::cout << "certificate: grundy " << answer.certificate->engine << ", "
                << answer.certificate->date
                << "; checked on load: " << answer.cache_check->summary() << '\n';
    }
    if (verified) std::cout << "verified: " << verified->summary() << '\n';
  } else if (!theorem_applies) {
    std::cout << "no period theorem applies to " << game->name() << ": " << answer.why_not << '\n';
  } else {
    std::cout << "no period proven up to " << max_values << '\n' << candidate_line(answer) << '\n';
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
      "residue argument for some infinite subtraction sets. Proven periods are cached (see\n"
      "docs/file-formats.md); --no-cache bypasses the cache.\n"
      "\nExamples:\n"
      "  grundy period kayles\n"
      "  grundy period 'sub(2,3,7)' --json\n"
      "  grundy period 0.16 --max 1000000");
  cmd->add_option("game", args->game, "Game spec, e.g. 0.07, 'sub(2,3,7)'")->required();
  cmd->add_option("--max", args->max, "Compute at most N values (default 10000000)");
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
