// The text forms of the engine's answers (answers.hpp).
#include "grundy/engine/answers.hpp"

namespace grundy {

std::string move_line(const MoveText& m) {
  return with_move_name(std::to_string(m.component) + ": " + m.from + " -> " + m.to, m.move);
}

std::string with_move_name(const std::string& text, const std::string& move) {
  return move.empty() ? text : text + " (" + move + ")";
}

}  // namespace grundy
