#include "grundy/analysis/period_search.hpp"

#include <algorithm>

#include "grundy/analysis/period_finder.hpp"
#include "grundy/analysis/period_growth.hpp"
#include "grundy/analysis/shift_check.hpp"
#include "grundy/core/checked.hpp"

namespace grundy {
// Named, not anonymous: prove_period (external linkage) captures one in a lambda, which GCC
// refuses (-Wsubobject-linkage) when this file is compiled inside a unity file.
namespace period_search_detail {

/// g(n) for any n once g is known to be periodic from i with period p (n may pass the table).
template <class T>
struct Extended {
  std::span<const T> g;
  std::uint64_t i, p;
  std::uint32_t operator()(std::uint64_t n) const {
    return n < g.size() ? g[n] : g[i + (n - i) % p];
  }
};

}  // namespace period_search_detail
namespace {

using period_search_detail::Extended;

/// The least period of g[from..] when it repeats there at least `repeats` times, from its
/// least start in g.
template <class T>
std::optional<PeriodCandidate> period_from(std::span<const T> g, std::uint64_t from,
                                           std::uint64_t repeats,
                                           const PeriodicityTheorem& theorem) {
  const std::uint64_t n = g.size();
  if (n < 2 || from >= n) return std::nullopt;
  const std::uint64_t p = least_period(g.subspan(from));
  if (p > (n - from) / repeats || p >= n - from) return std::nullopt;
  const std::uint64_t i = least_start(g, p);
  return PeriodCandidate{i, p, theorem.values_needed(i, p)};
}

/// g(n + p) - g(n) = s for every n from i on among the values, found from the differences of
/// g[from..]: their least period p (when it repeats there `repeats` times), s their sum over one
/// period, and i the least start. s may be 0 (an ordinary period) but not negative.
struct DifferencePeriod {
  std::uint64_t preperiod = 0, period = 0;
  Value saltus = 0;
};

template <class T>
std::optional<DifferencePeriod> difference_period(std::span<const T> g, std::uint64_t from,
                                                  std::uint64_t repeats) {
  const std::uint64_t n = g.size();
  if (n < 3 || from + 2 >= n) return std::nullopt;
  // g(n + p) - g(n) is constant exactly when the differences g(n + 1) - g(n) repeat with p.
  std::vector<std::int64_t> differences(n - 1 - from);
  for (std::uint64_t j = 0; j + 1 < n - from; ++j) {
    differences[j] =
        static_cast<std::int64_t>(g[from + j + 1]) - static_cast<std::int64_t>(g[from + j]);
  }
  const std::uint64_t p = least_period(std::span<const std::int64_t>(differences));
  if (p > (n - from) / repeats || p >= n - from - 1) return std::nullopt;
  const std::int64_t s =
      static_cast<std::int64_t>(g[from + p]) - static_cast<std::int64_t>(g[from]);
  if (s < 0) return std::nullopt;  // values falling forever: not a sequence of mex values
  std::uint64_t i = from;
  while (i > 0 &&
         static_cast<std::int64_t>(g[i - 1 + p]) - static_cast<std::int64_t>(g[i - 1]) == s) {
    --i;
  }
  return DifferencePeriod{i, p, static_cast<Value>(s)};
}

/// The claim a difference period makes: preperiod, period, saltus and the values g(0..i+p-1).
template <class T>
Periodicity claim_of(std::span<const T> g, const DifferencePeriod& d) {
  Periodicity claim;
  claim.preperiod = d.preperiod;
  claim.period = d.period;
  claim.saltus = d.saltus;
  claim.values.assign(g.begin(), g.begin() + static_cast<std::ptrdiff_t>(d.preperiod + d.period));
  claim.values_checked = g.size();
  return claim;
}

/// prove_period under the arithmetic theorem (shift_check.hpp).
template <class T>
std::optional<Periodicity> prove_arithmetic(std::span<const T> g, const PeriodicityTheorem& theorem,
                                            const DifferencePeriod& seen) {
  const std::uint64_t n = g.size();
  const auto shifted = shift_period(theorem, seen.period, seen.saltus);
  if (!shifted) return std::nullopt;
  // Named copies, not a structured binding: the lambdas below capture them (C++20 allows it,
  // clang 14, the page's compiler, does not).
  const auto p = shifted->first;
  const auto s = shifted->second;
  const auto data = [&](std::uint64_t m) -> Value { return g[m]; };
  const std::optional<std::uint64_t> x =
      first_shift_point(data, n, theorem.moves, p, s, seen.preperiod + theorem.reach);
  if (!x) return std::nullopt;

  // Proven: g(m + p) = g(m) + s for m >= i0. The least period divides p (the differences repeat
  // with the least period, which divides all their periods), the least preperiod follows.
  const std::uint64_t i0 = *x - theorem.reach;
  const auto at = [&](std::uint64_t m) -> Value {
    return m < i0 + p ? g[m] : g[i0 + (m - i0) % p] + ((m - i0) / p) * s;
  };
  const std::uint64_t best = least_dividing_period(p, [&](std::uint64_t cand) {
    for (std::uint64_t m = i0; m < i0 + p; ++m) {
      if (at(m + 1) + at(m + cand) != at(m) + at(m + cand + 1)) return false;
    }
    return true;
  });
  const Value saltus = at(i0 + best) - at(i0);
  std::uint64_t start = i0;
  while (start > 0 && at(start - 1 + best) == at(start - 1) + saltus) --start;

  Periodicity result;
  result.preperiod = start;
  result.period = best;
  result.saltus = saltus;
  for (std::uint64_t m = 0; m < start + best; ++m) {
    const Value v = at(m);
    if (v > 0xFFFFFFFFu) return std::nullopt;  // stored values are 32-bit
    result.values.push_back(static_cast<std::uint32_t>(v));
  }
  result.values_checked = n;
  // The certificate's check point is the one for the least period: found again on the sequence
  // itself, within the values computed.
  const std::uint64_t needed = theorem.values_needed(result, n);
  if (needed > n) return std::nullopt;
  result.proof = theorem.statement(result, needed, n);
  return result;
}

/// Candidate arithmetic periods of the values' last half, longest periodic tail first: the
/// differences read backwards from the end, their least period for every length L (the prefix
/// function of the reversed differences), each new period p < L a candidate whose tail of L
/// differences repeats with p, and its least start. The shift check may pass with fewer than
/// twice the preperiod's values, so the tail can be short: one period and one difference more
/// suffice. At most `limit` candidates (the true one comes first unless values before the
/// preperiod's end repeat by chance).
template <class T>
std::vector<DifferencePeriod> tail_periods(std::span<const T> g, std::size_t limit) {
  const std::uint64_t n = g.size();
  std::vector<DifferencePeriod> out;
  if (n < 4) return out;
  const std::uint64_t width = (n - 1) / 2;
  std::vector<std::int64_t> backwards(width);
  for (std::uint64_t j = 0; j < width; ++j) {
    backwards[j] =
        static_cast<std::int64_t>(g[n - 1 - j]) - static_cast<std::int64_t>(g[n - 2 - j]);
  }
  const std::vector<std::uint32_t> border =
      prefix_borders(std::span<const std::int64_t>(backwards));
  // The least period of a prefix never exceeds that of a longer one: walking L down, each
  // period appears once, with its longest tail.
  std::uint64_t last = 0;
  for (std::uint64_t length = width; length >= 2 && out.size() < limit; --length) {
    const std::uint64_t p = length - border[length - 1];
    if (p == last) continue;
    last = p;
    if (p >= length) continue;
    const std::int64_t s =
        static_cast<std::int64_t>(g[n - 1]) - static_cast<std::int64_t>(g[n - 1 - p]);
    if (s < 0) continue;
    std::uint64_t i = n - 1 - length;
    while (i > 0 &&
           static_cast<std::int64_t>(g[i - 1 + p]) - static_cast<std::int64_t>(g[i - 1]) == s) {
      --i;
    }
    out.push_back(DifferencePeriod{i, p, static_cast<Value>(s)});
  }
  return out;
}

/// Candidates prove_arithmetic tries at one length.
constexpr std::size_t kTailCandidates = 8;

/// prove_period under the arithmetic theorem (shift_check.hpp): each candidate of tail_periods
/// in turn, the first the shift check passes for.
template <class T>
std::optional<Periodicity> prove_arithmetic(std::span<const T> g,
                                            const PeriodicityTheorem& theorem) {
  for (const DifferencePeriod& seen : tail_periods(g, kTailCandidates)) {
    if (auto proven = prove_arithmetic(g, theorem, seen)) return proven;
  }
  return std::nullopt;
}

}  // namespace

template <class T>
std::optional<ArithmeticCandidate> candidate_arithmetic_period(std::span<const T> g) {
  const auto d = difference_period(g, g.size() - g.size() / 4, 2);
  if (!d || d->saltus == 0) return std::nullopt;
  return ArithmeticCandidate{d->preperiod, d->period, d->saltus};
}

template <class T>
std::optional<PeriodCandidate> unproven_candidate(std::span<const T> g,
                                                  const PeriodicityTheorem& theorem) {
  const std::uint64_t n = g.size();
  if (theorem.kind == PeriodicityTheorem::Kind::arithmetic) {
    // Any saltus, 0 included; the check point of the sequence the values show, continued, and
    // at least what tail_periods needs to see the period (a period and two values past the
    // preperiod, within the last half).
    const auto d = difference_period(g, n - n / 4, 2);
    if (!d) return std::nullopt;
    const std::uint64_t point =
        theorem.values_needed(claim_of(g, *d), saturating_mul(4, std::max<std::uint64_t>(n, 16)));
    const std::uint64_t seen = std::max(saturating_add(d->preperiod, d->period + 2),
                                        saturating_add(saturating_mul(2, d->period), 3));
    return PeriodCandidate{d->preperiod, d->period, std::max(point, seen), d->saltus};
  }
  if (auto ordinary = candidate_period(g, theorem); ordinary && ordinary->values_needed > n) {
    return ordinary;
  }
  // A saltus no theorem of this game proves (Guy-Smith: ordinary periods only).
  if (auto a = candidate_arithmetic_period(g)) {
    return PeriodCandidate{a->preperiod, a->period, kSaturated, a->saltus};
  }
  return std::nullopt;
}

std::optional<ObservedPeriod> observed_period(std::span<const Value> g) {
  // The second half, as prove_period looks (a preperiod shorter than half the values), twice:
  // a shorter stretch too often takes a chance repetition for a period.
  const std::uint64_t n = g.size();
  if (n >= 4) {
    const std::uint64_t from = n / 2;
    const std::uint64_t p = least_period(g.subspan(from));
    if (p <= (n - from) / 2) return ObservedPeriod{least_start(g, p), p, 0};
  }
  if (auto a = candidate_arithmetic_period(g)) {
    return ObservedPeriod{a->preperiod, a->period, a->saltus};
  }
  return std::nullopt;
}

template <class T>
std::optional<PeriodCandidate> candidate_period(std::span<const T> g,
                                                const PeriodicityTheorem& theorem) {
  // The last quarter: a period shows there as soon as the preperiod ends before it, long before
  // the theorem's bound (about 2i + 2p + t values) is reached.
  return period_from(g, g.size() - g.size() / 4, 2, theorem);
}

template <class T>
std::optional<Periodicity> prove_period(std::span<const T> g, const PeriodicityTheorem& theorem) {
  if (theorem.kind == PeriodicityTheorem::Kind::arithmetic) return prove_arithmetic(g, theorem);
  const std::uint64_t n = g.size();
  // The second half lies inside the periodic part whenever the theorem's bound (which is at
  // least 2i + p) is met, so its least period is the candidate.
  const std::optional<PeriodCandidate> candidate = period_from(g, n / 2, 1, theorem);
  if (!candidate || candidate->values_needed > n) return std::nullopt;
  const std::uint64_t i = candidate->preperiod, p = candidate->period;

  // Proven: periodic from i with period p. The least period divides every period of an
  // eventually periodic sequence, so it is the least divisor d of p that is a period of one
  // block; the least preperiod is then the least start for d.
  const Extended<T> at{g, i, p};
  const std::uint64_t best = least_dividing_period(p, [&](std::uint64_t cand) {
    for (std::uint64_t m = i; m < i + p; ++m) {
      if (at(m) != at(m + cand)) return false;
    }
    return true;
  });
  std::uint64_t start = i;
  while (start > 0 && at(start - 1) == at(start - 1 + best)) --start;

  Periodicity result;
  result.preperiod = start;
  result.period = best;
  result.values.reserve(start + best);
  for (std::uint64_t m = 0; m < start + best; ++m) result.values.push_back(at(m));
  result.values_checked = n;
  // The least pair needs no more values than (i, p), so the theorem proves it from these n.
  result.proof = theorem.statement(start, best, n);
  return result;
}

template std::optional<PeriodCandidate> candidate_period(std::span<const std::uint8_t>,
                                                         const PeriodicityTheorem&);
template std::optional<PeriodCandidate> candidate_period(std::span<const std::uint16_t>,
                                                         const PeriodicityTheorem&);
template std::optional<PeriodCandidate> candidate_period(std::span<const std::uint32_t>,
                                                         const PeriodicityTheorem&);
template std::optional<Periodicity> prove_period(std::span<const std::uint8_t>,
                                                 const PeriodicityTheorem&);
template std::optional<Periodicity> prove_period(std::span<const std::uint16_t>,
                                                 const PeriodicityTheorem&);
template std::optional<Periodicity> prove_period(std::span<const std::uint32_t>,
                                                 const PeriodicityTheorem&);
template std::optional<ArithmeticCandidate> candidate_arithmetic_period(
    std::span<const std::uint8_t>);
template std::optional<ArithmeticCandidate> candidate_arithmetic_period(
    std::span<const std::uint16_t>);
template std::optional<ArithmeticCandidate> candidate_arithmetic_period(
    std::span<const std::uint32_t>);
template std::optional<ArithmeticCandidate> candidate_arithmetic_period(std::span<const Value>);
template std::optional<PeriodCandidate> unproven_candidate(std::span<const std::uint8_t>,
                                                           const PeriodicityTheorem&);
template std::optional<PeriodCandidate> unproven_candidate(std::span<const std::uint16_t>,
                                                           const PeriodicityTheorem&);
template std::optional<PeriodCandidate> unproven_candidate(std::span<const std::uint32_t>,
                                                           const PeriodicityTheorem&);

namespace {

/// The search loop over any solver with extend_to(n), size() and with_values(f).
template <class Solver>
PeriodSearch search(const Game& game, Solver& solver, std::uint64_t max_values) {
  const PeriodicityTheorem theorem = periodicity_theorem(game);
  PeriodSearch result;
  if (auto closed = closed_form_periodicity(theorem)) {
    result.periodicity = std::move(closed);
    return result;
  }
  if (theorem.kind == PeriodicityTheorem::Kind::none_applies) {
    result.why_not = theorem.reason;
    return result;
  }
  // The one growth driver (period_growth.hpp), up to --max values.
  result.periodicity = grow_and_prove(
      {.have = solver.size(), .budget = max_values},
      [&](std::uint64_t n) {
        if (n > 0) solver.extend_to(n - 1);
        result.values_computed = n;
      },
      [&](std::uint64_t n) {
        return solver.with_values([&](auto values) { return prove_period(values.first(n), theorem); });
      });
  if (!result.periodicity) {
    // Not proven within --max: say which period the values show, if they show one, so the
    // caller can name the --max that would prove it.
    const std::uint64_t n = result.values_computed;
    result.candidate = solver.with_values(
        [&](auto values) { return unproven_candidate(values.first(n), theorem); });
  }
  return result;
}

/// DenseSolver with the with_values() of the other solvers.
struct DenseView {
  DenseSolver& solver;
  void extend_to(std::uint64_t n) { solver.extend_to(n); }
  std::uint64_t size() const { return solver.size(); }
  template <class F>
  decltype(auto) with_values(F&& f) const {
    return f(solver.values());
  }
};

}  // namespace

PeriodSearch find_periodicity(const Game& game, DenseSolver& solver, std::uint64_t max_values) {
  DenseView view{solver};
  return search(game, view, max_values);
}

PeriodSearch find_periodicity(const Game& game, SparseSpaceSolver& solver,
                              std::uint64_t max_values) {
  return search(game, solver, max_values);
}

}  // namespace grundy
