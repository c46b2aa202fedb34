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
  /// Why winning_move_count is missing (empty when it is known).
  std::string count_unknown_reason;
};

/// Solves `sum` with `sources[i]` giving the values of component i's game. Loopy components
/// (value kInfiniteValue) follow Smith's theorem (C. A. B. Smith, "Graphs and composite games",
/// JCT 1966; Winning Ways ch. 12): a finite b plus infinity with escape set K is infinity with
/// escape set K xor b, a first-player win iff b is in K (move the infinite component to a follower
/// of value b), else a draw; a sum with two or more infinite components is a draw.
SumSolution solve_sum(const Sum& sum, std::span<ValueSource* const> sources, std::size_t max_moves);

}  // namespace grundy
