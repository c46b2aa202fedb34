#pragma once
/// \file One game built from its spec, with one evaluator for all of a program's queries: its table
/// or memo is built once and grows as the queries need.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "grundy/grundy.hpp"

namespace judge {

class GameValues {
 public:
  /// `spec` in the spec language: `nim`, `sub(1..3)`, `cut`, `multiply(2..9,17)`.
  explicit GameValues(std::string_view spec);

  /// A position written in the spec language: `12`, `5x7`, `3,4`.
  grundy::Position position(std::string_view text) const;
  grundy::Position position(std::uint64_t n) const { return position(std::to_string(n)); }

  grundy::Value value(const grundy::Position& p) { return values_.value(p); }
  /// Whether the player to move wins the disjunctive sum of `positions`: by the Sprague–Grundy
  /// theorem, iff the nim-sum of their values is not 0.
  bool first_player_wins(std::span<const grundy::Position> positions);
  /// The sum of `positions` (one component each) solved with its winning moves: at most
  /// `max_moves` of them listed, all of them counted.
  grundy::SumSolution solve(std::span<const grundy::Position> positions, std::size_t max_moves);

 private:
  std::shared_ptr<const grundy::Game> game_;
  grundy::Evaluator values_;
};

}  // namespace judge
