#include "subtraction_windows.hpp"

#include <algorithm>

#include "grundy/core/checked.hpp"

namespace grundy {

SubtractionWindows::SubtractionWindows(const SubtractionSet& set) : named_(set.named) {
  if (!set.all_but) {
    for (const auto& iv : set.finite) ranges_.push_back({iv.lo, iv.hi});
    return;
  }
  // The complement in 1, 2, 3, ... of the excluded ranges, which are sorted and non-adjacent.
  std::uint64_t next = 1;
  for (const auto& iv : set.finite) {
    if (iv.lo > next) ranges_.push_back({next, iv.lo - 1});
    next = iv.hi + 1;
  }
  ranges_.push_back({next, kNoEnd});
}

bool SubtractionWindows::pay_off(const SubtractionSet& set) {
  if (set.all_but) return true;
  // A range costs two updates a step, an element one look-up: worth it past ~3 elements a range.
  std::uint64_t elements = 0;
  for (const auto& iv : set.finite) elements = saturating_add(elements, iv.hi - iv.lo + 1);
  return elements > 3 * set.finite.size();
}

std::span<const std::uint64_t> SubtractionWindows::named_up_to(std::uint64_t n) {
  if (named_.empty()) return {};
  if (n > named_known_to_ || named_elements_.empty()) {
    named_known_to_ = std::max<std::uint64_t>(saturating_mul(n, 2), 64);
    named_elements_.clear();
    for (SubtractionSet::Named set : named_) {
      const std::vector<std::uint64_t> elements = named_set_elements(set, named_known_to_);
      named_elements_.insert(named_elements_.end(), elements.begin(), elements.end());
    }
    std::sort(named_elements_.begin(), named_elements_.end());
  }
  const auto end = std::upper_bound(named_elements_.begin(), named_elements_.end(), n);
  return {named_elements_.data(), static_cast<std::size_t>(end - named_elements_.begin())};
}

Value SubtractionWindows::next(std::span<const std::uint32_t> g) {
  const std::uint64_t n = g.size();
  // Every value held is at most max_value_, so max_value_ + 1 is free and the mex below the bound.
  held_.grow(max_value_ + 2);
  for (const Range& r : ranges_) {
    if (n >= r.lo) held_.insert(g[n - r.lo]);
    if (r.hi != kNoEnd && n > r.hi) held_.erase(g[n - r.hi - 1]);
  }
  const std::span<const std::uint64_t> named = named_up_to(n);
  for (std::uint64_t s : named) held_.insert(g[n - s]);
  const Value v = held_.mex();
  for (std::uint64_t s : named) held_.erase(g[n - s]);
  max_value_ = std::max(max_value_, v);
  return v;
}

std::uint64_t SubtractionWindows::work(std::uint64_t from, std::uint64_t to) const {
  if (to < from) return 0;
  std::uint64_t named = 0;
  for (SubtractionSet::Named set : named_) named = saturating_add(named, named_set_count(set, to));
  const std::uint64_t per_value =
      saturating_add(saturating_mul(2, saturating_add(ranges_.size(), named)), 1);
  return saturating_mul(to - from + 1, per_value);
}

std::uint64_t SubtractionWindows::value_bound(std::uint64_t n) const {
  std::uint64_t options = 0;
  for (const Range& r : ranges_) {
    options = r.hi == kNoEnd ? kSaturated : saturating_add(options, r.hi - r.lo + 1);
  }
  for (SubtractionSet::Named set : named_) {
    options = saturating_add(options, named_set_count(set, n));
  }
  return saturating_add(std::min(options, n), 2);
}

std::uint64_t SubtractionWindows::bytes(std::uint64_t n) const {
  // The multiset up to value_bound(n), and the named elements, listed up to 2n.
  std::uint64_t named = 0;
  for (SubtractionSet::Named set : named_) {
    named = saturating_add(named, named_set_count(set, saturating_mul(n, 2)));
  }
  return saturating_add(MexMultiset::bytes_for_bound(value_bound(n)), bytes_for(named, 8));
}

}  // namespace grundy
