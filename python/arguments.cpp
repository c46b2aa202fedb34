#include "arguments.hpp"

#include "grundy/core/error.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/core/scanner.hpp"

namespace py = pybind11;

namespace grundy::python {

std::optional<std::string> integer_text(py::handle object) {
  // Python's own test of an integer (operator.index): floats and text are not integers.
  PyObject* index = PyNumber_Index(object.ptr());
  if (index == nullptr) {
    PyErr_Clear();
    return std::nullopt;
  }
  return py::str(py::reinterpret_steal<py::object>(index)).cast<std::string>();
}

std::string shown(py::handle object) {
  return quote_excerpt(py::repr(object).cast<std::string>(), 40);
}

std::optional<std::filesystem::path> optional_path(py::handle object, std::string_view name) {
  if (object.is_none()) return std::nullopt;
  if (py::isinstance<py::str>(object)) return std::filesystem::path(object.cast<std::string>());
  if (py::hasattr(object, "__fspath__")) {
    const py::object text = py::module_::import("os").attr("fspath")(object);
    if (py::isinstance<py::str>(text)) return std::filesystem::path(text.cast<std::string>());
  }
  throw py::type_error(std::string(name) +
                       " must be a path (a str or an os.PathLike) or None, not " + shown(object));
}

std::uint64_t whole_number(py::handle object, std::string_view name, std::uint64_t max) {
  const std::optional<std::string> text = integer_text(object);
  if (!text) {
    throw py::type_error(std::string(name) + " must be a whole number (an int), not " +
                         shown(object));
  }
  // The command's reading of a number option (parse_number_option), with the keyword's name.
  Scanner in(*text);
  try {
    return in.unsigned_integer("a whole number", max);
  } catch (const SpecError& e) {
    throw Error(std::string(name) + " '" + quote_excerpt(*text) + "': " + e.detail());
  }
}

std::string position_text(py::handle position) {
  if (py::isinstance<py::str>(position)) return position.cast<std::string>();
  const auto refused = [&] {
    return py::type_error(
        "position must be a whole number, a tuple of whole numbers or a string, not " +
        shown(position));
  };
  if (py::isinstance<py::tuple>(position) || py::isinstance<py::list>(position)) {
    std::string text;
    for (py::handle coordinate : position) {
      const std::optional<std::string> number = integer_text(coordinate);
      if (!number) throw refused();
      if (!text.empty()) text += ',';
      text += *number;
    }
    return text;
  }
  if (std::optional<std::string> number = integer_text(position)) return *number;
  throw refused();
}

CoordinateRange table_range(py::handle range, std::string_view option) {
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

}  // namespace grundy::python

namespace pybind11::detail {

bool type_caster<grundy::python::MaxMemory>::load(handle source, bool) {
  if (source.is_none()) {
    value.bytes.reset();
  } else if (isinstance<str>(source)) {
    value.bytes = grundy::parse_size(source.cast<std::string>());
  } else if (std::optional<std::string> bytes = grundy::python::integer_text(source)) {
    value.bytes = grundy::parse_size(*bytes);  // a plain number is bytes
  } else {
    throw type_error("max_memory must be text such as '8G' or a number of bytes, not " +
                     grundy::python::shown(source));
  }
  return true;
}

}  // namespace pybind11::detail
