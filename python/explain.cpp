// explain: why a position has its value (its options, their values, the mex; with misere=True
// each option's misère outcome), as `grundy explain`.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>

#include "areas.hpp"
#include "arguments.hpp"
#include "engine_call.hpp"
#include "games.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "results.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

py::object explain(const py::object& game, const py::object& position, std::uint64_t max_options,
                   bool misere, const EngineOptions& options) {
  CustomGames custom;
  const auto parsed = game_argument(game, custom);
  const Position p = position_argument(*parsed, position, custom);
  StoppableEngine request(options, custom);
  const Engine& engine = request.engine();
  if (misere) {
    const MisereExplanation e =
        request.run([&] { return engine.explain_misere(parsed, p, max_options); });
    return to_python(to_document(e));
  }
  const Explanation e = request.run([&] { return engine.explain(parsed, p, max_options); });
  return to_python(to_document(e));
}

}  // namespace

void init_explain(py::module_& m) {
  // The keywords' defaults are the engine's.
  const EngineOptions defaults;
  m.def(
      "explain",
      [](const py::object& game, const py::object& position, MaxOptions max_options, MaxValues max,
         MaxMemory max_memory, Threads threads, bool cache, bool misere, MaxStates max_states,
         bool quotient) {
        EngineOptions options = engine_options(max, max_memory, threads, cache);
        options.max_states = max_states;
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
}

}  // namespace grundy::python
