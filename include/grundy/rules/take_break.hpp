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

/// A code digit `max_removed()` gives for a repeating code: a move may remove any number.
inline constexpr std::size_t kUnboundedRemoval = ~std::size_t{0};

struct TakeBreakCode {
  /// digits[k] for k = 0, 1, ...: the digit before the point is digits[0]. A finite code has no
  /// trailing zeros beyond digits[0]; a repeating code ends with one copy of its block.
  std::vector<std::uint8_t> digits;
  /// The length of the block at the end of `digits` that repeats forever (`4.(3)`, Lasker's Nim:
  /// digits {4, 3}, repeat 1); 0 for a finite code. In canonical form (normalise_take_break_code)
  /// the block is primitive, not all zeros, starts after the point, and the digit before it differs
  /// from its last digit (`0.3(33)` is `0.(3)`).
  std::size_t repeat = 0;
  /// Two-heap splits must leave unequal heaps (Grundy's game: digit 4 at k = 0, unequal).
  bool unequal_split = false;

  bool repeats() const { return repeat != 0; }
  /// Digit k of the code for any k: from the block past the written digits of a repeating code, 0
  /// past the end of a finite one.
  std::uint8_t digit(std::uint64_t k) const;
  /// The most tokens a move removes (t in the periodicity theorem); kUnboundedRemoval for a
  /// repeating code.
  std::size_t max_removed() const {
    if (repeats()) return kUnboundedRemoval;
    return digits.empty() ? 0 : digits.size() - 1;
  }
  /// The most heaps a move can leave (1, 2 or 3).
  int max_parts() const;
  friend bool operator==(const TakeBreakCode&, const TakeBreakCode&) = default;
};

/// Calls f(k, d) for each non-zero digit d = code.digit(k), k = 0, 1, ... up to `last` (and the end
/// of a finite code), in increasing k, without a division per digit.
template <class F>
void for_each_digit(const TakeBreakCode& code, std::uint64_t last, F&& f) {
  const std::uint64_t fixed = code.digits.size() - code.repeat;
  for (std::uint64_t k = 0; k < fixed && k <= last; ++k) {
    if (code.digits[k] != 0) f(k, code.digits[k]);
  }
  if (code.repeat == 0 || last < fixed) return;
  std::uint64_t j = 0;  // k's place in the block
  for (std::uint64_t k = fixed;; ++k) {
    const std::uint8_t d = code.digits[fixed + j];
    if (d != 0) f(k, d);
    if (k == last) return;
    if (++j == code.repeat) j = 0;
  }
}

/// How many options of a heap of n tokens under `code` leave at most one heap (remove k < n
/// leaving a heap, or exactly n leaving nothing), counted exactly in O(digits).
std::uint64_t take_break_one_heap_options(const TakeBreakCode& code, std::uint64_t n);

/// The canonical form of a code (see TakeBreakCode::repeat); parse and print keep codes in it, so
/// parse(print(x)) == x and two spellings of one code are one game.
void normalise_take_break_code(TakeBreakCode& code);

/// An upper bound of the options of a heap of n tokens under `code` (splits into two heaps count
/// r/2 + 1, into three r^2/12 + 1, r the tokens left), saturating at 2^64-1; O(digits) for
/// repeating codes too.
std::uint64_t take_break_options_bound(const TakeBreakCode& code, std::uint64_t n);

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
/// every n. 0.4 -> 0.07, 0.07 -> 0.137, 0.(4) -> 0.(7). Nothing for an odd d1, a hexadecimal digit
/// (three-heap moves), or unequal splits (Grundy's game), where the rule is not proven. The rule
/// is digit by digit, so a repeating code gives a repeating code with a block of the same length.
std::optional<TakeBreakCode> offset_code(const TakeBreakCode& code);

/// Parses `D.DDD...` from `in`: octal digits (0-7) or, with `hexadecimal`, 0-9 and A-F. The digit
/// before the point may be 0 or 4 (8 or C too in hexadecimal). A block in parentheses at the end
/// repeats forever: `4.(3)`, `0.1(37)`. The result is in canonical form.
TakeBreakCode parse_take_break_code(Scanner& in, bool hexadecimal);
/// `0.77`, `4.07`, `C.F`, `4.(3)` (the digits only; hexadecimal digits in upper case).
std::string format_take_break_code(const TakeBreakCode& code);

}  // namespace grundy
