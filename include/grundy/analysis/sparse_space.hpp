#pragma once
/// \file The sparse-space algorithm for long nim-sequences of take-and-break games whose moves
/// leave at most two heaps (octal codes, hexadecimal codes without three-heap moves, Grundy's
/// game).
///
/// Winning Ways ch. 4; Flammenkamp. Fix a mask m and call a value v rare when popcount(v & m) is
/// even, common otherwise (sparse_mask.hpp). Rare xor rare and common xor common are rare; rare
/// xor common is common. So the common values among the options of heap n come only from options
/// leaving at most one heap and from splits with a rare part — and the positions with rare values
/// are few. Enumerating just those gives c, the least common value missing, exactly. Then
/// g(n) = c unless some rare value below c is missing too: the remaining (common + common) splits
/// are scanned only until every rare value below c has turned up, which is usually almost at
/// once. The result is exact for every mask; a poor mask only costs time. The mask is chosen to
/// minimise the rare count whenever a new value width appears, and again whenever the rare count
/// has doubled since.
///
/// Threads (set_threads) share batches of consecutive heaps n0, ..., n0 + B - 1, computed from
/// g(0..n0-1): every option that involves a heap of the batch itself is set aside. Then, in
/// order, each heap's set-aside options are added (a few small splits and the one-heap moves)
/// and its value recorded; if they change the least common value c, the rare values the scan
/// had not looked for are looked for then. The values are exact and do not depend on the
/// thread count; only one synchronisation per batch is needed, so a busy machine slows the
/// threads down rather than stalling them.

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "grundy/analysis/sparse_mask.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/core/value.hpp"
#include "grundy/core/value_store.hpp"
#include "grundy/rules/take_break.hpp"

namespace grundy {

class SparseSpaceSolver {
 public:
  /// Called between blocks of work with (values done, values wanted) by this call of
  /// extend_to(). size() and the stored values are consistent then (a safe point for a
  /// checkpoint); an exception thrown by it stops extend_to() with the values so far kept.
  using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;

  /// Values kept in memory. Codes with three-heap moves are not supported (see supports()).
  SparseSpaceSolver(TakeBreakCode code, Limits limits);
  /// Values kept in `store` (a sequence file, say), which must outlive the solver; its first
  /// `count` values are g(0..count-1) already (a resumed run).
  SparseSpaceSolver(TakeBreakCode code, Limits limits, ValueStore& store, std::uint64_t count);
  ~SparseSpaceSolver();
  SparseSpaceSolver(const SparseSpaceSolver&) = delete;
  SparseSpaceSolver& operator=(const SparseSpaceSolver&) = delete;

  static bool supports(const TakeBreakCode& code);

  /// Threads for extend_to(); 0: one per core. Default 1. `adaptive`: blocks of work run on one
  /// thread or on all, whichever has been faster lately (cheap heaps and busy machines do better
  /// on one); otherwise always on all.
  void set_threads(unsigned threads, bool adaptive = true);
  unsigned threads() const noexcept { return threads_; }

  /// Makes g(0..n) available; refuses (ResourceError) before allocating past the limit.
  void extend_to(std::uint64_t n);
  /// Bytes the in-memory table of g(0..n) takes at `width` bytes per value (what the memory
  /// limit is checked against; saturating, checked.hpp).
  static std::uint64_t table_bytes(std::uint64_t n, int width);
  std::uint64_t size() const noexcept { return size_; }
  Value at(std::uint64_t n) const noexcept { return store_->at(n); }
  /// Bytes per stored value: 1, 2 or 4 (widened when a value needs it, never truncated).
  int value_bytes() const noexcept { return store_->width(); }
  std::size_t rare_count() const noexcept { return rare_positions_.size(); }
  Value mask() const noexcept { return mask_; }
  void set_progress(Progress progress) { progress_ = std::move(progress); }

  /// Calls f(std::span<const T>) with the values computed so far, T the storage type.
  template <class F>
  decltype(auto) with_values(F&& f) const {
    return store_->with_values(size_, std::forward<F>(f));
  }

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
  Limits limits_;
  std::unique_ptr<MemoryValueStore> own_store_;
  ValueStore* store_;
  std::vector<std::uint64_t> nothing_at_, one_at_, two_at_;  // the k with each kind of move
  std::uint64_t size_ = 0;
  unsigned threads_ = 1;
  std::uint64_t block_ = std::uint64_t{1} << 14;  // values per block of work, adapted to ~0.2 s
  bool adaptive_ = true;
  double rate_[2] = {0, 0};  // values/s of the last block on one thread, and on threads_
  std::uint64_t blocks_ = 0;

  Value mask_ = 1;
  int value_bits_ = 0;               // every value so far is below 2^value_bits_
  std::vector<std::uint64_t> hist_;  // values' histogram, 2^value_bits_ entries
  // The rare positions, increasing, and their values.
  std::vector<std::uint64_t> rare_positions_;
  std::vector<std::uint32_t> rare_values_;
  std::uint64_t version_ = 0;             // changes with the mask, the value range or the width
  std::size_t rare_at_choice_ = 0;        // rare count right after the mask was last chosen
  std::vector<std::uint8_t> rare_;        // rare_[v] = 1: v is rare, for v <= 2^value_bits_
  std::vector<std::uint64_t> rare_bits_;  // the same as bits (and set past 2^value_bits_)
  std::vector<std::unique_ptr<Worker>> workers_;
  std::vector<std::unique_ptr<Partial>> partials_;
  Progress progress_;
};

}  // namespace grundy
