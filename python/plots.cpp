// grundy.Svg and the plots of a heap game's values: plot and plot_period, as `grundy seq --plot`
// and `grundy period --plot`.
#include "plots.hpp"

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <string>

#include "areas.hpp"
#include "arguments.hpp"
#include "engine_call.hpp"
#include "games.hpp"
#include "grundy/core/atomic_file.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/engine/sequence_plot.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

Svg plot(const py::object& game, std::uint64_t to, std::uint64_t start, bool log_x,
         bool period_plot, const EngineOptions& options) {
  CustomGames custom;
  const auto parsed = heap_game_argument(game, custom);
  const Engine engine = make_engine(options, custom);
  const PlotScale scale = log_x ? PlotScale::log : PlotScale::linear;
  return without_gil(custom, [&] {
    if (period_plot) {
      // A game no theorem covers (every Python game): the values observed are plotted.
      return Svg{engine.period_plot(parsed, engine.period(parsed), scale)};
    }
    return Svg{engine.sequence_plot(parsed, start, to, scale)};
  });
}

}  // namespace

void init_plots(py::module_& m) {
  // The keywords' defaults are the engine's.
  const EngineOptions defaults;
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
  m.def(
      "plot",
      [](const py::object& game, To to, Start start, bool log_x, MaxValues max,
         MaxMemory max_memory, Threads threads, bool cache) {
        return plot(game, to, start, log_x, false, engine_options(max, max_memory, threads, cache));
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
      [](const py::object& game, bool log_x, MaxValues max, MaxMemory max_memory, Threads threads,
         bool cache) {
        return plot(game, 0, 0, log_x, true, engine_options(max, max_memory, threads, cache));
      },
      py::arg("game"), py::kw_only(), py::arg("log_x") = false,
      py::arg("max") = defaults.max_values, py::arg("max_memory") = py::none(),
      py::arg("threads") = 0, py::arg("cache") = true,
      R"(An SVG plot of what ``grundy period --plot`` draws: a few periods, the preperiod marked.)");
}

}  // namespace grundy::python
