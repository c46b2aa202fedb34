// A barrier for batches of a few microseconds: spin, yield, then sleep.

#include "spin_barrier.hpp"

#include <thread>

namespace grundy::detail {

void SpinBarrier::arrive_and_wait() {
  const std::uint32_t generation = generation_.load(std::memory_order_acquire);
  if (arrived_.fetch_add(1, std::memory_order_acq_rel) + 1 == count_) {
    arrived_.store(0, std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_seq_cst);
    if (sleepers_.load(std::memory_order_seq_cst) > 0) generation_.notify_all();
    return;
  }
  for (int spin = 0; spin < 2000; ++spin) {
    if (generation_.load(std::memory_order_acquire) != generation) return;
#if defined(__x86_64__)
    __builtin_ia32_pause();
#endif
  }
  // On a busy machine the thread everyone waits for may need this core: give it away.
  for (int round = 0; round < 64; ++round) {
    if (generation_.load(std::memory_order_acquire) != generation) return;
    std::this_thread::yield();
  }
  sleepers_.fetch_add(1, std::memory_order_seq_cst);
  while (generation_.load(std::memory_order_seq_cst) == generation) {
    generation_.wait(generation, std::memory_order_seq_cst);
  }
  sleepers_.fetch_sub(1, std::memory_order_seq_cst);
}

}  // namespace grundy::detail
