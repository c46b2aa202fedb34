#include "grundy/core/mex_multiset.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>

#include "grundy/core/checked.hpp"

namespace grundy {

MexMultiset::MexMultiset(std::uint64_t bound) {
  grow(std::max<std::uint64_t>(bound, 1));
}

std::uint64_t MexMultiset::bytes_for_bound(std::uint64_t bound) noexcept {
  // The counts, then the bit levels: bound/64 words, bound/64^2 words, ... (less than bound/63
  // words in all), and a word of rounding per level.
  return saturating_add(bytes_for(bound, sizeof(std::uint32_t)),
                        saturating_add(bytes_for(bound / 63, 8), 11 * 8));
}

void MexMultiset::grow(std::uint64_t bound) {
  if (bound <= bound_) return;
  // The new values are absent: set their bits, then refresh the bits above the words that
  // changed, level by level, and add levels until the top is one word. Growing one value at a
  // time costs O(levels) each (the counts grow geometrically, as vectors do).
  counts_.resize(static_cast<std::size_t>(bound), 0);
  const std::uint64_t old = bound_;
  bound_ = bound;
  if (absent_.empty()) absent_.emplace_back();
  std::vector<std::uint64_t>& base = absent_[0];
  base.resize(static_cast<std::size_t>((bound + 63) / 64), 0);
  for (std::uint64_t v = old; v < bound; ++v) {
    if ((v & 63) == 0 && bound - v >= 64) {
      base[v >> 6] = ~std::uint64_t{0};
      v += 63;
    } else {
      base[v >> 6] |= std::uint64_t{1} << (v & 63);
    }
  }
  std::uint64_t changed = old >> 6;  // the first word of the level below that may have changed
  for (std::size_t l = 1; absent_[l - 1].size() > 1 || l < absent_.size(); ++l) {
    if (l == absent_.size()) {
      absent_.emplace_back();
      changed = 0;  // a new level is filled from its first bit
    }
    const std::vector<std::uint64_t>& below = absent_[l - 1];
    std::vector<std::uint64_t>& level = absent_[l];
    level.resize((below.size() + 63) / 64, 0);
    for (std::uint64_t i = changed; i < below.size(); ++i) {
      const std::uint64_t bit = std::uint64_t{1} << (i & 63);
      if (below[i] != 0) {
        level[i >> 6] |= bit;
      } else {
        level[i >> 6] &= ~bit;
      }
    }
    changed >>= 6;
  }
}

void MexMultiset::insert(Value v) {
  std::uint32_t& c = counts_[v];
  if (c == std::numeric_limits<std::uint32_t>::max()) {
    throw std::overflow_error("MexMultiset: more than 2^32-1 copies of one value");
  }
  if (c++ != 0) return;
  // v is no longer absent; a word that empties clears its bit one level up, and so on.
  std::uint64_t i = v;
  for (std::vector<std::uint64_t>& level : absent_) {
    std::uint64_t& word = level[i >> 6];
    word &= ~(std::uint64_t{1} << (i & 63));
    if (word != 0) return;
    i >>= 6;
  }
}

void MexMultiset::erase(Value v) {
  if (--counts_[v] != 0) return;
  // v is absent again; a word that was empty sets its bit one level up, and so on.
  std::uint64_t i = v;
  for (std::vector<std::uint64_t>& level : absent_) {
    std::uint64_t& word = level[i >> 6];
    const bool was_empty = word == 0;
    word |= std::uint64_t{1} << (i & 63);
    if (!was_empty) return;
    i >>= 6;
  }
}

Value MexMultiset::mex() const noexcept {
  if (absent_.back()[0] == 0) return bound_;
  std::uint64_t i = 0;
  for (auto level = absent_.rbegin(); level != absent_.rend(); ++level) {
    i = i * 64 + static_cast<std::uint64_t>(std::countr_zero((*level)[i]));
  }
  return i;
}

}  // namespace grundy
