#pragma once
/// \file The mex of a multiset of values that changes one value at a time: a sliding window of a
/// table (subtraction games with ranges) inserts one value and erases another per step, and asks
/// for the mex of what it holds without scanning it.

#include <cstdint>
#include <vector>

#include "grundy/core/value.hpp"

namespace grundy {

/// A count per value below a bound, and a 64-ary tree of bits over "count is zero": insert and
/// erase cost O(log_64 bound) when a count passes 0, O(1) otherwise, and mex() descends the tree
/// in O(log_64 bound).
class MexMultiset {
 public:
  /// Empty, for values below `bound` (at least 1).
  explicit MexMultiset(std::uint64_t bound = 64);

  /// Values it can hold: 0..bound()-1.
  std::uint64_t bound() const noexcept { return bound_; }
  /// Makes room for values below `bound` (keeps what it holds; never shrinks). Cheap when
  /// called for one more value at a time.
  void grow(std::uint64_t bound);

  /// Adds one copy of `v` (v < bound()). At most 2^32-1 copies of one value.
  void insert(Value v);
  /// Removes one copy of `v`, which it must hold.
  void erase(Value v);
  std::uint32_t count(Value v) const noexcept { return v < bound_ ? counts_[v] : 0; }
  /// The least value it does not hold; bound() when it holds every value below the bound.
  Value mex() const noexcept;

  /// Bytes a multiset for values below `bound` takes (for memory checks before growing).
  static std::uint64_t bytes_for_bound(std::uint64_t bound) noexcept;

 private:
  std::uint64_t bound_ = 0;
  std::vector<std::uint32_t> counts_;
  /// absent_[0]: bit v set iff counts_[v] == 0 (bits at or past the bound stay clear); absent_[l]
  /// bit i set iff word i of absent_[l-1] is non-zero. The last level is one word.
  std::vector<std::vector<std::uint64_t>> absent_;
};

}  // namespace grundy
