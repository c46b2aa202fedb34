// The Python module `grundy`: a thin face over the library, like the command. Results are plain
// dicts with the fields of the command's JSON documents, so a script can switch between the two.
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/analysis/periodic_source.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/solve/misere_solver.hpp"
#include "grundy/solve/sum_solver.hpp"
#include "grundy/spec/parser.hpp"
#include "sequence_arrays.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

/// A game whose options come from a Python callable. Positions are hashable Python objects,
/// interned into an index table so that the C++ solvers see Position{index, 0}.
class PythonGame final : public Game {
 public:
  PythonGame(py::function options, std::string name)
      : Game(std::move(name)), options_(std::move(options)) {}

  Position intern(const py::handle& object) const {
    py::object key = py::reinterpret_borrow<py::object>(object);
    if (index_.contains(key)) return Position{index_[key].cast<std::uint64_t>(), 0};
    const std::uint64_t i = objects_.size();
    index_[key] = i;  // raises TypeError for unhashable positions, before anything is stored
    objects_.push_back(key);
    return Position{i, 0};
  }

  Position parse_position(Scanner&) const override {
    throw SpecError(1, "positions of a Python game are Python objects, not text");
  }
  std::string format_position(const Position& p) const override {
    return py::repr(objects_.at(p.x)).cast<std::string>();
  }

  /// Each item the callable yields is one option: a position, or a tuple or list of positions
  /// whose values XOR. Parts are given in non-decreasing order and each option once, as every
  /// family does (the solvers count winning moves on that promise).
  void options(const Position& p, OptionVisitor& visit) const override {
    py::object result = options_(objects_.at(p.x));
    std::set<std::vector<Position>> seen;
    for (py::handle item : py::iter(result)) {
      std::vector<Position> parts;
      if (py::isinstance<py::tuple>(item) || py::isinstance<py::list>(item)) {
        for (py::handle part : item) parts.push_back(intern(part));
      } else {
        parts.push_back(intern(item));
      }
      std::sort(parts.begin(), parts.end());
      if (seen.insert(parts).second) visit.option(parts);
    }
  }

  std::vector<Position> sample_positions(std::size_t) const override { return {}; }

 private:
  py::function options_;
  mutable py::dict index_;
  mutable std::vector<py::object> objects_;
};

/// The Python-visible `grundy.Game`: the game and its memo, kept across calls so that values
/// found once are not searched again.
struct CustomGame {
  std::shared_ptr<PythonGame> game;
  Evaluator evaluator;

  CustomGame(py::function options, std::string name)
      : game(std::make_shared<PythonGame>(std::move(options), std::move(name))),
        evaluator(game, Limits{}) {}

  Value value(const py::handle& position) { return evaluator.value(game->intern(position)); }
};

/// A value source that serves a CustomGame's own memo to the sum solver.
class MemoForward final : public ValueSource {
 public:
  explicit MemoForward(CustomGame& custom) : custom_(custom) {}
  Value value(const Position& p) override { return custom_.evaluator.value(p); }

 private:
  CustomGame& custom_;
};

/// The command's wording for a bad argument ("spec column 5: ...", "position 'x' column 1: ...")
/// so that a script and a shell see the same message.
[[noreturn]] void throw_in_context(std::string_view what, std::string_view text,
                                   const SpecError& e) {
  const std::string quoted = what == "spec" ? "" : " '" + std::string(text) + "'";
  throw py::value_error(std::string(what) + quoted + " column " + std::to_string(e.column()) +
                        ": " + e.detail());
}

std::shared_ptr<const Game> parse_game_argument(const std::string& spec) {
  try {
    return parse_game(spec);
  } catch (const SpecError& e) {
    throw_in_context("spec", spec, e);
  }
}

/// A position given as text or as a Python int (heap sizes).
Position parse_position_argument(const Game& game, const py::handle& position) {
  const std::string text = py::isinstance<py::int_>(position)
                               ? py::str(position).cast<std::string>()
                               : position.cast<std::string>();
  try {
    return parse_position(game, text);
  } catch (const SpecError& e) {
    throw_in_context("position", text, e);
  }
}

PeriodOptions period_options(std::uint64_t max_values) {
  PeriodOptions options;
  options.max_values = max_values;
  return options;
}

Value value(const py::object& game, const py::object& position, std::uint64_t max_values) {
  if (py::isinstance<CustomGame>(game)) return game.cast<CustomGame&>().value(position);
  const auto parsed = parse_game_argument(game.cast<std::string>());
  const Position p = parse_position_argument(*parsed, position);
  PeriodicSource source(parsed, period_options(max_values));
  source.prepare(std::span<const Position>(&p, 1));
  return source.value(p);
}

/// g(start), ..., g(to) as an `array('Q')`: one 8-byte machine word per value (the buffer
/// protocol), not a Python int object per value; numpy: a numpy uint64 array over the same words.
py::object seq(const std::string& spec, std::uint64_t to, std::uint64_t start,
               std::uint64_t max_values, bool numpy) {
  if (numpy) require_numpy("numpy=True");
  const auto game = parse_game_argument(spec);
  if (!game->integer_positions()) {
    throw py::value_error(
        "seq needs a game whose positions are integers (heap sizes); the "
        "positions of " +
        game->name() + " are not");
  }
  if (start > to) {
    throw py::value_error("from " + std::to_string(start) + " is above to " + std::to_string(to));
  }
  const PeriodOptions options = period_options(max_values);
  // The list itself is a table too: sized with overflow checks and against the memory limit
  // before anything is computed (to = 2^64-1 would otherwise wrap the count to 0).
  const std::uint64_t count = add_or_refuse(to - start, 1, "a list of g(from..to)");
  require_memory(options.limits, bytes_for(count, sizeof(std::uint64_t)),
                 "a list of " + std::to_string(count) + " values");
  PeriodicSource source(game, options);
  const Position last{to, 0};
  source.prepare(std::span<const Position>(&last, 1));
  std::vector<std::uint64_t> values;
  values.reserve(static_cast<std::size_t>(count));
  for (std::uint64_t n = start;; ++n) {
    values.push_back(source.value(Position{n, 0}));
    if (n == to) break;
  }
  if (numpy) return numpy_array(std::move(values), "numpy=True");
  py::object array = py::module_::import("array").attr("array")("Q");
  array.attr("frombytes")(py::bytes(reinterpret_cast<const char*>(values.data()),
                                    values.size() * sizeof(std::uint64_t)));
  return array;
}

py::dict period(const std::string& spec, std::uint64_t max_values) {
  const auto game = parse_game_argument(spec);
  if (max_values == 0) throw py::value_error("max must be at least 1");
  const PeriodAnswer answer =
      find_or_load_periodicity(*game, period_options(max_values), max_values);
  py::dict doc;
  doc["game"] = game->name();
  doc["proven"] = answer.periodicity.has_value();
  if (const auto& p = answer.periodicity) {
    doc["preperiod"] = p->preperiod;
    doc["period"] = p->period;
    doc["saltus"] = p->saltus;
    doc["values_computed"] = answer.values_computed;
    doc["proof"] = p->proof;
    doc["from_cache"] = answer.from_cache;
  } else {
    doc["values_computed"] = answer.values_computed;
    doc["max"] = max_values;
    if (!answer.why_not.empty()) doc["reason"] = answer.why_not;
  }
  return doc;
}

/// Progress of a long search: Ctrl-C is honoured (KeyboardInterrupt), and on a terminal a line
/// on stderr says how far the search has come, as the command's does.
/// `drawn` says whether the line must be cleared.
std::function<void(const SearchProgress&)> search_progress(bool& drawn) {
  const bool terminal = isatty(STDERR_FILENO) != 0;
  return [terminal, &drawn](const SearchProgress& p) {
    if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    if (!terminal) return;
    drawn = true;
    const std::string bound = p.bound ? "bound " + std::to_string(*p.bound) + ", " : "";
    std::fprintf(stderr,
                 "\rgrundy.solve: %llu positions of the sum searched (%smax_states %llu)   ",
                 static_cast<unsigned long long>(p.states), bound.c_str(),
                 static_cast<unsigned long long>(p.max_states));
    std::fflush(stderr);
  };
}

/// A sum given as text (`"nim:3 + 0.07:20"`) or as a list of (game, position) pairs, a game being
/// a spec or a grundy.Game.
py::dict solve(const py::object& sum_argument, bool misere, std::size_t max_moves,
               std::uint64_t max_values, std::uint64_t max_states) {
  Sum sum;
  std::map<const Game*, CustomGame*> custom;
  if (py::isinstance<py::str>(sum_argument)) {
    const std::string text = sum_argument.cast<std::string>();
    try {
      sum = parse_sum(text);
    } catch (const SpecError& e) {
      throw_in_context("spec", text, e);
    }
  } else {
    // Equal specs share one game object, as in parse_sum: the searches tell games apart by
    // object, and the heads of one coin-turning row must meet in one game.
    std::map<std::string, std::shared_ptr<const Game>> by_spec;
    for (py::handle item : sum_argument) {
      const py::tuple pair = py::reinterpret_borrow<py::object>(item).cast<py::tuple>();
      if (pair.size() != 2) throw py::value_error("a sum component is a (game, position) pair");
      if (py::isinstance<CustomGame>(pair[0])) {
        CustomGame& g = pair[0].cast<CustomGame&>();
        custom[g.game.get()] = &g;
        sum.components.push_back({g.game, g.game->intern(pair[1])});
      } else {
        const std::string spec = pair[0].cast<std::string>();
        std::shared_ptr<const Game> game;
        if (const auto it = by_spec.find(spec); it != by_spec.end()) {
          game = it->second;
        } else {
          game = parse_game_argument(spec);
          if (const auto same = by_spec.find(game->name()); same != by_spec.end()) {
            game = same->second;
          }
          by_spec.emplace(spec, game);
          by_spec.emplace(game->name(), game);
        }
        const Position p = parse_position_argument(*game, pair[1]);
        sum.components.push_back({game, p});
      }
    }
  }
  auto moves_list = [&](const std::vector<Move>& listed) {
    py::list moves;
    for (const Move& m : listed) {
      const Component& c = sum.components[m.component];
      py::dict move;
      move["component"] = m.component;
      move["from"] = format_component(*c.game, c.position);
      move["to"] = format_option(*c.game, m.to);
      moves.append(move);
    }
    return moves;
  };
  if (misere) {
    // Misère play does not reduce to Grundy values: the exact search over the sum's positions
    // (misère Nim alone by its closed form), as `grundy solve --misere`.
    SearchSolution s;
    if (is_nim_sum(sum)) {
      s = solve_misere_nim(sum, max_moves);
    } else {
      // Games are told apart by object, so two Python games of one name stay two games; a
      // search beyond max_states by its bound is refused before it starts.
      SearchOptions search;
      search.play = Play::misere;
      search.max_states = max_states;
      search.max_moves = max_moves;
      bool drawn = false;
      search.progress = search_progress(drawn);
      try {
        s = solve_by_search(sum, search);
      } catch (...) {
        if (drawn) std::fprintf(stderr, "\r\033[K");
        throw;
      }
      if (drawn) std::fprintf(stderr, "\r\033[K");
    }
    py::dict doc;
    doc["sum"] = format_sum(sum);
    doc["play"] = "misere";
    doc["winner"] = std::string(winner_name(s.outcome));
    doc["winning_moves"] = moves_list(s.winning_moves);
    doc["winning_moves_truncated"] = s.winning_moves_truncated;
    doc["winning_move_count"] = s.winning_move_count;
    return doc;
  }
  const PeriodOptions options = period_options(max_values);
  SumEvaluators evaluators(sum,
                           [&](std::shared_ptr<const Game> game) -> std::unique_ptr<ValueSource> {
                             if (auto it = custom.find(game.get()); it != custom.end()) {
                               return std::make_unique<MemoForward>(*it->second);
                             }
                             return std::make_unique<PeriodicSource>(std::move(game), options);
                           });
  const SumSolution solution = solve_sum(sum, evaluators.sources(), max_moves);

  py::dict doc;
  doc["sum"] = format_sum(sum);
  doc["play"] = "normal";
  doc["winner"] = std::string(winner_name(solution.outcome));
  // As in the command: no nim-sum when a component's value is unknown or infinite.
  if (solution.nim_sum_known && solution.infinite_components == 0) {
    doc["nim_sum"] = solution.nim_sum;
  }
  doc["winning_moves"] = moves_list(solution.winning_moves);
  doc["winning_moves_truncated"] = solution.winning_moves_truncated;
  doc["winning_move_count"] = solution.winning_move_count
                                  ? py::object(py::int_(*solution.winning_move_count))
                                  : py::object(py::none());
  // As in the command: the winning move to play (progress in loopy games), or None.
  doc["move_to_play"] = solution.move_to_play ? py::object(moves_list({*solution.move_to_play})[0])
                                              : py::object(py::none());
  return doc;
}

}  // namespace
}  // namespace grundy::python

PYBIND11_MODULE(grundy, m) {
  using namespace grundy::python;
  m.doc() = "Exact Grundy values, periods and winning moves of impartial games (Sprague-Grundy).";
  // Bad specs, positions and refused requests are the caller's input errors, as in the command.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const grundy::Error& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });

  py::class_<CustomGame>(m, "Game", "A game whose options come from a Python callable.")
      .def(py::init<py::function, std::string>(), py::arg("options"), py::arg("name") = "python",
           "options(p) returns an iterable of options, each a position or a tuple/list of "
           "positions whose values XOR; positions are hashable Python objects.")
      .def("value", &CustomGame::value, py::arg("position"), "The Grundy value of a position.")
      .def_property_readonly("name", [](const CustomGame& g) { return g.game->name(); });

  constexpr std::uint64_t kDefaultMax = 10'000'000;
  m.def("value", &value, py::arg("game"), py::arg("position"), py::arg("max") = kDefaultMax,
        "The Grundy value of a position: game is a spec or a grundy.Game; position is text or an "
        "int.");
  m.def("seq", &seq, py::arg("game"), py::arg("to"), py::arg("start") = 0,
        py::arg("max") = kDefaultMax, py::arg("numpy") = false,
        "g(start), ..., g(to) as an array('Q'), or with numpy=True a numpy uint64 array "
        "(ImportError without numpy).");
  bind_sequence_arrays(m);
  m.def("period", &period, py::arg("game"), py::arg("max") = kDefaultMax,
        "The proven period of a game, as the command's `period --json` document.");
  m.def("solve", &solve, py::arg("sum"), py::arg("misere") = false, py::arg("max_moves") = 20,
        py::arg("max") = kDefaultMax, py::arg("max_states") = grundy::kDefaultMaxStates,
        "Who wins a sum, its nim-sum and winning moves, as the command's `solve --json` "
        "document (misere=True: misère play, by exact search within max_states positions). sum "
        "is text or a list of (game, position) pairs.");

  // Nimber arithmetic on 64-bit nimbers (grundy nimber ...).
  m.def(
      "nim_mul", [](grundy::Value a, grundy::Value b) { return grundy::nim_mul(a, b); },
      py::arg("a"), py::arg("b"), "The nim-product of two 64-bit nimbers.");
  m.def("nim_inv", &grundy::nim_inv, py::arg("a"), "The nim-inverse (ValueError for 0).");
  m.def("nim_sqrt", &grundy::nim_sqrt, py::arg("a"), "The nim-square root.");
  m.def("nim_pow", &grundy::nim_pow, py::arg("a"), py::arg("k"), "a to the nim-power k.");
}
