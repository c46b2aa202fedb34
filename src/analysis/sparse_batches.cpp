// The sparse-space batch pipeline: heaps computed by a pool of threads, recorded in order.

#include <algorithm>
#include <atomic>
#include <exception>
#include <optional>
#include <thread>
#include <vector>

#include "grundy/core/checked.hpp"
#include "sparse_space_state.hpp"
#include "spin_barrier.hpp"

namespace grundy::detail {

template <class T>
bool SparseSpace::run_block(std::uint64_t last, unsigned threads) {
  // Threads compute batches of heaps from the values recorded before the batch; the batch's
  // own values are set aside and added in order by finish(). While one thread finishes and
  // records batch k, the others already compute batch k+1 (from the values before batch k), so
  // nobody waits for the sequential part. The first heaps alone: there is nothing to share.
  if (size_ < 64) threads = 1;
  // The batches write g(first..last) through a pointer into the store taken once per batch
  // (finish_plain): the room must be there before they start, not grown on the way.
  store_->reserve(last + 1, kSlack);
  while (workers_.size() < threads) workers_.push_back(std::make_unique<Worker>());
  const std::uint64_t batch = threads == 1 ? 1 : kBatchPerThread * threads;
  while (partials_.size() < 2 * batch) partials_.push_back(std::make_unique<Partial>());
  auto prepare = [&] {
    const Value limit = Value{1} << value_bits_;
    for (auto& w : workers_) w->size_for(limit);
    for (auto& p : partials_) p->size_for(limit);
  };
  prepare();

  if (threads == 1) {
    Partial& p = *partials_[0];
    while (size_ <= last) {
      const std::uint64_t n = size_;
      const T* g = store_->typed<T>();
      compute(g, n, n, p, *workers_[0], rare_positions_.size());
      record(n, finish(g, n, p, *workers_[0]));
      if (store_->width() != static_cast<int>(sizeof(T))) return false;
      if (partials_[0]->seen.size() != (((Value{1} << value_bits_) + 1 + 63) / 64)) prepare();
    }
    return true;
  }

  // The pipeline's invariants (the ThreadSanitizer build of sparse_threads_test checks them).
  //
  // Roles. This thread (thread 0) alone sets batches up, finishes heaps (finish, finish_plain)
  // and records values; it also computes a share of each batch. Threads 1..threads-1 only
  // compute: compute() and scan() on workers_[t] (their own scratch) into the Partials of the
  // heaps they take from `next` (a relaxed counter: it hands out distinct heaps and publishes
  // nothing). Each Partial has one writer per batch, the thread that took its heap.
  //
  // Phases. Two barrier crossings per batch: A (in run(): the batch is ready, or `stop`) and B
  // (the batch is computed). The barrier orders everything written before an arrival before
  // everything after the departure (SpinBarrier), so A publishes `work`, `next`, `stop` and all
  // the sequential path's changes to the pool, and B publishes the Partials and errors[t] to
  // thread 0. Between B and the next A the pool waits and thread 0 may change anything (record:
  // widen or remap the store, a new value range, a new mask, a rebuilt rare list; prepare()).
  //
  // What stays still from A to B, because the computing threads read it: the store's mapping
  // and width (data() and T), g(0..work.known-1), value_bits_, mask_, rare_ and rare_bits_,
  // the moves (nothing_at_, one_at_, two_at_, code_), the vectors workers_ and partials_, the
  // Partials of the slot being computed, `work`, and the rare list's first work.rare entries
  // and its buffers (capacity for a whole batch of new rare positions is reserved before A, so
  // appending moves nothing). What thread 0 changes meanwhile (finish_plain, batch k while the
  // pool computes batch k+1): g(first..end-1) of batch k — at or past work.known, so no
  // computation reads them (first_kept keeps every split part below known); hist_; size_; rare
  // list entries past work.rare, appended within the reserved capacity (push_back writes the
  // vectors' end, never the data pointer the pool reads); the Partials of batch k (the other
  // slot); workers_[0], which only thread 0 uses. A value that would break the stillness (wider
  // than T, at or past 2^value_bits_, or rare with a full rare list or a stale mask) is not
  // recorded meanwhile: finish_plain stops there and returns it, and it is recorded after B on
  // the sequential path; batch k+1, computed meanwhile on the old state, is dropped.
  //
  // Ending. An exception on any thread is caught and kept (errors[t]) and the thread still
  // arrives at B; thread 0 rethrows after B, when nothing runs. However run_block ends, `stopper`
  // arrives at A with stop set and the pool returns; the threads are joined before the barrier,
  // `stop` and `errors` (declared before them) are destroyed. So progress callbacks, checkpoints
  // and a caller's exceptions (extend_to) only ever happen with no pool running.

  // The batch being computed: heaps first..end-1 from g(0..known-1) and the first `rare` rare
  // positions, into partials_[slot + n - first]; heaps handed out one at a time (their costs
  // vary a lot).
  struct Batch {
    std::uint64_t first = 0, end = 0, known = 0;
    std::size_t rare = 0, slot = 0;
  } work;
  std::atomic<std::uint64_t> next{0};
  auto share = [&](unsigned t) {
    const T* g = store_->typed<T>();
    for (std::uint64_t n = next.fetch_add(1, std::memory_order_relaxed); n < work.end;
         n = next.fetch_add(1, std::memory_order_relaxed)) {
      compute(g, n, work.known, *partials_[work.slot + n - work.first], *workers_[t], work.rare);
    }
  };
  SpinBarrier sync(threads);
  bool stop = false;
  std::vector<std::exception_ptr> errors(threads);
  // Joined when the block ends, after the stopper below has released them (std::jthread would do
  // it, but the page's libc++ 14 has none).
  struct Pool {
    std::vector<std::thread> threads;
    ~Pool() {
      for (std::thread& t : threads) t.join();
    }
  } pool;
  for (unsigned t = 1; t < threads; ++t) {
    pool.threads.emplace_back([&, t] {
      while (true) {
        sync.arrive_and_wait();  // a batch is ready (or stop)
        if (stop) return;
        try {
          share(t);
        } catch (...) {
          errors[t] = std::current_exception();
        }
        sync.arrive_and_wait();  // done
      }
    });
  }
  struct Stop {  // the pool is released however this block ends
    SpinBarrier& sync;
    bool& stop;
    ~Stop() {
      stop = true;
      sync.arrive_and_wait();
    }
  } stopper{sync, stop};

  // Runs one batch on every thread; `meanwhile` runs on this thread first (it must not change
  // anything the batch reads: the store's mapping, the value range, the mask, the rare list's
  // first work.rare entries or its buffer).
  auto run = [&](std::uint64_t first, std::uint64_t end, std::size_t slot, auto&& meanwhile) {
    // Room for every rare position a batch can add: the rare list must not move meanwhile.
    rare_positions_.reserve(rare_positions_.size() + batch + 1);
    rare_values_.reserve(rare_values_.size() + batch + 1);
    work = Batch{first, end, size_, rare_positions_.size(), slot};
    next.store(first, std::memory_order_relaxed);
    sync.arrive_and_wait();
    try {
      meanwhile();
      share(0);
    } catch (...) {
      errors[0] = std::current_exception();  // after the barrier: the others must get there
    }
    sync.arrive_and_wait();
    for (auto& e : errors) {
      if (e) std::rethrow_exception(e);
    }
  };
  const Value fits = ValueStore::max_value(sizeof(T));
  // Finishes and records the computed batch first..end-1 (in slot) as far as it can while
  // another batch is computed: stops at a value that needs the sequential path (a wider type,
  // a new value range, a full rare list or a new mask) and returns it.
  auto finish_plain = [&](std::uint64_t first, std::uint64_t end, std::size_t slot) {
    std::optional<Pending> pending;
    const Value limit = Value{1} << value_bits_;
    T* g = store_->typed<T>();
    for (std::uint64_t n = first; n < end; ++n) {
      const Value v = finish(g, n, *partials_[slot + n - first], *workers_[0]);
      const bool plain = v <= fits && v < limit &&
                         (!rare_[v] || (rare_positions_.size() < rare_positions_.capacity() &&
                                        !mask_is_stale(rare_positions_.size() + 1)));
      if (!plain) {
        pending = Pending{n, v};
        break;
      }
      g[n] = static_cast<T>(v);
      ++hist_[v];
      if (rare_[v]) add_rare(n, v);
      size_ = n + 1;
    }
    return pending;
  };

  std::size_t slot = 0;
  std::uint64_t first = size_, end = std::min(last + 1, saturating_add(size_, batch));
  run(first, end, slot, [] {});  // the first batch, with nothing to finish meanwhile
  while (true) {
    const std::uint64_t next_first = end, next_end = std::min(last + 1, saturating_add(end, batch));
    std::optional<Pending> pending;
    if (next_first < next_end) {
      run(next_first, next_end, batch - slot, [&] { pending = finish_plain(first, end, slot); });
    } else {
      pending = finish_plain(first, end, slot);
    }
    if (pending) {
      // The sequential path, with every thread waiting; the batch computed meanwhile is
      // dropped (it may rest on the old mask or width).
      record(pending->n, pending->v);
      if (store_->width() != static_cast<int>(sizeof(T))) return false;
      prepare();
      if (size_ > last) return true;
      first = size_;
      end = std::min(last + 1, saturating_add(size_, batch));
      slot = 0;
      run(first, end, slot, [] {});
      continue;
    }
    if (next_first >= next_end) return true;
    first = next_first;
    end = next_end;
    slot = batch - slot;
  }
}

template bool SparseSpace::run_block<std::uint8_t>(std::uint64_t last, unsigned threads);
template bool SparseSpace::run_block<std::uint16_t>(std::uint64_t last, unsigned threads);
template bool SparseSpace::run_block<std::uint32_t>(std::uint64_t last, unsigned threads);

}  // namespace grundy::detail
