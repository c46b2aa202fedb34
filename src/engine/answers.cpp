// The text forms of the engine's answers (answers.hpp).
#include "grundy/engine/answers.hpp"

namespace grundy {

std::string move_line(const MoveText& m) {
  return std::to_string(m.component) + ": " + m.from + " -> " + m.to +
         (m.move.empty() ? "" : " (" + m.move + ")");
}

}  // namespace grundy
