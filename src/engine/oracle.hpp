#pragma once
// Inside the engine: the perfect player behind Match (match.hpp).

#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "grundy/engine/engine.hpp"
#include "grundy/engine/match.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/solve/misere_search.hpp"
#include "grundy/solve/sum_solver.hpp"
#include "grundy/analysis/sum_quotient.hpp"

namespace grundy {

/// The perfect player: under misère play of sums of heaps, the misère quotient of their games when
/// it is found within its budget (analysis/sum_quotient.hpp); otherwise, within the state budget, an exact
/// search (remoteness: the winner hurries, so it never cycles in a loopy game, and the loser
/// delays; in a drawn position it keeps the draw), with one memo for the whole game; beyond it,
/// under normal play, the Grundy values (Smith's generalised ones and counters for loopy games:
/// solve_sum's move to play, which makes progress), from the engine's value sources (formulas,
/// tables, proven periods, and Wythoff's theorem for a lone huge position), kept for the whole
/// game.
class Oracle {
 public:
  Oracle(const Engine& engine, Play play);

  /// Readies the player for a game from `start`: under misère play the quotient of its heap games
  /// (every later position is a sum of no larger heaps of the same games), else the search's
  /// budget: misère play has no fallback, so a game whose search passes the budget by its bound
  /// is refused before it starts (every later position's states are among the first's).
  void prepare(const Sum& start);

  /// The move to play from `sum` (which has `moves`, at least one), and what it achieves.
  std::pair<Move, Verdict> choose(const Sum& sum, const std::vector<Move>& moves);

  /// The misère quotient that plays the game, when one does.
  std::optional<QuotientUsed> quotient() const {
    return quotient_ ? std::optional<QuotientUsed>(quotient_->used()) : std::nullopt;
  }

  /// The value sources of `sum`'s games.
  std::vector<ValueSource*> sources(const Sum& sum) { return values_.sources_for(sum); }

 private:
  template <class Better>
  Move best(const Sum& sum, const std::vector<Move>& candidates, Better better);
  /// The exact search, with one memo for the whole game: the options of a position, and the
  /// later positions, are among the states already searched.
  SearchSolution search(const Sum& sum) { return memo_->solve(sum); }

  /// The moves to play by the quotient: any winning move wins (a heap game ends), so the winner
  /// takes the one that leaves the fewest tokens and the loser the one that leaves the most.
  std::pair<Move, Verdict> choose_by_quotient(const Sum& sum, const std::vector<Move>& moves);

  Play play_;
  bool use_quotient_;
  std::function<void(const QuotientProgress&)> quotient_progress_;
  std::optional<QuotientCache> quotient_cache_;
  std::optional<SumQuotient> quotient_;
  SearchOptions options_;
  std::unique_ptr<SumSearch> memo_;
  SumEvaluators values_;
};

}  // namespace grundy
