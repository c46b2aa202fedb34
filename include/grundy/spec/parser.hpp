#pragma once
/// \file The game spec language: `sub(1,3)`, `0.07`, `nim:3 + 0.07:20 + graph(g.txt):a`.
/// Errors are SpecErrors whose column is 1-based in the text given.

#include <memory>
#include <string_view>

#include "grundy/rules/game.hpp"
#include "grundy/rules/sum.hpp"

namespace grundy {

/// A game spec: a family name with optional arguments in parentheses, or a bare octal code.
std::shared_ptr<const Game> parse_game(std::string_view spec);

/// A position of `game` written as `text` (surrounding spaces allowed); `base_column` is the
/// column of text[0] in what the user wrote.
Position parse_position(const Game& game, std::string_view text, std::size_t base_column = 1);

/// A sum `GAME:POSITION + GAME:POSITION ...`. Components of the same game share one Game object.
Sum parse_sum(std::string_view spec);

}  // namespace grundy
