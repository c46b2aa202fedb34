#include "grundy/rules/take_break.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "grundy/core/checked.hpp"

namespace grundy {

int TakeBreakCode::max_parts() const {
  int parts = 0;
  for (std::uint8_t d : digits) {
    if (d & kLeaveThree)
      parts = std::max(parts, 3);
    else if (d & kLeaveTwo)
      parts = std::max(parts, 2);
    else if (d & kLeaveOne)
      parts = std::max(parts, 1);
  }
  return parts;
}

void take_break_options(const TakeBreakCode& code, std::uint64_t n, OptionVisitor& visit) {
  for (std::uint64_t k = 0; k < code.digits.size() && k <= n; ++k) {
    const std::uint8_t d = code.digits[k];
    const std::uint64_t r = n - k;
    if ((d & kLeaveNothing) && r == 0) visit.option({});
    if ((d & kLeaveOne) && r > 0) {
      const Position one{r, 0};
      visit.option(std::span<const Position>(&one, 1));
    }
    if ((d & kLeaveTwo) && r >= 2) {
      for (std::uint64_t a = 1; 2 * a <= r; ++a) {
        if (code.unequal_split && 2 * a == r) continue;
        const std::array<Position, 2> two{Position{a, 0}, Position{r - a, 0}};
        visit.option(two);
      }
    }
    if ((d & kLeaveThree) && r >= 3) {
      for (std::uint64_t a = 1; 3 * a <= r; ++a) {
        for (std::uint64_t b = a; a + 2 * b <= r; ++b) {
          const std::array<Position, 3> three{Position{a, 0}, Position{b, 0},
                                              Position{r - a - b, 0}};
          visit.option(three);
        }
      }
    }
  }
}

bool is_take_break_option(const TakeBreakCode& code, std::uint64_t n,
                          std::span<const Position> parts) {
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const Position& part = parts[i];
    if (part.x == 0 || part.y != 0 || (i > 0 && part.x < parts[i - 1].x)) return false;
    const auto sum = checked_add(total, part.x);
    if (!sum) return false;
    total = *sum;
  }
  if (total > n || n - total >= code.digits.size()) return false;
  const std::uint8_t d = code.digits[n - total];
  switch (parts.size()) {
    case 0:
      return (d & kLeaveNothing) != 0;
    case 1:
      return (d & kLeaveOne) != 0;
    case 2:
      return (d & kLeaveTwo) != 0 && !(code.unequal_split && parts[0].x == parts[1].x);
    case 3:
      return (d & kLeaveThree) != 0;
    default:
      return false;
  }
}

namespace {

int digit_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

TakeBreakCode parse_take_break_code(Scanner& in, bool hexadecimal) {
  const int base = hexadecimal ? 16 : 8;
  const char* kind = hexadecimal ? "hexadecimal" : "octal";
  TakeBreakCode code;
  const std::size_t lead_at = in.offset();
  const int lead = digit_value(in.peek());
  if (lead < 0) {
    in.fail(std::string("expected an ") + kind + " code such as " + (hexadecimal ? "0.F" : "0.07") +
            ", found " + describe_char(in.text(), in.offset()));
  }
  in.get();
  const bool lead_ok = lead == 0 || lead == 4 || (hexadecimal && (lead == 8 || lead == 12));
  if (!lead_ok) {
    in.fail_at(lead_at, std::string("the digit before the point of an ") + kind + " code must be " +
                            (hexadecimal ? "0, 4, 8 or C" : "0 or 4") +
                            " (a split without removing tokens)");
  }
  if (in.peek() != '.') {
    in.fail(std::string("expected '.' after the leading digit of an ") + kind + " code");
  }
  in.get();
  code.digits.push_back(static_cast<std::uint8_t>(lead));
  const std::size_t first_digit = in.offset();
  while (!in.at_end()) {
    const char c = in.peek();
    const int d = digit_value(c);
    if (d < 0) break;
    if (d >= base) {
      in.fail("'" + std::string(1, c) +
              "' is not an octal digit (0-7); write hex(...) for a "
              "hexadecimal code");
    }
    code.digits.push_back(static_cast<std::uint8_t>(d));
    in.get();
  }
  if (in.offset() == first_digit) {
    in.fail("expected a digit after '" + std::string(1, static_cast<char>(in.text()[lead_at])) +
            ".'");
  }
  while (code.digits.size() > 1 && code.digits.back() == 0) code.digits.pop_back();
  return code;
}

std::string format_take_break_code(const TakeBreakCode& code) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string out;
  out += kDigits[code.digits.empty() ? 0 : code.digits[0]];
  out += '.';
  for (std::size_t k = 1; k < code.digits.size(); ++k) out += kDigits[code.digits[k]];
  if (code.digits.size() <= 1) out += '0';
  return out;
}

std::optional<TakeBreakCode> offset_code(const TakeBreakCode& code) {
  const auto digit = [&](std::ptrdiff_t k) -> std::uint8_t {
    return k >= 0 && static_cast<std::size_t>(k) < code.digits.size() ? code.digits[k] : 0;
  };
  if (code.unequal_split || (digit(1) & kLeaveNothing) != 0) return std::nullopt;
  if (std::any_of(code.digits.begin(), code.digits.end(),
                  [](std::uint8_t d) { return (d & kLeaveThree) != 0; })) {
    return std::nullopt;
  }
  // A heap of n + 1 under d is a heap of n under d' with one token set aside: a d-move removing k
  // tokens and leaving p non-empty heaps is the d'-move removing k + p - 1 and leaving those p
  // heaps one token smaller (a heap of 1, value 0 when d1 is even, becomes an empty heap).
  TakeBreakCode out;
  const auto length = static_cast<std::ptrdiff_t>(code.digits.size()) + 1;
  for (std::ptrdiff_t r = 0; r < length; ++r) {
    std::uint8_t d = 0;
    if ((digit(r + 1) & kLeaveNothing) != 0) d |= kLeaveNothing;
    if ((digit(r) & kLeaveOne) != 0) d |= kLeaveNothing | kLeaveOne;
    if ((digit(r - 1) & kLeaveTwo) != 0) d |= kLeaveNothing | kLeaveOne | kLeaveTwo;
    out.digits.push_back(d);
  }
  while (out.digits.size() > 1 && out.digits.back() == 0) out.digits.pop_back();
  return out;
}

}  // namespace grundy
