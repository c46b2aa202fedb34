#include "grundy/analysis/period_search.hpp"

#include <algorithm>

#include "grundy/analysis/period_finder.hpp"

namespace grundy {
namespace {

/// g(n) for any n once g is known to be periodic from i with period p (n may pass the table).
template <class T>
struct Extended {
  std::span<const T> g;
  std::uint64_t i, p;
  std::uint32_t operator()(std::uint64_t n) const {
    return n < g.size() ? g[n] : g[i + (n - i) % p];
  }
};

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

}  // namespace

template <class T>
std::optional<PeriodCandidate> candidate_period(std::span<const T> g,
                                                const PeriodicityTheorem& theorem) {
  // The last quarter: a period shows there as soon as the preperiod ends before it, long before
  // the theorem's bound (about 2i + 2p + t values) is reached.
  return period_from(g, g.size() - g.size() / 4, 2, theorem);
}

template <class T>
std::optional<Periodicity> prove_period(std::span<const T> g, const PeriodicityTheorem& theorem) {
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
  std::uint64_t best = p;
  for (std::uint64_t d = 1; d * d <= p; ++d) {
    if (p % d != 0) continue;
    for (std::uint64_t cand : {d, p / d}) {
      if (cand >= best) continue;
      bool is_period = true;
      for (std::uint64_t m = i; m < i + p && is_period; ++m) is_period = at(m) == at(m + cand);
      if (is_period) best = cand;
    }
  }
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
  // Check at geometrically spaced lengths (every 1/16 more values): each check is linear, so
  // all checks together cost a constant times the values computed, and a period is found at
  // most 1/16 past the first length that proves it.
  std::uint64_t n = std::min<std::uint64_t>(std::max<std::uint64_t>(solver.size(), 16), max_values);
  while (true) {
    if (n > 0) solver.extend_to(n - 1);
    result.values_computed = n;
    auto proven =
        solver.with_values([&](auto values) { return prove_period(values.first(n), theorem); });
    if (proven) {
      result.periodicity = std::move(proven);
      return result;
    }
    if (n >= max_values) {
      // Not proven within --max: say which period the values show, if they show one, so the
      // caller can name the --max that would prove it.
      auto candidate = solver.with_values(
          [&](auto values) { return candidate_period(values.first(n), theorem); });
      if (candidate && candidate->values_needed > n) result.candidate = candidate;
      return result;
    }
    n = std::min(max_values, n + std::max<std::uint64_t>(n / 16, 16));
  }
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
