#pragma once
/// \file Closed forms the computed values show: the forms of contest problems (n mod p,
/// floor(n/k) mod m, periodic with a preperiod table, arithmetic-periodic, the ruler function,
/// popcount and its parity; for two coordinates x xor y, x + y and the other functions of one
/// combination of them, xor and nim products of forms of each, tables by residues and the side of
/// the diagonal; the same for the P-positions alone, Wythoff's pairs among them), fitted on
/// values and checked against every one of them. What is fitted is an observation about those
/// values, never a proof: the proven forms come from the families' theorems (Game::closed_form)
/// and the periodicity theorems (periodicity_form turns a proven period into its simplest form).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "grundy/analysis/periodicity.hpp"
#include "grundy/core/value.hpp"
#include "grundy/rules/formula.hpp"

namespace grundy {

/// g over a grid of two coordinates, x = row_from.., y = col_from..; a cell that is not a
/// position holds nothing (it is not fitted: any value goes there).
struct GridSample {
  std::uint64_t row_from = 0;
  std::uint64_t col_from = 0;
  std::size_t rows = 0;
  std::size_t cols = 0;
  /// Row-major, rows x cols.
  std::vector<std::optional<Value>> values;

  const std::optional<Value>& at(std::size_t row, std::size_t col) const {
    return values[row * cols + col];
  }
};

/// The simplest form of a periodicity g(n + p) = g(n) + s (n >= i): a constant, n mod p, n mod p
/// == r, floor(n/k) mod m, a·floor(n/k) + c (n itself among them), with the values before it
/// where they differ as a table; else the table of the preperiod and one period. The kind says
/// which; the proof is left to the caller.
ClosedForm periodicity_form(const Periodicity& periodicity);

/// The simplest closed form g(0..g.size()-1) show (an unknown value fits anything), or nothing:
/// periodic or arithmetic-periodic (observed_period's criterion: the second half repeats at least
/// twice) in its simplest form, else the ruler function of n or n + 1 (or its exponent + 1), else
/// a form of popcount(n): popcount(n) + c, a table of its parity, a·n plus a table of its parity.
/// Nothing from fewer than 8 known values. Observed: the proof is empty.
std::optional<ClosedForm> fit_sequence(std::span<const std::optional<Value>> g);

/// The simplest closed form of g(x, y) the grid shows, or nothing: F(u) for u = x, y, x xor y, x
/// + y, x & y, min(x, y), max(x, y) or |x - y| and F a form fit_sequence finds for the values by u
/// (equal wherever u is), else F1(x) xor F2(y) or F1(x) (x) F2(y) (nim product) with F1, F2 such
/// forms, else a table by x mod p, y mod q (p, q <= 4) and whether x > y or x = y. Observed.
std::optional<ClosedForm> fit_grid(const GridSample& grid);

/// A closed form of the P-positions alone (1 at g = 0, 0 elsewhere) the values show: for a
/// sequence as fit_sequence finds one for that indicator; for a grid Wythoff's pairs, else as
/// fit_grid. Observed.
std::optional<ClosedForm> fit_p_positions(std::span<const std::optional<Value>> g);
std::optional<ClosedForm> fit_p_positions(const GridSample& grid);

/// Whether `form` gives every known value of the sample (for p_positions: 1 exactly where g = 0);
/// the first position where it does not, when it does not.
std::optional<std::uint64_t> first_disagreement(const ClosedForm& form,
                                                std::span<const std::optional<Value>> g);
std::optional<std::pair<std::uint64_t, std::uint64_t>> first_disagreement(const ClosedForm& form,
                                                                          const GridSample& grid);

}  // namespace grundy
