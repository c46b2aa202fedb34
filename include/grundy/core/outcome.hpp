#pragma once
/// \file Outcome classes of impartial games under normal play.

#include <string_view>

#include "grundy/core/value.hpp"

namespace grundy {

/// P: the previous player (the one who just moved) wins, i.e. the player to move loses.
/// N: the next player (the one to move) wins.
/// D: neither player can force a win (a draw by infinite play; loopy games only).
enum class Outcome { P, N, D };

/// Under normal play a position is a P-position iff its Grundy value is 0.
constexpr Outcome outcome_of(Value grundy_value) noexcept {
  return grundy_value == 0 ? Outcome::P : Outcome::N;
}

/// "first" when the player to move wins, "second" when the other player does, "draw".
constexpr std::string_view winner_name(Outcome o) noexcept {
  return o == Outcome::N ? "first" : o == Outcome::P ? "second" : "draw";
}

}  // namespace grundy
