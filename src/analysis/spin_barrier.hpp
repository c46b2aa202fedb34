#pragma once
// A barrier for batches of a few microseconds (the sparse-space pipeline's).

#include <atomic>
#include <cstdint>

namespace grundy::detail {

/// Arriving threads spin a while (a sleeping thread takes tens of microseconds to wake), then
/// sleep, so a busy machine is not made busier.
///
/// Ordering: whatever a thread wrote before arriving is visible to every thread once it leaves.
/// The arrivals' fetch_adds on arrived_ (acq_rel read-modify-writes, one release sequence) give
/// the last arriver every earlier arrival's writes; its increment of generation_ releases them,
/// with its own, to the waiters, which acquire generation_. arrived_ is reset before that
/// increment, so a thread that has left and arrives again (it has seen the new generation)
/// counts from 0. A thread going to sleep and the last arriver form a Dekker pair (sleepers_ up
/// then generation_ read, against generation_ up then sleepers_ read): all four are seq_cst so
/// that at least one sees the other — else the notify could be skipped while a thread sleeps.
class SpinBarrier {
 public:
  explicit SpinBarrier(unsigned count) : count_(count) {}
  void arrive_and_wait();

 private:
  const unsigned count_;
  std::atomic<unsigned> arrived_{0};
  std::atomic<std::uint32_t> generation_{0};
  std::atomic<int> sleepers_{0};
};

}  // namespace grundy::detail
