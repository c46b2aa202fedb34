// The Python module `grundy`: a thin face over the library, like the command. Results are plain
// dicts with the fields of the command's JSON documents, so a script can switch between the two.
#include <pybind11/eval.h>
#include <pybind11/functional.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "arguments.hpp"
#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/core/atomic_file.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/core/scanner.hpp"
#include "grundy/engine/defined_game.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/engine/match.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/misere_search.hpp"
#include "sequence_arrays.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

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

/// The Python-visible `grundy.Game`: a game whose options come from a Python callable, defined to
/// the engine (defined_game.hpp), which keeps its memo across calls so that values found once are
/// not searched again.
struct CustomGame {
  py::function options;
  bool integers;
  std::shared_ptr<PythonPositions> positions;
  DefinedGame defined;

  CustomGame(py::function options_function, std::string name, bool integers_)
      : options(std::move(options_function)),
        integers(integers_),
        positions(std::make_shared<PythonPositions>(name, integers_)),
        defined(definition(options, std::move(name), integers_, positions)) {}

  const std::shared_ptr<const Game>& game() const noexcept { return defined.game(); }

  /// The same callable read as a game of heap sizes, for the requests that take heaps (seq,
  /// period, plots, genus) of a game not declared `integers=True`: `grundy.seq(Game(options=
  /// lambda n: ...), to=30)` means g(0..30). Made once and kept, with its memo; an option that
  /// is not a whole number is refused there, naming it.
  CustomGame& as_heaps() {
    if (integers) return *this;
    if (!heaps_) heaps_ = std::make_unique<CustomGame>(options, game()->name(), true);
    return *heaps_;
  }

  /// A position given by the caller: any hashable object; with integer positions a whole number
  /// or its text, read as a heap size of a built-in game is (the command's words for -1).
  Position position(const py::handle& given) const {
    if (!integers) return positions->intern(given);
    if (py::isinstance<py::str>(given)) return Engine::position(*game(), given.cast<std::string>());
    const std::optional<std::string> text = integer_text(given);
    if (!text) {
      throw py::type_error("position must be a whole number or a string (the positions of " +
                           game()->name() + " are integers), not " + shown(given));
    }
    return Engine::position(*game(), *text);
  }

  Value value(const py::handle& given) { return defined.value(position(given)); }

 private:
  /// Each item the callable yields is one option: a position, or a tuple or list of positions
  /// whose values XOR.
  static GameDefinition definition(const py::function& options, std::string name, bool integers,
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

  std::unique_ptr<CustomGame> heaps_;  // as_heaps(), made on first use
};

/// A document (document.hpp) as Python objects: objects become `grundy.Result` dicts, numbers
/// stay whole ints (the command writes those of 2^53 and more as strings; Result.json() does the
/// same).
py::object to_python(const Document& doc, const py::object& result_class) {
  switch (doc.type()) {
    case Document::value_t::object: {
      py::object result = result_class();
      for (const auto& [key, value] : doc.items()) {
        result[py::str(key)] = to_python(value, result_class);
      }
      return result;
    }
    case Document::value_t::array: {
      py::list list;
      for (const Document& item : doc) list.append(to_python(item, result_class));
      return list;
    }
    case Document::value_t::string:
      return py::str(doc.get_ref<const std::string&>());
    case Document::value_t::boolean:
      return py::bool_(doc.get<bool>());
    case Document::value_t::number_unsigned:
      return py::int_(doc.get<std::uint64_t>());
    case Document::value_t::number_integer:
      return py::int_(doc.get<std::int64_t>());
    case Document::value_t::number_float:
      return py::float_(doc.get<double>());
    default:
      return py::none();
  }
}

py::object to_python(const Document& doc) {
  return to_python(doc, py::module_::import("grundy").attr("Result"));
}

/// Ctrl-C for work that stops itself at a safe point (write_sequence saves a checkpoint first):
/// the flag the engine polls, and the exception Python raised for the signal, to raise once the
/// engine has stopped.
struct DeferredInterrupt {
  std::atomic<bool> requested{false};
  std::optional<py::error_already_set> error;
};

/// Ctrl-C is honoured within about 100 ms wherever the engine reports progress
/// (KeyboardInterrupt); with the GIL released around the work, the check takes it back briefly.
/// With a DeferredInterrupt the work is asked to stop instead of being unwound at once.
class InterruptCheck {
 public:
  explicit InterruptCheck(DeferredInterrupt* deferred = nullptr) : deferred_(deferred) {}

  void operator()() {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    if (deferred_ != nullptr && deferred_->requested.load()) return;
    const py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) raised(py::error_already_set());
  }

  /// An exception of Python code run for the work (a signal handler's, or one raised inside a
  /// progress bar's code while a signal was handled there): thrown, or kept for when the work
  /// has stopped. Called with the GIL.
  void raised(py::error_already_set error) {
    if (deferred_ == nullptr) throw error;
    if (!deferred_->error) deferred_->error.emplace(std::move(error));
    deferred_->requested.store(true);
  }

 private:
  DeferredInterrupt* deferred_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

/// A progress bar (tqdm, when it is installed) for long work, and the Ctrl-C check.
class ProgressBar {
 public:
  explicit ProgressBar(std::string label, InterruptCheck check = InterruptCheck())
      : label_(std::move(label)), check_(check) {}
  ~ProgressBar() { close(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(std::uint64_t done, std::uint64_t total, const char* unit) {
    check_();
    const auto now = std::chrono::steady_clock::now();
    // Short work gets no bar: only after a second.
    if (now - started_ < std::chrono::seconds(1)) return;
    const py::gil_scoped_acquire gil;
    // A signal that arrives meanwhile is handled inside this Python code: its exception goes
    // where the check's would.
    try {
      if (!bar_) {
        if (!tqdm_available()) return;
        bar_ = py::module_::import("tqdm.auto")
                   .attr("tqdm")(py::arg("total") = total, py::arg("desc") = "grundy." + label_,
                                 py::arg("unit") = unit, py::arg("leave") = false);
      }
      bar_->attr("total") = total;
      bar_->attr("update")(done >= shown_ ? done - shown_ : 0);
      shown_ = std::max(shown_, done);
    } catch (py::error_already_set& e) {
      check_.raised(std::move(e));
    }
  }
  void close() {
    if (!bar_) return;
    const py::gil_scoped_acquire gil;
    try {
      bar_->attr("close")();
    } catch (py::error_already_set& e) {
      // Closed from a destructor, which cannot throw: a Ctrl-C handled here is sent again, for
      // the next check.
      if (e.matches(PyExc_KeyboardInterrupt)) PyErr_SetInterrupt();
    }
    bar_.reset();
  }

 private:
  /// Whether tqdm can be imported (asked once). Only an ImportError says no: any other exception
  /// (a KeyboardInterrupt raised inside the import) is thrown and asked again next time.
  static bool tqdm_available() {
    static std::optional<bool> available;  // read and written with the GIL
    if (!available) {
      try {
        py::module_::import("tqdm.auto");
        available = true;
      } catch (py::error_already_set& e) {
        if (!e.matches(PyExc_ImportError)) throw;
        available = false;
      }
    }
    return *available;
  }
  std::string label_;
  InterruptCheck check_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  std::optional<py::object> bar_;
  std::uint64_t shown_ = 0;
};

/// The engine's reporter for Python: warnings through `warnings.warn`, progress bars, Ctrl-C
/// (deferred to the engine's safe points when `deferred` is given).
Reporter python_reporter(DeferredInterrupt* deferred) {
  Reporter reporter;
  reporter.warning = [](const std::string& w) {
    const py::gil_scoped_acquire gil;
    PyErr_WarnEx(PyExc_RuntimeWarning, w.c_str(), 1);
  };
  reporter.table = [deferred](const std::string& label) -> TableProgress {
    auto bar = std::make_shared<ProgressBar>(label, InterruptCheck(deferred));
    return [bar](std::uint64_t done, std::uint64_t total) { bar->update(done, total, "values"); };
  };
  reporter.sequence = [deferred](const std::string& label) -> SequenceProgress {
    auto bar = std::make_shared<ProgressBar>(label, InterruptCheck(deferred));
    return [bar](std::uint64_t done, std::uint64_t total, std::size_t) {
      bar->update(done, total, "values");
    };
  };
  reporter.search = [deferred](const std::string& label) -> SearchProgressCallback {
    auto bar = std::make_shared<ProgressBar>(label, InterruptCheck(deferred));
    return [bar](const SearchProgress& p) {
      bar->update(p.states, p.bound.value_or(p.max_states), "states");
    };
  };
  reporter.quotient = [deferred](const std::string& label) {
    auto bar = std::make_shared<ProgressBar>(label, InterruptCheck(deferred));
    return [bar](const QuotientProgress& p) { bar->update(p.heap, 0, "heaps"); };
  };
  return reporter;
}

/// Keyword arguments shared by the functions, as the command's options.
struct CallOptions {
  std::uint64_t max_values = EngineOptions::kDefaultMaxValues;
  std::uint64_t max_states = kDefaultMaxStates;
  std::size_t max_moves = 20;
  std::optional<std::string> max_memory;
  unsigned threads = 0;
  bool use_cache = true;
  /// Misère play through the misère quotient where it decides (quotient=False: the search).
  bool misere_quotient = true;
};

/// Python games met in a request, so that the engine takes their values from their own memos.
using CustomGames = std::map<const Game*, CustomGame*>;

Engine make_engine(const CallOptions& limits, const CustomGames& custom = {},
                   DeferredInterrupt* deferred = nullptr) {
  EngineOptions options;
  options.max_values = limits.max_values;
  options.max_states = limits.max_states;
  options.max_moves = limits.max_moves;
  options.threads = limits.threads;
  options.use_cache = limits.use_cache;
  options.misere_quotient = limits.misere_quotient;
  if (limits.max_memory) options.max_memory = parse_size(*limits.max_memory);
  for (const auto& [game, defined] : custom) options.defined_games[game] = &defined->defined;
  return Engine(std::move(options), python_reporter(deferred));
}

/// The text of a spec; TypeError for what is neither a spec nor a grundy.Game.
std::string spec_argument(const py::handle& game) {
  if (!py::isinstance<py::str>(game)) {
    throw py::type_error("game must be a spec (a string) or a grundy.Game, not " + shown(game));
  }
  return game.cast<std::string>();
}

/// A game given as a spec or a grundy.Game.
std::shared_ptr<const Game> game_argument(const py::object& game, CustomGames& custom) {
  if (py::isinstance<CustomGame>(game)) {
    CustomGame& g = game.cast<CustomGame&>();
    custom[g.game().get()] = &g;
    return g.game();
  }
  return Engine::game(spec_argument(game));
}

/// A game given for a request of heap sizes (seq, period, plots, genus): a Python game is read as
/// a game of heap sizes (CustomGame::as_heaps).
std::shared_ptr<const Game> heap_game_argument(const py::object& game, CustomGames& custom) {
  if (py::isinstance<CustomGame>(game)) {
    CustomGame& heaps = game.cast<CustomGame&>().as_heaps();
    custom[heaps.game().get()] = &heaps;
    return heaps.game();
  }
  return game_argument(game, custom);
}

/// A position given as text, a whole number (a heap size) or a tuple of whole numbers
/// (position_text), or any hashable object for a Python game.
Position position_argument(const Game& game, const py::handle& position,
                           const CustomGames& custom) {
  if (custom.contains(&game)) return custom.at(&game)->position(position);
  return Engine::position(game, position_text(position));
}

/// The (game, position) pair of a sum's component, a tuple or a list of two.
py::sequence component_argument(const py::handle& item) {
  if ((!py::isinstance<py::tuple>(item) && !py::isinstance<py::list>(item)) || py::len(item) != 2) {
    throw py::type_error("a sum component is a (game, position) pair, not " + shown(item));
  }
  return py::reinterpret_borrow<py::sequence>(item);
}

/// A sum given as text (`"nim:3 + 0.07:20"`) or as a list of (game, position) pairs, a game being
/// a spec or a grundy.Game.
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

/// Runs `work` with the GIL released when no Python game takes part (Python games call back into
/// Python for their options).
template <class Work>
auto without_gil(const CustomGames& custom, Work&& work) -> decltype(work()) {
  if (!custom.empty()) return work();
  const py::gil_scoped_release released;
  return work();
}

py::object value(const py::object& game, const py::object& position, const CallOptions& limits) {
  CustomGames custom;
  const auto parsed = game_argument(game, custom);
  const Position p = position_argument(*parsed, position, custom);
  const Engine engine = make_engine(limits, custom);
  const PositionValue v = engine.value(parsed, std::span<const Position>(&p, 1)).values.at(0);
  if (v.value == kInfiniteValue) return py::str(v.infinite);
  return py::int_(v.value);
}

/// g(start), ..., g(to) as an `array('Q')`: one 8-byte machine word per value (the buffer
/// protocol), not a Python int object per value; numpy: a numpy uint64 array over the same words.
py::object seq(const py::object& game, std::uint64_t to, std::uint64_t start, bool numpy,
               const CallOptions& limits) {
  if (numpy) require_numpy("numpy=True");
  CustomGames custom;
  const auto parsed = heap_game_argument(game, custom);
  const Engine engine = make_engine(limits, custom);
  SequenceAnswer answer = without_gil(custom, [&] { return engine.seq(parsed, start, to); });
  if (numpy) return numpy_array(std::move(answer.values), "numpy=True");
  py::object array = py::module_::import("array").attr("array")("Q");
  array.attr("frombytes")(py::bytes(reinterpret_cast<const char*>(answer.values.data()),
                                    answer.values.size() * sizeof(std::uint64_t)));
  return array;
}

/// The maximal runs of equal values of g(start..to), as `grundy seq --runs --json`.
py::object runs(const py::object& game, std::uint64_t to, std::uint64_t start,
                const CallOptions& limits) {
  CustomGames custom;
  const auto parsed = heap_game_argument(game, custom);
  const Engine engine = make_engine(limits, custom);
  const RunsAnswer answer = without_gil(custom, [&] { return engine.runs(parsed, start, to); });
  return to_python(to_document(answer));
}

/// The genus of each heap start..to, as `grundy seq --misere --json`.
py::object genus(const py::object& game, std::uint64_t to, std::uint64_t start,
                 const CallOptions& limits) {
  CustomGames custom;
  const auto parsed = heap_game_argument(game, custom);
  const Engine engine = make_engine(limits, custom);
  const GenusAnswer answer = without_gil(custom, [&] { return engine.genera(parsed, start, to); });
  return to_python(to_document(answer));
}

/// g(0..to) into a sequence file, as `grundy seq --out FILE --json`. Ctrl-C stops the run at its
/// next safe point, after a checkpoint, and raises KeyboardInterrupt with the engine's message.
py::object write_sequence(const py::object& game, const std::filesystem::path& path,
                          std::uint64_t to, std::uint64_t checkpoint, const CallOptions& limits) {
  // The command's bound on --checkpoint.
  if (checkpoint > 86400) {
    throw Error("checkpoint is at most 86400 seconds (a day), not " + std::to_string(checkpoint));
  }
  CustomGames custom;
  const auto parsed = heap_game_argument(game, custom);
  DeferredInterrupt interrupt;
  const Engine engine = make_engine(limits, custom, &interrupt);
  try {
    const SequenceFileAnswer answer = without_gil(custom, [&] {
      return engine.write_sequence(parsed, path, to,
                                   std::chrono::seconds(static_cast<std::int64_t>(checkpoint)),
                                   &interrupt.requested);
    });
    // Ctrl-C after the last safe point: the file is complete, and the caller still stops.
    if (interrupt.error) throw *interrupt.error;
    return to_python(to_document(answer));
  } catch (const Interrupted& e) {
    if (!interrupt.error) throw;
    // A KeyboardInterrupt says what was saved; another exception (a signal handler of the
    // caller's) goes on as it was raised.
    if (!interrupt.error->matches(PyExc_KeyboardInterrupt)) throw *interrupt.error;
    PyErr_SetString(PyExc_KeyboardInterrupt, e.what());
    throw py::error_already_set();
  }
}

py::object period(const py::object& game, bool verify, std::uint64_t max_work,
                  const CallOptions& limits) {
  CustomGames custom;
  const auto parsed = heap_game_argument(game, custom);
  const Engine engine = make_engine(limits, custom);
  // A game no theorem covers (every Python game) gets the period its values show, never proven:
  // g(0..max-1) when max= is given, else the engine's default sample.
  const std::optional<std::uint64_t> observe = limits.max_values == EngineOptions::kDefaultMaxValues
                                                   ? std::nullopt
                                                   : std::optional(limits.max_values);
  const PeriodReport report =
      without_gil(custom, [&] { return engine.period(parsed, verify, max_work, observe); });
  return to_python(to_document(report));
}

py::object solve(const py::object& sum_text, bool misere, bool remoteness,
                 const CallOptions& limits) {
  CustomGames custom;
  const Sum sum = sum_argument(sum_text, custom);
  const Engine engine = make_engine(limits, custom);
  const SolveAnswer answer = without_gil(
      custom, [&] { return engine.solve(sum, misere ? Play::misere : Play::normal, remoteness); });
  return to_python(to_document(answer));
}

py::object quotient(const py::object& game, std::optional<std::uint64_t> max_heap,
                    std::uint64_t max_work, const CallOptions& limits) {
  CustomGames custom;
  const auto parsed = game_argument(game, custom);
  const Engine engine = make_engine(limits, custom);
  const QuotientAnswer answer = without_gil(custom, [&] {
    return engine.quotient(parsed, max_heap, max_work, engine.quotient_progress("quotient"));
  });
  return to_python(to_document(answer));
}

py::object explain(const py::object& game, const py::object& position, std::uint64_t max_options,
                   bool misere, const CallOptions& limits) {
  CustomGames custom;
  const auto parsed = game_argument(game, custom);
  const Position p = position_argument(*parsed, position, custom);
  const Engine engine = make_engine(limits, custom);
  if (misere) {
    const MisereExplanation e =
        without_gil(custom, [&] { return engine.explain_misere(parsed, p, max_options); });
    return to_python(to_document(e));
  }
  const Explanation e = without_gil(custom, [&] { return engine.explain(parsed, p, max_options); });
  return to_python(to_document(e));
}

/// `grundy.play`: a game against the perfect player. Each call returns the event the command's
/// `play --json` prints for it, as a grundy.Result.
class PythonMatch {
 public:
  PythonMatch(const py::object& sum_text, bool misere, bool computer_first, std::size_t list,
              const CallOptions& limits)
      : list_(list) {
    const Sum sum = sum_argument(sum_text, custom_);
    // The engine reads the Python games' memos for the whole match: keep the games alive.
    if (!py::isinstance<py::str>(sum_text)) {
      for (py::handle item : sum_text) {
        py::object game = component_argument(item)[0];
        if (py::isinstance<CustomGame>(game)) python_games_.push_back(std::move(game));
      }
    }
    engine_ = std::make_unique<Engine>(make_engine(limits, custom_));
    match_ = std::make_unique<Match>(*engine_, sum, misere ? Play::misere : Play::normal,
                                     !computer_first);
  }

  py::object start() const { return to_python(start_event(*match_)); }
  py::object position() const { return to_python(position_event(*match_, list_)); }
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
    const Match::Choice c = without_gil(custom_, [&] { return match_->computer_move(); });
    return to_python(move_event(c.move, false, c.verdict));
  }
  py::object hint() {
    const Match::Choice c = without_gil(custom_, [&] { return match_->hint(); });
    return to_python(hint_event(c));
  }
  /// A move typed as the command takes it (text or its number in the list): the move event, or
  /// a rejected event.
  py::object move(const py::object& typed) {
    const std::string text = py::str(typed).cast<std::string>();
    const Match::Typed t = without_gil(custom_, [&] { return match_->human_move(text); });
    if (!t.move) return to_python(rejected_event(text, t.found));
    return to_python(move_event(*t.move, true));
  }
  py::object undo() { return to_python(undo_event(match_->undo())); }

 private:
  std::size_t list_;
  CustomGames custom_;  // the Python games of the sum: their searches keep the GIL
  std::vector<py::object> python_games_;
  std::unique_ptr<Engine> engine_;
  std::unique_ptr<Match> match_;
};

/// An SVG picture that Jupyter shows inline (`_repr_svg_`); str() is the SVG text.
struct Svg {
  std::string text;
};

Svg plot(const py::object& game, std::uint64_t to, std::uint64_t start, bool log_x,
         bool period_plot, const CallOptions& limits) {
  CustomGames custom;
  const auto parsed = heap_game_argument(game, custom);
  const Engine engine = make_engine(limits, custom);
  const PlotScale scale = log_x ? PlotScale::log : PlotScale::linear;
  return without_gil(custom, [&] {
    if (period_plot) {
      // A game no theorem covers (every Python game): the values observed are plotted.
      return Svg{engine.period_plot(parsed, engine.period(parsed), scale)};
    }
    return Svg{engine.sequence_plot(parsed, start, to, scale)};
  });
}

/// The whole-number arguments, in the ranges of the command's options: --max and --max-states
/// 0..2^63-1, --threads 0..1024, --max-moves and --max-options 0..2^30, --max-heap and --list
/// 0..100000, --max-work 64 bits; --checkpoint 64 bits, then the command's bound; nimbers 64 bits,
/// named as the operands of `grundy nimber` (A, B, K, X). `to` and `start` take 64 bits, more
/// than --to and --from: Nim's g(n) = n past 2^63 (the engine refuses what it cannot compute).
using To = WholeNumber<"to", ~std::uint64_t{0}>;
using Start = WholeNumber<"start", ~std::uint64_t{0}>;
using MaxValues = WholeNumber<"max">;
using MaxStates = WholeNumber<"max_states">;
using Threads = WholeNumber<"threads", 1024>;
using MaxMoves = WholeNumber<"max_moves", std::uint64_t{1} << 30>;
using MaxOptions = WholeNumber<"max_options", std::uint64_t{1} << 30>;
using ListLength = WholeNumber<"list", 100000>;
using MaxWork = WholeNumber<"max_work", ~std::uint64_t{0}>;
using Checkpoint = WholeNumber<"checkpoint", ~std::uint64_t{0}>;
template <Keyword Name>
using Nimber = WholeNumber<Name, ~std::uint64_t{0}>;

// --- grundy.table and grundy.plot_table ------------------------------------------------------

/// `rows=` or `cols=` as the command's `--rows`/`--cols` (the same checks and wording): an int N
/// is 0..N, a pair (A, B) is A..B, and text is read as the command reads it (`"2..9"`).
CoordinateRange table_range(const py::handle& range, std::string_view option) {
  if (py::isinstance<py::str>(range))
    return CoordinateRange::parse(range.cast<std::string>(), option);
  if (py::isinstance<py::int_>(range) && !py::isinstance<py::bool_>(range)) {
    return CoordinateRange::parse(py::str(range).cast<std::string>(), option);
  }
  if (py::isinstance<py::tuple>(range) || py::isinstance<py::list>(range)) {
    const py::sequence pair = py::reinterpret_borrow<py::sequence>(range);
    if (pair.size() == 2 && py::isinstance<py::int_>(pair[0]) &&
        py::isinstance<py::int_>(pair[1])) {
      return CoordinateRange::parse(
          py::str(pair[0]).cast<std::string>() + ".." + py::str(pair[1]).cast<std::string>(),
          option);
    }
  }
  throw Error(std::string(option) + " is N (0..N), a pair (A, B) (A..B) or the text 'A..B', not " +
              quote_excerpt(py::repr(range).cast<std::string>()));
}

/// The table of `grundy table`, computed for grundy.table and grundy.plot_table.
TableAnswer make_table(const py::object& game, const py::object& rows, const py::object& cols,
                       const CallOptions& limits) {
  const CoordinateRange row_range = table_range(rows, "--rows");
  const CoordinateRange col_range = cols.is_none() ? row_range : table_range(cols, "--cols");
  CustomGames custom;
  const auto parsed = game_argument(game, custom);
  const Engine engine = make_engine(limits, custom);
  return without_gil(custom, [&] { return engine.table(parsed, row_range, col_range); });
}

/// `grundy table --json` as a dict; numpy=True: the values as a 2-D numpy masked array of uint64,
/// rows by columns, masked where the cell is not a position.
py::object table(const py::object& game, const py::object& rows, const py::object& cols, bool numpy,
                 const CallOptions& limits) {
  if (numpy) require_numpy("numpy=True");
  TableAnswer answer = make_table(game, rows, cols, limits);
  if (!numpy) return to_python(to_document(answer));
  const auto shape = py::make_tuple(answer.rows.count(), answer.cols.count());
  std::string mask(answer.is_position.size(), '\0');
  for (std::size_t i = 0; i < mask.size(); ++i) mask[i] = answer.is_position[i] ? 0 : 1;
  const py::module_ np = py::module_::import("numpy");
  py::object values = numpy_array(std::move(answer.values), "numpy=True").attr("reshape")(shape);
  py::object masked = np.attr("frombuffer")(py::bytes(mask), py::arg("dtype") = np.attr("bool_"))
                          .attr("reshape")(shape)
                          .attr("copy")();
  return np.attr("ma").attr("masked_array")(values, py::arg("mask") = masked);
}

/// `grundy table --plot`: the heat map, refused before computing when it would be too large.
Svg plot_table(const py::object& game, const py::object& rows, const py::object& cols,
               const CallOptions& limits) {
  const CoordinateRange row_range = table_range(rows, "--rows");
  check_table_plot_size(row_range, cols.is_none() ? row_range : table_range(cols, "--cols"));
  return Svg{table_plot(make_table(game, rows, cols, limits))};
}

/// `grundy formula --json`: a closed form of a heap game (to: g(first..to) checked) or of a game
/// of two coordinates (rows, cols: the cells checked, as grundy.table reads them).
py::object formula(const py::object& game, const py::object& to, const py::object& rows,
                   const py::object& cols, const CallOptions& limits) {
  FormulaRequest request;
  if (!to.is_none()) {
    request.to = whole_number(to, "to", kMaxCoordinate);
  }
  if (!rows.is_none()) request.rows = table_range(rows, "--rows");
  if (!cols.is_none()) {
    if (rows.is_none()) throw Error("--cols needs --rows");
    request.cols = table_range(cols, "--cols");
  }
  CustomGames custom;
  const auto parsed = heap_game_argument(game, custom);
  const Engine engine = make_engine(limits, custom);
  const FormulaAnswer answer = without_gil(custom, [&] { return engine.formula(parsed, request); });
  return to_python(to_document(answer));
}

void bind_table(py::module_& m) {
  const CallOptions defaults;
  m.def(
      "table",
      [=](const py::object& game, const py::object& rows, const py::object& cols, bool numpy,
          std::optional<std::string> max_memory) {
        CallOptions options = defaults;
        options.max_memory = std::move(max_memory);
        return table(game, rows, cols, numpy, options);
      },
      py::arg("game"), py::arg("rows"), py::arg("cols") = py::none(), py::kw_only(),
      py::arg("numpy") = false, py::arg("max_memory") = py::none(),
      R"(The Grundy values of a two-coordinate game over a grid, as ``grundy table --json``.

rows and cols are the two coordinates: N for 0..N, a pair (A, B) for A..B, or the command's text
"A..B"; cols defaults to rows. A cell that is not a position of the game (cut:1x5, chomp:2,3) is
None. numpy=True: a 2-D numpy masked array (uint64, rows by columns) masked at those cells.

>>> t = grundy.table("wythoff", rows=3)
>>> t["values"][1], t["p_positions"]
([1, 2, 0, 4], [[0, 0], [1, 2], [2, 1]])
)");
  m.def(
      "plot_table",
      [=](const py::object& game, const py::object& rows, const py::object& cols,
          std::optional<std::string> max_memory) {
        CallOptions options = defaults;
        options.max_memory = std::move(max_memory);
        return plot_table(game, rows, cols, options);
      },
      py::arg("game"), py::arg("rows"), py::arg("cols") = py::none(), py::kw_only(),
      py::arg("max_memory") = py::none(),
      R"(The heat map of grundy.table's values, as ``grundy table --plot`` (shown inline in Jupyter).

>>> str(grundy.plot_table("wythoff", rows=20)).startswith("<?xml")
True
)");
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

  m.attr("_page_from_module") = GRUNDY_PAGE_FROM_MODULE;
  // Results are dicts with the fields of the command's JSON documents; Result adds a readable
  // repr and json(), the command's JSON text.
  py::exec(R"py(
import json as _json
import pprint as _pprint

def _contract(x):
    if isinstance(x, bool):
        return x
    if isinstance(x, int):
        return str(x) if abs(x) >= 2**53 else x
    if isinstance(x, dict):
        return {k: _contract(v) for k, v in x.items()}
    if isinstance(x, list):
        return [_contract(v) for v in x]
    return x

class Result(dict):
    """A result: a dict with the fields of the command's --json document."""

    def document(self):
        """The command's JSON document as plain dicts and lists (numbers of 2**53 and more as
        strings, as the command writes them)."""
        return _contract(self)

    def json(self):
        """The command's --json text for this result."""
        return _json.dumps(self.document(), ensure_ascii=False, separators=(",", ":"))

    def __repr__(self):
        return _pprint.pformat(dict(self), width=100, sort_dicts=False)

def page():
    """page() -> str

    The path of the page, grundy.html: the engine in WebAssembly in one file that a browser opens
    from disk (docs/page.md). `cmake --install` of the page's build (the page
    preset) puts it into a prefix; this module finds it there when it is installed into the same
    prefix, and raises FileNotFoundError otherwise."""
    import os
    path = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                         _page_from_module))
    if not os.path.isfile(path):
        raise FileNotFoundError(
            "the page is not installed: no " + path + " (cmake --preset page && cmake --build "
            "--preset page && cmake --install build/page --prefix PREFIX, with the PREFIX this "
            "module is installed in)")
    return path
)py",
           m.attr("__dict__"));

  py::class_<Svg>(m, "Svg", "An SVG picture: shown inline by Jupyter; str() is the SVG text.")
      .def("_repr_svg_", [](const Svg& svg) { return svg.text; })
      .def("__str__", [](const Svg& svg) { return svg.text; })
      .def("__repr__",
           [](const Svg& svg) {
             return "<grundy.Svg, " + std::to_string(svg.text.size()) + " bytes>";
           })
      .def(
          "save",
          [](const Svg& svg, const std::string& path) {
            grundy::write_file_atomically(path, svg.text);
          },
          py::arg("path"), "Writes the SVG to a file (complete or not at all).");

  using grundy::EngineOptions;
  const CallOptions defaults;
  // Every function takes the command's limits as keywords.
  auto call_options = [](std::uint64_t max, std::uint64_t max_states, std::size_t max_moves,
                         std::optional<std::string> max_memory, unsigned threads, bool cache) {
    return CallOptions{max, max_states, max_moves, std::move(max_memory), threads, cache};
  };
  m.def(
      "value",
      [=](const py::object& game, const py::object& position, MaxValues max, MaxMemory max_memory,
          Threads threads, bool cache) {
        return value(game, position,
                     call_options(max, defaults.max_states, defaults.max_moves,
                                  std::move(max_memory), threads, cache));
      },
      py::arg("game"), py::arg("position"), py::kw_only(), py::arg("max") = defaults.max_values,
      py::arg("max_memory") = py::none(), py::arg("threads") = 0, py::arg("cache") = true,
      R"(The Grundy value of a position (``grundy value``).

game is a spec or a grundy.Game; position is text or an int. An infinite loopy value is the
text ``inf{K}``.

>>> grundy.value("kayles", 10**15)
1
)");
  m.def(
      "seq",
      [=](const py::object& game, To to, Start start, bool numpy, bool runs_wanted, MaxValues max,
          MaxMemory max_memory, Threads threads, bool cache) -> py::object {
        const CallOptions options = call_options(max, defaults.max_states, defaults.max_moves,
                                                 std::move(max_memory), threads, cache);
        if (runs_wanted) {
          if (numpy)
            throw grundy::Error("runs=True and numpy=True are two different results; choose one");
          return runs(game, to, start, options);
        }
        return seq(game, to, start, numpy, options);
      },
      py::arg("game"), py::arg("to"), py::arg("start") = 0, py::kw_only(), py::arg("numpy") = false,
      py::arg("runs") = false, py::arg("max") = defaults.max_values,
      py::arg("max_memory") = py::none(), py::arg("threads") = 0, py::arg("cache") = true,
      R"doc(g(start), ..., g(to) as an array('Q') (``grundy seq``); numpy=True: a numpy uint64 array.

runs=True: the maximal runs of equal values instead, as ``grundy seq --runs --json`` (a dict whose
"runs" are {"from", "to", "value"}); division games give them at once for any range.

>>> grundy.seq("0.07", to=10)
array('Q', [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3])
>>> grundy.seq("div(2,3,4,5,6)", to=10**18, runs=True)["runs"][:3]
[{'from': 0, 'to': 0, 'value': 0}, {'from': 1, 'to': 1, 'value': 1}, {'from': 2, 'to': 3, 'value': 2}]
)doc");
  m.def(
      "genus",
      [=](const py::object& game, To to, Start start, MaxStates max_states, MaxValues max,
          MaxMemory max_memory, Threads threads, bool cache) {
        return genus(game, to, start,
                     call_options(max, max_states, defaults.max_moves, std::move(max_memory),
                                  threads, cache));
      },
      py::arg("game"), py::arg("to"), py::arg("start") = 0, py::kw_only(),
      py::arg("max_states") = defaults.max_states, py::arg("max") = defaults.max_values,
      py::arg("max_memory") = py::none(), py::arg("threads") = 0, py::arg("cache") = true,
      R"(The genus of each heap start..to, as ``grundy seq GAME --misere --json``.

Each entry is [g, [gamma0, gamma1, ...]]: the Grundy value and the misère values of the heap
plus heaps of 2 (Conway's genus, Winning Ways ch. 13), the final alternating pair written once.
The searches share one memo and stop at max_states positions (ValueError with the command's
message when the last heap's bound passes it).

>>> g = grundy.genus("0.312", to=4)
>>> g["play"], g["genus"]
('misere', [[0, [1, 2, 0]], [1, [0, 3, 1]], [2, [2, 0]], [0, [0, 2]], [2, [1, 4, 2, 0]]])
)");
  m.def(
      "write_sequence",
      [=](const py::object& game, const std::filesystem::path& path, To to, Checkpoint checkpoint,
          MaxValues max, MaxMemory max_memory, Threads threads, bool cache) {
        return write_sequence(game, path, to, checkpoint,
                              call_options(max, defaults.max_states, defaults.max_moves,
                                           std::move(max_memory), threads, cache));
      },
      py::arg("game"), py::arg("path"), py::arg("to"), py::kw_only(), py::arg("checkpoint") = 60,
      py::arg("max") = defaults.max_values, py::arg("max_memory") = py::none(),
      py::arg("threads") = 0, py::arg("cache") = true,
      R"(g(0..to) into a sequence file, as ``grundy seq GAME --to N --out FILE --json``.

The file (docs/file-formats.md) is continued from what it holds and saved at least every
checkpoint seconds. Ctrl-C stops the run at its next safe point after saving, and raises
KeyboardInterrupt saying what is saved; the same call continues from there. The result is the
command's summary; grundy.open_sequence(path) reads the values.

>>> import os, tempfile
>>> folder = tempfile.TemporaryDirectory()
>>> s = grundy.write_sequence("0.07", os.path.join(folder.name, "dawson.gseq"), to=1000)
>>> s["count"], s["value_bytes"], s["preperiod"], s["period"]
(1001, 1, 53, 34)
>>> folder.cleanup()
)");
  bind_sequence_arrays(m);
  m.def(
      "period",
      [=](const py::object& game, bool verify, MaxWork max_work, MaxValues max,
          MaxMemory max_memory, Threads threads, bool cache) {
        return period(game, verify, max_work,
                      call_options(max, defaults.max_states, defaults.max_moves,
                                   std::move(max_memory), threads, cache));
      },
      py::arg("game"), py::kw_only(), py::arg("verify") = false,
      py::arg("max_work") = grundy::Engine::kDefaultVerifyWork,
      py::arg("max") = defaults.max_values, py::arg("max_memory") = py::none(),
      py::arg("threads") = 0, py::arg("cache") = true,
      R"(The proven period of a heap game, as ``grundy period --json`` (verify=True: ``--verify``).

Of a grundy.Game(..., integers=True), which no theorem covers: the period its values show,
observed and never proven ("proven": False, the period in "observed").

>>> p = grundy.period("kayles")
>>> p["preperiod"], p["period"], p["saltus"]
(71, 12, 0)
)");
  m.def(
      "formula",
      [=](const py::object& game, const py::object& to, const py::object& rows,
          const py::object& cols, MaxValues max, MaxMemory max_memory, Threads threads,
          bool cache) {
        return formula(game, to, rows, cols,
                       call_options(max, defaults.max_states, defaults.max_moves,
                                    std::move(max_memory), threads, cache));
      },
      py::arg("game"), py::kw_only(), py::arg("to") = py::none(), py::arg("rows") = py::none(),
      py::arg("cols") = py::none(), py::arg("max") = defaults.max_values,
      py::arg("max_memory") = py::none(), py::arg("threads") = 0, py::arg("cache") = true,
      R"doc(A closed form of g (or of the P-positions), as ``grundy formula --json``.

The form comes from a theorem where one covers the game (then "proven" is True and "proof" says
which), else from the values, and is then only observed ("not_proven" says why). It is checked
against g(first..to) of a heap game (to: default 99999, fewer where slow), or the cells rows x
cols of a game of two coordinates (as grundy.table takes them; default 0..63), before it is
returned. "formula" and "definitions" are for a person; "cpp" and "python" are functions to
paste into a program: ``grundy_value(n)`` (or ``(x, y)``), or ``is_p_position`` for a form of the
P-positions.

>>> f = grundy.formula("sub(1,2,3)")
>>> f["formula"], f["proven"]
('n mod 4', True)
>>> namespace = {}
>>> exec(f["python"], namespace)
>>> namespace["grundy_value"](10**18)
0
)doc");
  m.def(
      "solve",
      [=](const py::object& sum, bool misere, bool remoteness, MaxMoves max_moves, MaxValues max,
          MaxStates max_states, MaxMemory max_memory, Threads threads, bool cache, bool quotient) {
        CallOptions options =
            call_options(max, max_states, max_moves, std::move(max_memory), threads, cache);
        options.misere_quotient = quotient;
        return solve(sum, misere, remoteness, options);
      },
      py::arg("sum"), py::arg("misere") = false, py::kw_only(), py::arg("remoteness") = false,
      py::arg("max_moves") = defaults.max_moves, py::arg("max") = defaults.max_values,
      py::arg("max_states") = defaults.max_states, py::arg("max_memory") = py::none(),
      py::arg("threads") = 0, py::arg("cache") = true, py::arg("quotient") = true,
      R"(Who wins a sum and every winning move, as ``grundy solve --json``.

sum is text or a list of (game, position) pairs (a game: a spec or a grundy.Game). misere=True
plays misère: sums of heaps of heap games through the misère quotient of their games when it is
found within its budget, else by exact search within max_states positions (quotient=False: always
the search, as ``--no-quotient``); "decided_by" says which. remoteness=True adds the remoteness.

>>> grundy.solve("nim:3 + nim:4 + nim:5")["winning_moves"]
[{'component': 0, 'from': 'nim:3', 'to': 'nim:1'}]
)");
  m.def(
      "explain",
      [=](const py::object& game, const py::object& position, MaxOptions max_options, MaxValues max,
          MaxMemory max_memory, Threads threads, bool cache, bool misere, MaxStates max_states,
          bool quotient) {
        CallOptions options = call_options(max, max_states, defaults.max_moves,
                                           std::move(max_memory), threads, cache);
        options.misere_quotient = quotient;
        return explain(game, position, max_options, misere, options);
      },
      py::arg("game"), py::arg("position"), py::kw_only(), py::arg("max_options") = 200,
      py::arg("max") = defaults.max_values, py::arg("max_memory") = py::none(),
      py::arg("threads") = 0, py::arg("cache") = true, py::arg("misere") = false,
      py::arg("max_states") = defaults.max_states, py::arg("quotient") = true,
      R"(Why a position has its value, as ``grundy explain --json``: its options, their values, the mex.
With misere=True, as ``grundy explain --misere --json``: each option's misère outcome and, for a
heap game, its class in the misère quotient.

>>> e = grundy.explain("0.07", 4)
>>> e["value"], e["mex"], [o["option"] for o in e["options"] if o["winning"]]
(2, 2, ['0.07:1 + 0.07:1'])
)");
  m.def(
      "quotient",
      [=](const py::object& game, const py::object& max_heap, MaxWork max_work,
          MaxMemory max_memory, bool cache) {
        // None: the complete quotient, as the command without --max-heap.
        std::optional<std::uint64_t> heaps;
        if (!max_heap.is_none())
          heaps = whole_number(max_heap, "max_heap", grundy::kMaxQuotientHeap);
        return quotient(game, heaps, max_work,
                        call_options(defaults.max_values, defaults.max_states, defaults.max_moves,
                                     std::move(max_memory), 0, cache));
      },
      py::arg("game"), py::kw_only(), py::arg("max_heap") = py::none(),
      py::arg("max_work") = grundy::kDefaultQuotientWork, py::arg("max_memory") = py::none(),
      py::arg("cache") = true,
      R"(The misère quotient of a heap game's sums of heaps 0..max_heap, as ``grundy quotient --json``;
without max_heap, until phi's period is proven ("complete": True, the quotient of every heap size)
or the budget ends ("complete": False).

>>> q = grundy.quotient("kayles", max_heap=12)
>>> q["order"], q["tame"]
(24, False)
>>> q = grundy.quotient("kayles")
>>> q["order"], q["complete"]
(40, True)
)");
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
      [=](const py::object& sum, bool misere, bool computer_first, ListLength list, MaxValues max,
          MaxStates max_states, MaxMemory max_memory, Threads threads, bool cache, bool quotient) {
        CallOptions options = call_options(max, max_states, defaults.max_moves,
                                           std::move(max_memory), threads, cache);
        options.misere_quotient = quotient;
        return std::make_unique<PythonMatch>(sum, misere, computer_first, list, options);
      },
      py::arg("sum"), py::arg("misere") = false, py::kw_only(), py::arg("computer_first") = false,
      py::arg("list") = 40, py::arg("max") = defaults.max_values,
      py::arg("max_states") = grundy::Match::kDefaultMaxStates, py::arg("max_memory") = py::none(),
      py::arg("threads") = 0, py::arg("cache") = true, py::arg("quotient") = true,
      R"(A game against the perfect player (``grundy play``): a grundy.Match.

>>> m = grundy.play("nim:3 + nim:4 + nim:5")
>>> m.hint()["move"]
{'component': 0, 'from': 'nim:3', 'to': 'nim:1'}
>>> m.move("0: nim:1")["to"], m.computer_move()["verdict"]
('nim:1', 'loss')
)");
  m.def(
      "plot",
      [=](const py::object& game, To to, Start start, bool log_x, MaxValues max,
          MaxMemory max_memory, Threads threads, bool cache) {
        return plot(game, to, start, log_x, false,
                    call_options(max, defaults.max_states, defaults.max_moves,
                                 std::move(max_memory), threads, cache));
      },
      py::arg("game"), py::arg("to"), py::arg("start") = 0, py::kw_only(), py::arg("log_x") = false,
      py::arg("max") = defaults.max_values, py::arg("max_memory") = py::none(),
      py::arg("threads") = 0, py::arg("cache") = true,
      R"(An SVG scatter plot of g(start..to), as ``grundy seq --plot`` (shown inline in Jupyter).

>>> svg = grundy.plot("0.07", to=100)
>>> str(svg).startswith("<?xml")
True
)");
  m.def(
      "plot_period",
      [=](const py::object& game, bool log_x, MaxValues max, MaxMemory max_memory, Threads threads,
          bool cache) {
        return plot(game, 0, 0, log_x, true,
                    call_options(max, defaults.max_states, defaults.max_moves,
                                 std::move(max_memory), threads, cache));
      },
      py::arg("game"), py::kw_only(), py::arg("log_x") = false,
      py::arg("max") = defaults.max_values, py::arg("max_memory") = py::none(),
      py::arg("threads") = 0, py::arg("cache") = true,
      R"(An SVG plot of what ``grundy period --plot`` draws: a few periods, the preperiod marked.)");
  bind_table(m);

  // Nimber arithmetic on 64-bit nimbers: the operations of `grundy nimber`, with its errors.
  m.def(
      "nim_add", [](Nimber<"a"> a, Nimber<"b"> b) { return grundy::nim_sum(a, b); }, py::arg("a"),
      py::arg("b"),
      R"(a + b, nim-addition (XOR): ``grundy nimber add``.

>>> grundy.nim_add(3, 5)
6
)");
  m.def(
      "nim_mul", [](Nimber<"a"> a, Nimber<"b"> b) { return grundy::nim_mul(a, b); }, py::arg("a"),
      py::arg("b"),
      R"(a * b, nim-multiplication: ``grundy nimber mul``.

>>> grundy.nim_mul(3141, 5926)
14994
)");
  m.def(
      "nim_div", [](Nimber<"a"> a, Nimber<"b"> b) { return grundy::nim_div(a, b); }, py::arg("a"),
      py::arg("b"),
      R"(a * b^-1: ``grundy nimber div`` (ValueError when b is 0).

>>> grundy.nim_div(grundy.nim_mul(7, 9), 9)
7
)");
  m.def(
      "nim_inv", [](Nimber<"a"> a) { return grundy::nim_inv(a); }, py::arg("a"),
      R"(The nim-inverse a^-1: ``grundy nimber inv`` (ValueError for 0).

>>> grundy.nim_inv(2)
3
)");
  m.def(
      "nim_square", [](Nimber<"a"> a) { return grundy::nim_square(a); }, py::arg("a"),
      R"(a * a: ``grundy nimber square``.

>>> grundy.nim_square(2)
3
)");
  m.def(
      "nim_sqrt", [](Nimber<"a"> a) { return grundy::nim_sqrt(a); }, py::arg("a"),
      R"(The b with b * b = a: ``grundy nimber sqrt``.

>>> grundy.nim_sqrt(3)
2
)");
  m.def(
      "nim_pow", [](Nimber<"a"> a, Nimber<"k"> k) { return grundy::nim_pow(a, k); }, py::arg("a"),
      py::arg("k"),
      R"(a^k, k an ordinary integer (a^0 = 1): ``grundy nimber pow``.

>>> grundy.nim_pow(2, 2), grundy.nim_pow(2, 3)
(3, 1)
)");
  m.def(
      "nim_order", [](Nimber<"a"> a) { return grundy::nim_order(a); }, py::arg("a"),
      R"(The least k > 0 with a^k = 1: ``grundy nimber order`` (ValueError for 0).

>>> grundy.nim_order(2)
3
)");
  m.def(
      "nim_log", [](Nimber<"a"> a, Nimber<"x"> x) { return grundy::nim_log(a, x); }, py::arg("a"),
      py::arg("x"),
      R"(The least k >= 0 with a^k = x, or None: ``grundy nimber log``.

>>> grundy.nim_log(2, 3), grundy.nim_log(2, 8)
(2, None)
)");
}
