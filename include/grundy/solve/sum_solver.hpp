#pragma once
/// \file Disjunctive sums under normal play: the nim-sum decides the winner (Sprague–Grundy), and a
/// winning move takes one component to a position of value g xor X, X the nim-sum.

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
  friend auto operator<=>(const Move&, const Move&) = default;
};

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
SumSolution solve_sum(const Sum& sum, std::span<ValueSource* const> sources, std::size_t max_moves);

}  // namespace grundy
