#pragma once
/// \file mex: the least non-negative integer not in a set (the minimum excludant).

#include <cstdint>
#include <span>
#include <vector>

#include "grundy/core/value.hpp"

namespace grundy {

/// A reusable bitset of marked values below a bound. `reset(bound)` clears it in O(bound/64) and
/// allocates only when the bound grows past every earlier one, so a solver's hot loop that
/// reuses one MexSet allocates nothing in steady state.
///
/// The caller picks `bound` so that the mex is certainly below it: a set of k values has mex <= k,
/// and values that are XORs of values below 2^w stay below 2^w. Marks at or above the bound are
/// ignored, which is exact under that promise.
class MexSet {
 public:
  void reset(std::uint64_t bound);
  void mark(Value v) noexcept {
    if (v < bound_) words_[v >> 6] |= std::uint64_t{1} << (v & 63);
  }
  bool contains(Value v) const noexcept {
    return v < bound_ && ((words_[v >> 6] >> (v & 63)) & 1) != 0;
  }
  /// The least unmarked value; `bound` if every value below the bound is marked.
  Value mex() const noexcept;
  std::uint64_t bound() const noexcept { return bound_; }

 private:
  std::vector<std::uint64_t> words_;
  std::uint64_t bound_ = 0;
};

/// mex of a list of values, using `scratch` so that repeated calls do not allocate.
Value mex(std::span<const Value> values, MexSet& scratch);

/// mex of a list of values (allocates a scratch set; for tests and one-off use).
Value mex(std::span<const Value> values);

}  // namespace grundy
