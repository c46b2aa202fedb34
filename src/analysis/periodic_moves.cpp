#include "grundy/analysis/periodic_moves.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <map>
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

/// The splits a + (r - a), 1 <= a <= r / 2, with both parts in the periodic range (a >= i and
/// r - a >= i, i the preperiod): a in [lo, hi] when `any`.
struct PeriodicSplits {
  std::uint64_t lo = 1;
  std::uint64_t hi = 0;
  bool any = false;
};

PeriodicSplits periodic_splits(std::uint64_t r, std::uint64_t i) {
  PeriodicSplits s;
  s.lo = std::max<std::uint64_t>(i, 1);
  s.hi = r >= i ? std::min(r / 2, r - i) : 0;
  s.any = s.lo <= s.hi;
  return s;
}

}  // namespace

std::optional<std::vector<ValueCount>> take_break_option_value_counts(const TakeBreakCode& code,
                                                                      const Periodicity& per,
                                                                      std::uint64_t n) {
  if (per.saltus != 0 || code.unequal_split) return std::nullopt;
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
