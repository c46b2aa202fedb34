#pragma once
/// \file Which solver serves which game, from the traits its family states (game_traits.hpp): the
/// one place that says so, and why. Every face gets values through these choices (the engine's
/// value sources: analysis/value_sources.hpp), so a new family that states its traits is served
/// by every solver that fits them.
///
/// | traits                                   | values from                          | why |
/// | ---------------------------------------- | ------------------------------------ | --- |
/// | `formula_values` (where the formula answers) | the family's formula             | exact, O(1),
/// any size | | `heaps`, a take-and-break code leaving at most two heaps | the sparse-space engine
/// | the common/rare split makes each mex cheap (docs/theory/sparse-space.md); threads | | `heaps`
/// otherwise                        | a dense table, bottom-up (windows for finite subtraction
/// sets) | every option is a smaller heap | | `grid`                                   | a 2-D
/// table row by row (queen or cut fast paths) | every option lies in the box below | | `graph` |
/// Smith's values over the whole graph  | cycles: no bottom-up order exists | | `general`,
/// `integers`                    | a memo over the options reached      | no order a table can use
/// |
///
/// `components` (Node-Kayles, Arc-Kayles, Cram): the component search (component_search.hpp),
/// since a move splits a graph into components whose canonical forms share one table entry.
///
/// Beyond any table: heaps with a take-and-break code or a subtraction set have a periodicity
/// theory (analysis/periodicity_theorem.hpp), so a proven period answers them;
/// `formula_p_positions` decides a lone position by its theorem (Wythoff). Misère play and
/// remoteness search the sum's positions (misere_search.hpp), the components of a `rows_of_heads`
/// game being one row; a sum of `nim` heaps alone is solved by Bouton's misère rule.

#include "grundy/rules/game_traits.hpp"

namespace grundy {

/// The table (or memo) that holds a game's values.
enum class ValueTable { dense, grid, graph, memo, components };

/// Everything that says where a game's values come from, decided here once: the engine's value
/// sources (analysis/value_sources.hpp, and the Evaluator beneath them), `seq --out` and the
/// census all read this plan rather than the traits.
struct SolverPlan {
  /// The table (or memo, or the component search) that holds the values.
  ValueTable table = ValueTable::memo;
  /// The family's formula answers first, where it answers (formula_values).
  bool formula = false;
  /// The sparse-space engine computes the values and the period searches (heaps of a finite
  /// take-and-break code whose moves leave at most two heaps; not a repeating code), in place of
  /// the dense table.
  bool sparse_space = false;
  /// A periodicity theorem may answer heaps beyond any table: heaps with a take-and-break code or
  /// a subtraction set (the theorem itself may still say it does not apply: Grundy's game).
  bool periodicity = false;
};

SolverPlan solver_plan(const GameTraits& traits) noexcept;

}  // namespace grundy
