// table and plot_table: the Grundy values of a two-coordinate game over a grid, as
// `grundy table` (--json, --plot).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstddef>
#include <optional>
#include <string>
#include <utility>

#include "areas.hpp"
#include "arguments.hpp"
#include "engine_call.hpp"
#include "games.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/engine/table_plot.hpp"
#include "grundy/engine/value_table.hpp"
#include "plots.hpp"
#include "results.hpp"
#include "sequence_arrays.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

/// The table of `grundy table`, computed for grundy.table and grundy.plot_table.
TableAnswer make_table(const py::object& game, const py::object& rows, const py::object& cols,
                       const EngineOptions& options) {
  const CoordinateRange row_range = table_range(rows, "--rows");
  const CoordinateRange col_range = cols.is_none() ? row_range : table_range(cols, "--cols");
  CustomGames custom;
  const auto parsed = game_argument(game, custom);
  const Engine engine = make_engine(options, custom);
  return without_gil(custom, [&] { return engine.table(parsed, row_range, col_range); });
}

/// `grundy table --json` as a dict; numpy=True: the values as a 2-D numpy masked array of uint64,
/// rows by columns, masked where the cell is not a position.
py::object table(const py::object& game, const py::object& rows, const py::object& cols, bool numpy,
                 const EngineOptions& options) {
  if (numpy) require_numpy("numpy=True");
  TableAnswer answer = make_table(game, rows, cols, options);
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
               const EngineOptions& options) {
  const CoordinateRange row_range = table_range(rows, "--rows");
  check_table_plot_size(row_range, cols.is_none() ? row_range : table_range(cols, "--cols"));
  return Svg{table_plot(make_table(game, rows, cols, options))};
}

}  // namespace

void init_tables(py::module_& m) {
  m.def(
      "table",
      [](const py::object& game, const py::object& rows, const py::object& cols, bool numpy,
         const std::optional<std::string>& max_memory) {
        EngineOptions options;
        if (max_memory) options.max_memory = parse_size(*max_memory);
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
      [](const py::object& game, const py::object& rows, const py::object& cols,
         const std::optional<std::string>& max_memory) {
        EngineOptions options;
        if (max_memory) options.max_memory = parse_size(*max_memory);
        return plot_table(game, rows, cols, options);
      },
      py::arg("game"), py::arg("rows"), py::arg("cols") = py::none(), py::kw_only(),
      py::arg("max_memory") = py::none(),
      R"(The heat map of grundy.table's values, as ``grundy table --plot`` (shown inline in Jupyter).

>>> str(grundy.plot_table("wythoff", rows=20)).startswith("<?xml")
True
)");
}

}  // namespace grundy::python
