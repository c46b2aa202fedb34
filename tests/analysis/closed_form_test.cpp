// Closed forms: the meaning of every operation of a Formula (and where it is undefined), the forms
// fitted on sequences and grids that have them, no form fitted on values that have none, and the
// simplest form of proven periods.
#include "grundy/analysis/closed_form.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "grundy/core/nimber.hpp"
#include "grundy/rules/families/wythoff.hpp"
#include "grundy/rules/formula.hpp"

namespace grundy {
namespace {

using Op = Formula::Op;
using Sample = std::vector<std::optional<Value>>;

Formula n_() {
  return Formula::x();
}
Formula k_(Value v) {
  return Formula::constant(v);
}
Formula f1(Op op, Formula a) {
  return Formula::apply(op, {std::move(a)});
}
Formula f2(Op op, Formula a, Formula b) {
  return Formula::apply(op, {std::move(a), std::move(b)});
}

/// g(0..count-1) of a function of n.
template <class F>
Sample sequence_of(std::uint64_t count, F g) {
  Sample out;
  for (std::uint64_t n = 0; n < count; ++n) out.push_back(g(n));
  return out;
}

/// g over 0..side-1 x 0..side-1; g returns nothing where (x, y) is not a position.
template <class F>
GridSample grid_of(std::size_t side, F g) {
  GridSample grid{.row_from = 0, .col_from = 0, .rows = side, .cols = side, .values = {}};
  for (std::uint64_t x = 0; x < side; ++x) {
    for (std::uint64_t y = 0; y < side; ++y) grid.values.push_back(g(x, y));
  }
  return grid;
}

/// The form fitted on `g`, which must agree with every known value of it.
ClosedForm fitted(const Sample& g) {
  const std::optional<ClosedForm> form = fit_sequence(g);
  EXPECT_TRUE(form.has_value());
  if (!form) return {};
  EXPECT_FALSE(form->proven());
  EXPECT_FALSE(first_disagreement(*form, g).has_value());
  return *form;
}

TEST(Formula, EveryOperationAndWhereItIsUndefined) {
  EXPECT_EQ(n_().at(7), 7u);
  EXPECT_EQ(Formula::y().at(7, 9), 9u);
  EXPECT_EQ(f2(Op::add, n_(), k_(3)).at(4), 7u);
  EXPECT_EQ(f2(Op::add, n_(), k_(1)).at(~std::uint64_t{0}), std::nullopt);
  EXPECT_EQ(f2(Op::subtract, n_(), k_(3)).at(4), 1u);
  EXPECT_EQ(f2(Op::subtract, n_(), k_(3)).at(2), std::nullopt);
  EXPECT_EQ(f2(Op::multiply, k_(3), n_()).at(5), 15u);
  EXPECT_EQ(f2(Op::multiply, k_(3), n_()).at(std::uint64_t{1} << 63), std::nullopt);
  EXPECT_EQ(f2(Op::floor_div, n_(), k_(3)).at(8), 2u);
  EXPECT_EQ(f2(Op::ceil_div, k_(100), n_()).at(7), 15u);
  EXPECT_EQ(f2(Op::ceil_div, k_(100), n_()).at(0), std::nullopt);
  EXPECT_EQ(f2(Op::mod, n_(), k_(4)).at(11), 3u);
  EXPECT_EQ(f2(Op::mod, n_(), k_(0)).at(11), std::nullopt);
  EXPECT_EQ(f2(Op::bit_xor, n_(), Formula::y()).at(5, 3), 6u);
  EXPECT_EQ(f2(Op::bit_and, n_(), k_(6)).at(5), 4u);
  EXPECT_EQ(f2(Op::min, n_(), Formula::y()).at(5, 3), 3u);
  EXPECT_EQ(f2(Op::max, n_(), Formula::y()).at(5, 3), 5u);
  EXPECT_EQ(f2(Op::abs_diff, n_(), Formula::y()).at(3, 5), 2u);
  EXPECT_EQ(f2(Op::less, n_(), k_(3)).at(2), 1u);
  EXPECT_EQ(f2(Op::less, n_(), k_(3)).at(3), 0u);
  EXPECT_EQ(f2(Op::equal, n_(), k_(3)).at(3), 1u);
  EXPECT_EQ(f1(Op::popcount, n_()).at(0b10110), 3u);
  EXPECT_EQ(f1(Op::lowbit, n_()).at(24), 8u);
  EXPECT_EQ(f1(Op::lowbit, n_()).at(0), 0u);
  EXPECT_EQ(f1(Op::bit_width, n_()).at(8), 4u);
  EXPECT_EQ(f1(Op::bit_width, n_()).at(0), 0u);
  EXPECT_EQ(f2(Op::nim_product, n_(), Formula::y()).at(2, 2), 3u);
  EXPECT_EQ(f2(Op::nim_product, n_(), Formula::y()).at(1000, 77), nim_mul(1000, 77));
  EXPECT_EQ(f1(Op::golden_floor, n_()).at(10), 16u);
  EXPECT_EQ(f1(Op::golden_floor, n_()).at(std::uint64_t{1} << 63),
            wythoff::lower(std::uint64_t{1} << 63));
  EXPECT_EQ(f1(Op::golden_floor, n_()).at((std::uint64_t{1} << 63) + 1), std::nullopt);
  const Formula table = Formula::table({5, 6, 7}, n_());
  EXPECT_EQ(table.at(2), 7u);
  EXPECT_EQ(table.at(3), std::nullopt);
  // select reads only the branch it takes: the table past its end is not read.
  const Formula guarded = Formula::apply(Op::select, {f2(Op::less, n_(), k_(3)), table, k_(9)});
  EXPECT_EQ(guarded.at(1), 6u);
  EXPECT_EQ(guarded.at(100), 9u);
  // Lasker's Nim: preperiod 1 (g(0) = 0), then 1, 2, 4, 3 with saltus 4.
  const Formula lasker = Formula::periodic({0, 1, 2, 4, 3}, 1, 4, n_());
  EXPECT_EQ(lasker.at(0), 0u);
  EXPECT_EQ(lasker.at(3), 4u);
  EXPECT_EQ(lasker.at(7), 8u);
  EXPECT_EQ(lasker.at(8), 7u);
  EXPECT_EQ(lasker.preperiod(), 1u);
  EXPECT_EQ(lasker.period(), 4u);
  const Formula runs = Formula::runs({1, 4, 10}, {2, 0, 5}, n_());
  EXPECT_EQ(runs.at(0), std::nullopt);
  EXPECT_EQ(runs.at(3), 2u);
  EXPECT_EQ(runs.at(4), 0u);
  EXPECT_EQ(runs.at(~std::uint64_t{0}), 5u);
  const Formula member = Formula::member({2, 5, 9}, n_());
  EXPECT_EQ(member.at(5), 1u);
  EXPECT_EQ(member.at(6), 0u);
  // F.of(u): n replaced by u.
  const Formula shifted = f2(Op::mod, n_(), k_(3)).of(f2(Op::add, n_(), Formula::y()));
  EXPECT_EQ(shifted.at(4, 4), 2u);
  EXPECT_TRUE(shifted.uses_y());
  EXPECT_FALSE(f2(Op::mod, n_(), k_(3)).uses_y());
  EXPECT_FALSE(k_(3).uses_x());
}

TEST(FitSequence, ContestForms) {
  EXPECT_EQ(fitted(sequence_of(500, [](std::uint64_t n) { return n % 5; })).kind, "n mod p");
  EXPECT_EQ(fitted(sequence_of(500, [](std::uint64_t n) { return n; })).kind, "n");
  EXPECT_EQ(fitted(sequence_of(500, [](std::uint64_t) { return 3; })).kind, "constant");
  EXPECT_EQ(fitted(sequence_of(600, [](std::uint64_t n) { return (n / 3) % 4; })).kind,
            "floor(n/k) mod m");
  EXPECT_EQ(fitted(sequence_of(600, [](std::uint64_t n) { return n / 3; })).kind, "floor(n/k)");
  EXPECT_EQ(fitted(sequence_of(600, [](std::uint64_t n) { return 2 * n + 5; })).kind, "linear");
  // P-positions of Bash's game: n mod 4 == 0.
  EXPECT_EQ(fitted(sequence_of(600, [](std::uint64_t n) { return n % 4 == 0; })).kind,
            "n mod p == r");
  EXPECT_EQ(fitted(sequence_of(1024, [](std::uint64_t n) { return n & (~n + 1); })).kind, "ruler");
  EXPECT_EQ(
      fitted(sequence_of(1024, [](std::uint64_t n) { return n == 0 ? 7 : std::countr_zero(n); }))
          .kind,
      "2-adic valuation");
  EXPECT_EQ(fitted(sequence_of(1024, [](std::uint64_t n) { return std::popcount(n); })).kind,
            "popcount");
  EXPECT_EQ(fitted(sequence_of(1024, [](std::uint64_t n) { return std::popcount(n) % 2; })).kind,
            "popcount parity");
  EXPECT_EQ(
      fitted(sequence_of(1024, [](std::uint64_t n) { return 2 * n + (std::popcount(n) % 2 == 0); }))
          .kind,
      "odious numbers");
  // A preperiod: the table of the values before the form.
  const ClosedForm late =
      fitted(sequence_of(800, [](std::uint64_t n) { return n < 6 ? 9 - n : n % 7; }));
  EXPECT_EQ(late.kind, "n mod p");
  EXPECT_EQ(late.formula.at(2), 7u);
  EXPECT_EQ(late.formula.at(1000003), 1000003u % 7);
  // Kayles-like: a preperiod and a period of no simpler form.
  const std::vector<Value> period = {7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2};
  const ClosedForm table = fitted(sequence_of(
      2000, [&](std::uint64_t n) { return n < 20 ? (n * 5) % 9 : period[(n - 20) % 12]; }));
  EXPECT_EQ(table.kind, "periodic");
  EXPECT_EQ(table.formula.at(1000000), period[(1000000 - 20) % 12]);
  // Arithmetic-periodic: g(n + 4) = g(n) + 4 from 1 (Lasker's Nim).
  const ClosedForm lasker = fitted(sequence_of(2000, [](std::uint64_t n) -> Value {
    if (n == 0) return 0;
    const std::uint64_t r = n % 4;
    return r == 3 ? n + 1 : r == 0 ? n - 1 : n;
  }));
  EXPECT_EQ(lasker.kind, "arithmetic-periodic");
  EXPECT_EQ(lasker.formula.at(1000003), 1000004u);
  // A finite set of P-positions (Grundy's game's, none past 1222 up to 10^5 at least).
  const std::vector<std::uint64_t> set = {0, 1, 2, 4, 7, 10, 20, 23, 26, 50, 53, 270, 1222};
  const ClosedForm finite = fitted(sequence_of(
      4000, [&](std::uint64_t n) { return std::find(set.begin(), set.end(), n) != set.end(); }));
  EXPECT_EQ(finite.kind, "finite set");
  EXPECT_EQ(finite.formula.op(), Op::member);
}

TEST(FitSequence, ValuesWithNoFormShowNone) {
  std::mt19937_64 random(12345);
  const Sample noise = sequence_of(5000, [&](std::uint64_t) { return random() % 7; });
  EXPECT_FALSE(fit_sequence(noise).has_value());
  EXPECT_FALSE(fit_p_positions(noise).has_value());
  // Too few values show nothing.
  EXPECT_FALSE(fit_sequence(sequence_of(6, [](std::uint64_t n) { return n; })).has_value());
  // n mod 5 but for one value late in the sequence: no form, not a form with an exception.
  Sample almost = sequence_of(1000, [](std::uint64_t n) { return n % 5; });
  almost[700] = 4;
  EXPECT_FALSE(fit_sequence(almost).has_value());
}

TEST(FitSequence, UnknownValuesFitAnything) {
  // Multiply's heaps start at 1: g(0) unknown.
  Sample g = sequence_of(400, [](std::uint64_t n) { return n % 3; });
  g[0] = std::nullopt;
  EXPECT_EQ(fitted(g).kind, "n mod p");
}

TEST(PeriodicityForm, TheSimplestFormOfAProvenPeriod) {
  Periodicity bash{.preperiod = 0, .period = 4, .saltus = 0, .values = {0, 1, 2, 3}, .proof = {}};
  EXPECT_EQ(periodicity_form(bash).kind, "n mod p");
  EXPECT_EQ(periodicity_form(bash).formula, f2(Op::mod, n_(), k_(4)));
  Periodicity allbut{.preperiod = 0, .period = 3, .saltus = 1, .values = {0, 0, 0}, .proof = {}};
  EXPECT_EQ(periodicity_form(allbut).formula, f2(Op::floor_div, n_(), k_(3)));
  Periodicity nim{.preperiod = 0, .period = 1, .saltus = 1, .values = {0}, .proof = {}};
  EXPECT_EQ(periodicity_form(nim).formula, n_());
  // hex(0.8): 0, then floor((n - 1)/3).
  Periodicity shifted{
      .preperiod = 1, .period = 3, .saltus = 1, .values = {0, 0, 0, 0}, .proof = {}};
  const ClosedForm form = periodicity_form(shifted);
  EXPECT_EQ(form.kind, "floor(n/k)");
  for (std::uint64_t n = 0; n < 100; ++n) EXPECT_EQ(form.formula.at(n), shifted.value_at(n)) << n;
  // 0.1 (remove one token, only a lone one): 1 at n = 1 alone.
  Periodicity lone{.preperiod = 2, .period = 1, .saltus = 0, .values = {0, 1, 0}, .proof = {}};
  EXPECT_EQ(periodicity_form(lone).formula, f2(Op::equal, n_(), k_(1)));
}

TEST(FitGrid, FormsOfTwoCoordinates) {
  const auto kind = [](const GridSample& grid) {
    const std::optional<ClosedForm> form = fit_grid(grid);
    EXPECT_TRUE(form.has_value());
    if (!form) return std::string();
    EXPECT_FALSE(first_disagreement(*form, grid).has_value());
    return form->kind;
  };
  EXPECT_EQ(kind(grid_of(32, [](std::uint64_t x, std::uint64_t y) { return x ^ y; })), "x xor y");
  EXPECT_EQ(kind(grid_of(32, [](std::uint64_t x, std::uint64_t y) { return x + y; })), "x + y");
  EXPECT_EQ(kind(grid_of(32, [](std::uint64_t x, std::uint64_t) { return x; })), "x");
  EXPECT_EQ(kind(grid_of(32, [](std::uint64_t x, std::uint64_t y) { return x & y; })), "x & y");
  EXPECT_EQ(kind(grid_of(32, [](std::uint64_t x, std::uint64_t y) { return (x + y) % 3; })),
            "n mod p of x + y");
  // Welter's two coins: no value on the diagonal.
  EXPECT_EQ(kind(grid_of(32,
                         [](std::uint64_t x, std::uint64_t y) -> std::optional<Value> {
                           if (x == y) return std::nullopt;
                           return (x ^ y) - 1;
                         })),
            "linear of x xor y");
  EXPECT_EQ(kind(grid_of(32, [](std::uint64_t x, std::uint64_t y) { return nim_mul(x, y); })),
            "nim product of forms");
  EXPECT_EQ(
      kind(grid_of(32, [](std::uint64_t x, std::uint64_t y) { return nim_mul(x & (~x + 1), y); })),
      "nim product of forms");
  EXPECT_EQ(kind(grid_of(32, [](std::uint64_t x, std::uint64_t y) { return (x % 3) ^ (y / 2); })),
            "xor of forms");
  // The corner game: parities and the side of the diagonal.
  EXPECT_EQ(kind(grid_of(32,
                         [](std::uint64_t x, std::uint64_t y) -> Value {
                           const bool xo = x % 2, yo = y % 2;
                           if (xo == yo) return xo ? 2 : 0;
                           return (xo ? x : y) > (xo ? y : x) ? 1 : 3;
                         })),
            "residues and diagonal");
}

TEST(FitGrid, PPositions) {
  // Wythoff's game: its P-positions (the values here are any non-zero elsewhere).
  const GridSample wythoff = grid_of(40, [](std::uint64_t x, std::uint64_t y) {
    return wythoff::is_p_position(x, y) ? 0 : 1 + (x * 7 + y) % 5;
  });
  EXPECT_FALSE(fit_grid(wythoff).has_value());
  const std::optional<ClosedForm> pairs = fit_p_positions(wythoff);
  ASSERT_TRUE(pairs.has_value());
  EXPECT_EQ(pairs->kind, "Wythoff pairs");
  EXPECT_TRUE(pairs->p_positions);
  EXPECT_FALSE(first_disagreement(*pairs, wythoff).has_value());
  // Two-row Chomp: P-positions at x = y + 1 (cells with y > x are not positions).
  const GridSample chomp =
      grid_of(30, [](std::uint64_t x, std::uint64_t y) -> std::optional<Value> {
        if (y > x || x == 0) return std::nullopt;
        return x == y + 1 ? 0 : 1 + (x * 3 + y * 5) % 7;
      });
  const std::optional<ClosedForm> diagonal = fit_p_positions(chomp);
  ASSERT_TRUE(diagonal.has_value());
  EXPECT_FALSE(first_disagreement(*diagonal, chomp).has_value());
  EXPECT_EQ(diagonal->formula.at(1000, 999), 1u);
  EXPECT_EQ(diagonal->formula.at(1000, 998), 0u);
  // Noise: nothing.
  std::mt19937_64 random(7);
  const GridSample noise = grid_of(40, [&](std::uint64_t, std::uint64_t) { return random() % 5; });
  EXPECT_FALSE(fit_grid(noise).has_value());
  EXPECT_FALSE(fit_p_positions(noise).has_value());
}

}  // namespace
}  // namespace grundy
