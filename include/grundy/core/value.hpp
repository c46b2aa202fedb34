#pragma once
/// \file Grundy values and positions: the vocabulary every layer shares.

#include <compare>
#include <cstddef>
#include <cstdint>
#include <functional>

namespace grundy {

/// A Grundy value (a nimber). 64 bits: a Nim heap of size n has value n, and positions go to
/// 2^63-1.
using Value = std::uint64_t;

/// A position of one game component. Each family decides what the coordinates mean: a heap size
/// (x), a pair of coordinates (x, y), a vertex index (x). Unused coordinates are 0.
struct Position {
  std::uint64_t x = 0;
  std::uint64_t y = 0;
  friend constexpr auto operator<=>(const Position&, const Position&) = default;
};

/// Largest heap size or coordinate a position may hold (the CLI contract: 0..2^63-1).
inline constexpr std::uint64_t kMaxCoordinate = (std::uint64_t{1} << 63) - 1;

struct PositionHash {
  std::size_t operator()(const Position& p) const noexcept {
    // splitmix64-style finaliser over both coordinates.
    std::uint64_t h = p.x * 0x9E3779B97F4A7C15ULL ^ (p.y + 0x632BE59BD9B4E019ULL);
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ULL;
    h ^= h >> 29;
    return static_cast<std::size_t>(h);
  }
};

}  // namespace grundy
