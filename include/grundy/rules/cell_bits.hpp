#pragma once
/// \file A set of cells of a board as W 64-bit words, cell i its bit i (word i / 64): the
/// positions of the games played on a board's cells. The board's own positions use four words
/// (CellSet, up to 256 cells); the component search keeps one, two or four, as few as the board
/// needs, since every word costs in its hot loop and its table.

#include <array>
#include <bit>
#include <compare>
#include <cstddef>
#include <cstdint>

namespace grundy {

template <std::size_t W>
struct CellBits {
  static_assert(W >= 1 && W <= 4);
  static constexpr std::size_t kWords = W;
  static constexpr std::size_t kCells = 64 * W;

  std::array<std::uint64_t, W> words{};

  /// The bits set in `w`, inline: without -mpopcnt, std::popcount is a call into libgcc.
  static std::size_t ones(std::uint64_t w) noexcept {
    w -= (w >> 1) & 0x5555555555555555ULL;
    w = (w & 0x3333333333333333ULL) + ((w >> 2) & 0x3333333333333333ULL);
    w = (w + (w >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return static_cast<std::size_t>((w * 0x0101010101010101ULL) >> 56);
  }

  bool test(std::size_t i) const noexcept { return ((words[i >> 6] >> (i & 63)) & 1U) != 0; }
  void set(std::size_t i) noexcept { words[i >> 6] |= std::uint64_t{1} << (i & 63); }
  void reset(std::size_t i) noexcept { words[i >> 6] &= ~(std::uint64_t{1} << (i & 63)); }
  bool empty() const noexcept {
    std::uint64_t any = 0;
    for (std::size_t k = 0; k < W; ++k) any |= words[k];
    return any == 0;
  }
  std::size_t count() const noexcept {
    std::size_t n = 0;
    for (std::size_t k = 0; k < W; ++k) n += ones(words[k]);
    return n;
  }
  /// Whether the set has at most two cells (cheaper than count()).
  bool at_most_two() const noexcept {
    CellBits rest = *this;
    for (int i = 0; i < 2 && !rest.empty(); ++i) rest.reset(rest.first());
    return rest.empty();
  }
  /// The lowest cell; the set must not be empty.
  std::size_t first() const noexcept {
    for (std::size_t k = 0;; ++k) {
      if (words[k] != 0) return k * 64 + static_cast<std::size_t>(std::countr_zero(words[k]));
    }
  }
  /// The highest cell; the set must not be empty.
  std::size_t last() const noexcept {
    for (std::size_t k = W; k-- > 0;) {
      if (words[k] != 0) return k * 64 + 63 - static_cast<std::size_t>(std::countl_zero(words[k]));
    }
    return 0;
  }
  /// The set of the lowest cell alone; the set must not be empty.
  CellBits lowest() const noexcept {
    CellBits out;
    for (std::size_t k = 0; k < W; ++k) {
      if (words[k] != 0) {
        out.words[k] = words[k] & (~words[k] + 1);
        break;
      }
    }
    return out;
  }
  /// Calls f(cell) for every cell, lowest first.
  template <class F>
  void for_each(F&& f) const {
    for (std::size_t k = 0; k < W; ++k) {
      for (std::uint64_t w = words[k]; w != 0; w &= w - 1) {
        f(k * 64 + static_cast<std::size_t>(std::countr_zero(w)));
      }
    }
  }

  /// Every cell moved up by `n` (< 64) places: cell i to i + n, cells past the last word lost.
  CellBits shifted_up(std::size_t n) const noexcept {
    if (n == 0) return *this;
    CellBits out;
    for (std::size_t k = W; k-- > 0;) {
      out.words[k] = words[k] << n;
      if (k > 0) out.words[k] |= words[k - 1] >> (64 - n);
    }
    return out;
  }
  /// Every cell moved down by `n` (< 64) places: cell i to i - n, cells below 0 lost.
  CellBits shifted_down(std::size_t n) const noexcept {
    if (n == 0) return *this;
    CellBits out;
    for (std::size_t k = 0; k < W; ++k) {
      out.words[k] = words[k] >> n;
      if (k + 1 < W) out.words[k] |= words[k + 1] << (64 - n);
    }
    return out;
  }
  /// Any shift down, by whole words and then bits.
  CellBits shifted_down_far(std::size_t n) const noexcept {
    CellBits out;
    const std::size_t whole = n >> 6;
    for (std::size_t k = 0; k + whole < W; ++k) out.words[k] = words[k + whole];
    return out.shifted_down(n & 63);
  }
  /// Any shift up, by whole words and then bits.
  CellBits shifted_up_far(std::size_t n) const noexcept {
    CellBits out;
    const std::size_t whole = n >> 6;
    for (std::size_t k = whole; k < W; ++k) out.words[k] = words[k - whole];
    return out.shifted_up(n & 63);
  }
  /// `length` (<= 64) bits from cell `offset` on, as the low bits of a word.
  std::uint64_t bits_at(std::size_t offset, std::size_t length) const noexcept {
    const std::size_t k = offset >> 6;
    const std::size_t b = offset & 63;
    std::uint64_t v = words[k] >> b;
    if (b != 0 && b + length > 64 && k + 1 < W) v |= words[k + 1] << (64 - b);
    return length == 64 ? v : v & ((std::uint64_t{1} << length) - 1);
  }
  /// Sets the cells of `v` (bits below `length`, <= 64) from cell `offset` on.
  void put_bits(std::size_t offset, std::uint64_t v, std::size_t length) noexcept {
    const std::size_t k = offset >> 6;
    const std::size_t b = offset & 63;
    words[k] |= v << b;
    if (b != 0 && b + length > 64 && k + 1 < W) words[k + 1] |= v >> (64 - b);
  }
  /// The same cells in a set of another width (cells past its end are lost).
  template <std::size_t V>
  CellBits<V> resized() const noexcept {
    CellBits<V> out;
    for (std::size_t k = 0; k < V && k < W; ++k) out.words[k] = words[k];
    return out;
  }

  CellBits& operator&=(const CellBits& o) noexcept {
    for (std::size_t k = 0; k < W; ++k) words[k] &= o.words[k];
    return *this;
  }
  CellBits& operator|=(const CellBits& o) noexcept {
    for (std::size_t k = 0; k < W; ++k) words[k] |= o.words[k];
    return *this;
  }
  CellBits& operator^=(const CellBits& o) noexcept {
    for (std::size_t k = 0; k < W; ++k) words[k] ^= o.words[k];
    return *this;
  }
  /// Removes the cells of `o`.
  CellBits& operator-=(const CellBits& o) noexcept {
    for (std::size_t k = 0; k < W; ++k) words[k] &= ~o.words[k];
    return *this;
  }
  friend CellBits operator&(CellBits a, const CellBits& b) noexcept { return a &= b; }
  friend CellBits operator|(CellBits a, const CellBits& b) noexcept { return a |= b; }
  friend CellBits operator^(CellBits a, const CellBits& b) noexcept { return a ^= b; }
  friend CellBits operator-(CellBits a, const CellBits& b) noexcept { return a -= b; }
  friend bool operator==(const CellBits&, const CellBits&) = default;
  // A named ordering: synthesized from std::array's < and == where a standard library has no <=>
  // for arrays (the page's libc++ 14).
  friend std::strong_ordering operator<=>(const CellBits&, const CellBits&) = default;

  /// The order of the cells read as one number, cell i its bit i (the highest word first).
  friend bool number_less(const CellBits& a, const CellBits& b) noexcept {
    for (std::size_t k = W; k-- > 0;) {
      if (a.words[k] != b.words[k]) return a.words[k] < b.words[k];
    }
    return false;
  }
};

}  // namespace grundy
