#include "grundy/rules/game.hpp"

namespace grundy {

Position parse_heap_position(Scanner& in) {
  return Position{in.unsigned_integer("a heap size", kMaxCoordinate), 0};
}

}  // namespace grundy
