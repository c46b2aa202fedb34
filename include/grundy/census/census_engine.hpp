#pragma once
/// \file The engine a census asks (the census is a client of the engine, as the faces are): each
/// game's tables within the census's share of memory, one thread a game (the census runs games
/// side by side instead), and no period or quotient cache (the census keeps its results in its
/// own database).

#include "grundy/core/limits.hpp"
#include "grundy/engine/engine.hpp"

namespace grundy {

Engine census_engine(const Limits& per_game);

}  // namespace grundy
