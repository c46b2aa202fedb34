// value, seq (runs=True: the runs of equal values), genus and write_sequence: the values of
// positions and of heaps, as `grundy value` and `grundy seq`.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "areas.hpp"
#include "arguments.hpp"
#include "engine_call.hpp"
#include "games.hpp"
#include "grundy/analysis/sequence_run.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "reporter.hpp"
#include "results.hpp"
#include "sequence_arrays.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

py::object value(const py::object& game, const py::object& position, const EngineOptions& options) {
  CustomGames custom;
  const auto parsed = game_argument(game, custom);
  const Position p = position_argument(*parsed, position, custom);
  StoppableEngine request(options, custom);
  const PositionValue v = request.run([&] {
    return request.engine().value(parsed, std::span<const Position>(&p, 1)).values.at(0);
  });
  if (v.value == kInfiniteValue) return py::str(v.infinite);
  return py::int_(v.value);
}

/// g(start), ..., g(to) as an `array('Q')`: one 8-byte machine word per value (the buffer
/// protocol), not a Python int object per value; numpy: a numpy uint64 array over the same words.
py::object seq(const py::object& game, std::uint64_t to, std::uint64_t start, bool numpy,
               const EngineOptions& options) {
  if (numpy) require_numpy("numpy=True");
  CustomGames custom;
  const auto parsed = heap_game_argument(game, custom);
  const Engine engine = make_engine(options, custom);
  SequenceAnswer answer = without_gil(custom, [&] { return engine.seq(parsed, start, to); });
  if (numpy) return numpy_array(std::move(answer.values), "numpy=True");
  py::object array = py::module_::import("array").attr("array")("Q");
  array.attr("frombytes")(py::bytes(reinterpret_cast<const char*>(answer.values.data()),
                                    answer.values.size() * sizeof(std::uint64_t)));
  return array;
}

/// The maximal runs of equal values of g(start..to), as `grundy seq --runs --json`.
py::object runs(const py::object& game, std::uint64_t to, std::uint64_t start,
                const EngineOptions& options) {
  CustomGames custom;
  const auto parsed = heap_game_argument(game, custom);
  const Engine engine = make_engine(options, custom);
  const RunsAnswer answer = without_gil(custom, [&] { return engine.runs(parsed, start, to); });
  return to_python(to_document(answer));
}

/// The genus of each heap start..to, as `grundy seq --misere --json`.
py::object genus(const py::object& game, std::uint64_t to, std::uint64_t start,
                 const EngineOptions& options) {
  CustomGames custom;
  const auto parsed = heap_game_argument(game, custom);
  const Engine engine = make_engine(options, custom);
  const GenusAnswer answer = without_gil(custom, [&] { return engine.genera(parsed, start, to); });
  return to_python(to_document(answer));
}

/// g(0..to) into a sequence file, as `grundy seq --out FILE --json`. Ctrl-C stops the run at its
/// next safe point, after a checkpoint, and raises KeyboardInterrupt with the engine's message.
py::object write_sequence(const py::object& game, const std::filesystem::path& path,
                          std::uint64_t to, std::uint64_t checkpoint,
                          const EngineOptions& options) {
  // The command's bound on --checkpoint.
  if (checkpoint > 86400) {
    throw Error("checkpoint is at most 86400 seconds (a day), not " + std::to_string(checkpoint));
  }
  CustomGames custom;
  const auto parsed = heap_game_argument(game, custom);
  DeferredInterrupt interrupt;
  const Engine engine = make_engine(options, custom, &interrupt);
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

}  // namespace

void init_values(py::module_& m) {
  // The keywords' defaults are the engine's.
  const EngineOptions defaults;
  m.def(
      "value",
      [](const py::object& game, const py::object& position, MaxValues max, MaxMemory max_memory,
         Threads threads, bool cache, const py::object& table,
         std::optional<TopBudget> top_budget) {
        EngineOptions options = engine_options(max, max_memory, threads, cache);
        set_component_search(options, table, top_budget);
        return value(game, position, options);
      },
      py::arg("game"), py::arg("position"), py::kw_only(), py::arg("max") = defaults.max_values,
      py::arg("max_memory") = py::none(), py::arg("threads") = 0, py::arg("cache") = true,
      py::arg("table") = py::none(), py::arg("top_budget") = py::none(),
      R"(The Grundy value of a position (``grundy value``).

game is a spec or a grundy.Game; position is text or an int. An infinite loopy value is the
text ``inf{K}``.

Node-Kayles, Arc-Kayles and Cram (the component search) take table=, a path: the search's table
file, read when it exists and written when the search ends or is stopped, as ``--table``; and
top_budget=, the nodes each option at the top gets in a round's first pass, as ``--top-budget``.
Ctrl-C stops the search (its table saved) and raises KeyboardInterrupt.

>>> grundy.value("kayles", 10**15)
1
)");
  m.def(
      "seq",
      [](const py::object& game, To to, Start start, bool numpy, bool runs_wanted, MaxValues max,
         MaxMemory max_memory, Threads threads, bool cache) -> py::object {
        const EngineOptions options = engine_options(max, max_memory, threads, cache);
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
      [](const py::object& game, To to, Start start, MaxStates max_states, MaxValues max,
         MaxMemory max_memory, Threads threads, bool cache) {
        EngineOptions options = engine_options(max, max_memory, threads, cache);
        options.max_states = max_states;
        return genus(game, to, start, options);
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
      [](const py::object& game, const std::filesystem::path& path, To to, Checkpoint checkpoint,
         MaxValues max, MaxMemory max_memory, Threads threads, bool cache) {
        return write_sequence(game, path, to, checkpoint,
                              engine_options(max, max_memory, threads, cache));
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
}

}  // namespace grundy::python
