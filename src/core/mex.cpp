#include "grundy/core/mex.hpp"

#include <algorithm>
#include <bit>

namespace grundy {

void MexSet::reset(std::uint64_t bound) {
  const std::size_t words = static_cast<std::size_t>((bound + 64) / 64);
  if (words > words_.size()) words_.resize(words);
  std::fill_n(words_.begin(), words, std::uint64_t{0});
  bound_ = bound;
}

Value MexSet::mex() const noexcept {
  const std::size_t words = static_cast<std::size_t>((bound_ + 63) / 64);
  for (std::size_t i = 0; i < words; ++i) {
    if (words_[i] != ~std::uint64_t{0}) {
      const Value v = i * 64 + static_cast<Value>(std::countr_one(words_[i]));
      return std::min<Value>(v, bound_);
    }
  }
  return bound_;
}

Value mex(std::span<const Value> values, MexSet& scratch) {
  // k values leave at least one of 0..k unmarked, so a bound of k + 1 is exact.
  scratch.reset(values.size() + 1);
  for (Value v : values) scratch.mark(v);
  return scratch.mex();
}

Value mex(std::span<const Value> values) {
  MexSet scratch;
  return mex(values, scratch);
}

}  // namespace grundy
