#pragma once
/// \file Disjunctive sums of game positions: a move is made in exactly one component.

#include <memory>
#include <span>
#include <string>
#include <vector>

#include "grundy/rules/game.hpp"

namespace grundy {

struct Component {
  std::shared_ptr<const Game> game;
  Position position;
};

struct Sum {
  std::vector<Component> components;
};

/// `GAME:POSITION`, e.g. `0.07:20`.
std::string format_component(const Game& game, const Position& p);
/// The canonical sum: components joined by ` + `.
std::string format_sum(const Sum& sum);
/// What a move leaves in a component: `0` for nothing, else its parts joined by ` + `.
std::string format_option(const Game& game, std::span<const Position> parts);

}  // namespace grundy
