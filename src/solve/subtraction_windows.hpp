#pragma once
// Values of subtraction games whose set is made of ranges (`sub(1..1000,5000..6000)`,
// `allbut(1,2)`), one after another, by sliding windows instead of one look-up per element.

#include <cstdint>
#include <span>
#include <vector>

#include "grundy/core/mex_multiset.hpp"
#include "grundy/rules/families/subtraction.hpp"

namespace grundy {

/// The options of heap n of a subtraction game are the heaps n - s, s in S. Write S as a union of
/// ranges [lo, hi] (an all-but set is the complement of its excluded ranges: ranges between them
/// and one without end) and the named sets' elements. Range [lo, hi] reaches the heaps of the
/// window [n - hi, n - lo] (cut at 0), and from n - 1 to n that window gains heap n - lo and loses
/// heap n - hi - 1. A multiset of the values in every window (a value counted once per window it
/// is in) changes by two values per range and step; g(n) is the mex of it together with the values
/// of n - s for the named elements s <= n (added for the query and taken out again). Every option
/// value is in the multiset and nothing else is, so the mex is exactly g(n). Cost per value:
/// O((ranges + named elements up to n) * log_64 g), against |S| look-ups by the options.
class SubtractionWindows {
 public:
  explicit SubtractionWindows(const SubtractionSet& set);

  /// g(n) for n = g.size(), given g(0..n-1). Calls come for n = 0, 1, 2, ... in order.
  Value next(std::span<const std::uint32_t> g);

  /// Steps (multiset updates) to compute g(from..to), for the work estimate.
  std::uint64_t work(std::uint64_t from, std::uint64_t to) const;
  /// Bytes the windows may take for g(0..n).
  std::uint64_t bytes(std::uint64_t n) const;

  /// Whether windows beat one look-up per element for `set`: ranges long enough on average,
  /// or an all-but set (whose elements up to n are nearly all of 1..n).
  static bool pay_off(const SubtractionSet& set);

 private:
  /// Heaps n - s for lo <= s <= hi; hi = kNoEnd for the unbounded range of an all-but set.
  struct Range {
    std::uint64_t lo, hi;
  };
  static constexpr std::uint64_t kNoEnd = ~std::uint64_t{0};

  /// Elements of the named sets up to n, increasing (repeats across sets kept: they only add
  /// copies to the multiset, which leaves the mex alone).
  std::span<const std::uint64_t> named_up_to(std::uint64_t n);
  /// A bound above every value of g(0..n), plus one free value for the mex: g(m) is at most the
  /// number of options of m, and at most m.
  std::uint64_t value_bound(std::uint64_t n) const;

  std::vector<Range> ranges_;
  std::vector<SubtractionSet::Named> named_;
  std::vector<std::uint64_t> named_elements_;
  std::uint64_t named_known_to_ = 0;  // named_elements_ holds every element up to this
  MexMultiset held_;
  Value max_value_ = 0;
};

}  // namespace grundy
