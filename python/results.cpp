// grundy.Result and the engine's documents as Python objects (results.hpp).
#include "results.hpp"

#include <pybind11/eval.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

#include "areas.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

/// to_python(doc), with the class of its dicts looked up once for the whole document. (A name
/// of its own: in a unity build every file's unnamed namespace is one, where this would hide
/// to_python(doc) from the other files.)
py::object document_to_python(const Document& doc, const py::object& result_class) {
  switch (doc.type()) {
    case Document::value_t::object: {
      py::object result = result_class();
      for (const auto& [key, value] : doc.items()) {
        result[py::str(key)] = document_to_python(value, result_class);
      }
      return result;
    }
    case Document::value_t::array: {
      py::list list;
      for (const Document& item : doc) list.append(document_to_python(item, result_class));
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

}  // namespace

py::object to_python(const Document& doc) {
  return document_to_python(doc, py::module_::import("grundy").attr("Result"));
}

void init_results(py::module_& m) {
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
)py",
           m.attr("__dict__"));
}

}  // namespace grundy::python
