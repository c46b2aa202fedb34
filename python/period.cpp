// period: the proven period of a heap game, as `grundy period`.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>

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

py::object period(const py::object& game, bool verify, std::uint64_t max_work,
                  const EngineOptions& options) {
  CustomGames custom;
  const auto parsed = heap_game_argument(game, custom);
  const Engine engine = make_engine(options, custom);
  // A game no theorem covers (every Python game) gets the period its values show, never proven:
  // g(0..max-1) when max= is given, else the engine's default sample.
  const std::optional<std::uint64_t> observe =
      options.max_values == EngineOptions::kDefaultMaxValues ? std::nullopt
                                                             : std::optional(options.max_values);
  const PeriodReport report =
      without_gil(custom, [&] { return engine.period(parsed, verify, max_work, observe); });
  return to_python(to_document(report));
}

}  // namespace

void init_period(py::module_& m) {
  // The keywords' defaults are the engine's.
  const EngineOptions defaults;
  m.def(
      "period",
      [](const py::object& game, bool verify, MaxWork max_work, MaxValues max, MaxMemory max_memory,
         Threads threads, bool cache) {
        return period(game, verify, max_work, engine_options(max, max_memory, threads, cache));
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
}

}  // namespace grundy::python
