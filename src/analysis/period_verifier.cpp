#include "grundy/analysis/period_verifier.hpp"

#include <algorithm>
#include <random>
#include <vector>

#include "grundy/analysis/shift_check.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/rules/families/subtraction.hpp"
#include "grundy/rules/take_break.hpp"

namespace grundy {
namespace {

/// Values a closed form is compared with its table (`reprove`).
constexpr std::uint64_t kClosedFormTable = 1024;
/// The most values an arithmetic certificate may need: no table here holds more (their values are
/// 32-bit counts), and the check point is found by a scan that long at most.
constexpr std::uint64_t kMaxShiftValues = std::uint64_t{1} << 32;

/// g(n + p) - g(n) is the same for n = m and n = m + 1: the differences repeat with p at m.
bool differences_repeat(const Periodicity& p, std::uint64_t m, std::uint64_t d) {
  return p.value_at(m + 1) + p.value_at(m + d) == p.value_at(m) + p.value_at(m + d + 1);
}

/// An upper bound of the options of heap n.
std::uint64_t options_at(const Game& game, std::uint64_t n) {
  if (const TakeBreakCode* code = game.traits().take_break) {
    return take_break_options_bound(*code, n);
  }
  if (const SubtractionSet* set = game.traits().subtraction;
      set && !set->all_but && set->named.empty()) {
    std::uint64_t size = 0;
    for (const SubtractionSet::Interval& iv : set->finite) {
      size = saturating_add(size, saturating_add(iv.hi - iv.lo, 1));
    }
    return std::min(size, n);
  }
  return n;  // a heap game has at most one option per smaller heap and split, as far as known
}

std::vector<std::uint64_t> prime_factors(std::uint64_t p) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t q = 2; q <= p / q; ++q) {
    if (p % q != 0) continue;
    out.push_back(q);
    while (p % q == 0) p /= q;
  }
  if (p > 1) out.push_back(p);
  return out;
}

/// The checks that need no mex: identity, theorem, counts, least period and preperiod, the proof
/// sentence. Sets `theorem` to the game's. Empty when they pass, else what failed.
std::string structure_problem(const Game& game, const PeriodCertificate& c,
                              PeriodicityTheorem& theorem) {
  if (c.game != game.name()) return "the certificate is for " + c.game + ", not " + game.name();
  if (game.traits().layout != Layout::heaps) return game.name() + " is not a heap game";
  try {
    theorem = periodicity_theorem(game);
  } catch (const Error& e) {
    return e.what();
  }
  if (theorem.kind == PeriodicityTheorem::Kind::none_applies) return theorem.reason;
  if (c.theorem.kind != theorem.kind || c.theorem.reach != theorem.reach ||
      c.theorem.heaps != theorem.heaps || c.theorem.modulus != theorem.modulus) {
    return "the certificate's theorem (" + std::string(theorem_kind_name(c.theorem.kind)) +
           ") is not the one that covers " + game.name() + " (" +
           std::string(theorem_kind_name(theorem.kind)) + " with its parameters)";
  }
  const Periodicity& p = c.periodicity;
  if (p.period == 0) return "the period is 0";
  const std::optional<std::uint64_t> count = checked_add(p.preperiod, p.period);
  if (!count || p.values.size() != *count)
    return "the certificate does not hold preperiod + period values";

  if (auto closed = closed_form_periodicity(theorem)) {
    if (p.preperiod != closed->preperiod || p.period != closed->period ||
        p.saltus != closed->saltus || p.values != closed->values || c.values_needed != 0 ||
        p.proof != closed->proof) {
      return "the certificate differs from the closed form the theorem gives";
    }
    return {};
  }
  const bool arithmetic = theorem.kind == PeriodicityTheorem::Kind::arithmetic;
  // The theorems for windows and take-and-break codes prove ordinary periods only.
  if (p.saltus != 0 && !arithmetic)
    return "a saltus, which the " + std::string(theorem_kind_name(theorem.kind)) +
           " theorem does not prove";
  if (arithmetic && c.values_needed > kMaxShiftValues) {
    return "the certificate says the theorem needs " + std::to_string(c.values_needed) +
           " values, more than the " + std::to_string(kMaxShiftValues) + " it may need here";
  }
  // The claim's values past 2^64-2 (a saltus too large) are a failed check, not an exception.
  try {
    // The arithmetic check's point is found again on the claimed sequence, up to where it says.
    const std::uint64_t needed = arithmetic ? theorem.values_needed(p, c.values_needed)
                                            : theorem.values_needed(p.preperiod, p.period);
    if (needed == kSaturated || c.values_needed != needed) {
      return "the certificate says the theorem needs " + std::to_string(c.values_needed) +
             " values; it needs " +
             (needed == kSaturated ? std::string("more") : std::to_string(needed));
    }
    if (p.values_checked < needed) return "fewer values checked than the theorem needs";
    if (p.proof != theorem.statement(p, needed, p.values_checked))
      return "the proof sentence is not the theorem's for these numbers";

    // The least period divides every period (of the differences, when there is a saltus), so p
    // is least unless p/q is a period for a prime q.
    for (std::uint64_t q : prime_factors(p.period)) {
      const std::uint64_t d = p.period / q;
      bool is_period = true;
      for (std::uint64_t n = p.preperiod; n < p.preperiod + p.period && is_period; ++n) {
        is_period = differences_repeat(p, n, d);
      }
      if (is_period) return "the period is not the least: " + std::to_string(d) + " is one too";
    }
    if (p.preperiod > 0 &&
        p.values[p.preperiod - 1] + p.saltus == p.value_at(p.preperiod - 1 + p.period))
      return "the preperiod is not the least";
  } catch (const Error& e) {
    return e.what();
  }
  return {};
}

/// c(n) = mex of the claimed values of the options of n, for n in `positions` (increasing).
class MexCheck {
 public:
  MexCheck(const Game& game, const Periodicity& claim) : game_(game), claim_(claim) {}

  /// Empty when c(n) holds, else what failed.
  std::string at(std::uint64_t n) {
    scratch_.clear();
    bool ordered = true;
    for_each_option(game_, Position{n, 0}, [&](std::span<const Position> parts) {
      Value v = 0;
      for (const Position& part : parts) {
        ordered = ordered && part.x < n;
        if (part.x < n) v ^= claim_.value_at(part.x);
      }
      scratch_.push_back(v);
    });
    options_ = saturating_add(options_, scratch_.size());
    if (!ordered) return "an option of " + std::to_string(n) + " is not a smaller heap";
    const Value got = mex(scratch_, mex_);
    const Value claimed = claim_.value_at(n);
    if (got == claimed) return {};
    return "g(" + std::to_string(n) + ") is " + std::to_string(got) +
           " (the mex of its options), the certificate says " + std::to_string(claimed);
  }
  std::uint64_t options() const { return options_; }

 private:
  const Game& game_;
  const Periodicity& claim_;
  std::vector<Value> scratch_;
  MexSet mex_;
  std::uint64_t options_ = 0;
};

/// Where a false period shows first: the last position of the preperiod, the first two periods'
/// ends, and the last value the theorem needs.
std::vector<std::uint64_t> boundary_positions(const Periodicity& p, std::uint64_t n) {
  std::vector<std::uint64_t> out;
  for (std::uint64_t m :
       {p.preperiod - 1, p.preperiod, p.preperiod + p.period - 1, p.preperiod + p.period, n - 1}) {
    if (m < n) out.push_back(m);  // p.preperiod - 1 wraps past n when the preperiod is 0
  }
  return out;
}

/// `count` positions spread over 0..n-1, one at a random place in each stride, so that repeated
/// checks look at different positions.
std::vector<std::uint64_t> spread_positions(std::uint64_t n, std::uint64_t count) {
  std::vector<std::uint64_t> out;
  std::mt19937_64 random{std::random_device{}()};
  const std::uint64_t stride = std::max<std::uint64_t>(n / std::max<std::uint64_t>(count, 1), 1);
  for (std::uint64_t k = 0; k < count; ++k) {
    const std::uint64_t base = saturating_mul(k, stride);
    if (base >= n) break;
    out.push_back(std::min(n - 1, base + random() % stride));
  }
  return out;
}

std::uint64_t work_of(const Game& game, const std::vector<std::uint64_t>& positions) {
  std::uint64_t work = 0;
  for (std::uint64_t m : positions) work = saturating_add(work, options_at(game, m));
  return work;
}

}  // namespace

std::uint64_t options_work(const Game& game, std::uint64_t n) {
  if (n == 0) return 0;
  if (const TakeBreakCode* code = game.traits().take_break; code && code->repeats()) {
    // A heap has no fewer options than a smaller one (each digit's moves from r tokens only grow
    // with r, and more digits apply): n times the last heap's bound is a bound.
    return saturating_mul(n, options_at(game, n - 1));
  }
  if (const TakeBreakCode* code = game.traits().take_break) {
    // Sum over the digits of the options of heaps k..n-1 (r = 0..n-1-k), in 128 bits: one-heap
    // moves give 1 per heap, splits into two about r/2, into three about r^2/12.
    uint128 total = 0;
    for (std::uint64_t k = 0; k < code->digits.size() && k < n; ++k) {
      const std::uint8_t d = code->digits[k];
      const uint128 r = n - 1 - k;  // the largest r
      if (d & kLeaveNothing) total += 1;
      if (d & kLeaveOne) total += r;
      if (d & kLeaveTwo) total += r * (r + 1) / 4 + r + 1;
      if (d & kLeaveThree) total += r * (r + 1) * (2 * r + 1) / 72 + r + 1;
    }
    return total > kSaturated ? kSaturated : static_cast<std::uint64_t>(total);
  }
  // Options per heap do not decrease with the heap for the other heap games.
  return saturating_mul(n, options_at(game, n - 1));
}

std::string CertificateCheck::summary() const {
  if (!holds) return "the certificate does not hold: " + failure;
  if (afresh) {
    const std::string table = "g(0.." + std::to_string(positions - 1) + ")";
    if (values_needed == 0) {
      return "closed form: the certificate is the one the theorem gives, and " + table +
             " computed afresh by the table solver agree with it";
    }
    if (shift_period != 0) {
      const std::string x = std::to_string(values_needed - shift_period);
      return table + " computed afresh by the table solver (about " + std::to_string(options) +
             " options) agree with the certificate, and the theorem's condition holds on them: " +
             "g(n+" + std::to_string(period) + ") = g(n)+" + std::to_string(saltus) + " for " +
             std::to_string(preperiod) + " <= n < " + std::to_string(values_needed - period) +
             ", and the shift check with period " + std::to_string(shift_period) + " and saltus " +
             std::to_string(shift_saltus) + " at " + x;
    }
    return table + " computed afresh by the table solver (about " + std::to_string(options) +
           " options) agree with the certificate, and the theorem's condition g(n+" +
           std::to_string(period) + ") = g(n) holds on them for " + std::to_string(preperiod) +
           " <= n < " + std::to_string(values_needed - period);
  }
  if (values_needed == 0) return "closed form: the certificate is the one the theorem gives";
  if (complete) {
    return "g(0.." + std::to_string(values_needed - 1) + ") recomputed by mex (" +
           std::to_string(options) + " options) agree with the certificate";
  }
  return "spot check: g(n) recomputed by mex at " + std::to_string(positions) +
         " positions spread over 0.." + std::to_string(values_needed - 1) + " (" +
         std::to_string(options) + " options) agree with the certificate";
}

CertificateCheck check_certificate(const Game& game, const PeriodCertificate& certificate,
                                   std::uint64_t max_work, std::uint64_t spot_count) {
  CertificateCheck check;
  PeriodicityTheorem theorem;
  check.failure = structure_problem(game, certificate, theorem);
  if (!check.failure.empty()) return check;
  const Periodicity& claim = certificate.periodicity;
  const std::uint64_t n = certificate.values_needed;
  check.values_needed = n;
  check.preperiod = claim.preperiod;
  check.period = claim.period;
  check.saltus = claim.saltus;
  if (n == 0) {  // a closed form, equal to the theorem's
    check.holds = check.complete = true;
    return check;
  }

  MexCheck mex_check(game, claim);
  check.complete = options_work(game, n) <= max_work;
  std::vector<std::uint64_t> positions;
  if (!check.complete) {
    // The boundary positions always (within a hard limit: a claim whose few largest heaps cannot
    // be checked is not used), then as many spread positions as the work left allows.
    positions = boundary_positions(claim, n);
    const std::uint64_t boundary_work = work_of(game, positions);
    const std::uint64_t hard_limit = saturating_mul(max_work, kSpotHardLimitFactor);
    if (boundary_work > hard_limit) {
      check.failure = "checking g(" + std::to_string(n - 1) + ") of " + game.name() +
                      " alone visits more than " + std::to_string(hard_limit) + " options";
      return check;
    }
    const std::uint64_t left = max_work > boundary_work ? max_work - boundary_work : 0;
    std::uint64_t count = spot_count;
    std::vector<std::uint64_t> spread = spread_positions(n, count);
    while (count > 0 && work_of(game, spread) > left) {
      count /= 2;
      spread = spread_positions(n, count);
    }
    positions.insert(positions.end(), spread.begin(), spread.end());
    std::sort(positions.begin(), positions.end());
    positions.erase(std::unique(positions.begin(), positions.end()), positions.end());
  }
  auto run = [&](std::uint64_t m) {
    check.failure = mex_check.at(m);
    ++check.positions;
    return check.failure.empty();
  };
  bool ok = true;
  try {
    if (check.complete) {
      for (std::uint64_t m = 0; m < n && ok; ++m) ok = run(m);
    } else {
      for (std::uint64_t m : positions) {
        if (!(ok = run(m))) break;
      }
    }
  } catch (const Error& e) {  // a claimed value past 2^64-2
    check.failure = e.what();
    ok = false;
  }
  check.options = mex_check.options();
  check.holds = ok;
  return check;
}

CertificateCheck reprove_certificate(const Game& game, const PeriodCertificate& certificate,
                                     const Limits& limits, std::uint64_t max_work,
                                     const DenseSolver::Progress& progress) {
  CertificateCheck check;
  PeriodicityTheorem theorem;
  check.failure = structure_problem(game, certificate, theorem);
  if (!check.failure.empty()) return check;
  const Periodicity& claim = certificate.periodicity;
  const bool closed = certificate.values_needed == 0;
  const std::uint64_t n = closed ? kClosedFormTable : certificate.values_needed;
  check.values_needed = certificate.values_needed;
  check.preperiod = claim.preperiod;
  check.period = claim.period;
  check.saltus = claim.saltus;
  const std::uint64_t work = options_work(game, n);
  if (work > max_work) {
    throw ResourceError("verifying the period of " + game.name() + " recomputes g(0.." +
                        std::to_string(n - 1) + "), about " + std::to_string(work) +
                        " options, more than the budget of " + std::to_string(max_work) +
                        " (--max-work)");
  }
  DenseSolver table(game, limits);
  table.set_progress(progress);
  table.extend_to(n - 1);
  const std::span<const std::uint32_t> g = table.values();
  check.positions = n;
  check.options = work;
  try {
    for (std::uint64_t m = 0; m < n; ++m) {
      if (g[m] != claim.value_at(m)) {
        check.failure = "g(" + std::to_string(m) + ") is " + std::to_string(g[m]) +
                        ", the certificate says " + std::to_string(claim.value_at(m));
        return check;
      }
    }
  } catch (const Error& e) {
    check.failure = e.what();
    return check;
  }
  if (!closed) {
    // The theorem's condition on the recomputed values themselves.
    const std::uint64_t i = claim.preperiod, p = claim.period;
    for (std::uint64_t m = i; m + p < n; ++m) {
      if (g[m + p] != g[m] + claim.saltus) {
        check.failure = "g(" + std::to_string(m + p) + ") != g(" + std::to_string(m) + ")" +
                        (claim.saltus != 0 ? " + " + std::to_string(claim.saltus) : "");
        return check;
      }
    }
    if (theorem.kind == PeriodicityTheorem::Kind::arithmetic) {
      // The shift check at its point x = N - p', on the recomputed values.
      const auto shifted = shift_period(theorem, p, claim.saltus);
      const auto table_value = [&](std::uint64_t m) -> Value { return g[m]; };
      if (!shifted || shifted->first > n ||
          !shift_holds_at(table_value, theorem.moves, shifted->first, shifted->second,
                          n - shifted->first)) {
        check.failure = "the shift check does not hold on the recomputed values";
        return check;
      }
      check.shift_period = shifted->first;
      check.shift_saltus = shifted->second;
    }
  }
  check.complete = check.holds = check.afresh = true;
  return check;
}

}  // namespace grundy
