#pragma once
/// \file A closed form written out (`grundy formula`): for a person, as one line and the
/// definitions of its tables, and as a function a contest program pastes in, standalone C++17 or
/// Python 3, that computes g (or whether a position is a P-position) in O(1), or O(log n) for
/// runs and nim products. The functions mean what Formula::at means where it is defined; the C++
/// one computes in unsigned 64-bit arithmetic.

#include <string>
#include <vector>

#include "grundy/rules/formula.hpp"

namespace grundy {

/// The form for a person: `n mod 4`, `n < 71 ? A[n] : B[(n - 71) mod 12]`, with the variables
/// `n`, or `x` and `y` when `two_coordinates`; `definitions` gives its tables and runs, one line
/// each (`A = [0, 1, 2]`; a run `  A..B g`).
struct FormulaText {
  std::string expression;
  std::vector<std::string> definitions;
};
FormulaText formula_text(const Formula& formula, bool two_coordinates);

/// The form as a standalone C++17 function (its #include lines, helpers and tables first):
/// `std::uint64_t grundy_value(std::uint64_t n)`, `(std::uint64_t x, std::uint64_t y)` for two
/// coordinates, and `bool is_p_position(...)` for a form of the P-positions. `comment` becomes
/// the first lines, as // comments.
std::string cpp_function(const ClosedForm& form, bool two_coordinates, const std::string& comment);
/// The same in Python 3: `def grundy_value(n)` or `def is_p_position(x, y)`; its imports and
/// tables first, `comment` as # lines.
std::string python_function(const ClosedForm& form, bool two_coordinates,
                            const std::string& comment);

}  // namespace grundy
