#pragma once
/// \file Linear-time period finding on a computed sequence (no quadratic scan over candidate
/// periods): the least period of a window by the prefix function, then the least start.

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace grundy {

/// Knuth–Morris–Pratt's prefix function: border[j] is the length of the longest proper border
/// (a prefix that is also a suffix) of word[0..j], so word[0..j] has least period j + 1 - border[j].
template <class T>
std::vector<std::uint32_t> prefix_borders(std::span<const T> word) {
  const std::size_t n = word.size();
  std::vector<std::uint32_t> border(n, 0);
  for (std::size_t j = 1; j < n; ++j) {
    std::uint32_t k = border[j - 1];
    while (k > 0 && word[j] != word[k]) k = border[k - 1];
    if (word[j] == word[k]) ++k;
    border[j] = k;
  }
  return border;
}

/// The least divisor d of p for which is_period(d) holds; p when no smaller one does (p is a
/// period already). The least period of an eventually periodic sequence divides every period of
/// it, so this is the least period once p is proven one.
template <class IsPeriod>
std::uint64_t least_dividing_period(std::uint64_t p, IsPeriod&& is_period) {
  std::uint64_t best = p;
  for (std::uint64_t d = 1; d * d <= p; ++d) {
    if (p % d != 0) continue;
    for (std::uint64_t cand : {d, p / d}) {
      if (cand < best && is_period(cand)) best = cand;
    }
  }
  return best;
}

/// The least p >= 1 with w[j] == w[j + p] for every j with j + p < w.size() (w.size() when no
/// smaller one exists): Knuth–Morris–Pratt's prefix function gives it as size - border.
template <class T>
std::uint64_t least_period(std::span<const T> word);

/// The least i with g[n] == g[n + p] for every i <= n < g.size() - p.
template <class T>
std::uint64_t least_start(std::span<const T> g, std::uint64_t p);

}  // namespace grundy
