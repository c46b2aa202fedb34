#pragma once
/// \file Take-and-break codes (Winning Ways ch. 4): octal and hexadecimal games, Grundy's game.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/rules/game.hpp"

namespace grundy {

/// Code digit bits: what may remain after removing k tokens from a heap.
inline constexpr std::uint8_t kLeaveNothing = 1;  ///< the whole heap (exactly k tokens)
inline constexpr std::uint8_t kLeaveOne = 2;      ///< one non-empty heap
inline constexpr std::uint8_t kLeaveTwo = 4;      ///< two non-empty heaps
inline constexpr std::uint8_t kLeaveThree = 8;    ///< three non-empty heaps (hexadecimal codes)

struct TakeBreakCode {
  /// digits[k] for k = 0, 1, ...: the digit before the point is digits[0]. No trailing zeros
  /// beyond digits[0].
  std::vector<std::uint8_t> digits;
  /// Two-heap splits must leave unequal heaps (Grundy's game: digit 4 at k = 0, unequal).
  bool unequal_split = false;

  /// The most tokens a move removes (t in the periodicity theorem).
  std::size_t max_removed() const { return digits.empty() ? 0 : digits.size() - 1; }
  /// The most heaps a move can leave (1, 2 or 3).
  int max_parts() const;
  friend bool operator==(const TakeBreakCode&, const TakeBreakCode&) = default;
};

/// Every option of a heap of n tokens under `code`: parts in non-decreasing order, each option
/// once (different k leave different totals; within one k the parts are enumerated sorted).
void take_break_options(const TakeBreakCode& code, std::uint64_t n, OptionVisitor& visit);

/// Whether `parts` (in non-decreasing order, as take_break_options gives them) is an option of a
/// heap of n tokens under `code`, in O(parts) without enumerating: the move removes
/// k = n - (the parts' total) tokens, and digits[k] must allow leaving that many non-empty heaps.
bool is_take_break_option(const TakeBreakCode& code, std::uint64_t n,
                          std::span<const Position> parts);

/// The offset rule (docs/theory/code-equivalence.md): when d1 is even, heap n + 1 of the octal
/// code d has the value of heap n of the code d' with
///   d'_r = 1*[1 in d_(r+1)] | 3*[2 in d_r] | 7*[4 in d_(r-1)]
/// ([b in d]: digit d has bit b; d_0 the digit before the point, d_(-1) = 0): g(n+1) = g'(n) for
/// every n. 0.4 -> 0.07, 0.07 -> 0.137. Nothing for an odd d1, a hexadecimal digit (three-heap
/// moves), or unequal splits (Grundy's game), where the rule is not proven.
std::optional<TakeBreakCode> offset_code(const TakeBreakCode& code);

/// Parses `D.DDD...` from `in`: octal digits (0-7) or, with `hexadecimal`, 0-9 and A-F. The digit
/// before the point may be 0 or 4 (8 or C too in hexadecimal).
TakeBreakCode parse_take_break_code(Scanner& in, bool hexadecimal);
/// `0.77`, `4.07`, `C.F` (the digits only; hexadecimal digits in upper case).
std::string format_take_break_code(const TakeBreakCode& code);

}  // namespace grundy
