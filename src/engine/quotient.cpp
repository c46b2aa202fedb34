// Engine::quotient and the `grundy quotient --json` document.
#include <algorithm>
#include <memory>
#include <typeinfo>
#include <vector>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/analysis/period_cache.hpp"
#include "grundy/analysis/quotient_cache.hpp"
#include "grundy/analysis/quotient_moves.hpp"
#include "grundy/analysis/quotient_periodicity.hpp"
#include "grundy/analysis/sum_quotient.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"

namespace grundy {

std::optional<QuotientCache> Engine::quotient_cache() const {
  if (!options_.use_cache) return std::nullopt;
  return QuotientCache(PeriodCache::default_directory());
}

namespace {

/// The answer with what is proven of Φ's period, whether the quotient was computed or read.
QuotientAnswer with_periodicity(const Game& game, QuotientAnswer answer) {
  answer.periodicity = quotient_periodicity(game, answer.quotient);
  answer.provable = quotient_periodicity_theorem(game).has_value();
  return answer;
}

/// A quotient computed afresh (never the cache): the heaps 0..max_heap, ending early once Φ's
/// period is proven when `until_proven`; when the budget ends first, the quotient of the heaps
/// verified (`keep_verified`) or an error.
QuotientAnswer computed_quotient(const Game& game, const Limits& limits, std::uint64_t max_heap,
                                 std::uint64_t max_work,
                                 std::function<void(const QuotientProgress&)> progress,
                                 bool until_proven, bool keep_verified) {
  QuotientOptions options;
  options.max_heap = max_heap;
  options.limits = limits;
  options.max_work = max_work;
  options.progress = std::move(progress);
  options.end_at_proven_period = until_proven;
  options.keep_verified_on_budget = keep_verified;
  return with_periodicity(game, {misere_quotient(game, options), false, {}});
}

}  // namespace

QuotientAnswer Engine::quotient(std::shared_ptr<const Game> game,
                                std::optional<std::uint64_t> max_heap, std::uint64_t max_work,
                                std::function<void(const QuotientProgress&)> progress) const {
  const bool theorem = quotient_periodicity_theorem(*game).has_value();
  // Without max_heap: complete, or what is verified when the budget ends. Without a theorem
  // nothing is ever complete: then the heaps to a fixed bound.
  const bool until_budget = !max_heap;
  const bool complete = until_budget && theorem;
  if (until_budget && !theorem) max_heap = kQuotientHeapsWithoutTheorem;
  const std::optional<QuotientCache> cache = quotient_cache();
  if (cache) {
    QuotientCache::Loaded loaded = cache->load(*game, limits_);
    if (loaded.quotient) {
      QuotientAnswer answer = with_periodicity(*game, {std::move(*loaded.quotient), true, {}});
      if (complete ? answer.complete() : answer.quotient.max_heap == *max_heap) return answer;
    }
  }
  // A local class may use what the member function may: done() clears the progress display
  // whether the computation returns or throws.
  struct Done {
    const Engine& engine;
    ~Done() { engine.done(); }
  } done_after{*this};
  QuotientAnswer answer = computed_quotient(*game, limits_, complete ? kMaxQuotientHeap : *max_heap,
                                            max_work, std::move(progress), complete, until_budget);
  if (cache) cache->store(answer.quotient);
  return answer;
}

QuotientAnswer Engine::quotient_verified(
    std::shared_ptr<const Game> game, std::uint64_t max_heap, std::uint64_t max_work,
    std::function<void(const QuotientProgress&)> progress) const {
  // To the heap bound, or (the bound of bounds) until Φ's period is proven; the budget ending
  // leaves the quotient of the heaps verified.
  return computed_quotient(*game, limits_, max_heap, max_work, std::move(progress),
                           max_heap == kMaxQuotientHeap, true);
}

Document to_document(const QuotientAnswer& answer) {
  Document d = to_document(answer.quotient);
  const QuotientPeriodicity& period = answer.periodicity;
  // The same word as the text's `periodicity:` line: Φ's period proven, seen, or none seen.
  d["periodicity"] = period.proven ? "proven" : period.periodic ? "observed" : "none";
  if (period.periodic) {
    Document phi_period;
    phi_period["preperiod"] = period.preperiod;
    phi_period["period"] = period.period;
    phi_period["proven"] = period.proven;
    if (period.heaps_needed == kNoPeriodicityTheorem) {
      phi_period["heaps_needed"] = nullptr;
    } else {
      phi_period["heaps_needed"] = period.heaps_needed;
    }
    d["phi_period"] = phi_period;
  } else {
    d["phi_period"] = nullptr;
  }
  d["complete"] = answer.complete();
  if (const std::optional<QuotientStop>& stop = answer.quotient.stopped) {
    Document stopped{{"heap", stop->heap}, {"reason", stop->reason}, {"grows", stop->grows}};
    // What the failed trials at that heap prove (one copy proves nothing new).
    if (stop->copies > 1) {
      stopped["sums_decided_below_copies"] = stop->copies;
      stopped["distinct_powers_at_least"] = stop->distinct_powers;
      stopped["order_at_least"] = stop->order_at_least;
    }
    d["stopped"] = stopped;
  } else {
    d["stopped"] = nullptr;
  }
  d["from_cache"] = answer.from_cache;
  return d;
}

Document to_document(const QuotientUsed& used) {
  return {{"game", used.game}, {"max_heap", used.max_heap}, {"complete", used.complete}};
}

Document to_document(const MisereQuotient& q) {
  Document d;
  d["game"] = q.game;
  d["play"] = "misere";
  d["max_heap"] = q.max_heap;
  d["order"] = q.monoid.order;
  d["p_count"] = q.monoid.p_count();
  Document elements = Document::array();
  for (const auto& m : q.presentation.normal_forms) elements.push_back(format_monomial(m));
  d["elements"] = elements;
  Document p = Document::array();
  for (std::uint32_t x = 0; x < q.monoid.order; ++x) {
    if (q.monoid.p_portion[x]) p.push_back(x);
  }
  d["p_portion"] = p;
  Document generators = Document::array();
  for (std::size_t i = 0; i < q.presentation.generator_heaps.size(); ++i) {
    Presentation::Monomial unit(q.presentation.generator_heaps.size(), 0);
    unit[i] = 1;
    generators.push_back(
        {{"name", format_monomial(unit)}, {"heap", q.presentation.generator_heaps[i]}});
  }
  d["generators"] = generators;
  Document relations = Document::array();
  for (const auto& [lhs, rhs] : q.presentation.relations) {
    relations.push_back(Document::array({format_monomial(lhs), format_monomial(rhs)}));
  }
  d["relations"] = relations;
  d["phi"] = q.phi;
  d["orders"] = q.orders;
  d["stable_from"] = q.stable_from;
  d["periodicity"] = "observed";
  d["tame"] = q.tame.tame;
  if (q.tame.tame) {
    d["tame_quotient"] = "T" + std::to_string(q.tame.k);
  } else {
    d["tame_quotient"] = nullptr;
  }
  Document table = Document::array();
  for (std::uint32_t x = 0; x < q.monoid.order; ++x) {
    Document row = Document::array();
    for (std::uint32_t y = 0; y < q.monoid.order; ++y) row.push_back(q.monoid.product(x, y));
    table.push_back(row);
  }
  d["table"] = table;
  d["candidates"] = q.candidates;
  d["largest_candidate"] = q.largest_candidate;
  return d;
}

}  // namespace grundy
