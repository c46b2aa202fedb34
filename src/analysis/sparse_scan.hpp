#pragma once
// The inner loop of the sparse-space algorithm (sparse_space.cpp): the common + common splits
// of a heap of r tokens into a and r - a, scanned for the rare values still missing.

#include <cstddef>
#include <cstdint>
#include <span>

#include "grundy/core/value.hpp"

namespace grundy {

/// Scans a = lo..hi: v = g[a] ^ g[r-a]. A v with wanted[v] set is found: wanted[v] is cleared
/// and seen[v] set. `want` lists the values that may be wanted (wanted[v] is the truth); the scan
/// stops when `missing` of them have been found, and returns how many are still missing. Every
/// value g[a] ^ g[r-a] is below `limit`. Uses AVX-512 where the processor has it (values of one
/// byte, or of two below 2048), a plain loop otherwise.
template <class T>
std::size_t sparse_scan(const T* g, std::uint64_t r, std::uint64_t lo, std::uint64_t hi,
                        std::uint8_t* wanted, std::uint8_t* seen, std::size_t missing,
                        std::span<const Value> want, Value limit);

/// The splits (a, r - a) for the `count` rare positions a = rare_at[0..count-1] (each below r,
/// with g[a] = rare_value[i]): seen[g[a] ^ g[r-a]] = 1. g must be readable 3 bytes past g[r-1].
template <class T>
void mark_rare_splits(const T* g, std::uint64_t r, const std::uint64_t* rare_at,
                      const std::uint32_t* rare_value, std::size_t count, std::uint8_t* seen);

/// The plain loop (also the reference for the vector one in tests).
template <class T>
std::size_t sparse_scan_plain(const T* g, std::uint64_t r, std::uint64_t lo, std::uint64_t hi,
                              std::uint8_t* wanted, std::uint8_t* seen, std::size_t missing) {
  for (std::uint64_t a = lo; a <= hi; ++a) {
    const auto v = static_cast<std::uint32_t>(g[a] ^ g[r - a]);
    if (wanted[v]) {
      wanted[v] = 0;
      seen[v] = 1;
      if (--missing == 0) return 0;
    }
  }
  return missing;
}

}  // namespace grundy
