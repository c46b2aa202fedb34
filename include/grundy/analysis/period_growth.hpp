#pragma once
/// \file The one budgeted driver that grows a nim-sequence towards a proof of its period: used by
/// `grundy period` (period_search.cpp), `grundy seq --out` (sequence_run.cpp) and the census's
/// period run (period_run.cpp).
///
/// The period is checked at geometrically spaced lengths, each 1/16 longer than the last (at least
/// 16 values more): each check is linear in the values, so all the checks together cost a constant
/// times the values computed, and a period is proven at most 1/16 past the first length that
/// proves it.

#include <algorithm>
#include <cstdint>
#include <optional>

#include "grundy/analysis/periodicity.hpp"

namespace grundy {

/// The length of the check after one at n values.
constexpr std::uint64_t next_period_check(std::uint64_t n) noexcept {
  return n + std::max<std::uint64_t>(n / 16, 16);
}

struct PeriodGrowth {
  /// Values there already: the first check is at max(have, 16).
  std::uint64_t have = 0;
  /// No check at more values than this.
  std::uint64_t budget = 0;
  /// The last check at exactly `budget` values (`period`, the census: the budget is all there
  /// is); false: only at lengths of the schedule (`seq --out`, whose values go on past it).
  bool check_at_budget = true;
};

/// Calls extend(n) (make g(0..n-1) available) and then prove(n) (the period proven from the
/// first n values, or nothing) at each length of the schedule within the budget, until a proof.
/// Returns the proof, or nothing when the budget ran out first. The callables may throw to stop
/// (a deadline, a stop flag, a resource limit).
template <class Extend, class Prove>
std::optional<Periodicity> grow_and_prove(const PeriodGrowth& growth, Extend&& extend,
                                          Prove&& prove) {
  std::uint64_t n = std::max<std::uint64_t>(growth.have, 16);
  while (true) {
    if (n > growth.budget) {
      if (!growth.check_at_budget) return std::nullopt;
      n = growth.budget;
    }
    extend(n);
    if (std::optional<Periodicity> proven = prove(n)) return proven;
    if (n >= growth.budget) return std::nullopt;
    n = next_period_check(n);
  }
}

}  // namespace grundy
