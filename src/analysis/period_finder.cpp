#include "grundy/analysis/period_finder.hpp"

#include <cstdint>
#include <vector>

namespace grundy {

template <class T>
std::uint64_t least_period(std::span<const T> word) {
  const std::size_t n = word.size();
  if (n == 0) return 1;
  return n - prefix_borders(word)[n - 1];
}

template <class T>
std::uint64_t least_start(std::span<const T> g, std::uint64_t p) {
  if (p >= g.size()) return 0;
  std::uint64_t i = g.size() - p;
  while (i > 0 && g[i - 1] == g[i - 1 + p]) --i;
  return i;
}

// Nim-sequences are stored with 1, 2 or 4 bytes per value.
template std::uint64_t least_period(std::span<const std::uint8_t>);
template std::uint64_t least_period(std::span<const std::uint16_t>);
template std::uint64_t least_period(std::span<const std::uint32_t>);
// Differences g(n+1) - g(n), for arithmetic periods.
template std::uint64_t least_period(std::span<const std::int64_t>);
template std::uint64_t least_start(std::span<const std::uint8_t>, std::uint64_t);
template std::uint64_t least_start(std::span<const std::uint16_t>, std::uint64_t);
template std::uint64_t least_start(std::span<const std::uint32_t>, std::uint64_t);
// Any values (observed periods of games no theorem covers).
template std::uint64_t least_period(std::span<const std::uint64_t>);
template std::uint64_t least_start(std::span<const std::uint64_t>, std::uint64_t);

}  // namespace grundy
