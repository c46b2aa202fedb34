#pragma once
// Inside the engine: a move of a sum in the spec language, as answers and events show it.

#include "grundy/engine/answers.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/sum_solver.hpp"

namespace grundy {

/// Component index, the component before the move, what the move leaves of it (`0` for
/// nothing), and the move's name when its family has one.
inline MoveText describe_move(const Sum& sum, const Move& m) {
  const Component& c = sum.components[m.component];
  return {m.component, format_component(*c.game, c.position), format_option(*c.game, m.to),
          c.game->move_name(c.position, m.to)};
}

}  // namespace grundy
