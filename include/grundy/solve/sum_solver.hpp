#pragma once
/// \file Disjunctive sums under normal play: the nim-sum decides the winner (Sprague–Grundy), and a
/// winning move takes one component to a position of value g xor X, X the nim-sum.

#include <compare>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grundy/core/outcome.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/value_source.hpp"

namespace grundy {

struct Move {
  std::size_t component = 0;
  /// What the move leaves in that component: parts in non-decreasing order (empty: nothing).
  std::vector<Position> to;
  // Ordered by component, then `to`; the ordering is named so that it is synthesized from the
  // vector's < and == where a standard library has no <=> for vectors (the page's libc++ 14).
  friend std::strong_ordering operator<=>(const Move&, const Move&) = default;
};

/// The sum after move `m`: the moved component replaced, in place, by the parts it leaves.
Sum after_move(const Sum& sum, const Move& m);

struct SumSolution {
  Outcome outcome = Outcome::P;
  /// False when the sum is one component whose Grundy value is out of reach (a table for it would
  /// pass the limits) and whose outcome and winning moves came from a theorem on P-positions
  /// instead (Wythoff's theorem): `nim_sum` and `component_values` are then not meaningful.
  bool nim_sum_known = true;
  /// The XOR of the component values; meaningless (0) when a component is infinite.
  Value nim_sum = 0;
  /// Components of infinite value (loopy games): when there are any, the outcome follows Smith's
  /// rule instead of the nim-sum.
  std::size_t infinite_components = 0;
  std::vector<Value> component_values;
  /// The first `max_moves` winning moves, by component index and then by what they leave.
  std::vector<Move> winning_moves;
  bool winning_moves_truncated = false;
  /// Every winning move, counted as distinct (component, resulting position) pairs; nothing when
  /// it cannot be computed.
  std::optional<std::uint64_t> winning_move_count;
  /// Why `winning_move_count` is nothing (one line for the user); empty when it is known.
  std::string winning_move_count_note;
  /// The winning move to play (when the player to move wins): one that makes progress, so a
  /// player who always plays it wins in finitely many moves whatever the opponent does, loopy
  /// graph components included. In a sum without graph components it is the first winning move
  /// listed; otherwise see solve_sum.
  std::optional<Move> move_to_play;
};

/// Solves `sum` with `sources[i]` giving the values of component i's game. When a component's
/// value cannot be had (its source throws ResourceError) and the sum is that component alone, a
/// theorem on its P-positions answers instead if its family has one (Game::formula_is_p_position);
/// inside a larger sum that refusal is reported as an Error naming the component. Loopy
/// components (value kInfiniteValue) follow Smith's theorem (C. A. B. Smith, "Graphs and
/// composite games", JCT 1966; Winning Ways ch. 12): a finite b plus infinity with escape set K
/// is infinity with escape set K xor b, a first-player win iff b is in K (move the infinite
/// component to a follower of value b), else a draw; a sum with two or more infinite components
/// is a draw.
///
/// `move_to_play` in a sum with graph components: any winning move keeps the winner winning, but
/// in a loopy game the opponent may answer so that play returns to where it was, forever. With
/// Smith's counter c (generalised_sprague_grundy), a position of finite value a that moves to a
/// position of larger (or infinite) value can always be answered by a move back to value a with a
/// smaller counter (Smith 1966; Fraenkel & Yesha 1986). So the move to play is the winning move
/// that lowers, lexicographically, (sum of the values of the graph components, sum of their
/// counters): a reversal lowers the counters at equal values, a move to a smaller value lowers the
/// values, and between two positions of nim-sum 0 that pair never increases and can stay equal
/// only while both players move in components without cycles, which happens finitely often.
/// Ties go to the first move in the listed order.
SumSolution solve_sum(const Sum& sum, std::span<ValueSource* const> sources, std::size_t max_moves);

}  // namespace grundy
