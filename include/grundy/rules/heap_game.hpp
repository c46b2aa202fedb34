#pragma once
/// \file Base for families whose positions are one heap of n tokens and whose moves leave smaller
/// heaps (Nim, subtraction games, take-and-break codes).

#include <string>
#include <vector>

#include "grundy/rules/game.hpp"

namespace grundy {

class HeapGame : public Game {
 public:
  explicit HeapGame(std::string name) : Game(std::move(name)) {
    set_traits({.layout = Layout::heaps});
  }
  Position parse_position(Scanner& in) const override { return parse_heap_position(in); }
  std::string format_position(const Position& p) const override { return std::to_string(p.x); }
  std::vector<Position> sample_positions(std::size_t count) const override {
    std::vector<Position> out;
    for (std::size_t n = 0; n < count; ++n) out.push_back(Position{n, 0});
    return out;
  }
};

}  // namespace grundy
