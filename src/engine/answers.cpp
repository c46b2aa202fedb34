// The text forms of the engine's answers (answers.hpp).
#include "grundy/engine/answers.hpp"

namespace grundy {

std::string move_line(const MoveText& m) {
  return with_move_name(std::to_string(m.component) + ": " + m.from + " -> " + m.to, m.move);
}

std::string with_move_name(const std::string& text, const std::string& move) {
  return move.empty() ? text : text + " (" + move + ")";
}

std::string FormulaAnswer::checked_range() const {
  if (!two_coordinates) return "g(" + std::to_string(from) + ".." + std::to_string(to) + ")";
  return "g(" + position + ") for x = " + std::to_string(rows.from) + ".." +
         std::to_string(rows.to) + ", y = " + std::to_string(cols.from) + ".." +
         std::to_string(cols.to);
}

}  // namespace grundy
