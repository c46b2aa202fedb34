#pragma once
// The sparse-space algorithm's state, shared by its mex, batch pipeline and scheduler.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "grundy/analysis/sparse_mask.hpp"
#include "grundy/analysis/sparse_space.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/core/value.hpp"
#include "grundy/core/value_store.hpp"
#include "grundy/rules/take_break.hpp"
#include "sparse_scheduler.hpp"

namespace grundy::detail {

/// Values of room past the last one: the vector loops read a few bytes past it.
inline constexpr std::uint64_t kSlack = 8;

/// Splits (a, r - a) with a below this are set aside when only g(0..known-1) are known.
inline std::uint64_t first_kept(std::uint64_t r, std::uint64_t known) {
  return r >= known ? r - known + 1 : 1;
}

/// Behind SparseSpaceSolver. Its members are defined in sparse_space.cpp (each heap's mex, the
/// mask), sparse_batches.cpp (run_block) and sparse_scheduler.cpp (extend_to).
class SparseSpace {
 public:
  using Progress = SparseSpaceSolver::Progress;

  SparseSpace(TakeBreakCode code, Limits limits);
  SparseSpace(TakeBreakCode code, ValueStore& store, std::uint64_t count);
  SparseSpace(const SparseSpace&) = delete;
  SparseSpace& operator=(const SparseSpace&) = delete;

  void set_threads(unsigned threads, bool adaptive) { scheduler_.set_threads(threads, adaptive); }
  unsigned threads() const noexcept { return scheduler_.threads(); }
  void extend_to(std::uint64_t n);
  std::uint64_t size() const noexcept { return size_; }
  Value at(std::uint64_t n) const noexcept { return store_->at(n); }
  const ValueStore& store() const noexcept { return *store_; }
  std::size_t rare_count() const noexcept { return rare_positions_.size(); }
  Value mask() const noexcept { return mask_; }
  void set_progress(Progress progress) { progress_ = std::move(progress); }

 private:
  struct Worker;
  struct Partial;
  struct Pending {  // a value for the sequential path to record
    std::uint64_t n;
    Value v;
  };
  /// Heaps per thread in a batch.
  static constexpr std::uint64_t kBatchPerThread = 32;

  template <class T>
  void compute(const T* g, std::uint64_t n, std::uint64_t known, Partial& p, Worker& w,
               std::size_t rare_count) const;
  template <class T>
  void scan(const T* g, std::uint64_t n, std::uint64_t known, Partial& p, Worker& w) const;
  template <class T>
  Value finish(const T* g, std::uint64_t n, Partial& p, Worker& w) const;
  /// Computes and records g(size()..last); false when it stopped early because the values
  /// need a wider type.
  template <class T>
  bool run_block(std::uint64_t last, unsigned threads);
  /// Stores g(n) = v and records it; may widen the store or re-choose the mask.
  void record(std::uint64_t n, Value v);
  void add_rare(std::uint64_t n, Value v);
  void choose_mask();
  void rebuild_classes();
  bool is_rare(Value v) const noexcept { return is_rare_value(v, mask_); }
  /// With this many rare positions the mask is chosen again: the count has doubled since the
  /// last choice (the histogram drifts; amortised, choosing again is cheap).
  bool mask_is_stale(std::size_t rare_count) const noexcept {
    return rare_count > 2 * rare_at_choice_ + 64;
  }
  void adopt(std::uint64_t count);

  TakeBreakCode code_;
  std::unique_ptr<MemoryValueStore> own_store_;
  ValueStore* store_;
  std::vector<std::uint64_t> nothing_at_, one_at_, two_at_;  // the k with each kind of move
  std::uint64_t size_ = 0;
  BlockScheduler scheduler_;

  Value mask_ = 1;
  int value_bits_ = 0;               // every value so far is below 2^value_bits_
  std::vector<std::uint64_t> hist_;  // values' histogram, 2^value_bits_ entries
  // The rare positions, increasing, and their values.
  std::vector<std::uint64_t> rare_positions_;
  std::vector<std::uint32_t> rare_values_;
  std::size_t rare_at_choice_ = 0;        // rare count right after the mask was last chosen
  std::vector<std::uint8_t> rare_;        // rare_[v] = 1: v is rare, for v <= 2^value_bits_
  std::vector<std::uint64_t> rare_bits_;  // the same as bits (and set past 2^value_bits_)
  std::vector<std::unique_ptr<Worker>> workers_;
  std::vector<std::unique_ptr<Partial>> partials_;
  Progress progress_;
};

/// One thread's scratch: the rare values its scans look for.
struct SparseSpace::Worker {
  std::vector<std::uint8_t> seen;    // seen[v] = 1: some option has value v
  std::vector<std::uint8_t> wanted;  // wanted[v] = 1: the scan looks for v
  std::vector<Value> want;
  void size_for(Value limit) {
    // Whole words of 64 bytes, and slack: the byte scans read whole words.
    const std::size_t bytes = (limit + 1 + 63) / 64 * 64 + 64;
    if (seen.size() < bytes) seen.assign(bytes, 0);
    if (wanted.size() < bytes) wanted.assign(bytes, 0);
  }
};

/// Heap n computed from g(0..known-1) only: every option that involves a heap >= known is set
/// aside (`set_aside`), to be added by finish() once those values are known.
/// The option values are kept as a bitset: it is what passes from the thread that computed the
/// heap to the one that finishes it, and a few words cross between cores more cheaply than a
/// byte per value.
struct SparseSpace::Partial {
  std::vector<std::uint64_t> seen;  // bit v: some option has value v
  std::vector<Value> missing;       // rare values below c that no option (so far) has
  Value c = 0;                      // the least common value no option has (before set-asides)
  std::uint64_t known = 0;
  bool set_aside = false;
  void size_for(Value limit) {
    const std::size_t words = (limit + 1 + 63) / 64;
    if (seen.size() != words) seen.assign(words, 0);
  }
  bool has(Value v) const { return (seen[v >> 6] >> (v & 63)) & 1; }
  void add(Value v) { seen[v >> 6] |= std::uint64_t{1} << (v & 63); }
};

}  // namespace grundy::detail
