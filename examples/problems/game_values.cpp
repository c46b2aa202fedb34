#include "game_values.hpp"

#include <vector>

namespace judge {

GameValues::GameValues(std::string_view spec)
    : game_(grundy::parse_game(spec)), values_(game_, grundy::Limits{}) {}

grundy::Position GameValues::position(std::string_view text) const {
  return grundy::parse_position(*game_, text);
}

bool GameValues::first_player_wins(std::span<const grundy::Position> positions) {
  values_.prepare(positions);
  grundy::Value sum = 0;
  for (const grundy::Position& p : positions) sum = grundy::nim_sum(sum, values_.value(p));
  return grundy::outcome_of(sum) == grundy::Outcome::N;
}

grundy::SumSolution GameValues::solve(std::span<const grundy::Position> positions,
                                      std::size_t max_moves) {
  values_.prepare(positions);
  grundy::Sum sum;
  for (const grundy::Position& p : positions) sum.components.push_back({game_, p});
  const std::vector<grundy::ValueSource*> sources(positions.size(), &values_);
  return grundy::solve_sum(sum, sources, max_moves);
}

}  // namespace judge
