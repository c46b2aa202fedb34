#pragma once
// The games the functions take: a spec (text) or a grundy.Game, a game whose options come from a
// Python callable; and the readers of the game, position and sum arguments.
#include <pybind11/pybind11.h>

#include <map>
#include <memory>
#include <string>

#include "grundy/core/value.hpp"
#include "grundy/engine/defined_game.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/sum.hpp"

namespace grundy::python {

class PythonPositions;

/// The Python-visible `grundy.Game`: a game whose options come from a Python callable, defined to
/// the engine (defined_game.hpp), which keeps its memo across calls so that values found once are
/// not searched again.
struct CustomGame {
  pybind11::function options;
  bool integers;
  std::shared_ptr<PythonPositions> positions;
  DefinedGame defined;

  CustomGame(pybind11::function options_function, std::string name, bool integers_);

  const std::shared_ptr<const Game>& game() const noexcept { return defined.game(); }

  /// The same callable read as a game of heap sizes, for the requests that take heaps (seq,
  /// period, plots, genus) of a game not declared `integers=True`: `grundy.seq(Game(options=
  /// lambda n: ...), to=30)` means g(0..30). Made once and kept, with its memo; an option that
  /// is not a whole number is refused there, naming it.
  CustomGame& as_heaps();

  /// A position given by the caller: any hashable object; with integer positions a whole number
  /// or its text, read as a heap size of a built-in game is (the command's words for -1).
  Position position(const pybind11::handle& given) const;

  Value value(const pybind11::handle& given) { return defined.value(position(given)); }

 private:
  std::unique_ptr<CustomGame> heaps_;  // as_heaps(), made on first use
};

/// Python games met in a request, so that the engine takes their values from their own memos.
using CustomGames = std::map<const Game*, CustomGame*>;

/// A game given as a spec or a grundy.Game.
std::shared_ptr<const Game> game_argument(const pybind11::object& game, CustomGames& custom);

/// A game given for a request of heap sizes (seq, period, plots, genus): a Python game is read as
/// a game of heap sizes (CustomGame::as_heaps).
std::shared_ptr<const Game> heap_game_argument(const pybind11::object& game, CustomGames& custom);

/// A position given as text, a whole number (a heap size) or a tuple of whole numbers
/// (position_text), or any hashable object for a Python game.
Position position_argument(const Game& game, const pybind11::handle& position,
                           const CustomGames& custom);

/// The (game, position) pair of a sum's component, a tuple or a list of two.
pybind11::sequence component_argument(const pybind11::handle& item);

/// A sum given as text (`"nim:3 + 0.07:20"`) or as a list of (game, position) pairs, a game being
/// a spec or a grundy.Game.
Sum sum_argument(const pybind11::object& sum_argument, CustomGames& custom);

}  // namespace grundy::python
