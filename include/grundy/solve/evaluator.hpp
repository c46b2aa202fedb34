#pragma once
/// \file The default value source for one game: the table of its solver plan (solver_choice.hpp)
/// — a formula, a dense table (heap-ordered games), a grid table (grid-ordered games), the graph
/// solver, the memoising solver, or the component search (with no threads, cache or table file:
/// the engine's sources, analysis/value_sources.hpp, make their own from the same plan).

#include <functional>
#include <map>
#include <memory>
#include <span>
#include <vector>

#include "grundy/core/limits.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/dense_solver.hpp"
#include "grundy/solve/grid_solver.hpp"
#include "grundy/solve/memo_solver.hpp"
#include "grundy/solve/value_source.hpp"

namespace grundy {

class Evaluator final : public ValueSource {
 public:
  Evaluator(std::shared_ptr<const Game> game, Limits limits);

  /// Sizes the tables for all of `positions` at once (one dense table to the largest heap, one
  /// grid table over the box of all points), so the memory check sees the whole request before
  /// anything is computed.
  void prepare(std::span<const Position> positions) override;
  /// The Grundy value of `p`; for a graph game, Smith's generalised value, kInfiniteValue when
  /// infinite (graph_solver.hpp).
  Value value(const Position& p) override;

  const Game& game() const noexcept { return *game_; }
  /// The dense table, when this game uses one (for `seq`).
  DenseSolver* dense() noexcept { return dense_.get(); }
  const DenseSolver* dense() const noexcept { return dense_.get(); }
  /// The grid table, when this game uses one.
  GridSolver* grid() noexcept { return grid_.get(); }

 private:
  std::shared_ptr<const Game> game_;
  Limits limits_;
  std::unique_ptr<DenseSolver> dense_;
  std::unique_ptr<GridSolver> grid_;
  std::unique_ptr<MemoSolver> memo_;
  std::unique_ptr<ValueSource> components_;
  std::vector<Value> graph_values_;
  bool graph_solved_ = false;
};

/// One value source per distinct game of a sum; `sources()[i]` serves component i.
class SumEvaluators {
 public:
  using Factory = std::function<std::unique_ptr<ValueSource>(std::shared_ptr<const Game>)>;
  /// Plain Evaluators.
  SumEvaluators(const Sum& sum, Limits limits);
  /// Sources made by `make` (e.g. period-aware ones from the analysis layer).
  SumEvaluators(const Sum& sum, const Factory& make);
  std::span<ValueSource* const> sources() const noexcept { return sources_; }
  /// The sources for another sum (a position reached by play from the first, say): one per
  /// component, the same source for the same game as before, so values found once (tables,
  /// periods) serve every later position; a game not seen yet gets a new source. The positions
  /// are announced to the sources first (prepare).
  std::vector<ValueSource*> sources_for(const Sum& sum);

 private:
  /// Gives each component of `sum` its game's source (made when missing) and prepares them.
  std::vector<ValueSource*> assign(const Sum& sum);

  Factory make_;
  /// The games served, kept alive so that no other game can take the address of one.
  std::vector<std::shared_ptr<const Game>> games_;
  std::map<const Game*, std::unique_ptr<ValueSource>> by_game_;
  std::vector<ValueSource*> sources_;
};

}  // namespace grundy
