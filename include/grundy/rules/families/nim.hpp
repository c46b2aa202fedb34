#pragma once
/// \file Nim: one heap, take any positive number. Every impartial game is equivalent to a Nim
/// heap (Sprague–Grundy); solvers that need heaps of their own (a genus's *2) make them here.

#include <memory>

#include "grundy/rules/game.hpp"

namespace grundy {

/// The Nim game (`nim`); its traits say `nim`.
std::shared_ptr<const Game> nim_game();

}  // namespace grundy
