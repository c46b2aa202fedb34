// Periodicity of Φ for misère quotients (docs/theory/misere-quotients.md, "Periodicity").
//
// Why the normal-play bound proves it: when the option images T(N+1) (the classes of the sums
// that heap N+1's moves leave) equal T(N+1-p) and Φ(N+1) is set to Φ(N+1-p), heap N+1 is the same
// letter as heap N+1-p for the verification of the misère recursion (a sum's class and options
// depend on its heaps only through their letters), so the verified, reduced quotient of the heaps
// 0..N stays verified and reduced with heap N+1 added: it is the quotient of the heaps 0..N+1, Φ
// is periodic one heap further, and induction goes on forever. T(N+1) = T(N+1-p) is what the
// Guy–Smith argument shows from Φ's periodicity on the heaps below — the largest part left by a
// move from N+1 is large enough to lie in the periodic stretch p higher than a part left from
// N+1-p and back — with classes in place of nim-values; PeriodicityTheorem::values_needed counts
// the heaps it needs, the same number as in normal play.
#include "grundy/analysis/quotient_periodicity.hpp"

#include <algorithm>
#include <optional>
#include <tuple>

#include "grundy/analysis/periodicity_theorem.hpp"
#include "grundy/core/error.hpp"

namespace grundy {

std::optional<PeriodicityTheorem> quotient_periodicity_theorem(const Game& game) {
  std::optional<PeriodicityTheorem> theorem;
  try {
    theorem = periodicity_theorem(game);
  } catch (const Error&) {
    // No theory for the family: periods can only be observed.
  }
  if (theorem && (theorem->kind == PeriodicityTheorem::Kind::take_break ||
                  theorem->kind == PeriodicityTheorem::Kind::window)) {
    return theorem;
  }
  return std::nullopt;
}

QuotientPeriodicity quotient_periodicity(const Game& game, const MisereQuotient& quotient) {
  return phi_periodicity(quotient_periodicity_theorem(game), quotient.phi);
}

QuotientPeriodicity phi_periodicity(const std::optional<PeriodicityTheorem>& theorem,
                                    std::span<const std::uint32_t> phi) {
  const std::uint64_t n = phi.size();  // heaps 0..n-1
  // A proven period first (the least), else the one seen to start earliest (n0 + p least): a
  // coincidence over the last few heaps is not reported as a period.
  QuotientPeriodicity best;
  best.heaps_needed = kNoPeriodicityTheorem;
  const auto rank = [](const QuotientPeriodicity& c) {
    return std::tuple{!c.proven, c.proven ? c.period : c.preperiod + c.period, c.period};
  };
  for (std::uint64_t p = 1; 2 * p <= n; ++p) {
    // The least n0 with Φ(m + p) = Φ(m) for every n0 <= m < n - p: scanned from the top.
    std::uint64_t n0 = n - p;
    while (n0 > 0 && phi[n0 - 1 + p] == phi[n0 - 1]) --n0;
    QuotientPeriodicity c;
    c.periodic = true;
    c.preperiod = n0;
    c.period = p;
    c.heaps_needed = theorem ? theorem->values_needed(n0, p) : kNoPeriodicityTheorem;
    c.proven = c.heaps_needed <= n;
    // Unproven: seen over three whole periods and at least six heaps.
    if (!c.proven && (n - n0 < 3 * p || n - n0 < 6)) continue;
    if (!best.periodic || rank(c) < rank(best)) best = c;
  }
  return best;
}

std::uint32_t phi_at(const MisereQuotient& quotient, const QuotientPeriodicity& periodicity,
                     std::uint64_t h) {
  if (h <= quotient.max_heap) return quotient.phi[h];
  if (!periodicity.proven) {
    throw Error("heap " + std::to_string(h) + " is beyond the quotient of " + quotient.game +
                ", computed to heap " + std::to_string(quotient.max_heap) +
                ", and no period of its phi is proven");
  }
  // The proof needed the heaps 0..heaps_needed-1, beyond n0 + p - 1: the heap of h's residue in
  // the first period is in the table.
  const std::uint64_t n0 = periodicity.preperiod, p = periodicity.period;
  return quotient.phi[n0 + (h - n0) % p];
}

}  // namespace grundy
