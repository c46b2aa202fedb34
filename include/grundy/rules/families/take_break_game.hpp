#pragma once
/// \file The heap game of a take-and-break code: octal and hexadecimal games, Grundy's game and
/// the polygon-chord game are this one class (the last with its own position text).

#include <string>
#include <utility>

#include "grundy/rules/heap_game.hpp"
#include "grundy/rules/take_break.hpp"

namespace grundy {

class TakeBreakHeapGame : public HeapGame {
 public:
  TakeBreakHeapGame(std::string name, TakeBreakCode code)
      : HeapGame(std::move(name)), code_(std::move(code)) {
    GameTraits traits = this->traits();
    traits.take_break = &code_;
    set_traits(traits);
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    take_break_options(code_, p.x, visit);
  }

 private:
  TakeBreakCode code_;
};

}  // namespace grundy
