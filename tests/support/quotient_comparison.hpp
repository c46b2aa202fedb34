#pragma once
// The quotient of a game's heaps computed twice: heaps placed by what they can change
// (QuotientOptions::incremental, the default) and by a full verification of every sum at every
// heap (the construction before #28). Proven periods are not used, so that every heap is placed.

#include <cstdint>
#include <optional>
#include <string>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/game.hpp"

namespace grundy {

struct QuotientComparison {
  /// Both computed (to heap `heap`); false when the game's quotient stalls at heap 1 already.
  bool compared = false;
  bool identical = false;
  std::uint64_t heap = 0;
  MisereQuotient fast, slow;
  std::string what;
};

/// Compares the two to heap n. When the fast computation passes `work` steps at some heap, both
/// are compared to the heap before it (the slow one without a budget).
inline QuotientComparison compare_placements(const Game& game, std::uint64_t n,
                                             std::uint64_t work) {
  QuotientComparison out;
  QuotientOptions options;
  options.max_heap = n;
  options.max_work = work;
  options.stop_at_proven_period = false;
  std::optional<MisereQuotient> fast;
  while (!fast && options.max_heap > 0) {
    try {
      fast = misere_quotient(game, options);
    } catch (const QuotientStalled& e) {
      options.max_heap = e.frontier().heap - 1;
    } catch (const ResourceError&) {
      options.max_heap /= 2;
    }
  }
  if (!fast) {
    out.what = game.name() + ": no heap closes within the budget";
    return out;
  }
  out.compared = true;
  out.heap = options.max_heap;
  out.fast = std::move(*fast);
  options.incremental = false;
  options.max_work = ~std::uint64_t{0};
  out.slow = misere_quotient(game, options);
  const MisereQuotient& a = out.fast;
  const MisereQuotient& b = out.slow;
  out.what = game.name() + " to heap " + std::to_string(out.heap) + ":";
  if (a.phi != b.phi) out.what += " phi differs;";
  if (a.orders != b.orders) out.what += " the orders by heap differ;";
  if (a.monoid.table != b.monoid.table) out.what += " the tables differ;";
  if (a.monoid.p_portion != b.monoid.p_portion) out.what += " P differs;";
  if (a.stable_from != b.stable_from) out.what += " where it last grew differs;";
  if (a.candidates != b.candidates) out.what += " the trials differ;";
  out.identical = out.what.back() == ':';
  return out;
}

}  // namespace grundy
