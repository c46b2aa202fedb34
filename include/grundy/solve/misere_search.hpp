#pragma once
/// \file Exact outcomes of sums by search over the sum's own positions, for questions the Grundy
/// values cannot answer: misère play (the player who cannot move wins) and remoteness.
///
/// Misère play does not reduce to Grundy values: two positions of equal value are not
/// interchangeable in a misère sum (Winning Ways ch. 13; Conway, On Numbers and Games ch. 12).
/// So a state of the search is the whole sum: the multiset of its components, each a position of
/// one game, with components that have no move dropped (they add no move under either
/// convention, so the sum's game tree is unchanged).
///
/// Games are told apart by object (the Game the component points to), never by name: two games
/// with one name and different rules (two Python games) stay apart. parse_sum gives equal specs
/// one object, so `nim:3 + nim:3` has two equal components.
///
/// The components of one coin-turning Game object are the heads of one row (coin_turning.hpp):
/// there a state holds each head once, a head listed or reached an even number of times being
/// tails, so the search plays the actual row.
///
/// Before searching, the reachable states are bounded from above (reachable_states_bound below),
/// and a request whose bound passes the state budget is refused at once, before anything is
/// stored.
///
/// Declared here, defined in misere_search.cpp (the search itself in search.hpp and its parts:
/// search_states.cpp, remoteness.cpp, retrograde.cpp, reachable_states_bound.cpp). The genus of
/// a position is in genus.hpp, misère Nim's closed form in misere_nim.hpp.

#include <cstddef>
#include <cstdint>
#include <functional>
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

/// How far a search has come: for a progress display.
struct SearchProgress {
  /// States stored so far.
  std::uint64_t states = 0;
  /// The bound on the states of this request made before searching; nothing when none was found.
  std::optional<std::uint64_t> bound;
  std::uint64_t max_states = 0;
  /// Components of the sum's games whose options were listed so far (the bound made before
  /// searching lists those of every component it reaches, before any state is stored).
  std::uint64_t components = 0;
};

/// The default state budget of a search: a few seconds at most (about 10^5 - 4*10^5 states a
/// second); the command and the Python module default to it too.
inline constexpr std::uint64_t kDefaultMaxStates = 1'000'000;

struct SearchOptions {
  Play play = Play::misere;
  /// States (distinct sums) the search may store; a request whose bound (made before searching)
  /// is larger, or that stores more, is refused with a ResourceError.
  std::uint64_t max_states = kDefaultMaxStates;
  /// Memory the search may use; checked against the bound before searching, and each time the
  /// number of states doubles.
  Limits limits;
  std::size_t max_moves = 20;
  /// Called every 16384 states stored and every 64 components whose options were listed (a
  /// display throttles it by time; Python looks at Ctrl-C there).
  std::function<void(const SearchProgress&)> progress;
};

struct SearchSolution {
  Outcome outcome = Outcome::P;
  /// Remoteness (Steinhaus; Winning Ways ch. 9): the number of moves of perfect play when the
  /// winner hurries and the loser delays. 0 for a sum with no move; otherwise, from a position
  /// with a losing option, 1 + the least remoteness of a losing option, else 1 + the largest
  /// remoteness of any option. Even remoteness means the player to move loses under normal play,
  /// and wins under misère play (by induction: a sum with no move has remoteness 0).
  std::uint64_t remoteness = 0;
  /// The first `max_moves` winning moves (moves to a position that is lost for the player to
  /// move), by component index and then by what they leave.
  std::vector<Move> winning_moves;
  bool winning_moves_truncated = false;
  /// Every winning move, counted as distinct (component, resulting position) pairs.
  std::uint64_t winning_move_count = 0;
  /// Distinct sums the search visited.
  std::uint64_t states = 0;
  /// The upper bound on `states` made before searching (reachable_states_bound); nothing when
  /// none was found.
  std::optional<std::uint64_t> states_bound;
};

/// Adds one component's winning moves to `out`: `found` (in any order, a move possibly listed
/// twice, e.g. two splits that leave the same heaps) is sorted, each distinct move is counted once,
/// and `out.winning_moves` keeps the first `max_moves` in all. `found` is left sorted and unique.
void add_winning_moves(std::vector<Move>& found, std::size_t max_moves, SearchSolution& out);

/// Solves `sum` by memoised depth-first search over canonical component multisets with an
/// explicit stack; when the sum can return to a position it has left (a loopy graph game), by
/// retrograde analysis over every state reachable from it instead, which can also give a draw
/// (Outcome::D, remoteness 0). Throws ResourceError, before searching, when the bound on the
/// reachable states passes `options.max_states` or the bytes they need pass the memory limit,
/// and while searching beyond `options.max_states` states (when no bound was found).
SearchSolution solve_by_search(const Sum& sum, const SearchOptions& options);

/// An upper bound on the states the search of `sum` visits (the sums reachable from it, as the
/// search stores them), saturating at 2^64-1; nothing when no bound is found within the work
/// allowed to an estimate (about 10^8 steps). Throws ResourceError when the sum's components
/// have more options in all than `options.max_states` (the search would be refused too).
///
/// Why it is a bound: the components of one game reachable from the sum (its closure) are listed
/// first. Give each a weight w >= 1 such that every option's parts with moves weigh at most as
/// much as the position (w(p) >= sum of w(q), q a part of an option of p): then no move
/// increases the total weight of a game's components, and every reachable state holds, for each
/// game, a multiset of closure components (a set, for a coin-turning row) of total weight at most
/// that of the start. Counting those multisets (a partition count, by the usual knapsack
/// recurrence) and multiplying over the games bounds the states. Weights are grown from a few
/// seeds (1 for every position, and n + c for heap sizes n) to the least function above the seed
/// with that property, computed children first; the least count is kept. For Kayles the seed
/// n + 1 is already such a function, and the bound for a heap of n is exact: the multisets of
/// heaps a with sum of (a + 1) at most n + 1 are the partitions of the numbers up to n + 1 into
/// parts of at least 2, p(n + 1) of them.
std::optional<std::uint64_t> reachable_states_bound(const Sum& sum, const SearchOptions& options);

namespace detail {
class Search;
}

/// Exact solutions of several sums with one memo: states solved for one sum are not searched
/// again for the next (a player looks at a position and then at each of its options). The state
/// budget counts every state stored so far.
class SumSearch {
 public:
  explicit SumSearch(const SearchOptions& options);
  ~SumSearch();
  SumSearch(const SumSearch&) = delete;
  SumSearch& operator=(const SumSearch&) = delete;
  /// As solve_by_search; `sum`'s games are kept alive by the memo.
  SearchSolution solve(const Sum& sum);
  /// Throws ResourceError, before any search, when the bound on the states of `sum` passes the
  /// state budget or the memory limit (as solve would).
  void require_within_budget(const Sum& sum);

 private:
  std::unique_ptr<detail::Search> search_;
};

}  // namespace grundy
