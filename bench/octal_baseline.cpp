#include "octal_baseline.hpp"

#include <bit>
#include <stdexcept>

#include "grundy/analysis/sparse_mask.hpp"

namespace octal_bench {

SparseSpaceBaseline::SparseSpaceBaseline(const grundy::TakeBreakCode& code) : code_(code) {
  for (std::uint64_t k = 0; k < code_.digits.size(); ++k) {
    const std::uint8_t d = code_.digits[k];
    if (d & grundy::kLeaveThree) {
      throw std::invalid_argument(
          "the sparse-space baseline takes moves leaving at most two heaps");
    }
    if (d & grundy::kLeaveNothing) leave_nothing_.push_back(k);
    if (d & grundy::kLeaveOne) leave_one_.push_back(k);
    if (d & grundy::kLeaveTwo) leave_two_.push_back(k);
  }
  histogram_.assign(1, 0);
  stamp_.assign(2, 0);
}

bool SparseSpaceBaseline::rare(std::uint32_t v) const {
  return grundy::is_rare_value(v, mask_);
}

void SparseSpaceBaseline::mark(std::uint32_t v, std::uint64_t n) {
  stamp_[v] = n + 1;  // option values are below 2^bits_ < stamp_.size()
}

bool SparseSpaceBaseline::marked(std::uint32_t v, std::uint64_t n) const {
  return v < stamp_.size() && stamp_[v] == n + 1;
}

std::uint32_t SparseSpaceBaseline::compute(std::uint64_t n) {
  const std::uint32_t* g = g_.data();
  // Step 1: moves leaving no heap or one heap, and the splits with a rare part.
  for (std::uint64_t k : leave_nothing_) {
    if (k == n) mark(0, n);
  }
  for (std::uint64_t k : leave_one_) {
    if (k < n) mark(g[n - k], n);
  }
  for (std::uint64_t k : leave_two_) {
    if (k + 2 > n) continue;
    const std::uint64_t r = n - k;
    for (std::uint64_t a : rare_) {
      if (a >= r) break;
      if (a == 0) continue;
      if (code_.unequal_split && 2 * a == r) continue;
      mark(g[a] ^ g[r - a], n);
    }
  }
  // c: the least common value that is not an option value (exact after step 1).
  std::uint32_t c = 0;
  while (rare(c) || marked(c, n)) ++c;
  std::uint64_t missing = 0;
  for (std::uint32_t v = 0; v < c; ++v) {
    if (rare(v) && !marked(v, n)) ++missing;
  }
  if (missing == 0) return c;
  // Step 2: every split in turn until no rare value below c is missing.
  ++scans_;
  for (std::uint64_t k : leave_two_) {
    if (k + 2 > n) continue;
    const std::uint64_t r = n - k;
    for (std::uint64_t a = 1; 2 * a <= r; ++a) {
      if (code_.unequal_split && 2 * a == r) continue;
      ++scanned_splits_;
      const std::uint32_t v = g[a] ^ g[r - a];
      if (v < c && rare(v) && !marked(v, n)) {
        mark(v, n);
        if (--missing == 0) return c;
      }
    }
  }
  for (std::uint32_t v = 0; v < c; ++v) {
    if (rare(v) && !marked(v, n)) return v;
  }
  return c;  // not reached: `missing` counted an unmarked rare value below c
}

void SparseSpaceBaseline::record(std::uint64_t n, std::uint32_t v) {
  g_.push_back(v);
  if (v < (std::uint64_t{1} << bits_)) {
    ++histogram_[v];
    if (rare(v)) rare_.push_back(n);
    return;
  }
  // A value with a new bit: widen the histogram, re-choose the mask, re-list the rare positions.
  while (v >= (std::uint64_t{1} << bits_)) ++bits_;
  histogram_.resize(std::size_t{1} << bits_, 0);
  ++histogram_[v];
  mask_ = static_cast<std::uint32_t>(grundy::best_sparse_mask(histogram_));
  rare_.clear();
  for (std::uint64_t i = 0; i <= n; ++i) {
    if (rare(g_[i])) rare_.push_back(i);
  }
  stamp_.resize((std::size_t{1} << bits_) + 1, 0);
}

void SparseSpaceBaseline::extend_to(std::uint64_t n) {
  if (n < g_.size()) return;
  g_.reserve(n + 1);
  for (std::uint64_t m = g_.size(); m <= n; ++m) record(m, compute(m));
}

}  // namespace octal_bench
