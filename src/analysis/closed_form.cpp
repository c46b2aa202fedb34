#include "grundy/analysis/closed_form.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <string>
#include <tuple>
#include <utility>

#include "grundy/analysis/period_search.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/nimber.hpp"

namespace grundy {
namespace {

using Op = Formula::Op;
using Sample = std::span<const std::optional<Value>>;

/// A form the values show (no proof).
ClosedForm observed(Formula formula, std::string kind) {
  return ClosedForm{.formula = std::move(formula), .kind = std::move(kind), .proof = {}};
}

/// Fewer known values than this show nothing.
constexpr std::size_t kLeastEvidence = 8;
/// The values before a form that is not periodic (the ruler, popcount) may differ from it at so
/// many positions at most, given as a table: g(0) of a game numbered from 1, say.
constexpr std::uint64_t kFewExceptions = 2;
/// The largest q of a form n mod q == r (one candidate per residue r).
constexpr std::uint64_t kLargestModulus = 256;
/// A grid whose combination u (x + y, ...) passes this is not read as a sequence by u.
constexpr std::uint64_t kLongestSequence = std::uint64_t{1} << 20;

Formula number(Value v) {
  return Formula::constant(v);
}
Formula apply(Op op, Formula a) {
  return Formula::apply(op, {std::move(a)});
}
Formula apply(Op op, Formula a, Formula b) {
  return Formula::apply(op, {std::move(a), std::move(b)});
}

std::size_t known_count(Sample g) {
  return static_cast<std::size_t>(std::count_if(
      g.begin(), g.end(), [](const std::optional<Value>& v) { return v.has_value(); }));
}

/// The last known n in [from, to) where `f` is undefined or differs from g(n), if any.
std::optional<std::uint64_t> last_disagreement(const Formula& f, Sample g, std::uint64_t from,
                                               std::uint64_t to) {
  for (std::uint64_t n = std::min<std::uint64_t>(to, g.size()); n-- > from;) {
    if (g[n] && f.at(n) != g[n]) return n;
  }
  return std::nullopt;
}

/// `f` with its first `count` values replaced by g's, as a table: `n < count ? A[n] : f`.
/// Unknown values in the table are f's where it is defined, else 0: they are not positions.
Formula with_exceptions(const Formula& f, Sample g, std::uint64_t count) {
  if (count == 0) return f;
  std::vector<Value> table;
  for (std::uint64_t n = 0; n < count; ++n) table.push_back(g[n] ? *g[n] : f.at(n).value_or(0));
  return Formula::apply(Op::select, {apply(Op::less, Formula::x(), number(count)),
                                     Formula::table(std::move(table), Formula::x()), f});
}

/// `f`, with g's first values as a table where they differ from it, when they differ at the
/// first `most` positions at most; nothing otherwise.
std::optional<Formula> with_few_exceptions(const Formula& f, Sample g, std::uint64_t most) {
  const std::optional<std::uint64_t> last = last_disagreement(f, g, 0, g.size());
  if (!last) return f;
  if (*last + 1 > most) return std::nullopt;
  return with_exceptions(f, g, *last + 1);
}

/// a·f + c for a signed c, written with a subtraction when c < 0.
Formula scaled_plus(Value a, const Formula& f, int128 c) {
  Formula out = a == 1 ? f : apply(Op::multiply, number(a), f);
  if (c > 0) out = apply(Op::add, out, number(static_cast<Value>(c)));
  if (c < 0) out = apply(Op::subtract, out, number(static_cast<Value>(-c)));
  return out;
}

std::vector<std::uint64_t> divisors(std::uint64_t p) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t d = 1; d * d <= p; ++d) {
    if (p % d != 0) continue;
    out.push_back(d);
    if (d != p / d) out.push_back(p / d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// The simplest form of g(n + p) = g(n) + s for n >= i, given g(0..i+p-1) (unknown values
/// allowed before i). Each candidate F satisfies F(n + p) = F(n) + s for every n by its shape,
/// so agreeing on one period [i, i + p) is agreeing for every n >= i; the values before i where
/// it differs become a table.
ClosedForm simplest_periodic_form(Sample g, std::uint64_t i, std::uint64_t p, Value s) {
  const Formula n = Formula::x();
  std::vector<std::pair<Formula, std::string>> candidates;
  const std::vector<std::uint64_t> ds = divisors(p);
  if (s == 0) {
    candidates.emplace_back(number(*g[i]), "constant");
    for (const std::uint64_t q : ds) {
      if (q >= 2) candidates.emplace_back(apply(Op::mod, n, number(q)), "n mod p");
    }
    bool indicator = true;
    for (std::uint64_t m = i; m < i + p; ++m) indicator = indicator && *g[m] <= 1;
    if (indicator) {
      // The P-positions of contest problems: n mod q == r, for moduli a person would write.
      for (const std::uint64_t q : ds) {
        if (q < 2 || q > kLargestModulus) continue;
        for (std::uint64_t r = 0; r < q; ++r) {
          candidates.emplace_back(apply(Op::equal, apply(Op::mod, n, number(q)), number(r)),
                                  "n mod p == r");
        }
      }
    }
    for (const std::uint64_t k : ds) {
      for (const std::uint64_t m : ds) {
        if (k >= 2 && m >= 2 && p % (k * m) == 0) {
          candidates.emplace_back(apply(Op::mod, apply(Op::floor_div, n, number(k)), number(m)),
                                  "floor(n/k) mod m");
        }
      }
    }
  } else {
    // a·floor((n + d)/k) + c with a·(p/k) = s: a·n + c for k = 1. For each k the simplest shift
    // first (no shift, then no constant), d < 0 leaving n < -d to the table before it.
    for (const std::uint64_t k : ds) {
      const uint128 scaled = uint128{s} * k;
      if (scaled % p != 0) continue;
      const auto a = static_cast<Value>(scaled / p);
      std::vector<std::pair<int, std::pair<Formula, std::string>>> shifted;
      const int128 reach = k == 1 ? 1 : static_cast<int128>(k);  // no shift for k = 1
      for (int128 d = 1 - reach; d < reach; ++d) {
        const int128 at = static_cast<int128>(i) + d;
        if (at < 0) continue;
        const int128 c = static_cast<int128>(*g[i]) - static_cast<int128>(a) * (at / k);
        const Formula moved = scaled_plus(1, n, d);
        const Formula base = k == 1 ? moved : apply(Op::floor_div, moved, number(k));
        const std::string kind = k > 1 ? "floor(n/k)" : a == 1 && c == 0 ? "n" : "linear";
        shifted.emplace_back((d != 0) + (c != 0), std::pair(scaled_plus(a, base, c), kind));
      }
      std::stable_sort(shifted.begin(), shifted.end(),
                       [](const auto& l, const auto& r) { return l.first < r.first; });
      for (auto& [score, candidate] : shifted) candidates.push_back(std::move(candidate));
    }
  }
  for (const auto& [f, kind] : candidates) {
    if (last_disagreement(f, g, i, i + p)) continue;
    const std::optional<std::uint64_t> before = last_disagreement(f, g, 0, i);
    const std::uint64_t exceptions = before ? *before + 1 : 0;
    // An indicator 0 but at a few numbers: the set of those numbers (the P-positions of
    // Grundy's game, 0 past 1222), one number an equation.
    if (kind == "constant" && f.constant_value() == 0 && exceptions > 0) {
      std::vector<std::uint64_t> ones;
      bool zero_or_one = true;
      for (std::uint64_t m = 0; m < exceptions; ++m) {
        if (!g[m]) continue;
        zero_or_one = zero_or_one && *g[m] <= 1;
        if (*g[m] == 1) ones.push_back(m);
      }
      if (zero_or_one && ones.size() == 1) {
        return observed(apply(Op::equal, n, number(ones.front())), "n == c");
      }
      if (zero_or_one) return observed(Formula::member(std::move(ones), n), "finite set");
    }
    return observed(with_exceptions(f, g, exceptions), kind);
  }
  std::vector<Value> values;
  for (std::uint64_t m = 0; m < i + p; ++m) values.push_back(g[m].value_or(0));
  return observed(Formula::periodic(std::move(values), i, s, n),
                  s == 0 ? "periodic" : "arithmetic-periodic");
}

/// g periodic or arithmetic-periodic by observed_period's criterion, unknown values allowed in a
/// short prefix only; `saltus` is set to the saltus seen.
std::optional<ClosedForm> periodic_fit(Sample g, Value& saltus) {
  std::uint64_t h = 0;
  for (std::uint64_t n = 0; n < g.size(); ++n) {
    if (!g[n]) h = n + 1;
  }
  if (h > g.size() / 4 || g.size() - h < kLeastEvidence) return std::nullopt;
  std::vector<Value> known;
  for (std::uint64_t n = h; n < g.size(); ++n) known.push_back(*g[n]);
  const std::optional<ObservedPeriod> seen = observed_period(std::span<const Value>(known));
  if (!seen) return std::nullopt;
  saltus = seen->saltus;
  return simplest_periodic_form(g, h + seen->preperiod, seen->period, seen->saltus);
}

/// The ruler function and the 2-adic valuation, of n or n + 1.
std::optional<ClosedForm> ruler_fit(Sample g) {
  for (const Value shift : {0, 1}) {
    const Formula arg = shift == 0 ? Formula::x() : apply(Op::add, Formula::x(), number(shift));
    const Formula ruler = apply(Op::lowbit, arg);
    const Formula exponent = apply(Op::bit_width, ruler);
    for (const auto& [f, kind] : std::vector<std::pair<Formula, std::string>>{
             {ruler, "ruler"},
             {exponent, "2-adic valuation"},
             {apply(Op::subtract, exponent, number(1)), "2-adic valuation"}}) {
      if (auto fitted = with_few_exceptions(f, g, kFewExceptions)) {
        return observed(*fitted, kind);
      }
    }
  }
  return std::nullopt;
}

/// `table` of two values indexed by the parity of popcount(n), in its simplest writing.
Formula by_parity(Value even, Value odd) {
  const Formula parity = apply(Op::mod, apply(Op::popcount, Formula::x()), number(2));
  if (even == odd) return number(even);
  if (even == 0 && odd == 1) return parity;
  if (even == 1 && odd == 0) return apply(Op::equal, parity, number(0));
  return Formula::table({even, odd}, parity);
}

/// Forms of popcount(n): popcount(n) + c, a function of its parity, a·n plus a function of its
/// parity (the odious numbers 2n + [popcount(n) even], the evil ones 2n + popcount(n) mod 2).
std::optional<ClosedForm> popcount_fit(Sample g) {
  std::map<int, Value> by_count;
  bool consistent = true;
  for (std::uint64_t n = 0; n < g.size() && consistent; ++n) {
    if (!g[n]) continue;
    const auto [it, fresh] = by_count.emplace(std::popcount(n), *g[n]);
    consistent = fresh || it->second == *g[n];
  }
  if (consistent && by_count.size() >= 4) {
    const int128 c = static_cast<int128>(by_count.begin()->second) - by_count.begin()->first;
    const bool shifted = std::all_of(by_count.begin(), by_count.end(), [&](const auto& e) {
      return static_cast<int128>(e.second) - e.first == c;
    });
    if (shifted) {
      return observed(scaled_plus(1, apply(Op::popcount, Formula::x()), c), "popcount");
    }
    std::optional<Value> parity[2];
    bool by_parity_only = true;
    for (const auto& [count, value] : by_count) {
      std::optional<Value>& seen = parity[count % 2];
      by_parity_only = by_parity_only && (!seen || *seen == value);
      seen = value;
    }
    if (by_parity_only && parity[0] && parity[1]) {
      return observed(by_parity(*parity[0], *parity[1]), "popcount parity");
    }
  }
  for (const Value a : {1, 2, 3}) {
    std::optional<int128> rest[2];
    bool fits = true;
    for (std::uint64_t n = 0; n < g.size() && fits; ++n) {
      if (!g[n]) continue;
      const int128 d = static_cast<int128>(*g[n]) - static_cast<int128>(a) * n;
      std::optional<int128>& seen = rest[std::popcount(n) % 2];
      fits = d >= 0 && (!seen || *seen == d);
      seen = d;
    }
    if (!fits || !rest[0] || !rest[1] || *rest[0] == *rest[1]) continue;
    const auto even = static_cast<Value>(*rest[0]);
    const auto odd = static_cast<Value>(*rest[1]);
    const std::string kind = a == 2 && even == 1 && odd == 0   ? "odious numbers"
                             : a == 2 && even == 0 && odd == 1 ? "evil numbers"
                                                               : "n and popcount parity";
    return observed(apply(Op::add, scaled_plus(a, Formula::x(), 0), by_parity(even, odd)), kind);
  }
  return std::nullopt;
}

/// The values of g(x, y) by u(x, y), when they are equal wherever u is: a sequence with unknown
/// values where u takes no cell's value.
std::optional<std::vector<std::optional<Value>>> by_combination(const GridSample& grid,
                                                                const Formula& u) {
  std::vector<std::optional<Value>> f;
  for (std::size_t r = 0; r < grid.rows; ++r) {
    for (std::size_t c = 0; c < grid.cols; ++c) {
      const std::optional<Value>& v = grid.at(r, c);
      if (!v) continue;
      const std::optional<Value> t = u.at(grid.row_from + r, grid.col_from + c);
      if (!t || *t >= kLongestSequence) return std::nullopt;
      if (*t >= f.size()) f.resize(*t + 1);
      if (f[*t] && *f[*t] != *v) return std::nullopt;
      f[*t] = v;
    }
  }
  return f;
}

/// g(x, col) for x = 0..row_from+rows-1 (unknown below row_from), or g(row, y) by y; nothing
/// when the line has a cell that is not a position or would be too long.
std::optional<std::vector<std::optional<Value>>> line(const GridSample& grid, std::size_t fixed,
                                                      bool along_rows) {
  const std::uint64_t from = along_rows ? grid.row_from : grid.col_from;
  const std::size_t count = along_rows ? grid.rows : grid.cols;
  if (from + count > kLongestSequence) return std::nullopt;
  std::vector<std::optional<Value>> out(from + count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::optional<Value>& v = along_rows ? grid.at(i, fixed) : grid.at(fixed, i);
    if (!v) return std::nullopt;
    out[from + i] = v;
  }
  return out;
}

/// The first row and the first column holding only positions.
std::optional<std::pair<std::size_t, std::size_t>> full_lines(const GridSample& grid) {
  std::optional<std::size_t> row, col;
  for (std::size_t r = 0; r < grid.rows && !row; ++r) {
    bool full = true;
    for (std::size_t c = 0; c < grid.cols; ++c) full = full && grid.at(r, c).has_value();
    if (full) row = r;
  }
  for (std::size_t c = 0; c < grid.cols && !col; ++c) {
    bool full = true;
    for (std::size_t r = 0; r < grid.rows; ++r) full = full && grid.at(r, c).has_value();
    if (full) col = c;
  }
  if (!row || !col) return std::nullopt;
  return std::pair(*row, *col);
}

/// F1(x) op F2(y) with op xor or the nim product: F1 from a column, F2 from a row through a cell
/// of value `unit` (0 for xor, 1 for the product), each fitted as a sequence.
std::optional<ClosedForm> separable_fit(const GridSample& grid, Op op) {
  const auto combine = [op](Value a, Value b) { return op == Op::bit_xor ? a ^ b : nim_mul(a, b); };
  const std::optional<std::pair<std::size_t, std::size_t>> lines = full_lines(grid);
  if (!lines) return std::nullopt;
  // The product needs a cell of value 1 on a full row and a full column: then g(x, c0) = F1(x)
  // and g(r0, y) = F2(y) up to factors whose product is 1. Xor takes the full lines as they are.
  std::size_t r0 = lines->first, c0 = lines->second;
  if (op == Op::nim_product) {
    bool found = false;
    for (std::size_t r = 0; r < grid.rows && !found; ++r) {
      for (std::size_t c = 0; c < grid.cols && !found; ++c) {
        if (grid.at(r, c) != Value{1}) continue;
        const auto column = line(grid, c, true);
        const auto row = line(grid, r, false);
        if (column && row) std::tie(r0, c0, found) = std::tuple(r, c, true);
      }
    }
    if (!found) return std::nullopt;
  }
  std::optional<std::vector<std::optional<Value>>> first = line(grid, c0, true);
  std::optional<std::vector<std::optional<Value>>> second = line(grid, r0, false);
  if (!first || !second) return std::nullopt;
  if (op == Op::bit_xor) {
    const Value corner = *grid.at(r0, c0);
    for (std::optional<Value>& v : *second) {
      if (v) *v ^= corner;
    }
  }
  for (std::size_t r = 0; r < grid.rows; ++r) {
    for (std::size_t c = 0; c < grid.cols; ++c) {
      const std::optional<Value>& v = grid.at(r, c);
      if (v && *v != combine(*(*first)[grid.row_from + r], *(*second)[grid.col_from + c])) {
        return std::nullopt;
      }
    }
  }
  const std::optional<ClosedForm> f1 = fit_sequence(*first);
  const std::optional<ClosedForm> f2 = fit_sequence(*second);
  if (!f1 || !f2) return std::nullopt;
  return observed(apply(op, f1->formula, f2->formula.of(Formula::y())),
                  op == Op::bit_xor ? "xor of forms" : "nim product of forms");
}

/// T[x mod p][y mod q][side of the diagonal] for the smallest table that holds every cell.
std::optional<ClosedForm> residue_fit(const GridSample& grid) {
  const Formula x = Formula::x(), y = Formula::y();
  // The side of the diagonal: none; x > y; x < y, x = y or x > y.
  const std::vector<std::pair<Formula, Value>> sides = {
      {number(0), 1},
      {apply(Op::less, y, x), 2},
      {apply(Op::add, apply(Op::multiply, number(2), apply(Op::less, y, x)),
             apply(Op::equal, x, y)),
       3}};
  std::vector<std::tuple<Value, Value, std::size_t>> shapes;  // p, q, side
  for (Value p = 1; p <= 4; ++p) {
    for (Value q = 1; q <= 4; ++q) {
      for (std::size_t s = 0; s < sides.size(); ++s) shapes.emplace_back(p, q, s);
    }
  }
  std::stable_sort(shapes.begin(), shapes.end(), [&](const auto& a, const auto& b) {
    return std::get<0>(a) * std::get<1>(a) * sides[std::get<2>(a)].second <
           std::get<0>(b) * std::get<1>(b) * sides[std::get<2>(b)].second;
  });
  for (const auto& [p, q, s] : shapes) {
    // Four periods of each coordinate at least, or the residues show nothing.
    if (grid.rows < 4 * p || grid.cols < 4 * q) continue;
    const Value c = sides[s].second;
    Formula index = sides[s].first;
    if (q > 1) {
      index = apply(Op::add, apply(Op::multiply, number(c), apply(Op::mod, y, number(q))), index);
    }
    if (p > 1) {
      index =
          apply(Op::add, apply(Op::multiply, number(c * q), apply(Op::mod, x, number(p))), index);
    }
    std::vector<std::optional<Value>> table(p * q * c);
    bool fits = true;
    for (std::size_t r = 0; r < grid.rows && fits; ++r) {
      for (std::size_t col = 0; col < grid.cols && fits; ++col) {
        const std::optional<Value>& v = grid.at(r, col);
        if (!v) continue;
        std::optional<Value>& entry = table[*index.at(grid.row_from + r, grid.col_from + col)];
        fits = !entry || *entry == *v;
        entry = v;
      }
    }
    if (!fits) continue;
    std::vector<Value> values;
    for (const std::optional<Value>& e : table) values.push_back(e.value_or(0));
    return observed(Formula::table(std::move(values), index),
                    c == 1 ? "residues" : "residues and diagonal");
  }
  return std::nullopt;
}

/// 1 where g = 0, 0 elsewhere, unknown where g is.
std::vector<std::optional<Value>> indicator(Sample g) {
  std::vector<std::optional<Value>> out;
  out.reserve(g.size());
  for (const std::optional<Value>& v : g) {
    out.push_back(v ? std::optional<Value>(*v == 0 ? 1 : 0) : std::nullopt);
  }
  return out;
}

}  // namespace

ClosedForm periodicity_form(const Periodicity& periodicity) {
  std::vector<std::optional<Value>> g(periodicity.values.begin(), periodicity.values.end());
  return simplest_periodic_form(g, periodicity.preperiod, periodicity.period, periodicity.saltus);
}

std::optional<ClosedForm> fit_sequence(Sample g) {
  if (known_count(g) < kLeastEvidence) return std::nullopt;
  // An ordinary period first; a saltus seen in the last quarter only after the forms that hold
  // on every value (popcount(n) grows by 1 from n to n + 128 over 768..1023).
  Value saltus = 0;
  std::optional<ClosedForm> periodic = periodic_fit(g, saltus);
  if (periodic && saltus == 0) return periodic;
  if (auto form = ruler_fit(g)) return form;
  if (auto form = popcount_fit(g)) return form;
  return periodic;
}

std::optional<ClosedForm> fit_grid(const GridSample& grid) {
  if (known_count(grid.values) < kLeastEvidence) return std::nullopt;
  const Formula x = Formula::x(), y = Formula::y();
  const std::vector<std::pair<Formula, std::string>> combinations = {
      {x, "x"},
      {y, "y"},
      {apply(Op::bit_xor, x, y), "x xor y"},
      {apply(Op::add, x, y), "x + y"},
      {apply(Op::bit_and, x, y), "x & y"},
      {apply(Op::min, x, y), "min(x, y)"},
      {apply(Op::max, x, y), "max(x, y)"},
      {apply(Op::abs_diff, x, y), "|x - y|"}};
  for (const auto& [u, name] : combinations) {
    const auto f = by_combination(grid, u);
    if (!f) continue;
    const std::optional<ClosedForm> form = fit_sequence(*f);
    if (!form) continue;
    const bool itself = form->formula == Formula::x();
    return observed(form->formula.of(u), itself ? name : form->kind + " of " + name);
  }
  if (auto form = separable_fit(grid, Op::bit_xor)) return form;
  if (auto form = separable_fit(grid, Op::nim_product)) return form;
  return residue_fit(grid);
}

std::optional<ClosedForm> fit_p_positions(Sample g) {
  std::optional<ClosedForm> form = fit_sequence(indicator(g));
  if (form) form->p_positions = true;
  return form;
}

std::optional<ClosedForm> fit_p_positions(const GridSample& grid) {
  GridSample p = grid;
  p.values = indicator(grid.values);
  // Wythoff's pairs: (a_k, a_k + k) either way round, a_k = floor(k·phi); shown only by a grid
  // holding P-positions past (0, 0) and (1, 2).
  const Formula x = Formula::x(), y = Formula::y();
  ClosedForm wythoff = observed(
      apply(Op::equal, apply(Op::min, x, y), apply(Op::golden_floor, apply(Op::abs_diff, x, y))),
      "Wythoff pairs");
  wythoff.p_positions = true;
  const auto p_count = std::count(p.values.begin(), p.values.end(), std::optional<Value>(1));
  if (p_count >= 5 && !first_disagreement(wythoff, grid)) return wythoff;
  std::optional<ClosedForm> form = fit_grid(p);
  if (form) form->p_positions = true;
  return form;
}

std::optional<std::uint64_t> first_disagreement(const ClosedForm& form, Sample g) {
  for (std::uint64_t n = 0; n < g.size(); ++n) {
    if (!g[n]) continue;
    const Value expected = form.p_positions ? Value{*g[n] == 0} : *g[n];
    if (form.formula.at(n) != expected) return n;
  }
  return std::nullopt;
}

std::optional<std::pair<std::uint64_t, std::uint64_t>> first_disagreement(const ClosedForm& form,
                                                                          const GridSample& grid) {
  for (std::size_t r = 0; r < grid.rows; ++r) {
    for (std::size_t c = 0; c < grid.cols; ++c) {
      const std::optional<Value>& v = grid.at(r, c);
      if (!v) continue;
      const Value expected = form.p_positions ? Value{*v == 0} : *v;
      const std::uint64_t x = grid.row_from + r, y = grid.col_from + c;
      if (form.formula.at(x, y) != expected) return std::pair(x, y);
    }
  }
  return std::nullopt;
}

}  // namespace grundy
