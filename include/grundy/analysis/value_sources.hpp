#pragma once
/// \file Where the faces (solve, play and its hints, explain) get Grundy values: one definition, so
/// that each answers what the others answer.

#include <memory>

#include "grundy/analysis/periodic_source.hpp"
#include "grundy/solve/component_source.hpp"
#include "grundy/solve/evaluator.hpp"

namespace grundy {

/// What the value sources of the engine are made with.
struct ValueSourceOptions {
  /// Limits, threads, --max and the period cache (tables and period searches).
  PeriodOptions period = {};
  /// Long table extensions (the period searches included).
  DenseSolver::Progress progress = {};
  /// The component search of a game of layout components (Node-Kayles, Arc-Kayles, Cram).
  ComponentSourceOptions components = {};
};

/// The one builder of a game's value source, from its solver plan (solver_choice.hpp): the
/// component search for layout components; otherwise a formula (Nim), a table (dense, grid, memo,
/// or Smith's values of a graph), and for heaps beyond any table a proven period (cached, or
/// found by a search of at most options.period.max_values values). Wythoff's theorem gives
/// P-positions, not values: solve_sum applies it to a lone component whose source refuses.
std::unique_ptr<ValueSource> make_value_source(std::shared_ptr<const Game> game,
                                               ValueSourceOptions options);

/// make_value_source for every game of a sum: a SumEvaluators factory.
SumEvaluators::Factory value_sources(ValueSourceOptions options);

}  // namespace grundy
