#pragma once
/// \file Where the faces (solve, play and its hints, explain) get Grundy values: one definition, so
/// that each answers what the others answer.

#include <memory>

#include "grundy/analysis/periodic_source.hpp"
#include "grundy/solve/evaluator.hpp"

namespace grundy {

/// The source of one game's values: a formula (Nim), a table (dense, grid, memo, or Smith's values
/// of a graph), and for heaps beyond any table a proven period (cached, or found by a search of at
/// most options.max_values values). `progress` reports long table extensions. Wythoff's theorem
/// gives P-positions, not values: solve_sum applies it to a lone component whose source refuses.
std::unique_ptr<PeriodicSource> make_value_source(std::shared_ptr<const Game> game,
                                                  const PeriodOptions& options,
                                                  const DenseSolver::Progress& progress = {});

/// make_value_source for every game of a sum: a SumEvaluators factory.
SumEvaluators::Factory value_sources(PeriodOptions options, DenseSolver::Progress progress = {});

}  // namespace grundy
