#pragma once
// The sparse-space adaptive scheduler: blocks of about 0.2 s on one thread or on all.

#include <cstdint>

namespace grundy::detail {

/// Threads pay off when heaps are costly and the cores are free; on cheap heaps (few rare
/// positions, short scans) or a busy machine one thread is faster. So both are measured, the
/// faster is used, and the other is tried again every 16 blocks. Blocks last about 0.2 s:
/// progress and checkpoints come often, thread starts stay negligible.
class BlockScheduler {
 public:
  /// 0: one per core. `adaptive`: as above; otherwise every block on all threads.
  void set_threads(unsigned threads, bool adaptive);
  unsigned threads() const noexcept { return threads_; }
  /// Values in the next block.
  std::uint64_t block() const noexcept { return block_; }
  /// Whether the next block runs on all threads (else on one).
  bool next_on_all();
  /// A whole block of `values` values took `seconds`, on all threads or on one.
  void finished(bool on_all, std::uint64_t values, double seconds);

 private:
  unsigned threads_ = 1;
  std::uint64_t block_ = std::uint64_t{1} << 14;  // values per block of work, adapted to ~0.2 s
  bool adaptive_ = true;
  double rate_[2] = {0, 0};  // values/s of the last block on one thread, and on threads_
  std::uint64_t blocks_ = 0;
};

}  // namespace grundy::detail
