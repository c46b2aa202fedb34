// formula: a closed form of g (or of the P-positions), as `grundy formula`.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "areas.hpp"
#include "arguments.hpp"
#include "engine_call.hpp"
#include "games.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/value.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "results.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

/// `grundy formula --json`: a closed form of a heap game (to: g(first..to) checked) or of a game
/// of two coordinates (rows, cols: the cells checked, as grundy.table reads them).
py::object formula(const py::object& game, const py::object& to, const py::object& rows,
                   const py::object& cols, const EngineOptions& options) {
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
  const Engine engine = make_engine(options, custom);
  const FormulaAnswer answer = without_gil(custom, [&] { return engine.formula(parsed, request); });
  return to_python(to_document(answer));
}

}  // namespace

void init_formula(py::module_& m) {
  // The keywords' defaults are the engine's.
  const EngineOptions defaults;
  m.def(
      "formula",
      [](const py::object& game, const py::object& to, const py::object& rows,
         const py::object& cols, MaxValues max, MaxMemory max_memory, Threads threads, bool cache) {
        return formula(game, to, rows, cols, engine_options(max, max_memory, threads, cache));
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
}

}  // namespace grundy::python
