#include "grundy/analysis/period_finder.hpp"

#include <cstdint>
#include <vector>

namespace grundy {

template <class T>
std::uint64_t least_period(std::span<const T> word) {
  const std::size_t n = word.size();
  if (n == 0) return 1;
  // border[j] = length of the longest proper border of word[0..j].
  std::vector<std::uint32_t> border(n, 0);
  for (std::size_t j = 1; j < n; ++j) {
    std::uint32_t k = border[j - 1];
    while (k > 0 && word[j] != word[k]) k = border[k - 1];
    if (word[j] == word[k]) ++k;
    border[j] = k;
  }
  return n - border[n - 1];
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
