// grundy quotient GAME : the misère quotient of a heap game (docs/misere-quotients.md).

#include <cstdio>
#include <iostream>
#include <optional>
#include <string>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/rules/game.hpp"
#include "search_progress.hpp"

namespace grundy::cli {
namespace {

struct QuotientArgs {
  CommonOptions common;
  std::string game;
  std::string max_heap;  // empty: the complete quotient
  std::string max_work;  // empty: kDefaultQuotientWork
  bool no_cache = false;
};

std::string element_name(const MisereQuotient& q, std::uint32_t x) {
  return format_monomial(q.presentation.normal_forms[x]);
}

/// The last line: whether the quotient is that of every heap size, and if not, why it stopped.
std::string completeness(const QuotientAnswer& answer) {
  if (answer.complete()) return "complete (proven for every heap size)";
  const MisereQuotient& q = answer.quotient;
  std::string out = "partial: heaps 0.." + std::to_string(q.max_heap) + ", not known beyond";
  if (const std::optional<QuotientStop>& stop = q.stopped) {
    const std::string h = std::to_string(stop->heap);
    out += " (heap " + h + " did not close: " + stop->reason;
    if (stop->grows && stop->copies <= 1) {
      out += "; heap " + h + " is in no class of the heaps below: the quotient grows there";
    }
    if (stop->copies > 1) {
      out += "; at heap " + h + " every sum with fewer than " + std::to_string(stop->copies) +
             " heaps of " + h + " is decided, which proves that phi(" + h + ") has at least " +
             std::to_string(stop->distinct_powers) +
             " distinct powers and the quotient of heaps 0.." + h + " at least " +
             std::to_string(stop->order_at_least) + " elements";
    }
    out += ")";
  } else if (!answer.provable) {
    out += " (no periodicity theorem covers " + q.game + ")";
  }
  return out;
}

int run_quotient(const QuotientArgs& args) {
  const std::shared_ptr<const Game> game = Engine::game(args.game);
  std::optional<std::uint64_t> max_heap;
  if (!args.max_heap.empty()) {
    max_heap = parse_number_option("--max-heap", args.max_heap, kMaxQuotientHeap);
  }
  const std::uint64_t max_work =
      args.max_work.empty() ? kDefaultQuotientWork
                            : parse_number_option("--max-work", args.max_work, ~std::uint64_t{0});
  const Engine engine(engine_options(args.common, kDefaultMax, args.no_cache), terminal_reporter());
  const QuotientAnswer answer =
      engine.quotient(game, max_heap, max_work, terminal_quotient_progress("quotient"));
  const MisereQuotient& q = answer.quotient;
  end_progress();
  if (args.common.json) {
    std::cout << dump_document(to_document(answer)) << '\n';
    return 0;
  }
  std::cout << "misère quotient of " << q.game << ", heaps 0.." << q.max_heap << '\n';
  std::cout << "order " << q.monoid.order << ", P-portion " << q.monoid.p_count() << ":";
  for (std::uint32_t x = 0; x < q.monoid.order; ++x) {
    if (q.monoid.p_portion[x]) std::cout << ' ' << element_name(q, x);
  }
  std::cout << '\n';
  if (q.tame.tame) {
    std::cout << "tame: T" << q.tame.k << " (the quotient of misère Nim";
    if (q.tame.k >= 2) std::cout << " on heaps below " << (std::uint64_t{1} << q.tame.k);
    std::cout << ")\n";
  } else {
    std::cout << "wild (not a quotient of misère Nim)\n";
  }
  std::cout << "generators:";
  for (std::size_t i = 0; i < q.presentation.generator_heaps.size(); ++i) {
    Presentation::Monomial unit(q.presentation.generator_heaps.size(), 0);
    unit[i] = 1;
    std::cout << (i ? ", " : " ") << format_monomial(unit) << " = heap "
              << q.presentation.generator_heaps[i];
  }
  if (q.presentation.generator_heaps.empty()) std::cout << " none";
  std::cout << '\n';
  std::cout << "relations:";
  if (q.presentation.relations.empty()) std::cout << " none";
  for (std::size_t i = 0; i < q.presentation.relations.size(); ++i) {
    const auto& [lhs, rhs] = q.presentation.relations[i];
    std::cout << (i ? ", " : " ") << format_monomial(lhs) << " = " << format_monomial(rhs);
  }
  std::cout << '\n';
  const QuotientPeriodicity& period = answer.periodicity;
  std::cout << "last grew at heap " << q.stable_from;
  if (q.stable_from == q.max_heap && !period.proven) {
    std::cout << ", the last heap computed (not known beyond)\n";
  } else {
    std::cout << "; unchanged from there to heap " << q.max_heap
              << (period.proven ? " (proven for every heap size: periodicity below)\n"
                                : " (observed, not proven beyond)\n");
  }
  if (period.periodic) {
    std::cout << "periodicity: phi(n + " << period.period
              << ") = phi(n) for n >= " << period.preperiod;
    if (period.proven) {
      std::cout << ", proven (heaps 0.." << period.heaps_needed - 1
                << " suffice): the quotient of every heap size\n";
    } else if (period.heaps_needed == kNoPeriodicityTheorem) {
      std::cout << ", observed to heap " << q.max_heap << " (no periodicity theorem covers "
                << q.game << ")\n";
    } else {
      std::cout << ", observed to heap " << q.max_heap << " (proving it needs heaps 0.."
                << period.heaps_needed - 1 << ")\n";
    }
  } else {
    std::cout << "periodicity: none seen to heap " << q.max_heap << '\n';
  }
  std::cout << "orders by heap:";
  for (std::uint32_t o : q.orders) std::cout << ' ' << o;
  std::cout << '\n';
  std::cout << "phi:";
  for (std::size_t h = 0; h < q.phi.size(); ++h) {
    std::cout << ' ' << h << '=' << element_name(q, q.phi[h]);
  }
  std::cout << '\n';
  std::cout << completeness(answer) << '\n';
  return 0;
}

}  // namespace

Runner add_quotient_command(CLI::App& app) {
  auto args = std::make_shared<QuotientArgs>();
  CLI::App* cmd = app.add_subcommand(
      "quotient", "The misère quotient of a heap game: its monoid, P-portion and pretending map");
  cmd->footer(
      "\nThe classes of the sums of heaps 0..N that no added sum tells apart under misère\n"
      "play (Plambeck and Siegel): a commutative monoid Q, its P-portion, and the class\n"
      "phi(h) of each heap. A sum is a misère P-position iff the product of its heaps'\n"
      "classes is in P. Every quotient printed has been verified against the misère\n"
      "recursion for all sums of heaps up to N (docs/misere-quotients.md). Without\n"
      "--max-heap, heaps are added until phi's period is proven (the quotient of every heap\n"
      "size) or the budget ends; the last line says which: complete, or partial.\n"
      "\nExamples:\n"
      "  grundy quotient kayles\n"
      "  grundy quotient 0.07 --max-heap 24 --json");
  cmd->add_option("game", args->game, "Game spec of a heap game, e.g. 0.77, 0.07, 'sub(1,2)'")
      ->required();
  cmd->add_option("--max-heap", args->max_heap,
                  "The quotient of the heaps 0..N (default: until phi's period is proven)");
  cmd->add_option("--max-work", args->max_work,
                  "At most N elementary steps (default 4*10^9, about a minute)");
  cmd->add_flag("--no-cache", args->no_cache,
                "Neither read nor write the quotient cache (a cached quotient is checked against "
                "the game before it is used)");
  add_common_options(*cmd, args->common);
  return [args] { return run_quotient(*args); };
}

}  // namespace grundy::cli
