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
  counts_.resize(static_cast<std::size_t>(bound), 0);
  bound_ = bound;
  rebuild_levels();
}

void MexMultiset::rebuild_levels() {
  absent_.clear();
  std::vector<std::uint64_t> level(static_cast<std::size_t>((bound_ + 63) / 64), 0);
  for (std::uint64_t v = 0; v < bound_; ++v) {
    if (counts_[v] == 0) level[v >> 6] |= std::uint64_t{1} << (v & 63);
  }
  absent_.push_back(std::move(level));
  while (absent_.back().size() > 1) {
    const std::vector<std::uint64_t>& below = absent_.back();
    std::vector<std::uint64_t> above((below.size() + 63) / 64, 0);
    for (std::size_t i = 0; i < below.size(); ++i) {
      if (below[i] != 0) above[i >> 6] |= std::uint64_t{1} << (i & 63);
    }
    absent_.push_back(std::move(above));
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
