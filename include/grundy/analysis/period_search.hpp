#pragma once
/// \file Finding and proving the period of a nim-sequence as its values are computed.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>

#include "grundy/analysis/periodicity.hpp"
#include "grundy/analysis/periodicity_theorem.hpp"
#include "grundy/analysis/sparse_space.hpp"
#include "grundy/solve/dense_solver.hpp"

namespace grundy {

/// A period the values show but cannot prove yet: g(0..n-1) repeat with period p from i (at
/// least twice), plus the saltus s per period when arithmetic-periodic, and the theorem needs more
/// than n values for that.
struct PeriodCandidate {
  std::uint64_t preperiod = 0;
  std::uint64_t period = 0;
  /// The values the theorem needs to prove it (2^64-1: more than can be computed, or no theorem
  /// covering this game proves such a period: a saltus under the Guy-Smith theorem, which proves
  /// ordinary periods only).
  std::uint64_t values_needed = 0;
  /// s in g(n + p) = g(n) + s; 0 for an ordinary period. Last, so that {i, p, N} still reads as
  /// before.
  Value saltus = 0;
};

/// Arithmetic periodicity the values show (never a proof): g(n + p) = g(n) + s with s > 0 for
/// every n >= i among the values.
struct ArithmeticCandidate {
  std::uint64_t preperiod = 0;
  std::uint64_t period = 0;
  Value saltus = 0;
  friend bool operator==(const ArithmeticCandidate&, const ArithmeticCandidate&) = default;
};

/// A period the values show where no theorem can prove one: g(n + p) = g(n) + s for every
/// preperiod <= n < g.size() - p (s = 0 for an ordinary period). An observation about those
/// values only.
struct ObservedPeriod {
  std::uint64_t preperiod = 0;
  std::uint64_t period = 0;
  Value saltus = 0;
};

/// What g(0..g.size()-1) show: the least period of the second half when it repeats there at
/// least twice, from its least start; else the arithmetic period of candidate_arithmetic_period;
/// else nothing. Linear in g.size().
std::optional<ObservedPeriod> observed_period(std::span<const Value> g);

struct PeriodSearch {
  std::optional<Periodicity> periodicity;  ///< set when proven
  std::uint64_t values_computed = 0;
  std::string why_not;  ///< when not proven and no values could help: which theorem is missing
  /// When not proven: the period the computed values show, if any.
  std::optional<PeriodCandidate> candidate;
};

/// The period the values g(0..g.size()-1) show: the least period of the second half (when it
/// repeats there at least twice), from the least start. Linear in g.size().
template <class T>
std::optional<PeriodCandidate> candidate_period(std::span<const T> g,
                                                const PeriodicityTheorem& theorem);

/// The arithmetic period the values g(0..g.size()-1) show: the least p for which g(n + p) - g(n)
/// is one constant s > 0 over the last quarter of the values, the last quarter holding at least
/// two periods, and the least i from which it holds up to the end. Nothing when no such p exists,
/// or when the constant is 0 (an ordinary period: candidate_period). Observed, never proven.
/// Linear in g.size(); 12 bytes per value of the last quarter.
template <class T>
std::optional<ArithmeticCandidate> candidate_arithmetic_period(std::span<const T> g);

/// What the values g(0..g.size()-1) show when `theorem` does not prove a period from them: an
/// ordinary period the theorem proves from more values (with their number), else an arithmetic
/// one (with the values the arithmetic theorem needs, or 2^64-1 when no theorem covering the game
/// proves it). The search below reports this when --max stops it.
template <class T>
std::optional<PeriodCandidate> unproven_candidate(std::span<const T> g,
                                                  const PeriodicityTheorem& theorem);

/// Tries to prove a period from the values g(0..g.size()-1) under `theorem`: the least period of
/// the second half, then the least start for it, then the theorem's bound. Under the arithmetic
/// theorem: the periods of the differences' periodic tail (longest first, a few at most), each
/// with its saltus and least start, then the shift check. Linear in g.size() (the shift check:
/// the values up to its first point, sorted). The result has the least period and the least
/// preperiod (and, when arithmetic-periodic, its saltus).
template <class T>
std::optional<Periodicity> prove_period(std::span<const T> g, const PeriodicityTheorem& theorem);

/// Extends `solver` (a dense table of `game`) until a period is proven or `max_values` values
/// are computed. Throws Error when the family has no periodicity theory.
PeriodSearch find_periodicity(const Game& game, DenseSolver& solver, std::uint64_t max_values);
/// The same with the sparse-space engine computing the values.
PeriodSearch find_periodicity(const Game& game, SparseSpaceSolver& solver,
                              std::uint64_t max_values);

}  // namespace grundy
