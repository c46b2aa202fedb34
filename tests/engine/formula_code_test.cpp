// A closed form written out: the line a person reads (precedence, tables, runs, sets) and the
// shape of the C++ and Python functions (tests/cli/formula_cli_test.cpp compiles and runs them).
#include "grundy/engine/formula_code.hpp"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "grundy/rules/formula.hpp"

namespace grundy {
namespace {

using Op = Formula::Op;

Formula binary(Op op, Formula a, Formula b) {
  return Formula::apply(op, {std::move(a), std::move(b)});
}

std::string text(const Formula& f, bool two = false) {
  return formula_text(f, two).expression;
}

TEST(FormulaText, OperatorsWithTheParenthesesTheyNeed) {
  const Formula n = Formula::x(), x = Formula::x(), y = Formula::y();
  EXPECT_EQ(text(binary(Op::mod, n, Formula::constant(4))), "n mod 4");
  EXPECT_EQ(text(binary(Op::subtract, binary(Op::bit_xor, x, y), Formula::constant(1)), true),
            "(x xor y) - 1");
  EXPECT_EQ(
      text(binary(Op::add, binary(Op::multiply, Formula::constant(2), n),
                  binary(Op::equal,
                         binary(Op::mod, Formula::apply(Op::popcount, {n}), Formula::constant(2)),
                         Formula::constant(0)))),
      "2*n + (popcount(n) mod 2 == 0)");
  EXPECT_EQ(text(binary(Op::floor_div, binary(Op::subtract, n, Formula::constant(1)),
                        Formula::constant(3))),
            "floor((n - 1)/3)");
  EXPECT_EQ(text(Formula::apply(Op::lowbit, {binary(Op::add, n, Formula::constant(1))})),
            "(n + 1) & -(n + 1)");
  EXPECT_EQ(text(binary(Op::subtract, n, binary(Op::subtract, n, Formula::constant(1)))),
            "n - (n - 1)");
  EXPECT_EQ(text(binary(Op::equal, binary(Op::min, x, y),
                        Formula::apply(Op::golden_floor, {binary(Op::abs_diff, x, y)})),
                 true),
            "min(x, y) == floor(|x - y|*phi)");
  EXPECT_EQ(text(Formula::member({0, 1, 2, 4}, n)), "n in {0, 1, 2, 4}");
}

TEST(FormulaText, TablesAndRunsAreNamedAndDefined) {
  const FormulaText kayles =
      formula_text(Formula::periodic({0, 1, 2, 7, 4, 1}, 3, 0, Formula::x()), false);
  EXPECT_EQ(kayles.expression, "n < 3 ? A[n] : B[(n - 3) mod 3]");
  EXPECT_EQ(kayles.definitions, (std::vector<std::string>{"A = [0, 1, 2]", "B = [7, 4, 1]"}));
  const FormulaText lasker =
      formula_text(Formula::periodic({0, 1, 2, 4, 3}, 1, 4, Formula::x()), false);
  EXPECT_EQ(lasker.expression, "n < 1 ? A[n] : B[(n - 1) mod 4] + 4*floor((n - 1)/4)");
  const FormulaText runs =
      formula_text(Formula::runs({0, 1, 2, 4}, {0, 1, 2, 3}, Formula::x()), false);
  EXPECT_EQ(runs.expression, "R(n)");
  EXPECT_EQ(runs.definitions.back(), "  4.. 3");
  EXPECT_EQ(runs.definitions[3], "  2..3 2");
}

TEST(FormulaText, ASequenceReadTwiceIsDefinedOnce) {
  // The cutting game's form reads one periodic sequence at x and at y: its tables are defined
  // once and named alike, for a person and in code; another sequence gets its own names.
  const auto strip = [](Formula at) { return Formula::periodic({0, 1, 2, 7, 4, 1}, 3, 0, at); };
  const Formula both = binary(Op::bit_xor, strip(Formula::x()), strip(Formula::y()));
  const FormulaText person = formula_text(both, true);
  EXPECT_EQ(person.expression,
            "(x < 3 ? A[x] : B[(x - 3) mod 3]) xor (y < 3 ? A[y] : B[(y - 3) mod 3])");
  EXPECT_EQ(person.definitions, (std::vector<std::string>{"A = [0, 1, 2]", "B = [7, 4, 1]"}));
  const FormulaText other =
      formula_text(binary(Op::bit_xor, strip(Formula::x()),
                          Formula::periodic({0, 1, 2, 7, 4, 2}, 3, 0, Formula::y())),
                   true);
  EXPECT_EQ(other.definitions.size(), 4u);
}

TEST(FormulaCode, FunctionsAndWhatTheyNeed) {
  const ClosedForm staircase{.formula = Formula::x(), .kind = "x", .proof = "Sprague"};
  const std::string cpp = cpp_function(staircase, true, "g of staircase");
  EXPECT_TRUE(cpp.starts_with("// g of staircase\n#include <cstdint>\n")) << cpp;
  EXPECT_NE(cpp.find("std::uint64_t grundy_value(std::uint64_t x, std::uint64_t y) {\n"
                     "  (void)y;\n  return x;\n}\n"),
            std::string::npos)
      << cpp;
  ClosedForm p{.formula = binary(Op::equal, binary(Op::mod, Formula::x(), Formula::constant(4)),
                                 Formula::constant(0)),
               .p_positions = true,
               .kind = "n mod p == r",
               .proof = {}};
  EXPECT_NE(cpp_function(p, false, "P")
                .find("bool is_p_position(std::uint64_t n) {\n"
                      "  return (n % 4) == 0;\n}"),
            std::string::npos)
      << cpp_function(p, false, "P");
  EXPECT_NE(python_function(p, false, "P").find("def is_p_position(n):\n    return (n % 4) == 0\n"),
            std::string::npos)
      << python_function(p, false, "P");
  const ClosedForm runs{.formula = Formula::runs({0, 1, 2}, {0, 1, 0}, Formula::x()),
                        .kind = "runs",
                        .proof = "steps"};
  EXPECT_NE(python_function(runs, false, "g").find("from bisect import bisect_right\n"),
            std::string::npos);
  EXPECT_NE(cpp_function(runs, false, "g").find("#include <cstddef>\n"), std::string::npos);
  // A long comment is cut into lines of at most about 100 columns.
  const std::string comment(30, 'x');
  const std::string code =
      cpp_function(staircase, true, comment + " " + comment + " " + comment + " " + comment);
  EXPECT_TRUE(
      code.starts_with("// " + comment + " " + comment + " " + comment + "\n// " + comment + "\n"))
      << code;
}

}  // namespace
}  // namespace grundy
