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

struct PeriodSearch {
  std::optional<Periodicity> periodicity;  ///< set when proven
  std::uint64_t values_computed = 0;
  std::string why_not;  ///< when not proven and no values could help: which theorem is missing
};

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
