#pragma once
/// \file Winning moves in heaps far beyond any table, from the structure of a proven period.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/analysis/periodicity.hpp"
#include "grundy/rules/take_break.hpp"
#include "grundy/solve/value_source.hpp"

namespace grundy {

/// The splits a + (r - a), 1 <= a <= r / 2, of a heap of r tokens with both parts in the periodic
/// range of a sequence with preperiod i (a >= i and r - a >= i): a in [lo, hi] when `any`. Their
/// values (or misère classes) depend only on a mod the period; the other splits are fewer than
/// 2i and are taken one by one.
struct PeriodicSplits {
  std::uint64_t lo = 1;
  std::uint64_t hi = 0;
  bool any = false;
};
PeriodicSplits periodic_splits(std::uint64_t r, std::uint64_t i);

/// The options of a heap of n tokens under `code` whose value is `target`, given that the
/// game's values follow `periodicity`. The first `limit` options in increasing order go to
/// `visit`. For a finite code and an ordinary period (saltus 0) the count is exact for moves
/// leaving at most two heaps: a split a + (r - a) with both parts in the periodic range depends
/// only on a's residue mod the period, so it is counted per residue in O(preperiod + period) per
/// k; splits into three heaps are neither listed nor counted (the count is then unknown). A
/// repeating code, or a saltus, has its one-heap moves answered by one_heap_options_with_value;
/// its splits are then neither listed nor counted.
OptionSearch take_break_options_with_value(const TakeBreakCode& code,
                                           const Periodicity& periodicity, std::uint64_t n,
                                           Value target, std::size_t limit, OptionVisitor& visit);

/// The options of value `target` of a heap of n tokens whose moves each leave at most one heap,
/// given by `moves`: a code of bits 1 (remove the whole heap) and 2 (leave one non-empty heap),
/// finite or repeating (an all-but game's PeriodicityTheorem::moves, or a code's one-heap moves),
/// when the game's values follow `periodicity`, with any saltus. The first `limit` options in
/// increasing order go to `visit`; the count is exact. With a saltus s > 0 each residue class of
/// the period holds the value at most once, so this is O(preperiod + period); with s = 0 the
/// heaps of one class are counted per residue of the moves' period, O(preperiod + period * P);
/// past 2^22 such classes the count is left unknown.
OptionSearch one_heap_options_with_value(const TakeBreakCode& moves, const Periodicity& periodicity,
                                         std::uint64_t n, Value target, std::size_t limit,
                                         OptionVisitor& visit);

/// A code's moves that leave at most one heap: its digits with bits 1 and 2 only.
TakeBreakCode one_heap_moves(const TakeBreakCode& code);

/// How many options of a heap of n tokens under `code` have each value, by increasing value,
/// given that the game's values follow `periodicity` (saltus 0): the splits a + (r - a) with both
/// parts periodic are counted per residue of a, as above, in O(preperiod + period) per k. Nothing
/// when a move leaves three heaps (not counted), a count passes 2^64-1, or splits must be unequal
/// (Grundy's game, which no periodicity theorem covers); nothing for a repeating code or a
/// saltus either.
std::optional<std::vector<ValueCount>> take_break_option_value_counts(
    const TakeBreakCode& code, const Periodicity& periodicity, std::uint64_t n);

}  // namespace grundy
