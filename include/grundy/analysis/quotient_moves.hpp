#pragma once
/// \file The options of a heap far beyond a misère quotient's table, by class: when Φ is proven
/// periodic (quotient_periodicity.hpp), a split a + (r - a) with both parts in the periodic
/// stretch has a class that depends only on a's residue mod the period, so the options of one
/// class are counted per residue, in O(t * (preperiod + period)) for a code of t digits, however
/// large the heap.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <vector>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/analysis/quotient_periodicity.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/take_break.hpp"

namespace grundy {

/// Whether quotient_options_where can take `code`: finite, moves leaving at most two heaps, splits
/// not forced unequal.
bool quotient_moves_support(const TakeBreakCode& code);

/// What quotient_options_where found.
struct QuotientOptionCount {
  /// The options whose class was accepted (saturating at 2^64-1, then `overflow`).
  std::uint64_t count = 0;
  bool overflow = false;
};

/// The options of a heap of n tokens under `code` (quotient_moves_support) whose class — the
/// class of the heaps they leave, in `quotient`, whose Φ follows the proven `periodicity` — is
/// accepted by `accept`: counted, and the first `limit` of them in increasing order (as sorted
/// lists of the heaps left) given to `visit`.
QuotientOptionCount quotient_options_where(const TakeBreakCode& code,
                                           const MisereQuotient& quotient,
                                           const QuotientPeriodicity& periodicity, std::uint64_t n,
                                           const std::function<bool(std::uint32_t)>& accept,
                                           std::size_t limit, OptionVisitor& visit);

/// How many options of a heap of n tokens under `code` fall in each class of `quotient`
/// (indexed by element; saturating at 2^64-1).
std::vector<std::uint64_t> quotient_option_class_counts(const TakeBreakCode& code,
                                                        const MisereQuotient& quotient,
                                                        const QuotientPeriodicity& periodicity,
                                                        std::uint64_t n);

}  // namespace grundy
