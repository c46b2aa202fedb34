#include "grundy/analysis/shift_check.hpp"

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "grundy/core/checked.hpp"

namespace grundy {
namespace {

/// R1 and R2 (docs/theory/arithmetic-periodicity.md): the residues mod P of the block's k whose
/// digit has bit 1, and those whose digit has bit 2.
struct Residues {
  std::vector<bool> r1;
  std::vector<std::uint64_t> r2;
};

Residues residues(const TakeBreakCode& moves) {
  const std::uint64_t period = moves.repeat;
  const std::uint64_t fixed = moves.digits.size() - period;
  Residues out;
  out.r1.assign(period, false);
  for (std::uint64_t j = 0; j < period; ++j) {
    const std::uint64_t r = (fixed + j) % period;
    const std::uint8_t d = moves.digits[fixed + j];
    if (d & kLeaveNothing) out.r1[r] = true;
    if (d & kLeaveOne) out.r2.push_back(r);
  }
  return out;
}

using Classes = std::vector<std::vector<Value>>;

/// U_r(y) for every r mod P, each sorted and without repeats.
Classes classes(const std::function<Value(std::uint64_t)>& g, const TakeBreakCode& moves,
                const Residues& res, std::uint64_t y) {
  const std::uint64_t period = moves.repeat;
  const std::uint64_t w = shift_window(moves);
  Classes out(period);
  for (std::uint64_t r = 0; r < period; ++r) {
    if (res.r1[r]) out[r].push_back(0);
  }
  // Heap m is an option of heap x >= m + w + 1 when (x - m) mod P is in R2: it joins U_r for
  // r = m + q (mod P), q in R2.
  for (std::uint64_t m = 1; m + w < y; ++m) {
    const Value v = g(m);
    for (std::uint64_t q : res.r2) out[(m % period + q) % period].push_back(v);
  }
  for (std::vector<Value>& c : out) {
    std::sort(c.begin(), c.end());
    c.erase(std::unique(c.begin(), c.end()), c.end());
  }
  return out;
}

bool well_posed(const TakeBreakCode& moves, std::uint64_t p) {
  return moves.repeat != 0 && p != 0 && p % moves.repeat == 0;
}

}  // namespace

std::uint64_t shift_window(const TakeBreakCode& moves) {
  return moves.digits.size() - moves.repeat - 1;
}

std::optional<std::uint64_t> first_shift_point(const std::function<Value(std::uint64_t)>& g,
                                               std::uint64_t size, const TakeBreakCode& moves,
                                               std::uint64_t p, Value s, std::uint64_t from) {
  if (!well_posed(moves, p)) return std::nullopt;
  const std::uint64_t period = moves.repeat;
  const std::uint64_t w = shift_window(moves);
  const std::uint64_t x0 = std::max(from, w + 1);
  if (x0 > size || size - x0 < p) return std::nullopt;
  const Residues res = residues(moves);
  const Classes low = classes(g, moves, res, x0);
  const Classes high = classes(g, moves, res, x0 + p);

  // The values on which the two sides of (b) differ at x0. Each later step adds one value to both
  // sides of a class alike (heap m = x - w to U_r(x), heap m + p, of value g(m) + s, to
  // U_r(x + p)), so a difference goes away when its value is added, and none comes.
  std::set<std::pair<std::uint64_t, Value>> pending;
  for (std::uint64_t r = 0; r < period; ++r) {
    const std::vector<Value>& hi = high[r];
    const auto at_s = std::lower_bound(hi.begin(), hi.end(), s);
    // 0..s-1 must all be in U_r(x + p): the values added later are s or more.
    if (static_cast<std::uint64_t>(at_s - hi.begin()) != s) return std::nullopt;
    std::vector<Value> shifted;
    for (Value v : low[r]) {
      const auto up = checked_add(v, s);
      if (!up) return std::nullopt;
      shifted.push_back(*up);
    }
    std::vector<Value> differ;
    std::set_symmetric_difference(at_s, hi.end(), shifted.begin(), shifted.end(),
                                  std::back_inserter(differ));
    for (Value v : differ) pending.emplace(r, v);
  }

  const auto relation = [&](std::uint64_t m) {
    const auto up = checked_add(g(m), s);
    return up && g(m + p) == *up;
  };
  std::uint64_t verified = x0 - w;  // the relation holds for x0 - w <= m < verified
  for (std::uint64_t x = x0;; ++x) {
    if (pending.empty()) {
      for (; verified < x; ++verified) {
        if (!relation(verified)) return std::nullopt;
      }
      return x;
    }
    if (size - x - p < 1) return std::nullopt;  // x + 1 + p > size
    const std::uint64_t m = x - w;
    if (m >= verified) {
      if (!relation(m)) return std::nullopt;
      verified = m + 1;
    }
    const Value v = g(m) + s;
    for (std::uint64_t q : res.r2) pending.erase({(m % period + q) % period, v});
  }
}

bool shift_holds_at(const std::function<Value(std::uint64_t)>& g, const TakeBreakCode& moves,
                    std::uint64_t p, Value s, std::uint64_t x) {
  if (!well_posed(moves, p)) return false;
  const std::uint64_t w = shift_window(moves);
  if (x <= w) return false;
  for (std::uint64_t m = x - w; m < x; ++m) {
    const auto up = checked_add(g(m), s);
    if (!up || g(m + p) != *up) return false;
  }
  const Residues res = residues(moves);
  const Classes low = classes(g, moves, res, x);
  const Classes high = classes(g, moves, res, x + p);
  for (std::uint64_t r = 0; r < moves.repeat; ++r) {
    if (high[r].size() != low[r].size() + s) return false;  // before listing 0..s-1
    std::vector<Value> expected;
    for (Value v = 0; v < s; ++v) expected.push_back(v);
    for (Value v : low[r]) {
      const auto up = checked_add(v, s);
      if (!up) return false;
      expected.push_back(*up);
    }
    if (high[r] != expected) return false;
  }
  return true;
}

}  // namespace grundy
