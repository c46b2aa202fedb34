#include "grundy/analysis/sparse_space.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <string>

#include "grundy/analysis/sparse_mask.hpp"
#include "grundy/core/error.hpp"

namespace grundy {

bool SparseSpaceSolver::supports(const TakeBreakCode& code) {
  return std::none_of(code.digits.begin(), code.digits.end(),
                      [](std::uint8_t d) { return (d & kLeaveThree) != 0; });
}

SparseSpaceSolver::SparseSpaceSolver(TakeBreakCode code, Limits limits)
    : code_(std::move(code)), limits_(limits) {
  if (!supports(code_)) {
    throw Error("the sparse-space algorithm does not handle moves that leave three heaps");
  }
  for (std::uint64_t k = 0; k < code_.digits.size(); ++k) {
    if (code_.digits[k] & kLeaveNothing) nothing_at_.push_back(k);
    if (code_.digits[k] & kLeaveOne) one_at_.push_back(k);
    if (code_.digits[k] & kLeaveTwo) two_at_.push_back(k);
  }
  hist_.assign(1, 0);
  rebuild_classes();
}

Value SparseSpaceSolver::at(std::uint64_t n) const noexcept {
  if (width_ == 1) return v8_[n];
  if (width_ == 2) return v16_[n];
  return v32_[n];
}

void SparseSpaceSolver::rebuild_classes() {
  const std::uint64_t bits = (std::uint64_t{1} << value_bits_) + 1;  // values 0..2^w
  rare_bits_.assign((bits + 63) / 64, 0);
  for (Value v = 0; v < bits; ++v) {
    if (is_rare(v)) rare_bits_[v >> 6] |= std::uint64_t{1} << (v & 63);
  }
  marks_.assign(rare_bits_.size(), 0);
  want_.assign(rare_bits_.size(), 0);
}

void SparseSpaceSolver::choose_mask() {
  mask_ = best_sparse_mask(hist_);
  rebuild_classes();
  rare_.clear();
  for (std::uint64_t n = 0; n < size_; ++n) {
    if (is_rare(at(n))) rare_.push_back(n);
  }
  rare_at_choice_ = rare_.size();
}

void SparseSpaceSolver::record(std::uint64_t n, Value v) {
  if (v >= (Value{1} << value_bits_)) {
    // A new value width: grow the histogram and re-choose the mask for the new range.
    while (v >= (Value{1} << value_bits_)) ++value_bits_;
    hist_.resize(std::size_t{1} << value_bits_, 0);
    ++hist_[v];
    size_ = n + 1;
    choose_mask();
    return;
  }
  ++hist_[v];
  size_ = n + 1;
  if (is_rare(v)) {
    rare_.push_back(n);
    // The histogram drifts: a mask chosen early can become poor (0.354 goes from 132 rare
    // positions under the best mask to 934 under the one chosen at the last width change). Look
    // again whenever the rare count has doubled since the last choice; amortised, this is cheap.
    if (rare_.size() > 2 * rare_at_choice_ + 64) choose_mask();
  }
}

template <class T>
Value SparseSpaceSolver::compute(const T* g, std::uint64_t n) {
  std::uint64_t* marks = marks_.data();
  const std::size_t words = marks_.size();
  std::fill_n(marks, words, std::uint64_t{0});
  auto mark = [&](Value v) { marks[v >> 6] |= std::uint64_t{1} << (v & 63); };

  for (std::uint64_t k : nothing_at_) {
    if (k == n) mark(0);
  }
  for (std::uint64_t k : one_at_) {
    if (k < n) mark(g[n - k]);
  }
  // Every split with a rare part: this completes the common values among the options.
  for (std::uint64_t k : two_at_) {
    if (k + 2 > n) continue;
    const std::uint64_t r = n - k;
    for (std::uint64_t a : rare_) {
      if (a >= r) break;
      if (a == 0) continue;
      if (code_.unequal_split && 2 * a == r) continue;
      mark(g[a] ^ g[r - a]);
    }
  }
  // c: the least common value missing; `want`: the rare values below c still missing.
  const std::uint64_t limit = (std::uint64_t{1} << value_bits_) + 1;
  Value c = limit;
  for (std::size_t w = 0; w < words; ++w) {
    const std::uint64_t free_common = ~marks[w] & ~rare_bits_[w];
    if (free_common != 0) {
      c = std::min<Value>(limit, w * 64 + static_cast<Value>(std::countr_zero(free_common)));
      break;
    }
  }
  std::uint64_t* want = want_.data();
  std::uint64_t wanted = 0;
  for (std::size_t w = 0; w < words; ++w) {
    std::uint64_t bits = ~marks[w] & rare_bits_[w];
    const Value base = w * 64;
    if (base >= c)
      bits = 0;
    else if (c - base < 64)
      bits &= (std::uint64_t{1} << (c - base)) - 1;
    want[w] = bits;
    wanted += static_cast<std::uint64_t>(std::popcount(bits));
  }
  if (wanted == 0) return c;
  // Scan the remaining (common + common) splits until every wanted rare value has turned up.
  for (std::uint64_t k : two_at_) {
    if (k + 2 > n) continue;
    const std::uint64_t r = n - k;
    const std::uint64_t last = code_.unequal_split ? (r - 1) / 2 : r / 2;
    if (words == 1) {
      std::uint64_t bits = want[0];
      for (std::uint64_t a = 1; a <= last; ++a) {
        const Value v = g[a] ^ g[r - a];
        if ((bits >> v) & 1) {
          bits &= ~(std::uint64_t{1} << v);
          if (bits == 0) return c;
        }
      }
      want[0] = bits;
    } else {
      for (std::uint64_t a = 1; a <= last; ++a) {
        const Value v = g[a] ^ g[r - a];
        if ((want[v >> 6] >> (v & 63)) & 1) {
          want[v >> 6] &= ~(std::uint64_t{1} << (v & 63));
          if (--wanted == 0) return c;
        }
      }
    }
  }
  for (std::size_t w = 0; w < words; ++w) {
    if (want[w] != 0) return w * 64 + static_cast<Value>(std::countr_zero(want[w]));
  }
  return c;
}

template <class T>
bool SparseSpaceSolver::extend_typed(std::vector<T>& g, std::uint64_t n) {
  std::uint64_t next_report = size_ + (std::uint64_t{1} << 16);
  const std::uint64_t start = size_;
  while (size_ <= n) {
    const std::uint64_t m = size_;
    const Value v = compute(g.data(), m);
    if (v > std::numeric_limits<T>::max()) {
      pending_ = v;
      has_pending_ = true;
      return false;
    }
    g.push_back(static_cast<T>(v));
    record(m, v);
    if (progress_ && m >= next_report) {
      progress_(m - start, n + 1 - start);
      next_report = m + (std::uint64_t{1} << 16);
    }
  }
  return true;
}

void SparseSpaceSolver::widen() {
  if (width_ == 1) {
    v16_.assign(v8_.begin(), v8_.end());
    v16_.reserve(v8_.capacity());
    std::vector<std::uint8_t>().swap(v8_);
    width_ = 2;
  } else if (width_ == 2) {
    v32_.assign(v16_.begin(), v16_.end());
    v32_.reserve(v16_.capacity());
    std::vector<std::uint16_t>().swap(v16_);
    width_ = 4;
  } else {
    throw Error("a nim-sequence value exceeds 2^32-1");
  }
}

void SparseSpaceSolver::extend_to(std::uint64_t n) {
  if (n < size_) return;
  require_memory(limits_, (n + 1) * static_cast<std::uint64_t>(width_),
                 "a sequence of g(0.." + std::to_string(n) + ")");
  // Grow by half at a time for a stream of extensions, never past the limit, never below n + 1.
  auto reserve = [&](auto& vec) {
    if (vec.capacity() >= n + 1) return;
    const std::uint64_t cap = limits_.max_memory_bytes / static_cast<std::uint64_t>(width_);
    vec.reserve(
        std::max<std::uint64_t>(n + 1, std::min<std::uint64_t>(vec.capacity() * 3 / 2, cap)));
  };
  while (true) {
    bool done = false;
    if (width_ == 1) {
      reserve(v8_);
      done = extend_typed(v8_, n);
    } else if (width_ == 2) {
      reserve(v16_);
      done = extend_typed(v16_, n);
    } else {
      reserve(v32_);
      done = extend_typed(v32_, n);
    }
    if (done) return;
    do {
      widen();
    } while (pending_ > (width_ == 2 ? Value{0xFFFF} : Value{0xFFFFFFFF}));
    require_memory(limits_, (n + 1) * static_cast<std::uint64_t>(width_),
                   "a sequence of g(0.." + std::to_string(n) + ")");
    // Store the value that did not fit, then go on at the new width.
    const std::uint64_t m = size_;
    if (width_ == 2)
      v16_.push_back(static_cast<std::uint16_t>(pending_));
    else
      v32_.push_back(static_cast<std::uint32_t>(pending_));
    has_pending_ = false;
    record(m, pending_);
  }
}

}  // namespace grundy
