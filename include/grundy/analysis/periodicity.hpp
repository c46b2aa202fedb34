#pragma once
/// \file A proven (arithmetic-)periodic nim-sequence: g(n + p) = g(n) + s for every n >= i.

#include <cstdint>
#include <string>
#include <vector>

#include "grundy/core/value.hpp"

namespace grundy {

struct Periodicity {
  std::uint64_t preperiod = 0;  ///< i: the least index from which the sequence is periodic
  std::uint64_t period = 1;     ///< p: the least period
  Value saltus = 0;             ///< s: 0 for an ordinary period
  /// g(0), ..., g(i + p - 1): the preperiod and one period.
  std::vector<std::uint32_t> values;
  /// g(0..values_checked-1) were computed exactly and checked (0 for a closed-form proof).
  std::uint64_t values_checked = 0;
  /// The theorem used and the range checked, in one sentence.
  std::string proof;

  /// g(n) for any n: from the stored values, then by the period (plus the saltus per period).
  /// Throws Error when that value passes 2^64-2 (2^64-1 stands for an infinite value).
  Value value_at(std::uint64_t n) const;
};

}  // namespace grundy
