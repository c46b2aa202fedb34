#pragma once
/// \file Periodicity of a misère quotient's pretending function Φ, proven by the argument of
/// the Guy–Smith periodicity theorem carried over to quotients (docs/theory/misere-quotients.md,
/// "Periodicity"): for an octal or hexadecimal code with t digits after the point and moves
/// leaving at most k heaps (or a finite subtraction set, k = 1 and t its largest element), when
/// Φ(n + p) = Φ(n) for every n0 <= n <= N - p in the quotient of the heaps 0..N and
/// N + 1 >= the values the normal-play theorem needs for n0 and p, every larger heap falls into
/// the class of the heap p below it, and the quotient of the heaps 0..N is that of every heap
/// size.

#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/analysis/periodicity_theorem.hpp"
#include "grundy/rules/game.hpp"

namespace grundy {

/// QuotientPeriodicity::heaps_needed when no periodicity theorem covers the game.
inline constexpr std::uint64_t kNoPeriodicityTheorem = ~std::uint64_t{0};

struct QuotientPeriodicity {
  /// Φ(n + p) = Φ(n) for every preperiod <= n <= max_heap - period: proven, or seen over at
  /// least three whole periods and six heaps (false: no such p).
  bool periodic = false;
  std::uint64_t preperiod = 0;
  std::uint64_t period = 0;
  /// The heaps 0..heaps_needed-1 the theorem needs for this preperiod and period
  /// (kNoPeriodicityTheorem when no theorem covers the game), and whether the quotient reaches
  /// them.
  std::uint64_t heaps_needed = 0;
  bool proven = false;
};

/// The periodicity of `quotient`'s Φ, a quotient of `game`'s heaps: the least proven period, or
/// else the period seen to start earliest (least preperiod + period, then least period).
QuotientPeriodicity quotient_periodicity(const Game& game, const MisereQuotient& quotient);

/// The same for Φ of the heaps 0..phi.size()-1, with `theorem` the game's
/// (quotient_periodicity_theorem: nothing when none covers it).
QuotientPeriodicity phi_periodicity(const std::optional<PeriodicityTheorem>& theorem,
                                    std::span<const std::uint32_t> phi);

/// The periodicity theorem that proves periods of `game`'s Φ: the take-and-break (octal,
/// hexadecimal) and finite subtraction kinds; nothing for any other game.
std::optional<PeriodicityTheorem> quotient_periodicity_theorem(const Game& game);

/// Φ(h) for any heap size h, from a quotient whose Φ is proven periodic (`periodicity.proven`):
/// Φ of the heap congruent to h in the periodic stretch when h passes quotient.max_heap. Throws
/// Error for a heap beyond max_heap without a proven period.
std::uint32_t phi_at(const MisereQuotient& quotient, const QuotientPeriodicity& periodicity,
                     std::uint64_t h);

}  // namespace grundy
