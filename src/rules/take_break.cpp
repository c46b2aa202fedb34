#include "grundy/rules/take_break.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "grundy/core/checked.hpp"

namespace grundy {

std::uint8_t TakeBreakCode::digit(std::uint64_t k) const {
  if (k < digits.size()) return digits[k];
  if (repeat == 0) return 0;
  const std::uint64_t fixed = digits.size() - repeat;
  return digits[fixed + (k - fixed) % repeat];
}

void normalise_take_break_code(TakeBreakCode& code) {
  if (code.repeat != 0) {
    const std::size_t fixed = code.digits.size() - code.repeat;
    std::vector<std::uint8_t> head(code.digits.begin(), code.digits.begin() + fixed);
    std::vector<std::uint8_t> block(code.digits.begin() + fixed, code.digits.end());
    // The primitive block: the least q dividing its length with block[j] = block[j + q].
    for (std::size_t q = 1; q < block.size(); ++q) {
      if (block.size() % q != 0) continue;
      bool period = true;
      for (std::size_t j = 0; j + q < block.size() && period; ++j)
        period = block[j] == block[j + q];
      if (period) {
        block.resize(q);
        break;
      }
    }
    // A written digit equal to the block's last one is the block's first copy begun early: 0.3(33)
    // is 0.(3), 0.37(37) is 0.(37). The digit before the point never joins the block.
    while (head.size() > 1 && head.back() == block.back()) {
      head.pop_back();
      std::rotate(block.begin(), block.end() - 1, block.end());
    }
    code.digits = head;
    if (std::any_of(block.begin(), block.end(), [](std::uint8_t d) { return d != 0; })) {
      code.digits.insert(code.digits.end(), block.begin(), block.end());
      code.repeat = block.size();
      return;
    }
    code.repeat = 0;  // 0.7(0) is 0.7
  }
  while (code.digits.size() > 1 && code.digits.back() == 0) code.digits.pop_back();
}

std::uint64_t take_break_options_bound(const TakeBreakCode& code, std::uint64_t n) {
  // Each digit's moves from r = n - k tokens: one heap 1, two heaps r/2 + 1, three r^2/12 + 1.
  // The block's digits of a repeating code recur at k = k0, k0 + P, ... <= n: their sums over r
  // are closed forms. In floating point: three-heap sums pass 2^64 long before heaps do.
  const auto add_run = [&](long double& total, std::uint8_t d, long double first_r,
                           long double terms, long double step) {
    // r = first_r, first_r - step, ..., `terms` of them.
    const long double sum_r = terms * first_r - step * terms * (terms - 1) / 2;
    const long double sum_r2 = terms * first_r * first_r - first_r * step * terms * (terms - 1) +
                               step * step * (terms - 1) * terms * (2 * terms - 1) / 6;
    if (d & kLeaveOne) total += terms;
    if (d & kLeaveTwo) total += sum_r / 2 + terms;
    if (d & kLeaveThree) total += sum_r2 / 12 + terms;
  };
  long double total = (code.digit(n) & kLeaveNothing) ? 1 : 0;
  const std::uint64_t fixed = code.digits.size() - code.repeat;
  for (std::uint64_t k = 0; k < fixed && k <= n; ++k) {
    add_run(total, code.digits[k], static_cast<long double>(n - k), 1, 0);
  }
  for (std::uint64_t j = 0; j < code.repeat; ++j) {
    const std::uint64_t k0 = fixed + j;
    if (k0 > n) break;
    const std::uint64_t terms = (n - k0) / code.repeat + 1;
    add_run(total, code.digits[k0], static_cast<long double>(n - k0),
            static_cast<long double>(terms), static_cast<long double>(code.repeat));
  }
  return total >= 1.8e19L ? kSaturated : static_cast<std::uint64_t>(total);
}

std::uint64_t take_break_one_heap_options(const TakeBreakCode& code, std::uint64_t n) {
  if (n == 0) return 0;
  // Leaving a heap: the k in 1..n-1 whose digit has bit 2; the block's digits by residue.
  std::uint64_t count = (code.digit(n) & kLeaveNothing) ? 1 : 0;
  const std::uint64_t fixed = code.digits.size() - code.repeat;
  for (std::uint64_t k = 1; k < fixed && k < n; ++k) {
    if (code.digits[k] & kLeaveOne) ++count;
  }
  for (std::uint64_t j = 0; j < code.repeat; ++j) {
    const std::uint64_t k0 = fixed + j;  // at least 1: the block starts after the point
    if (k0 >= n || (code.digits[k0] & kLeaveOne) == 0) continue;
    count += (n - 1 - k0) / code.repeat + 1;
  }
  return count;
}

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
  for_each_digit(code, n, [&](std::uint64_t k, std::uint8_t d) {
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
  });
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
  if (total > n || n - total > code.max_removed()) return false;
  const std::uint8_t d = code.digit(n - total);
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
  // Digits, each checked against the base; false when none was read.
  const auto read_digits = [&] {
    const std::size_t first = in.offset();
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
    return in.offset() != first;
  };
  const bool written = read_digits();
  if (in.peek() == '(') {
    const std::size_t open_column = in.column();
    in.get();
    const std::size_t before = code.digits.size();
    if (!read_digits()) in.fail("expected the digits of the repeating block after '('");
    if (in.peek() != ')') {
      in.fail("expected ')' to close the repeating block opened at column " +
              std::to_string(open_column));
    }
    in.get();
    if (digit_value(in.peek()) >= 0 || in.peek() == '(') {
      in.fail("the repeating block in parentheses must end the code");
    }
    code.repeat = code.digits.size() - before;
  } else if (!written) {
    in.fail("expected a digit after '" + std::string(1, static_cast<char>(in.text()[lead_at])) +
            ".'");
  }
  normalise_take_break_code(code);
  return code;
}

std::string format_take_break_code(const TakeBreakCode& code) {
  static constexpr char kDigits[] = "0123456789ABCDEF";
  std::string out;
  out += kDigits[code.digits.empty() ? 0 : code.digits[0]];
  out += '.';
  const std::size_t fixed = code.digits.size() - code.repeat;
  for (std::size_t k = 1; k < code.digits.size(); ++k) {
    if (code.repeat != 0 && k == fixed) out += '(';
    out += kDigits[code.digits[k]];
  }
  if (code.repeat != 0) {
    out += ')';
  } else if (code.digits.size() <= 1) {
    out += '0';
  }
  return out;
}

std::optional<TakeBreakCode> offset_code(const TakeBreakCode& code) {
  const auto digit = [&](std::ptrdiff_t k) -> std::uint8_t {
    return k >= 0 ? code.digit(static_cast<std::uint64_t>(k)) : 0;
  };
  if (code.unequal_split || (digit(1) & kLeaveNothing) != 0) return std::nullopt;
  if (std::any_of(code.digits.begin(), code.digits.end(),
                  [](std::uint8_t d) { return (d & kLeaveThree) != 0; })) {
    return std::nullopt;
  }
  // A heap of n + 1 under d is a heap of n under d' with one token set aside: a d-move removing k
  // tokens and leaving p non-empty heaps is the d'-move removing k + p - 1 and leaving those p
  // heaps one token smaller (a heap of 1, value 0 when d1 is even, becomes an empty heap).
  // d'_r depends on d_(r-1), d_r, d_(r+1): past a repeating code's written digits it repeats with
  // the block, from the first r whose d_(r-1) is in the block.
  TakeBreakCode out;
  const auto fixed = static_cast<std::ptrdiff_t>(code.digits.size() - code.repeat);
  const auto length = code.repeats() ? fixed + 1 + static_cast<std::ptrdiff_t>(code.repeat)
                                     : static_cast<std::ptrdiff_t>(code.digits.size()) + 1;
  for (std::ptrdiff_t r = 0; r < length; ++r) {
    std::uint8_t d = 0;
    if ((digit(r + 1) & kLeaveNothing) != 0) d |= kLeaveNothing;
    if ((digit(r) & kLeaveOne) != 0) d |= kLeaveNothing | kLeaveOne;
    if ((digit(r - 1) & kLeaveTwo) != 0) d |= kLeaveNothing | kLeaveOne | kLeaveTwo;
    out.digits.push_back(d);
  }
  out.repeat = code.repeat;
  normalise_take_break_code(out);
  return out;
}

}  // namespace grundy
