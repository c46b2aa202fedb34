#pragma once
// The in-repo baseline for long nim-sequences (issue #5): the textbook sparse-space loop of
// Winning Ways ch. 4 / Flammenkamp, single-threaded and without tricks, for take-and-break codes
// whose moves leave at most two heaps (octal codes, Grundy's game). octal_bench times the engine
// (grundy::SparseSpaceSolver) against it and checks that both compute the same sequence.
//
// For heap n, with a mask m (v is rare when popcount(v & m) is even, common otherwise):
//   1. mark the value of every move leaving no heap or one heap, and of every split (a, r - a)
//      whose part a is a rare position (r = n - k for each k whose digit allows two heaps);
//      rare ^ common is common and common ^ common is rare, so every common option value is now
//      marked, and c = the least unmarked common value is exact;
//   2. if some rare value below c is unmarked, scan the splits a = 1 .. r/2 in order, marking,
//      until no rare value below c is missing; g(n) = c if none is, else the least missing one.
// The mask minimises the rare count over the histogram of the values so far (a Walsh–Hadamard
// transform, grundy::best_sparse_mask); it is re-chosen only when a value needs a new bit.

#include <cstdint>
#include <vector>

#include "grundy/rules/take_break.hpp"

namespace octal_bench {

class SparseSpaceBaseline {
 public:
  /// Throws std::invalid_argument for codes with moves that leave three heaps.
  explicit SparseSpaceBaseline(const grundy::TakeBreakCode& code);

  /// Computes g(0..n) (from scratch, or on from what was computed before).
  void extend_to(std::uint64_t n);

  const std::vector<std::uint32_t>& values() const noexcept { return g_; }
  std::size_t rare_count() const noexcept { return rare_.size(); }
  std::uint32_t mask() const noexcept { return mask_; }
  /// Times g(n) needed the scan of step 2 (some rare value below c was missing after step 1).
  std::uint64_t scans() const noexcept { return scans_; }
  /// Splits examined in step 2, over every n.
  std::uint64_t scanned_splits() const noexcept { return scanned_splits_; }

 private:
  std::uint32_t compute(std::uint64_t n);
  void record(std::uint64_t n, std::uint32_t v);
  bool rare(std::uint32_t v) const;
  void mark(std::uint32_t v, std::uint64_t n);
  bool marked(std::uint32_t v, std::uint64_t n) const;

  grundy::TakeBreakCode code_;
  std::vector<std::uint64_t> leave_nothing_, leave_one_, leave_two_;  // the k of each move kind
  std::vector<std::uint32_t> g_;
  std::vector<std::uint64_t> rare_;       // positions with rare values, increasing
  std::vector<std::uint64_t> histogram_;  // 2^bits_ entries
  unsigned bits_ = 0;                     // every value so far is below 2^bits_
  std::uint32_t mask_ = 1;
  std::vector<std::uint64_t> stamp_;  // stamp_[v] == n + 1: v is an option value of heap n
  std::uint64_t scans_ = 0;
  std::uint64_t scanned_splits_ = 0;
};

}  // namespace octal_bench
