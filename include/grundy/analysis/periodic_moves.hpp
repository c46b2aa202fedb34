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

/// The options of a heap of n tokens under `code` whose value is `target`, given that the
/// game's values follow `periodicity` (an ordinary period: saltus 0). The first `limit` options in
/// increasing order go to `visit`. The count is exact for moves leaving at most two heaps: a
/// split a + (r - a) with both parts in the periodic range depends only on a's residue mod the
/// period, so it is counted per residue in O(preperiod + period) per k; splits into three heaps
/// are neither listed nor counted (the count is then unknown).
OptionSearch take_break_options_with_value(const TakeBreakCode& code,
                                           const Periodicity& periodicity, std::uint64_t n,
                                           Value target, std::size_t limit, OptionVisitor& visit);

/// How many options of a heap of n tokens under `code` have each value, by increasing value,
/// given that the game's values follow `periodicity` (saltus 0): the splits a + (r - a) with both
/// parts periodic are counted per residue of a, as above, in O(preperiod + period) per k. Nothing
/// when a move leaves three heaps (not counted), a count passes 2^64-1, or splits must be unequal
/// (Grundy's game, which no periodicity theorem covers).
std::optional<std::vector<ValueCount>> take_break_option_value_counts(
    const TakeBreakCode& code, const Periodicity& periodicity, std::uint64_t n);

}  // namespace grundy
