#include "grundy/rules/game.hpp"

#include "grundy/rules/formula.hpp"

namespace grundy {

std::optional<ClosedForm> Game::closed_form() const {
  return std::nullopt;
}

Position parse_heap_position(Scanner& in) {
  return Position{in.unsigned_integer("a heap size", kMaxCoordinate), 0};
}

Position parse_point_position(Scanner& in, std::string_view x_name, std::string_view y_name) {
  const std::uint64_t x = in.unsigned_integer(x_name, kMaxCoordinate);
  in.skip_spaces();
  in.expect(',', "',' between " + std::string(x_name) + " and " + std::string(y_name));
  in.skip_spaces();
  const std::uint64_t y = in.unsigned_integer(y_name, kMaxCoordinate);
  return Position{x, y};
}

std::string format_point_position(const Position& p) {
  return std::to_string(p.x) + "," + std::to_string(p.y);
}

std::vector<Position> diagonal_points(std::size_t count) {
  std::vector<Position> out;
  for (std::uint64_t total = 0; out.size() < count; ++total) {
    for (std::uint64_t x = 0; x <= total && out.size() < count; ++x) {
      out.push_back(Position{x, total - x});
    }
  }
  return out;
}

}  // namespace grundy
