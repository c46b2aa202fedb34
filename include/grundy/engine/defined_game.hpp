#pragma once
/// \file Games a face's user defines by their options (the Python module's `grundy.Game`): games
/// the spec language does not name, served by the engine as the built-in ones are, with their
/// values kept between requests. The face keeps what only it knows (its own objects as
/// positions, numbered by it); the engine keeps the rules' promises to the solvers (each option
/// once, its parts in order) and the memo.

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "grundy/core/value.hpp"

namespace grundy {

class Evaluator;
class Game;

/// What a face says of a game of its user's.
struct GameDefinition {
  std::string name;
  /// Positions are whole numbers, read and written as heap sizes (Layout::integers: the requests
  /// of heap sizes take the game). Otherwise they are numbers the face gives its own objects.
  bool integers = false;
  /// Calls `option(parts)` for each option of `p`: the parts, whose values XOR, in any order and
  /// an option any number of times.
  std::function<void(const Position& p,
                     const std::function<void(std::vector<Position> parts)>& option)>
      options;
  /// The text of a position that is not a whole number.
  std::function<std::string(const Position& p)> format;
  /// Why a position of a game of numbered objects cannot be read from text (a SpecError's
  /// message).
  std::string positions_are_not_text;
};

/// A defined game and its values, found once and kept for every later request.
class DefinedGame {
 public:
  explicit DefinedGame(GameDefinition definition);
  ~DefinedGame();
  DefinedGame(const DefinedGame&) = delete;
  DefinedGame& operator=(const DefinedGame&) = delete;

  const std::shared_ptr<const Game>& game() const noexcept { return game_; }
  /// G(p), from the memo kept across requests (EngineOptions::defined_games serves the same memo
  /// to the engine's requests).
  Value value(const Position& p);

 private:
  std::shared_ptr<const Game> game_;
  std::unique_ptr<Evaluator> evaluator_;
};

}  // namespace grundy
