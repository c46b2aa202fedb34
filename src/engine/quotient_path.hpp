#pragma once
// Internal: misère play of sums through the quotient, when it is within a small budget.

#include <optional>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/rules/sum.hpp"

namespace grundy {

/// The steps a solve spends on a quotient before it falls back to the exact search.
inline constexpr std::uint64_t kQuotientPathWork = 200'000'000;
/// The largest heap a solve computes a quotient to.
inline constexpr std::uint64_t kQuotientPathMaxHeap = 64;

/// The quotient of the heaps up to the largest of `sum`, when the sum is made of heaps of one heap
/// game (not Nim, whose closed form is faster; not a coin-turning row) no larger than
/// kQuotientPathMaxHeap and the quotient is found within kQuotientPathWork steps; nothing
/// otherwise (the caller searches).
std::optional<MisereQuotient> quotient_for_sum(const Sum& sum, const Limits& limits);

}  // namespace grundy
