#include "grundy/solve/evaluator.hpp"

#include <algorithm>

#include "grundy/core/error.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/component_source.hpp"
#include "grundy/solve/graph_solver.hpp"
#include "grundy/solve/solver_choice.hpp"

namespace grundy {

Evaluator::Evaluator(std::shared_ptr<const Game> game, Limits limits)
    : game_(std::move(game)), limits_(limits) {
  // The choice is solver_choice.hpp's plan; the graph's values are computed on first use.
  switch (solver_plan(game_->traits()).table) {
    case ValueTable::dense:
      dense_ = std::make_unique<DenseSolver>(*game_, limits_);
      break;
    case ValueTable::grid:
      grid_ = std::make_unique<GridSolver>(*game_, limits_);
      break;
    case ValueTable::memo:
      memo_ = std::make_unique<MemoSolver>(*game_, limits_);
      break;
    case ValueTable::graph:
      break;
    case ValueTable::components:
      components_ =
          std::make_unique<ComponentSource>(game_, ComponentSearchOptions{.limits = limits_});
      break;
  }
}

void Evaluator::prepare(std::span<const Position> positions) {
  if (!dense_ && !grid_) return;
  Position largest;
  bool any = false;
  for (Position p : positions) {
    if (game_->traits().formula_values && game_->formula_value(p)) continue;
    if (grid_ && game_->traits().symmetric && p.x > p.y) std::swap(p.x, p.y);
    largest.x = std::max(largest.x, p.x);
    largest.y = std::max(largest.y, p.y);
    any = true;
  }
  if (!any) return;
  if (dense_) dense_->extend_to(largest.x);
  if (grid_) grid_->extend_to(largest.x, largest.y);
}

Value Evaluator::value(const Position& p) {
  if (auto v = game_->traits().formula_values ? game_->formula_value(p) : std::nullopt) {
    // 2^64-1 stands for an infinite (loopy) value everywhere past here; a finite one equal to it
    // (a nim product, a huge nim heap) would be taken for infinite, so it is refused instead.
    if (*v == kInfiniteValue) {
      throw Error("g(" + format_component(*game_, p) +
                  ") = 2^64-1, the one value grundy cannot tell from an infinite (loopy) value");
    }
    return *v;
  }
  if (dense_) return dense_->value(p.x);
  if (grid_) return grid_->value(p);
  if (memo_) return memo_->value(p);
  if (components_) return components_->value(p);
  const auto& graph = static_cast<const GraphGame&>(*game_);
  graph.require_vertex(p);
  if (!graph_solved_) {
    // Without a cycle gamma is the Grundy function, linear to compute; Fraenkel-Yesha's levels
    // cost up to (largest value) * edges (a complete acyclic tournament of 3000 vertices: 10 s).
    auto acyclic = acyclic_values(graph);
    graph_values_ = acyclic ? std::move(*acyclic) : generalised_sprague_grundy(graph).gamma;
    graph_solved_ = true;
  }
  return graph_values_[p.x];
}

SumEvaluators::SumEvaluators(const Sum& sum, Limits limits)
    : SumEvaluators(sum,
                    [limits](std::shared_ptr<const Game> game) -> std::unique_ptr<ValueSource> {
                      return std::make_unique<Evaluator>(std::move(game), limits);
                    }) {}

SumEvaluators::SumEvaluators(const Sum& sum, const Factory& make) : make_(make) {
  sources_ = assign(sum);
}

std::vector<ValueSource*> SumEvaluators::sources_for(const Sum& sum) {
  return assign(sum);
}

std::vector<ValueSource*> SumEvaluators::assign(const Sum& sum) {
  std::vector<ValueSource*> sources;
  std::map<const Game*, std::vector<Position>> positions;
  for (const Component& c : sum.components) {
    auto& slot = by_game_[c.game.get()];
    if (!slot) {
      slot = make_(c.game);
      games_.push_back(c.game);
    }
    positions[c.game.get()].push_back(c.position);
    sources.push_back(slot.get());
  }
  for (auto& [game, mine] : positions) {
    try {
      by_game_.at(game)->prepare(mine);
    } catch (const ResourceError&) {
      // A position too large for a table may still be decided by a theorem on P-positions when
      // it stands alone (Wythoff's game): leave the refusal to value(), where the sum solver
      // sees it and either uses the theorem or reports it.
      const Game* const g = game;  // clang 14 cannot capture a structured binding
      const bool theorem = std::any_of(mine.begin(), mine.end(), [g](const Position& p) {
        return g->traits().formula_p_positions && g->formula_is_p_position(p).has_value();
      });
      if (!theorem) throw;
    }
  }
  return sources;
}

}  // namespace grundy
