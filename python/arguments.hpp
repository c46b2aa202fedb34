#pragma once
// Arguments of the Python module read as the command reads its own: a whole number that is
// negative or too large is a ValueError in the command's words (`to '-1': a whole number cannot be
// negative`, as `--to '-1': ...`), and an argument of the wrong type a TypeError that says what
// it may be, never a casting error of the bindings.
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include "grundy/core/value.hpp"
#include "grundy/engine/value_table.hpp"

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

/// `max_memory=`: text as for `--max-memory` (`"8G"`), a whole number of bytes, or None (the
/// memory available); read into bytes as the command reads `--max-memory` (parse_size), where the
/// keyword is read.
struct MaxMemory {
  std::optional<std::uint64_t> bytes;
};

/// The whole-number arguments, in the ranges of the command's options: --max and --max-states
/// 0..2^63-1, --threads 0..1024, --max-moves and --max-options 0..2^30, --max-heap and --list
/// 0..100000, --max-work 64 bits; --checkpoint 64 bits, then the command's bound; --top-budget
/// 0..2^62; nimbers 64 bits,
/// named as the operands of `grundy nimber` (A, B, K, X). `to` and `start` take 64 bits, more
/// than --to and --from: Nim's g(n) = n past 2^63 (the engine refuses what it cannot compute).
using To = WholeNumber<"to", ~std::uint64_t{0}>;
using Start = WholeNumber<"start", ~std::uint64_t{0}>;
using MaxValues = WholeNumber<"max">;
using MaxStates = WholeNumber<"max_states">;
using Threads = WholeNumber<"threads", 1024>;
using MaxMoves = WholeNumber<"max_moves", std::uint64_t{1} << 30>;
using MaxOptions = WholeNumber<"max_options", std::uint64_t{1} << 30>;
using ListLength = WholeNumber<"list", 100000>;
using MaxWork = WholeNumber<"max_work", ~std::uint64_t{0}>;
using Checkpoint = WholeNumber<"checkpoint", ~std::uint64_t{0}>;
/// `top_budget=` as `--top-budget`: 0..2^62 nodes.
using TopBudget = WholeNumber<"top_budget", std::uint64_t{1} << 62>;
template <Keyword Name>
using Nimber = WholeNumber<Name, ~std::uint64_t{0}>;

/// `rows=` or `cols=` as the command's `--rows`/`--cols` (the same checks and wording): an int N
/// is 0..N, a pair (A, B) is A..B, and text is read as the command reads it (`"2..9"`).
CoordinateRange table_range(pybind11::handle range, std::string_view option);

/// A file argument that may be None (`table=`): text or an os.PathLike of text, as a path;
/// TypeError naming the argument for anything else (bytes included).
std::optional<std::filesystem::path> optional_path(pybind11::handle object, std::string_view name);

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
    if (!memory.bytes) return none().release();
    return PyLong_FromUnsignedLongLong(*memory.bytes);
  }
};

}  // namespace pybind11::detail
