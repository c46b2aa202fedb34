#include "grundy/solve/evaluator.hpp"

#include <algorithm>

#include "grundy/solve/graph_solver.hpp"

namespace grundy {

Evaluator::Evaluator(std::shared_ptr<const Game> game, Limits limits)
    : game_(std::move(game)), limits_(limits) {
  if (game_->heap_ordered()) {
    dense_ = std::make_unique<DenseSolver>(*game_, limits_);
  } else if (dynamic_cast<const GraphGame*>(game_.get()) == nullptr) {
    memo_ = std::make_unique<MemoSolver>(*game_, limits_);
  }
}

void Evaluator::prepare(std::span<const Position> positions) {
  if (!dense_) return;
  std::uint64_t largest = 0;
  bool any = false;
  for (const Position& p : positions) {
    if (game_->formula_value(p)) continue;
    largest = std::max(largest, p.x);
    any = true;
  }
  if (any) dense_->extend_to(largest);
}

Value Evaluator::value(const Position& p) {
  if (auto v = game_->formula_value(p)) return *v;
  if (dense_) return dense_->value(p.x);
  if (memo_) return memo_->value(p);
  if (!graph_solved_) {
    graph_values_ = generalised_sprague_grundy(static_cast<const GraphGame&>(*game_)).gamma;
    graph_solved_ = true;
  }
  return graph_values_.at(p.x);
}

SumEvaluators::SumEvaluators(const Sum& sum, Limits limits)
    : SumEvaluators(sum,
                    [limits](std::shared_ptr<const Game> game) -> std::unique_ptr<ValueSource> {
                      return std::make_unique<Evaluator>(std::move(game), limits);
                    }) {}

SumEvaluators::SumEvaluators(const Sum& sum, const Factory& make) {
  std::map<const Game*, std::vector<Position>> positions;
  for (const Component& c : sum.components) {
    auto& slot = by_game_[c.game.get()];
    if (!slot) slot = make(c.game);
    positions[c.game.get()].push_back(c.position);
    sources_.push_back(slot.get());
  }
  for (auto& [game, evaluator] : by_game_) evaluator->prepare(positions[game]);
}

}  // namespace grundy
