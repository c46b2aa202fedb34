#pragma once
/// \file The families a census covers, and their members in order: every octal code with up to K
/// digits after the point, every hexadecimal code with up to K digits, every finite subtraction
/// set with largest element <= M, every all-but set with largest excluded element <= M, every
/// octal code of K digits whose last digit repeats forever (`0.1(3)`).

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

struct CensusFamily {
  enum class Kind { octal, hexadecimal, subtraction, all_but, repeating };
  Kind kind = Kind::octal;
  /// K digits after the point (codes), or M the largest element (sets).
  unsigned size = 0;

  /// `octal:3`, `hex:2`, `sub:12`, `allbut:8`, `repeating:2`: the canonical name.
  std::string name() const;
  /// The members as written (`0.770`, `4.07`: K digits after the point, so codes with trailing
  /// zeros are members too, `hex(0.F1)`, `sub(1,3)`, `allbut(2)`), in the family's order.
  std::vector<std::string> codes() const;
  /// How many members (2*8^K, 4*16^K, 2^M - 1, 2^M - 1, 2*7*8^(K-1)).
  std::uint64_t count() const;
};

/// Largest families accepted (the count of codes stays at most 2^20).
inline constexpr unsigned kMaxOctalDigits = 6;
inline constexpr unsigned kMaxHexDigits = 4;
inline constexpr unsigned kMaxSetElement = 20;
inline constexpr unsigned kMaxRepeatingDigits = 6;

/// One kind of family as a census names it: `name:size`, its members in words, and the sizes
/// accepted (1..max). The table of these is the one list of families: parsing, the refusal of
/// anything else and the command's help all read it.
struct CensusFamilyKind {
  CensusFamily::Kind kind;
  std::string_view name;     ///< "octal"
  std::string_view size;     ///< what the number is called: "K" or "M"
  unsigned max;              ///< sizes 1..max
  std::string_view members;  ///< "every 0.d1..dK and 4.d1..dK"
};

/// Every kind of family, in the order the help lists them.
std::span<const CensusFamilyKind> census_family_kinds();

/// `octal:K with K = 1..6 (every 0.d1..dK and 4.d1..dK); hex:K with ...`: every form accepted.
std::string census_family_forms();

/// `octal:K, hex:K, sub:M, allbut:M, repeating:K`: the forms' names only.
std::string census_family_names();

/// Parses the forms of census_family_kinds(). Throws Error naming every accepted form and its
/// range (census_family_forms()) for anything else.
CensusFamily parse_census_family(std::string_view text);

}  // namespace grundy
