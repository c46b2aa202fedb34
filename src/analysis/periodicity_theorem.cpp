#include "grundy/analysis/periodicity_theorem.hpp"

#include <algorithm>
#include <numeric>

#include "grundy/analysis/shift_check.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/families/subtraction.hpp"
#include "grundy/rules/take_break.hpp"

namespace grundy {
namespace {

/// The largest modulus q the residue theorem (SubtractionSet::residue_modulus) is cited for here:
/// the bound this proof has always used, kept so that its answers stay as they were.
constexpr std::uint64_t kMaxResidueModulus = 64;

/// The most tokens an all-but game may exclude for the shift check: its moves become a code with
/// that many written digits.
constexpr std::uint64_t kMaxShiftWindow = std::uint64_t{1} << 24;

/// Lasker's Nim: remove any number of tokens, or split a heap into two without removing any.
TakeBreakCode lasker_code() {
  return TakeBreakCode{.digits = {kLeaveTwo, kLeaveNothing | kLeaveOne}, .repeat = 1};
}

void set_arithmetic(PeriodicityTheorem& th, TakeBreakCode moves) {
  th.kind = PeriodicityTheorem::Kind::arithmetic;
  th.reach = shift_window(moves);
  th.modulus = moves.repeat;
  th.heaps = 1;
  th.moves = std::move(moves);
}

/// An all-but game's moves as a repeating code: k in E is digit 0, every other k digit 3 (remove
/// k leaving nothing or one heap), and 3 repeats past max(E).
TakeBreakCode all_but_moves(const SubtractionSet& set) {
  const std::uint64_t e = set.finite.back().hi;
  TakeBreakCode moves;
  moves.digits.assign(e + 1, kLeaveNothing | kLeaveOne);
  moves.digits[0] = 0;
  for (const SubtractionSet::Interval& iv : set.finite) {
    for (std::uint64_t k = iv.lo; k <= iv.hi; ++k) moves.digits[k] = 0;
  }
  moves.digits.push_back(kLeaveNothing | kLeaveOne);
  moves.repeat = 1;
  return moves;
}

bool splits(const TakeBreakCode& code) {
  return std::any_of(code.digits.begin(), code.digits.end(),
                     [](std::uint8_t d) { return (d & (kLeaveTwo | kLeaveThree)) != 0; });
}

}  // namespace

std::optional<std::pair<std::uint64_t, Value>> shift_period(const PeriodicityTheorem& theorem,
                                                            std::uint64_t p, Value s) {
  if (p == 0 || theorem.modulus == 0) return std::nullopt;
  const std::uint64_t times = theorem.modulus / std::gcd(p, theorem.modulus);
  const auto period = checked_mul(p, times);
  const auto saltus = checked_mul(s, times);
  if (!period || !saltus) return std::nullopt;
  return std::pair{*period, *saltus};
}

/// The families periods are proven for, named where a game is not one of them.
constexpr const char* kProvenFor =
    "periods are proven for subtraction games, octal and hexadecimal codes and polygon";

PeriodicityTheorem periodicity_theorem(const Game& game) {
  PeriodicityTheorem th;
  if (const TakeBreakCode* code = game.traits().take_break) {
    if (code->unequal_split) {
      th.reason = "no periodicity theorem covers splits into unequal heaps (Grundy's game)";
      return th;
    }
    if (code->repeats()) {
      if (*code == lasker_code()) {
        th.kind = PeriodicityTheorem::Kind::lasker;
        return th;
      }
      if (!splits(*code)) {
        set_arithmetic(th, *code);
        return th;
      }
      th.reason =
          "no periodicity theorem covers repeating codes whose moves split heaps (the Guy-Smith "
          "theorem needs a bound on the tokens a move removes), Lasker's Nim 4.(3) aside";
      return th;
    }
    th.kind = PeriodicityTheorem::Kind::take_break;
    th.reach = code->max_removed();
    th.heaps = std::max(1, code->max_parts());
    return th;
  }
  if (const SubtractionSet* set = game.traits().subtraction) {
    if (set->all_but) {
      if (set->finite.empty()) {
        th.kind = PeriodicityTheorem::Kind::nim;
        return th;
      }
      if (set->finite.back().hi > kMaxShiftWindow) {
        th.reason =
            "the arithmetic-periodicity check of all-but games takes excluded numbers up "
            "to " +
            std::to_string(kMaxShiftWindow);
        return th;
      }
      set_arithmetic(th, all_but_moves(*set));
      return th;
    }
    if (auto m = set->max_element()) {
      th.kind = PeriodicityTheorem::Kind::window;
      th.reach = *m;
      return th;
    }
    if (auto q = set->residue_modulus(); q && *q <= kMaxResidueModulus) {
      th.kind = PeriodicityTheorem::Kind::residue;
      th.modulus = *q;
      return th;
    }
    th.reason =
        "no periodicity theorem covers this infinite subtraction set (no residue "
        "argument applies)";
    return th;
  }
  if (game.traits().layout == Layout::heaps || game.traits().layout == Layout::integers) {
    // A sequence, but no theorem: what its values show can still be observed (Engine::period).
    th.reason = "no periodicity theorem covers " + game.name() + " (" + kProvenFor + ")";
    return th;
  }
  throw Error("no periodicity theory for " + game.name() + ": " + kProvenFor);
}

std::uint64_t PeriodicityTheorem::values_needed(std::uint64_t i, std::uint64_t p) const {
  switch (kind) {
    case Kind::window:
      // g(n) depends only on g(n-m), ..., g(n-1) once every s <= m fits (n >= m): a window of m
      // equal values at i and i + p repeats forever.
      return saturating_add(saturating_add(i, p), reach);
    case Kind::take_break: {
      // With moves leaving up to h heaps, the largest part of a split of n + p - k is at least
      // (n + p - t) / h, so for n >= h*i' + (h-1)*p + t it is at least i' + p and maps to a part
      // p smaller (and back); i' = max(i, 1) keeps the mapped part non-empty. Checking
      // g(n + p) = g(n) for i <= n < n0 = h*i' + (h-1)*p + t needs g up to n0 + p - 1.
      const std::uint64_t i1 = std::max<std::uint64_t>(i, 1);
      const std::uint64_t h = static_cast<std::uint64_t>(std::max(heaps, 1));
      return saturating_add(saturating_add(saturating_mul(h, i1), saturating_mul(h - 1, p)),
                            saturating_add(reach, p));
    }
    case Kind::residue:
    case Kind::nim:
    case Kind::lasker:
      return 0;
    case Kind::arithmetic:
    case Kind::none_applies:
      break;
  }
  return ~std::uint64_t{0};
}

std::uint64_t PeriodicityTheorem::values_needed(const Periodicity& claim,
                                                std::uint64_t limit) const {
  if (kind != Kind::arithmetic) return values_needed(claim.preperiod, claim.period);
  const auto shifted = shift_period(*this, claim.period, claim.saltus);
  if (!shifted) return kSaturated;
  const auto [p, s] = *shifted;
  try {
    // The claim repeats with p and s from its preperiod by construction: the scan's premise.
    const auto x = first_shift_point([&](std::uint64_t m) { return claim.value_at(m); }, limit,
                                     moves, p, s, saturating_add(claim.preperiod, reach));
    return x ? saturating_add(*x, p) : kSaturated;
  } catch (const Error&) {
    return kSaturated;  // a value past 2^64-1 on the way
  }
}

std::string PeriodicityTheorem::statement(std::uint64_t i, std::uint64_t p, std::uint64_t n) const {
  const std::string range = "g(0.." + std::to_string(n - 1) + ") computed";
  switch (kind) {
    case Kind::window:
      return "proof: finite subtraction set with max(S) = " + std::to_string(reach) +
             ", so g(n) depends only on the " + std::to_string(reach) +
             " values before it; g(n+p) = g(n) holds for " + std::to_string(i) + " <= n < " +
             std::to_string(i + reach) + " (" + range + ")";
    case Kind::take_break: {
      const std::uint64_t n0 = values_needed(i, p) - p;
      return "proof: periodicity theorem for take-and-break games (Guy-Smith, Winning Ways ch. "
             "4; bound generalised to moves leaving up to " +
             std::to_string(heaps) + " heaps): g(n+p) = g(n) for " + std::to_string(i) +
             " <= n < " + std::to_string(n0) + " = " + std::to_string(heaps) + "*max(i,1) + " +
             std::to_string(heaps - 1) + "*p + t with t = " + std::to_string(reach) + " (" + range +
             ")";
    }
    case Kind::residue:
      return "proof: residue theorem: no element of S is divisible by " + std::to_string(modulus) +
             " and S contains 1.." + std::to_string(modulus - 1) + ", so g(n) = n mod " +
             std::to_string(modulus) + " (no values needed)";
    case Kind::nim:
      return "proof: Nim (the all-but game excluding nothing) has g(n) = n (Bouton 1901): period 1 "
             "with saltus 1";
    case Kind::lasker:
      return "proof: Lasker's Nim 4.(3) has g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, "
             "g(4k+4) = 4k+3 for every k >= 0 (Lasker 1931; proven in "
             "docs/theory/arithmetic-periodicity.md): period 4 with saltus 4 from 1 (no values "
             "needed)";
    case Kind::arithmetic:
    case Kind::none_applies:
      break;
  }
  return reason;
}

std::string PeriodicityTheorem::statement(const Periodicity& claim, std::uint64_t needed,
                                          std::uint64_t n) const {
  if (kind != Kind::arithmetic) return statement(claim.preperiod, claim.period, n);
  const auto shifted = shift_period(*this, claim.period, claim.saltus);
  if (!shifted || needed < shifted->first) return reason;
  const auto [p, s] = *shifted;
  const std::uint64_t x = needed - p;
  const std::string ps = std::to_string(p), ss = std::to_string(s), xs = std::to_string(x);
  const std::string from = std::to_string(x - reach);
  const std::string below = s == 1 ? "0" : "0.." + std::to_string(s - 1);
  const std::string shifted_values =
      s == 0 ? "are those of " + xs : "are " + below + " and those of " + xs + " plus " + ss;
  // With w = 0 there is no window to compare: the classes carry the whole state.
  const std::string window =
      reach == 0 ? ""
                 : "g(m+" + ps + ") = g(m)+" + ss + " for " + from + " <= m < " + xs + ", and ";
  return "proof: arithmetic-periodicity check for moves that leave at most one heap and repeat "
         "with period " +
         std::to_string(modulus) + " in the tokens removed past " + std::to_string(reach) +
         " (docs/theory/arithmetic-periodicity.md): " + window +
         "in every residue class the values of the options of heap " + xs + "+" + ps + " " +
         shifted_values + ", so g(n+" + ps + ") = g(n)+" + ss + " for every n >= " + from +
         " (g(0.." + std::to_string(n - 1) + ") computed)";
}

std::optional<Periodicity> closed_form_periodicity(const PeriodicityTheorem& theorem) {
  Periodicity result;
  if (theorem.kind == PeriodicityTheorem::Kind::residue) {
    result.period = theorem.modulus;
    for (std::uint64_t r = 0; r < theorem.modulus; ++r)
      result.values.push_back(static_cast<std::uint32_t>(r));
  } else if (theorem.kind == PeriodicityTheorem::Kind::nim) {
    result.period = 1;
    result.saltus = 1;
    result.values = {0};
  } else if (theorem.kind == PeriodicityTheorem::Kind::lasker) {
    result.preperiod = 1;
    result.period = 4;
    result.saltus = 4;
    result.values = {0, 1, 2, 4, 3};
  } else {
    return std::nullopt;
  }
  result.proof = theorem.statement(0, result.period, 0);
  return result;
}

}  // namespace grundy
