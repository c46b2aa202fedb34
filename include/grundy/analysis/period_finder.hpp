#pragma once
/// \file Linear-time period finding on a computed sequence (no quadratic scan over candidate
/// periods): the least period of a window by the prefix function, then the least start.

#include <cstdint>
#include <functional>
#include <span>

namespace grundy {

/// The least p >= 1 with w[j] == w[j + p] for every j with j + p < w.size() (w.size() when no
/// smaller one exists): Knuth–Morris–Pratt's prefix function gives it as size - border.
template <class T>
std::uint64_t least_period(std::span<const T> word);

/// The least i with g[n] == g[n + p] for every i <= n < g.size() - p.
template <class T>
std::uint64_t least_start(std::span<const T> g, std::uint64_t p);

}  // namespace grundy
