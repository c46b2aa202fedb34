// Nimber arithmetic on 64-bit nimbers: the operations of `grundy nimber`, with its errors.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "areas.hpp"
#include "arguments.hpp"
#include "grundy/core/nimber.hpp"

namespace py = pybind11;

namespace grundy::python {

void init_nimbers(py::module_& m) {
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

}  // namespace grundy::python
