#pragma once
/// \file The mask of the sparse-space algorithm: which values are "rare".
///
/// Under a mask m a value v is rare when popcount(v & m) is even, common otherwise (Winning Ways
/// ch. 4). Rare xor rare and common xor common are rare; rare xor common is common. The best mask
/// for a sequence is the one that leaves the fewest rare positions; a Walsh–Hadamard transform of
/// the values' histogram gives every mask's rare count at once.

#include <bit>
#include <cstdint>
#include <span>

#include "grundy/core/value.hpp"

namespace grundy {

/// True when v is rare under mask m.
constexpr bool is_rare_value(Value v, Value mask) noexcept {
  return (std::popcount(v & mask) & 1) == 0;
}

/// The non-zero mask m < histogram.size() that minimises the number of rare positions, where
/// histogram[v] counts the positions of value v (its size a power of two; ties: the least mask).
/// Returns 1 when the histogram has fewer than two entries.
Value best_sparse_mask(std::span<const std::uint64_t> histogram);

}  // namespace grundy
