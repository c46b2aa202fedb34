#include "grundy/census/census_family.hpp"

#include <charconv>

#include "grundy/core/error.hpp"
#include "grundy/core/input_file.hpp"

namespace grundy {
namespace {

constexpr char kHexDigits[] = "0123456789ABCDEF";

constexpr CensusFamilyKind kKinds[] = {
    {CensusFamily::Kind::octal, "octal", "K", kMaxOctalDigits, "every 0.d1..dK and 4.d1..dK"},
    {CensusFamily::Kind::hexadecimal, "hex", "K", kMaxHexDigits,
     "every hex(L.h1..hK) with L = 0, 4, 8 or C"},
    {CensusFamily::Kind::subtraction, "sub", "M", kMaxSetElement,
     "every subtraction set with largest element <= M"},
    {CensusFamily::Kind::all_but, "allbut", "M", kMaxSetElement,
     "every all-but set with largest excluded element <= M"},
    {CensusFamily::Kind::repeating, "repeating", "K", kMaxRepeatingDigits,
     "every 0.d1..d(K-1)(dK) and 4.d1..d(K-1)(dK): dK != 0 repeats"},
};

/// Every code `L.d1..dk` with L one of `leading` and each d a digit of `base`, in the order
/// of the leading digit then the digits as a number.
std::vector<std::string> codes(std::string_view leading, unsigned base, unsigned k) {
  std::vector<std::string> out;
  std::uint64_t per_leading = 1;
  for (unsigned i = 0; i < k; ++i) per_leading *= base;
  for (char l : leading) {
    for (std::uint64_t x = 0; x < per_leading; ++x) {
      std::string digits(k, '0');
      std::uint64_t y = x;
      for (unsigned i = k; i-- > 0; y /= base) digits[i] = kHexDigits[y % base];
      out.push_back(std::string(1, l) + "." + digits);
    }
  }
  return out;
}

/// Every non-empty subset of 1..m, as `name(a,b,...)`, ordered by largest element, then as
/// binary numbers.
std::vector<std::string> sets(std::string_view name, unsigned m) {
  std::vector<std::string> out;
  for (unsigned top = 1; top <= m; ++top) {
    for (std::uint64_t lower = 0; lower < (std::uint64_t{1} << (top - 1)); ++lower) {
      std::string s = std::string(name) + "(";
      for (unsigned e = 1; e < top; ++e) {
        if ((lower >> (e - 1)) & 1) s += std::to_string(e) + ",";
      }
      s += std::to_string(top) + ")";
      out.push_back(std::move(s));
    }
  }
  return out;
}

}  // namespace

std::span<const CensusFamilyKind> census_family_kinds() {
  return kKinds;
}

std::string census_family_forms() {
  std::string out;
  for (const CensusFamilyKind& k : kKinds) {
    out += (out.empty() ? "" : "; ") + std::string(k.name) + ":" + std::string(k.size) + " with " +
           std::string(k.size) + " = 1.." + std::to_string(k.max) + " (" + std::string(k.members) +
           ")";
  }
  return out;
}

std::string census_family_names() {
  std::string out;
  for (const CensusFamilyKind& k : kKinds) {
    out += (out.empty() ? "" : ", ") + std::string(k.name) + ":" + std::string(k.size);
  }
  return out;
}

std::string CensusFamily::name() const {
  for (const CensusFamilyKind& k : kKinds) {
    if (k.kind == kind) return std::string(k.name) + ":" + std::to_string(size);
  }
  return {};
}

std::uint64_t CensusFamily::count() const {
  switch (kind) {
    case Kind::octal:
      return 2 * (std::uint64_t{1} << (3 * size));
    case Kind::hexadecimal:
      return 4 * (std::uint64_t{1} << (4 * size));
    case Kind::subtraction:
    case Kind::all_but:
      return (std::uint64_t{1} << size) - 1;
    case Kind::repeating:
      return 2 * 7 * (std::uint64_t{1} << (3 * (size - 1)));
  }
  return 0;
}

std::vector<std::string> CensusFamily::codes() const {
  switch (kind) {
    case Kind::octal:
      return grundy::codes("04", 8, size);
    case Kind::hexadecimal: {
      std::vector<std::string> out;
      for (std::string& c : grundy::codes("048C", 16, size)) out.push_back("hex(" + c + ")");
      return out;
    }
    case Kind::subtraction:
      return sets("sub", size);
    case Kind::all_but:
      return sets("allbut", size);
    case Kind::repeating: {
      // 0.d1..d(K-1)(dK) and 4.d1..d(K-1)(dK) with dK != 0 (a repeating 0 is a finite code).
      std::vector<std::string> out;
      for (std::string& c : grundy::codes("04", 8, size)) {
        if (c.back() == '0') continue;
        const char last = c.back();
        c.pop_back();
        out.push_back(c + "(" + last + ")");
      }
      return out;
    }
  }
  return {};
}

CensusFamily parse_census_family(std::string_view text) {
  const auto refuse = [&]() -> CensusFamily {
    throw Error("census family " + quote_excerpt(text) + ": expected " + census_family_forms());
  };
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return refuse();
  const std::string_view name = text.substr(0, colon), number = text.substr(colon + 1);
  unsigned size = 0;
  const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), size);
  if (number.empty() || ec != std::errc{} || end != number.data() + number.size() ||
      number[0] == '0') {
    return refuse();
  }
  for (const CensusFamilyKind& k : kKinds) {
    if (k.name == name && size >= 1 && size <= k.max) return CensusFamily{k.kind, size};
  }
  return refuse();
}

}  // namespace grundy
