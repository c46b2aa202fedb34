#pragma once
// The inner loop of the sparse-space algorithm (sparse_space.cpp): the common + common splits
// of a heap of r tokens into a and r - a, scanned for the rare values still missing.

#include <cstddef>
#include <cstdint>

namespace grundy {

/// Scans a = lo..hi: v = g[a] ^ g[r-a]. A v with wanted[v] set is found: wanted[v] is cleared
/// and seen[v] set. Stops when `missing` values have been found; returns how many are still
/// missing.
template <class T>
std::size_t sparse_scan(const T* g, std::uint64_t r, std::uint64_t lo, std::uint64_t hi,
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
