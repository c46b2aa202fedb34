#pragma once
/// \file Exact outcomes of sums by search over the sum's own positions, for questions the Grundy
/// values cannot answer: misère play (the player who cannot move wins) and remoteness.
///
/// Misère play does not reduce to Grundy values: two positions of equal value are not
/// interchangeable in a misère sum (Winning Ways ch. 13; Conway, On Numbers and Games ch. 12).
/// So a state of the search is the whole sum: the multiset of its components, each a position of
/// one game, with components that have no move dropped (they add no move under either
/// convention, so the sum's game tree is unchanged).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>

#include "grundy/core/outcome.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/sum_solver.hpp"

namespace grundy {

/// Who wins a game with no move left: under normal play the player to move loses, under misère
/// play the player to move wins.
enum class Play { normal, misere };

struct SearchOptions {
  Play play = Play::misere;
  /// States (distinct sums) the search may store; more is refused with a ResourceError.
  std::uint64_t max_states = 10'000'000;
  std::size_t max_moves = 20;
};

struct SearchSolution {
  Outcome outcome = Outcome::P;
  /// Remoteness (Steinhaus; Winning Ways ch. 9): the number of moves of perfect play when the
  /// winner hurries and the loser delays. 0 for a sum with no move; otherwise, from a position
  /// with a losing option, 1 + the least remoteness of a losing option, else 1 + the largest
  /// remoteness of any option. Even remoteness means the player to move loses.
  std::uint64_t remoteness = 0;
  /// The first `max_moves` winning moves (moves to a position that is lost for the player to
  /// move), by component index and then by what they leave.
  std::vector<Move> winning_moves;
  bool winning_moves_truncated = false;
  /// Every winning move, counted as distinct (component, resulting position) pairs.
  std::uint64_t winning_move_count = 0;
  /// Distinct sums the search visited.
  std::uint64_t states = 0;
};

/// Solves `sum` by memoised depth-first search over canonical component multisets with an
/// explicit stack. Throws ResourceError beyond `options.max_states`, Error when the sum can
/// return to a position it has left (a loopy game).
SearchSolution solve_by_search(const Sum& sum, const SearchOptions& options);

/// Misère Nim (Bouton; Winning Ways ch. 13): the player to move wins iff the nim-sum is non-zero,
/// except when every heap is at most 1, where the player to move wins iff the nim-sum is 0.
Outcome misere_nim_outcome(std::span<const std::uint64_t> heaps);

/// True when every component of `sum` is a Nim heap, so misere_nim_outcome applies.
bool is_nim_sum(const Sum& sum);

/// The misère outcome and winning moves of a sum of Nim heaps by the closed form, in time linear
/// in the number of heaps (no search, no limit on heap sizes).
SearchSolution solve_misere_nim(const Sum& sum, std::size_t max_moves);

}  // namespace grundy
