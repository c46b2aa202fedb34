// grundy.Game, a game whose options come from a Python callable, and the readers of the game,
// position and sum arguments (games.hpp).
#include "games.hpp"

#include <pybind11/functional.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "areas.hpp"
#include "arguments.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/core/scanner.hpp"
#include "grundy/engine/engine.hpp"

namespace py = pybind11;

namespace grundy::python {

/// The positions of a Python game: hashable Python objects, interned into an index table so that
/// the engine sees Position{index, 0}; or, declared with `integers=True`, whole numbers, which the
/// engine sees as themselves (Position{n, 0}).
class PythonPositions {
 public:
  PythonPositions(std::string name, bool integers) : name_(std::move(name)), integers_(integers) {}

  Position intern(const py::handle& object) const {
    py::object key = py::reinterpret_borrow<py::object>(object);
    if (index_.contains(key)) return Position{index_[key].cast<std::uint64_t>(), 0};
    const std::uint64_t i = objects_.size();
    index_[key] = i;  // raises TypeError for unhashable positions, before anything is stored
    objects_.push_back(key);
    return Position{i, 0};
  }

  const py::object& object(const Position& p) const { return objects_.at(p.x); }

  /// A part of an option of `p` the callable gave; with integer positions a whole number
  /// 0..2^63-1, as a heap size.
  Position option_part(const py::handle& object, const Position& p) const {
    if (!integers_) return intern(object);
    const std::string at =
        name_ + ": the options of " + std::to_string(p.x) + " include " + shown(object) + ", ";
    const std::optional<std::string> text = integer_text(object);
    if (!text) throw py::type_error(at + "not a whole number (the game's positions are integers)");
    Scanner in(*text);
    try {
      return Position{in.unsigned_integer("a position", kMaxCoordinate), 0};
    } catch (const SpecError& e) {
      throw Error(at + "not a position: " + e.detail());
    }
  }

 private:
  std::string name_;
  bool integers_;
  mutable py::dict index_;
  mutable std::vector<py::object> objects_;
};

namespace {

/// The definition of a Python game to the engine (defined_game.hpp). Each item the callable
/// yields is one option: a position, or a tuple or list of positions whose values XOR.
GameDefinition python_game_definition(const py::function& options, std::string name, bool integers,
                                      const std::shared_ptr<PythonPositions>& positions) {
  GameDefinition out;
  out.name = std::move(name);
  out.integers = integers;
  out.options = [options, positions, integers](
                    const Position& p, const std::function<void(std::vector<Position>)>& option) {
    py::object result = options(integers ? py::int_(p.x) : positions->object(p));
    for (py::handle item : py::iter(result)) {
      std::vector<Position> parts;
      if (py::isinstance<py::tuple>(item) || py::isinstance<py::list>(item)) {
        for (py::handle part : item) parts.push_back(positions->option_part(part, p));
      } else {
        parts.push_back(positions->option_part(item, p));
      }
      option(std::move(parts));
    }
  };
  out.format = [positions](const Position& p) {
    return py::repr(positions->object(p)).cast<std::string>();
  };
  out.positions_are_not_text = "positions of a Python game are Python objects, not text";
  return out;
}

/// The text of a spec; TypeError for what is neither a spec nor a grundy.Game.
std::string spec_argument(const py::handle& game) {
  if (!py::isinstance<py::str>(game)) {
    throw py::type_error("game must be a spec (a string) or a grundy.Game, not " + shown(game));
  }
  return game.cast<std::string>();
}

}  // namespace

CustomGame::CustomGame(py::function options_function, std::string name, bool integers_)
    : options(std::move(options_function)),
      integers(integers_),
      positions(std::make_shared<PythonPositions>(name, integers_)),
      defined(python_game_definition(options, std::move(name), integers_, positions)) {}

CustomGame& CustomGame::as_heaps() {
  if (integers) return *this;
  if (!heaps_) heaps_ = std::make_unique<CustomGame>(options, game()->name(), true);
  return *heaps_;
}

Position CustomGame::position(const py::handle& given) const {
  if (!integers) return positions->intern(given);
  if (py::isinstance<py::str>(given)) return Engine::position(*game(), given.cast<std::string>());
  const std::optional<std::string> text = integer_text(given);
  if (!text) {
    throw py::type_error("position must be a whole number or a string (the positions of " +
                         game()->name() + " are integers), not " + shown(given));
  }
  return Engine::position(*game(), *text);
}

std::shared_ptr<const Game> game_argument(const py::object& game, CustomGames& custom) {
  if (py::isinstance<CustomGame>(game)) {
    CustomGame& g = game.cast<CustomGame&>();
    custom[g.game().get()] = &g;
    return g.game();
  }
  return Engine::game(spec_argument(game));
}

std::shared_ptr<const Game> heap_game_argument(const py::object& game, CustomGames& custom) {
  if (py::isinstance<CustomGame>(game)) {
    CustomGame& heaps = game.cast<CustomGame&>().as_heaps();
    custom[heaps.game().get()] = &heaps;
    return heaps.game();
  }
  return game_argument(game, custom);
}

Position position_argument(const Game& game, const py::handle& position,
                           const CustomGames& custom) {
  if (custom.contains(&game)) return custom.at(&game)->position(position);
  return Engine::position(game, position_text(position));
}

py::sequence component_argument(const py::handle& item) {
  if ((!py::isinstance<py::tuple>(item) && !py::isinstance<py::list>(item)) || py::len(item) != 2) {
    throw py::type_error("a sum component is a (game, position) pair, not " + shown(item));
  }
  return py::reinterpret_borrow<py::sequence>(item);
}

Sum sum_argument(const py::object& sum_argument, CustomGames& custom) {
  if (py::isinstance<py::str>(sum_argument)) return Engine::sum(sum_argument.cast<std::string>());
  if (!py::isinstance<py::list>(sum_argument) && !py::isinstance<py::tuple>(sum_argument)) {
    throw py::type_error("sum must be text or a list of (game, position) pairs, not " +
                         shown(sum_argument));
  }
  Sum sum;
  // Equal specs share one game object, as in a parsed sum: the searches tell games apart by
  // object, and the heads of one coin-turning row must meet in one game.
  std::vector<std::shared_ptr<const Game>> seen;
  for (py::handle item : sum_argument) {
    const py::sequence pair = component_argument(item);
    std::shared_ptr<const Game> game;
    if (py::isinstance<CustomGame>(pair[0])) {
      game = game_argument(pair[0], custom);
    } else {
      game = Engine::game_of_sum(spec_argument(pair[0]), seen);
    }
    sum.components.push_back({game, position_argument(*game, pair[1], custom)});
  }
  return sum;
}

void init_games(py::module_& m) {
  py::class_<CustomGame>(m, "Game", "A game whose options come from a Python callable.")
      .def(py::init([](const py::object& options, std::string name, bool integers) {
             if (!PyCallable_Check(options.ptr())) {
               throw py::type_error("options must be a callable, not " + shown(options));
             }
             return std::make_unique<CustomGame>(py::reinterpret_borrow<py::function>(options),
                                                 std::move(name), integers);
           }),
           py::arg("options"), py::arg("name") = "python", py::kw_only(),
           py::arg("integers") = false,
           "options(p) returns an iterable of options, each a position or a tuple/list of "
           "positions whose values XOR; positions are hashable Python objects, or with "
           "integers=True whole numbers, which seq, period, plot and genus take as heap sizes.")
      .def("value", &CustomGame::value, py::arg("position"), "The Grundy value of a position.")
      .def_property_readonly("name", [](const CustomGame& g) { return g.game()->name(); });
}

}  // namespace grundy::python
