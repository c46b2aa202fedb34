// grundy.Match and play: a game against the perfect player, as `grundy play` (engine/match.hpp).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "areas.hpp"
#include "arguments.hpp"
#include "engine_call.hpp"
#include "games.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/engine/match.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/misere_search.hpp"
#include "results.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

/// `grundy.play`: a game against the perfect player. Each call returns the event the command's
/// `play --json` prints for it, as a grundy.Result.
class PythonMatch {
 public:
  PythonMatch(const py::object& sum_text, bool misere, bool computer_first, std::size_t list,
              const EngineOptions& options)
      : list_(list) {
    const Sum sum = sum_argument(sum_text, custom_);
    // The engine reads the Python games' memos for the whole match: keep the games alive.
    if (!py::isinstance<py::str>(sum_text)) {
      for (py::handle item : sum_text) {
        py::object game = component_argument(item)[0];
        if (py::isinstance<CustomGame>(game)) python_games_.push_back(std::move(game));
      }
    }
    engine_ = std::make_unique<StoppableEngine>(options, custom_);
    engine_->run([&] {
      match_ = std::make_unique<Match>(engine_->engine(), sum, misere ? Play::misere : Play::normal,
                                       !computer_first);
      return 0;
    });
  }

  py::object start() {
    return to_python(engine_->run([&] { return start_event(*match_); }));
  }
  py::object position() {
    return to_python(engine_->run([&] { return position_event(*match_, list_); }));
  }
  std::string state() const {
    switch (match_->state()) {
      case Match::State::going:
        return "going";
      case Match::State::no_move:
        return "no_move";
      default:
        return "repetition";
    }
  }
  std::string to_move() const { return match_->human_to_move() ? "human" : "computer"; }
  /// The end event once the game is over (no move left, or a draw by repetition), else None.
  py::object end() const {
    if (match_->state() == Match::State::no_move) {
      return to_python(end_event(match_->human_wins(), "no_move"));
    }
    if (match_->state() == Match::State::repetition) {
      return to_python(end_event(std::nullopt, "repetition"));
    }
    return py::none();
  }
  py::object computer_move() {
    const Match::Choice c = engine_->run([&] { return match_->computer_move(); });
    return to_python(move_event(c.move, false, c.verdict));
  }
  py::object hint() {
    const Match::Choice c = engine_->run([&] { return match_->hint(); });
    return to_python(hint_event(c));
  }
  /// A move typed as the command takes it (text or its number in the list): the move event, or
  /// a rejected event.
  py::object move(const py::object& typed) {
    const std::string text = py::str(typed).cast<std::string>();
    const Match::Typed t = engine_->run([&] { return match_->human_move(text); });
    if (!t.move) return to_python(rejected_event(text, t.found));
    return to_python(move_event(*t.move, true));
  }
  py::object undo() { return to_python(undo_event(match_->undo())); }

 private:
  std::size_t list_;
  CustomGames custom_;  // the Python games of the sum: their searches keep the GIL
  std::vector<py::object> python_games_;
  std::unique_ptr<StoppableEngine> engine_;  // a Ctrl-C in its search stops that call only
  std::unique_ptr<Match> match_;
};

}  // namespace

void init_play(py::module_& m) {
  // The keywords' defaults are the engine's.
  const EngineOptions defaults;
  py::class_<PythonMatch>(m, "Match",
                          "A game against the perfect player (grundy.play); each method returns "
                          "the event `grundy play --json` prints for it.")
      .def("start", &PythonMatch::start, "The start event.")
      .def("position", &PythonMatch::position,
           "The position event (with the human to move: the moves, numbered from 1).")
      .def_property_readonly("state", &PythonMatch::state, "'going', 'no_move' or 'repetition'.")
      .def_property_readonly("to_move", &PythonMatch::to_move, "'human' or 'computer'.")
      .def("end", &PythonMatch::end, "The end event when the game is over, else None.")
      .def("computer_move", &PythonMatch::computer_move,
           "The computer's move (it plays it): a move event with its verdict.")
      .def("hint", &PythonMatch::hint, "The move the computer would play for the human.")
      .def("move", &PythonMatch::move, py::arg("move"),
           "The human's move, typed as for the command (text, or its number in the list): a "
           "move event, or a rejected event.")
      .def("undo", &PythonMatch::undo,
           "Takes back the human's last move and the computer's reply (an undo event).");
  m.def(
      "play",
      [](const py::object& sum, bool misere, bool computer_first, ListLength list, MaxValues max,
         MaxStates max_states, MaxMemory max_memory, Threads threads, bool cache, bool quotient,
         const py::object& table, std::optional<TopBudget> top_budget) {
        EngineOptions options = engine_options(max, max_memory, threads, cache);
        options.max_states = max_states;
        options.misere_quotient = quotient;
        set_component_search(options, table, top_budget);
        return std::make_unique<PythonMatch>(sum, misere, computer_first, list, options);
      },
      py::arg("sum"), py::arg("misere") = false, py::kw_only(), py::arg("computer_first") = false,
      py::arg("list") = 40, py::arg("max") = defaults.max_values,
      py::arg("max_states") = grundy::Match::kDefaultMaxStates, py::arg("max_memory") = py::none(),
      py::arg("threads") = 0, py::arg("cache") = true, py::arg("quotient") = true,
      py::arg("table") = py::none(), py::arg("top_budget") = py::none(),
      R"(A game against the perfect player (``grundy play``): a grundy.Match.

table= and top_budget= are value()'s, for the component search (Node-Kayles, Arc-Kayles, Cram);
Ctrl-C stops a search of the match (KeyboardInterrupt), and the match's next call searches again.

>>> m = grundy.play("nim:3 + nim:4 + nim:5")
>>> m.hint()["move"]
{'component': 0, 'from': 'nim:3', 'to': 'nim:1'}
>>> m.move("0: nim:1")["to"], m.computer_move()["verdict"]
('nim:1', 'loss')
)");
}

}  // namespace grundy::python
