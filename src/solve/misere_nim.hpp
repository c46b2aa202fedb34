#pragma once
// Which games are Nim heaps (misere_nim.cpp).

#include "grundy/rules/game.hpp"

namespace grundy::detail {

/// Nim heaps are told by type, not by name: a game of another family may be called "nim".
bool is_nim_game(const Game& game);

}  // namespace grundy::detail
