#pragma once
/// \file Subtraction sets: which numbers of tokens a move of a subtraction game may remove.

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace grundy {

struct SubtractionSet {
  struct Interval {
    std::uint64_t lo, hi;  // inclusive
    friend bool operator==(const Interval&, const Interval&) = default;
  };
  /// Infinite named sets: 1,2,3,5,8,... | 1,2,4,8,... | 1,4,9,... | 1,2,6,24,...
  enum class Named { fib, pow2, squares, factorials };

  /// true: a move removes any positive number except those in `finite` (`allbut(...)`; with
  /// nothing excluded it is Nim).
  bool all_but = false;
  /// Sorted, disjoint, non-adjacent intervals of positive integers.
  std::vector<Interval> finite;
  /// Named infinite sets in the set (never with all_but).
  std::vector<Named> named;

  bool contains(std::uint64_t s) const;
  /// The largest element when the set is finite.
  std::optional<std::uint64_t> max_element() const;
  /// How many elements are at most n, when that is a sum over the intervals (no named set).
  std::optional<std::uint64_t> count_up_to(std::uint64_t n) const;
  /// q of the residue theorem, when it applies to this set (not all_but): S contains 1..q-1 and
  /// no multiple of q, so g(n) = n mod q. The game's formula and the periodicity proof both
  /// take it from here.
  std::optional<std::uint64_t> residue_modulus() const;
};

bool named_set_contains(SubtractionSet::Named set, std::uint64_t v);
/// The elements of a named set up to `up_to`, increasing.
std::vector<std::uint64_t> named_set_elements(SubtractionSet::Named set, std::uint64_t up_to);
/// How many elements of a named set are at most `up_to` (without listing them).
std::uint64_t named_set_count(SubtractionSet::Named set, std::uint64_t up_to);

}  // namespace grundy
