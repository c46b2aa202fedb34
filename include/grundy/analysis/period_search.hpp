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
/// least twice), and the theorem needs more than n values for that.
struct PeriodCandidate {
  std::uint64_t preperiod = 0;
  std::uint64_t period = 0;
  /// The values the theorem needs to prove it (2^64-1: more than can be computed).
  std::uint64_t values_needed = 0;
};

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

/// Tries to prove a period from the values g(0..g.size()-1) under `theorem`: the least period of
/// the second half, then the least start for it, then the theorem's bound. Linear in g.size().
/// The result has the least period and the least preperiod.
template <class T>
std::optional<Periodicity> prove_period(std::span<const T> g, const PeriodicityTheorem& theorem);

/// Extends `solver` (a dense table of `game`) until a period is proven or `max_values` values
/// are computed. Throws Error when the family has no periodicity theory.
PeriodSearch find_periodicity(const Game& game, DenseSolver& solver, std::uint64_t max_values);
/// The same with the sparse-space engine computing the values.
PeriodSearch find_periodicity(const Game& game, SparseSpaceSolver& solver,
                              std::uint64_t max_values);

}  // namespace grundy
