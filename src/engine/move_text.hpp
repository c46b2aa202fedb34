#pragma once
// Inside the engine: a move of a sum in the spec language, as answers and events show it.

#include "grundy/engine/answers.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/sum_solver.hpp"

namespace grundy {

/// Component index, the component before the move, and what the move leaves of it (`0` for
/// nothing).
inline MoveText describe_move(const Sum& sum, const Move& m) {
  const Component& c = sum.components[m.component];
  return {m.component, format_component(*c.game, c.position), format_option(*c.game, m.to)};
}

}  // namespace grundy
