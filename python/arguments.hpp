#pragma once
// Arguments of the Python module read as the command reads its own: a whole number that is
// negative or too large is a ValueError in the command's words (`to '-1': a whole number cannot be
// negative`, as `--to '-1': ...`), and an argument of the wrong type a TypeError that says what
// it may be, never a casting error of the bindings.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "grundy/core/value.hpp"

namespace grundy::python {

/// An argument's name as a template argument (the keyword it is given as).
template <std::size_t N>
struct Keyword {
  constexpr Keyword(const char (&text)[N]) { std::copy_n(text, N, name); }  // NOLINT: implicit
  char name[N];
};

/// A whole number 0..Max given as the argument `Name`: anything Python takes as an integer
/// (operator.index: int, bool, numpy's integers), not a float or text. Reads as a std::uint64_t.
template <Keyword Name, std::uint64_t Max = kMaxCoordinate>
struct WholeNumber {
  std::uint64_t value = 0;
  operator std::uint64_t() const noexcept { return value; }  // NOLINT: read as the number
};

/// `object` as a whole number 0..max: TypeError when Python does not take it as an integer,
/// Error (ValueError) in the command's words when it is negative or above max.
std::uint64_t whole_number(pybind11::handle object, std::string_view name, std::uint64_t max);

/// The decimal text of `object` when Python takes it as an integer (operator.index), else nothing.
std::optional<std::string> integer_text(pybind11::handle object);

/// A short repr of `object` for messages.
std::string shown(pybind11::handle object);

/// `max_memory=`: text as for `--max-memory` (`"8G"`), a whole number of bytes, or None.
struct MaxMemory {
  std::optional<std::string> text;
  operator std::optional<std::string>() const { return text; }  // NOLINT: read as the option
};

/// A position of a built-in game as the spec language's text: text as it is, a whole number
/// (a heap size) in decimal, a tuple or list of whole numbers (a point, heaps) as its coordinates
/// joined by commas, `(3, 5)` as `"3,5"`; TypeError for anything else.
std::string position_text(pybind11::handle position);

}  // namespace grundy::python

namespace pybind11::detail {

/// Raises instead of declining an argument it cannot read, so the error names the argument: the
/// functions taking whole numbers have a single overload, with no other to try.
template <grundy::python::Keyword Name, std::uint64_t Max>
struct type_caster<grundy::python::WholeNumber<Name, Max>> {
  using Number = grundy::python::WholeNumber<Name, Max>;
  PYBIND11_TYPE_CASTER(Number, const_name("int"));
  bool load(handle source, bool) {
    value.value = grundy::python::whole_number(source, Name.name, Max);
    return true;
  }
  static handle cast(const Number& number, return_value_policy, handle) {
    return PyLong_FromUnsignedLongLong(number.value);
  }
};

template <>
struct type_caster<grundy::python::MaxMemory> {
  PYBIND11_TYPE_CASTER(grundy::python::MaxMemory, const_name("Optional[Union[str, int]]"));
  bool load(handle source, bool);
  static handle cast(const grundy::python::MaxMemory& memory, return_value_policy, handle) {
    if (!memory.text) return none().release();
    return str(*memory.text).release();
  }
};

}  // namespace pybind11::detail
