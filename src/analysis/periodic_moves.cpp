#include "grundy/analysis/periodic_moves.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <map>
#include <numeric>
#include <vector>

#include "grundy/core/checked.hpp"

namespace grundy {
namespace {

/// How many a in [lo, hi] have a = i + u (mod p).
std::uint64_t count_in_class(std::uint64_t lo, std::uint64_t hi, std::uint64_t i, std::uint64_t p,
                             std::uint64_t u) {
  if (lo > hi) return 0;
  // First a >= lo with (a - i) mod p == u; lo >= i here.
  const std::uint64_t first = lo + (u + p - (lo - i) % p) % p;
  return first > hi ? 0 : (hi - first) / p + 1;
}

/// Residue classes one_heap_options_with_value counts one by one with an ordinary period.
constexpr std::uint64_t kMaxCountedClasses = std::uint64_t{1} << 22;

/// The options leaving one heap listed in order: heap 0 (nothing left) first.
void visit_heaps(const std::vector<std::uint64_t>& heaps, std::size_t limit, OptionVisitor& visit) {
  for (std::size_t j = 0; j < heaps.size() && j < limit; ++j) {
    const Position one{heaps[j], 0};
    if (heaps[j] == 0) {
      visit.option({});
    } else {
      visit.option(std::span<const Position>(&one, 1));
    }
  }
}

}  // namespace

PeriodicSplits periodic_splits(std::uint64_t r, std::uint64_t i) {
  PeriodicSplits s;
  s.lo = std::max<std::uint64_t>(i, 1);
  s.hi = r >= i ? std::min(r / 2, r - i) : 0;
  s.any = s.lo <= s.hi;
  return s;
}

TakeBreakCode one_heap_moves(const TakeBreakCode& code) {
  TakeBreakCode out = code;
  out.unequal_split = false;
  for (std::uint8_t& d : out.digits) d &= kLeaveNothing | kLeaveOne;
  normalise_take_break_code(out);
  return out;
}

OptionSearch one_heap_options_with_value(const TakeBreakCode& moves, const Periodicity& per,
                                         std::uint64_t n, Value target, std::size_t limit,
                                         OptionVisitor& visit) {
  OptionSearch result;
  result.answered = true;
  // Heap m is left by removing k = n - m tokens: the whole heap needs bit 1, a heap left bit 2.
  const auto legal = [&](std::uint64_t m) {
    return m == 0 ? (moves.digit(n) & kLeaveNothing) != 0 : (moves.digit(n - m) & kLeaveOne) != 0;
  };
  const std::uint64_t i = per.preperiod, p = per.period;
  std::uint64_t count = 0;
  std::vector<std::uint64_t> heaps;  // increasing: the preperiod's, then the periodic ones
  for (std::uint64_t m = 0; m < i && m < n; ++m) {
    if (per.values[m] == target && legal(m)) {
      ++count;
      heaps.push_back(m);
    }
  }
  if (n <= i) {
    result.count = count;
    visit_heaps(heaps, limit, visit);
    return result;
  }
  std::vector<std::uint64_t> periodic;
  if (per.saltus != 0) {
    // g(i + u + q*p) = g(i + u) + q*s: one q per class at most.
    const Value s = per.saltus;
    for (std::uint64_t u = 0; u < p; ++u) {
      const Value v0 = per.values[i + u];
      if (target < v0 || (target - v0) % s != 0) continue;
      const auto offset = checked_mul((target - v0) / s, p);
      const auto m = offset ? checked_add(i + u, *offset) : std::nullopt;
      if (!m || *m >= n || !legal(*m)) continue;
      ++count;
      periodic.push_back(*m);
    }
    std::sort(periodic.begin(), periodic.end());
  } else {
    // Every heap of a class whose value is the target. Removals below the block (k < fixed, the
    // last heaps) one by one; past it, the digit of k = n - m repeats in the class's q with
    // period P' = P / gcd(p, P), so each residue of q mod P' is legal for all its heaps or none.
    const std::uint64_t fixed = moves.digits.size() - moves.repeat;
    const std::uint64_t tail = std::max(i, n >= fixed ? n - fixed + 1 : 0);
    const std::uint64_t big_period = moves.repeat;
    const std::uint64_t cycle = big_period == 0 ? 1 : big_period / std::gcd(p, big_period);
    if (big_period != 0 && tail > i && saturating_mul(p, cycle) > kMaxCountedClasses) {
      result.count_unknown_reason = "the heaps of value " + std::to_string(target) +
                                    " fall into more residue classes than are counted";
      visit_heaps(heaps, limit, visit);
      return result;
    }
    for (std::uint64_t u = 0; big_period != 0 && u < p; ++u) {
      const std::uint64_t first = i + u;
      if (per.values[first] != target || first >= tail) continue;
      const std::uint64_t last_q = (tail - 1 - first) / p;
      const std::uint64_t base = (n - first - fixed) % big_period;  // (k - fixed) mod P at q = 0
      std::vector<std::uint64_t> legal_q;                           // residues of q mod P'
      for (std::uint64_t q0 = 0; q0 < cycle && q0 <= last_q; ++q0) {
        const std::uint64_t at =
            (base + big_period - (q0 % big_period) * (p % big_period) % big_period) % big_period;
        if ((moves.digits[fixed + at] & kLeaveOne) == 0) continue;
        count += (last_q - q0) / cycle + 1;
        legal_q.push_back(q0);
      }
      // The first `limit` heaps of this class, increasing.
      std::size_t taken = 0;
      for (std::uint64_t t = 0; taken < limit && !legal_q.empty(); ++t) {
        bool any = false;
        for (std::uint64_t q0 : legal_q) {
          const std::uint64_t q = q0 + t * cycle;
          if (q > last_q || taken >= limit) break;
          periodic.push_back(first + q * p);
          ++taken;
          any = true;
        }
        if (!any) break;
      }
    }
    std::sort(periodic.begin(), periodic.end());
    for (std::uint64_t m = tail; m < n; ++m) {
      if (per.value_at(m) == target && legal(m)) {
        ++count;
        periodic.push_back(m);
      }
    }
  }
  heaps.insert(heaps.end(), periodic.begin(), periodic.end());
  result.count = count;
  visit_heaps(heaps, limit, visit);
  return result;
}

std::optional<std::vector<ValueCount>> take_break_option_value_counts(const TakeBreakCode& code,
                                                                      const Periodicity& per,
                                                                      std::uint64_t n) {
  if (per.saltus != 0 || code.unequal_split || code.repeats()) return std::nullopt;
  std::map<Value, std::uint64_t> counts;
  bool overflow = false;
  auto add = [&](Value v, std::uint64_t more) {
    if (more == 0) return;
    if (auto sum = checked_add(counts[v], more))
      counts[v] = *sum;
    else
      overflow = true;
  };
  const std::uint64_t i = per.preperiod, p = per.period;
  auto g = [&](std::uint64_t x) { return per.value_at(x); };
  for (std::uint64_t k = 0; k < code.digits.size() && k <= n; ++k) {
    const std::uint8_t d = code.digits[k];
    const std::uint64_t r = n - k;
    if ((d & kLeaveNothing) && r == 0) add(0, 1);
    if ((d & kLeaveOne) && r > 0) add(g(r), 1);
    if ((d & kLeaveTwo) && r >= 2) {
      const std::uint64_t half = r / 2;
      auto explicit_range = [&](std::uint64_t lo, std::uint64_t hi) {
        for (std::uint64_t a = lo; a <= hi; ++a) add(g(a) ^ g(r - a), 1);
      };
      const PeriodicSplits q = periodic_splits(r, i);
      if (!q.any) {
        explicit_range(1, half);
      } else {
        explicit_range(1, q.lo - 1);
        // g(a) = per(u), g(r - a) = per((c - u) mod p), u = (a - i) mod p, c = (r - 2i) mod p.
        const std::uint64_t c = (r - 2 * i) % p;
        for (std::uint64_t a = q.lo; a < q.lo + p && a <= q.hi; ++a) {
          const std::uint64_t u = (a - i) % p;
          add(per.values[i + u] ^ per.values[i + (c + p - u) % p],
              count_in_class(q.lo, q.hi, i, p, u));
        }
        explicit_range(q.hi + 1, half);
      }
    }
    if ((d & kLeaveThree) && r >= 3) return std::nullopt;
  }
  if (overflow) return std::nullopt;
  std::vector<ValueCount> out;
  for (const auto& [value, count] : counts) out.push_back({value, count});
  return out;
}

OptionSearch take_break_options_with_value(const TakeBreakCode& code, const Periodicity& per,
                                           std::uint64_t n, Value target, std::size_t limit,
                                           OptionVisitor& visit) {
  if (code.repeats() || per.saltus != 0) {
    // Splits of arithmetic-periodic values have no residue structure to count them by (a xor of
    // growing values), and a repeating code has no last digit to stop at: the one-heap moves only.
    OptionSearch result =
        one_heap_options_with_value(one_heap_moves(code), per, n, target, limit, visit);
    if (code.max_parts() >= 2 && n >= 2) {
      result.count.reset();
      result.count_unknown_reason =
          "splits of a heap beyond the computed table are not enumerated when the values are "
          "arithmetic-periodic or the code repeats";
    }
    return result;
  }
  OptionSearch result;
  result.answered = true;
  std::uint64_t count = 0;
  bool overflow = false;  // the count passed 2^64-1: reported as unknown
  auto add_count = [&](std::uint64_t more) {
    if (auto sum = checked_add(count, more))
      count = *sum;
    else
      overflow = true;
  };
  bool three_heaps = false;
  std::vector<std::vector<Position>> found;  // at most `limit` per kind of move, merged below
  const std::uint64_t i = per.preperiod, p = per.period;
  auto g = [&](std::uint64_t x) { return per.value_at(x); };

  for (std::uint64_t k = 0; k < code.digits.size() && k <= n; ++k) {
    const std::uint8_t d = code.digits[k];
    const std::uint64_t r = n - k;
    if ((d & kLeaveNothing) && r == 0 && target == 0) {
      add_count(1);
      found.push_back({});
    }
    if ((d & kLeaveOne) && r > 0 && g(r) == target) {
      add_count(1);
      found.push_back({Position{r, 0}});
    }
    if ((d & kLeaveTwo) && r >= 2) {
      const std::uint64_t half = r / 2;
      std::size_t listed = 0;
      auto take = [&](std::uint64_t a) {
        if (listed < limit) {
          found.push_back({Position{a, 0}, Position{r - a, 0}});
          ++listed;
        }
      };
      const PeriodicSplits q = periodic_splits(r, i);
      const std::uint64_t qlo = q.lo, qhi = q.hi;
      const bool has_q = q.any;
      // The rest, listed one by one: a below qlo, and a above qhi (r - a in the preperiod).
      auto explicit_range = [&](std::uint64_t lo, std::uint64_t hi) {
        for (std::uint64_t a = lo; a <= hi; ++a) {
          if ((g(a) ^ g(r - a)) == target) {
            add_count(1);
            take(a);
          }
        }
      };
      if (!has_q) {
        explicit_range(1, half);
      } else {
        explicit_range(1, qlo - 1);
        // g(a) = per(u), g(r - a) = per((c - u) mod p) with u = (a - i) mod p, c = (r - 2i) mod p.
        const std::uint64_t c = (r - 2 * i) % p;
        std::vector<std::uint64_t> first_matches;  // a in [qlo, qlo + p) that match, ascending
        for (std::uint64_t a = qlo; a < qlo + p && a <= qhi; ++a) {
          const std::uint64_t u = (a - i) % p;
          if ((per.values[i + u] ^ per.values[i + (c + p - u) % p]) == target) {
            first_matches.push_back(a);
            add_count(count_in_class(qlo, qhi, i, p, u));
          }
        }
        for (std::uint64_t j = 0; listed < limit && !first_matches.empty(); ++j) {
          bool any = false;
          for (std::uint64_t a0 : first_matches) {
            if (j > (qhi - a0) / p) continue;
            any = true;
            take(a0 + j * p);
            if (listed >= limit) break;
          }
          if (!any) break;
        }
        explicit_range(qhi + 1, half);
      }
    }
    if ((d & kLeaveThree) && r >= 3) three_heaps = true;
  }

  std::sort(found.begin(), found.end());
  for (std::size_t m = 0; m < found.size() && m < limit; ++m) visit.option(found[m]);
  if (three_heaps) {
    result.count_unknown_reason =
        "splits of a heap beyond the computed table into three heaps are not enumerated";
  } else if (overflow) {
    result.count_unknown_reason = "the number of winning moves passes 2^64-1";
  } else {
    result.count = count;
  }
  return result;
}

}  // namespace grundy
