#include "grundy/rules/sum.hpp"

namespace grundy {

std::string format_component(const Game& game, const Position& p) {
  return game.name() + ":" + game.format_position(p);
}

std::string format_sum(const Sum& sum) {
  std::string out;
  for (const Component& c : sum.components) {
    if (!out.empty()) out += " + ";
    out += format_component(*c.game, c.position);
  }
  return out;
}

std::string format_option(const Game& game, std::span<const Position> parts) {
  if (parts.empty()) return "0";
  std::string out;
  for (const Position& p : parts) {
    if (!out.empty()) out += " + ";
    out += format_component(game, p);
  }
  return out;
}

}  // namespace grundy
