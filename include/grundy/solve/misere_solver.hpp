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
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grundy/core/limits.hpp"
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
  /// Memory the search may use; checked each time the number of states doubles.
  Limits limits;
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
/// explicit stack; when the sum can return to a position it has left (a loopy graph game), by
/// retrograde analysis over every state reachable from it instead, which can also give a draw
/// (Outcome::D, remoteness 0). Throws ResourceError beyond `options.max_states`.
SearchSolution solve_by_search(const Sum& sum, const SearchOptions& options);

namespace detail {
class Search;
}

/// The genus g^{gamma0 gamma1 gamma2 ...} of a position G (Conway, On Numbers and Games ch. 12;
/// Winning Ways ch. 13): g is the normal-play Grundy value, gamma_k the misère Grundy value of G
/// plus k heaps of size 2. The superscripts ultimately alternate between two values; they are
/// computed for k = 0, 1, ... until the last two pairs agree (gamma_k = gamma_{k-2} and
/// gamma_{k-1} = gamma_{k-3}), which is a stopping rule, not a proof that no later term differs.
struct Genus {
  Value grundy_value = 0;
  /// gamma_0, gamma_1, ..., the final alternating pair written once (as Winning Ways writes
  /// 0^120 for the empty game: 1, 2, 0, 2, 0, ...).
  std::vector<Value> gammas;
};

/// `0^120`; the superscripts are separated by commas when one of them has two digits
/// (`3^1,10,2`).
std::string format_genus(const Genus& genus);

/// Genera of positions of one game, sharing one search memo across positions (the state budget
/// counts every state stored so far).
class GenusCalculator {
 public:
  GenusCalculator(std::shared_ptr<const Game> game, const SearchOptions& options);
  ~GenusCalculator();
  GenusCalculator(const GenusCalculator&) = delete;
  GenusCalculator& operator=(const GenusCalculator&) = delete;
  /// The genus of `p`, whose normal-play Grundy value is `normal_value`.
  Genus genus(const Position& p, Value normal_value);

 private:
  std::shared_ptr<const Game> game_;
  std::shared_ptr<const Game> star_two_;
  std::unique_ptr<detail::Search> search_;
};

/// Misère Nim (Bouton; Winning Ways ch. 13): the player to move wins iff the nim-sum is non-zero,
/// except when every heap is at most 1, where the player to move wins iff the nim-sum is 0.
Outcome misere_nim_outcome(std::span<const std::uint64_t> heaps);

/// True when every component of `sum` is a Nim heap, so misere_nim_outcome applies.
bool is_nim_sum(const Sum& sum);

/// The misère outcome and winning moves of a sum of Nim heaps by the closed form, in time linear
/// in the number of heaps (no search, no limit on heap sizes).
SearchSolution solve_misere_nim(const Sum& sum, std::size_t max_moves);

}  // namespace grundy
