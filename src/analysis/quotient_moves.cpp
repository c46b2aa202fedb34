// Options of a heap far beyond a misère quotient's table, grouped by class
// (quotient_moves.hpp). The options removing k tokens leave r = n - k: nothing, heap r, or a split
// a + (r - a) with 1 <= a <= r/2. With Φ periodic from n0 with period p, the splits with
// n0 <= a and n0 <= r - a have the class Φ(a)·Φ(r - a), which depends only on a mod p: each
// residue is one group, an arithmetic progression of step p. The rest (a < n0, or r - a < n0)
// are groups of one.
#include "grundy/analysis/quotient_moves.hpp"

#include <algorithm>
#include <limits>

#include "grundy/analysis/periodic_moves.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"

namespace grundy {
namespace {

/// Options of one class: `count` of them, the first leaving `parts`, the next ones the split
/// with `step` more tokens in the smaller part (a, r - a) -> (a + step, r - a - step).
struct OptionGroup {
  std::uint32_t element = 0;
  std::uint64_t count = 0;
  std::uint64_t step = 0;
  std::vector<std::uint64_t> parts;  // sorted
};

/// How many a in [lo, hi] have a ≡ first (mod p), first being the least of them (>= lo).
std::uint64_t progression_length(std::uint64_t first, std::uint64_t hi, std::uint64_t p) {
  return first > hi ? 0 : (hi - first) / p + 1;
}

template <class F>
void for_each_group(const TakeBreakCode& code, const MisereQuotient& q,
                    const QuotientPeriodicity& per, std::uint64_t n, F&& group) {
  if (!quotient_moves_support(code)) {
    throw Error(
        "the options of a heap beyond the quotient's table are counted for finite codes "
        "whose moves leave at most two heaps");
  }
  const auto phi = [&](std::uint64_t h) { return phi_at(q, per, h); };
  const std::uint64_t n0 = per.preperiod, p = per.period;
  for (std::uint64_t k = 0; k < code.digits.size() && k <= n; ++k) {
    const std::uint8_t d = code.digits[k];
    const std::uint64_t r = n - k;
    if ((d & kLeaveNothing) && r == 0) group(OptionGroup{0, 1, 0, {}});
    if ((d & kLeaveOne) && r > 0) group(OptionGroup{phi(r), 1, 0, {r}});
    if (!(d & kLeaveTwo) || r < 2) continue;
    const std::uint64_t half = r / 2;
    const auto one = [&](std::uint64_t a) {
      group(OptionGroup{q.monoid.product(phi(a), phi(r - a)), 1, 0, {a, r - a}});
    };
    const PeriodicSplits both = periodic_splits(r, n0);  // both parts periodic: a in [lo, hi]
    if (!both.any) {
      for (std::uint64_t a = 1; a <= half; ++a) one(a);
      continue;
    }
    for (std::uint64_t a = 1; a < both.lo; ++a) one(a);
    for (std::uint64_t a = both.lo; a < both.lo + p && a <= both.hi; ++a) {
      group(OptionGroup{
          q.monoid.product(phi(a), phi(r - a)), progression_length(a, both.hi, p), p, {a, r - a}});
    }
    for (std::uint64_t a = both.hi + 1; a <= half; ++a) one(a);
  }
}

}  // namespace

bool quotient_moves_support(const TakeBreakCode& code) {
  return !code.repeats() && !code.unequal_split && code.max_parts() <= 2;
}

QuotientOptionCount quotient_options_where(const TakeBreakCode& code, const MisereQuotient& q,
                                           const QuotientPeriodicity& per, std::uint64_t n,
                                           const std::function<bool(std::uint32_t)>& accept,
                                           std::size_t limit, OptionVisitor& visit) {
  QuotientOptionCount out;
  std::vector<OptionGroup> accepted;
  for_each_group(code, q, per, n, [&](const OptionGroup& g) {
    if (g.count == 0 || !accept(g.element)) return;
    if (const auto sum = checked_add(out.count, g.count)) {
      out.count = *sum;
    } else {
      out.count = std::numeric_limits<std::uint64_t>::max();
      out.overflow = true;
    }
    accepted.push_back(g);
  });
  // Each group is increasing (the smaller part grows): the first `limit` in all, by merging.
  const auto later = [&](std::size_t x, std::size_t y) {
    return accepted[x].parts > accepted[y].parts;
  };
  std::vector<std::size_t> heads;
  for (std::size_t i = 0; i < accepted.size(); ++i) heads.push_back(i);
  std::make_heap(heads.begin(), heads.end(), later);
  std::vector<Position> positions;
  for (std::size_t listed = 0; listed < limit && !heads.empty(); ++listed) {
    std::pop_heap(heads.begin(), heads.end(), later);
    OptionGroup& g = accepted[heads.back()];
    positions.clear();
    for (std::uint64_t x : g.parts) positions.push_back(Position{x, 0});
    visit.option(positions);
    if (--g.count == 0) {
      heads.pop_back();
      continue;
    }
    g.parts[0] += g.step;
    g.parts[1] -= g.step;
    std::push_heap(heads.begin(), heads.end(), later);
  }
  return out;
}

std::vector<std::uint64_t> quotient_option_class_counts(const TakeBreakCode& code,
                                                        const MisereQuotient& q,
                                                        const QuotientPeriodicity& per,
                                                        std::uint64_t n) {
  std::vector<std::uint64_t> counts(q.monoid.order, 0);
  for_each_group(code, q, per, n, [&](const OptionGroup& g) {
    counts[g.element] = saturating_add(counts[g.element], g.count);
  });
  return counts;
}

}  // namespace grundy
