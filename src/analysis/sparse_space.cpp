#include "grundy/analysis/sparse_space.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cstring>
#include <limits>
#include <string>
#include <thread>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "sparse_scan.hpp"

namespace grundy {

/// One thread's scratch: the rare values its scans look for.
struct SparseSpaceSolver::Worker {
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
struct SparseSpaceSolver::Partial {
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

namespace {

/// A barrier for batches of a few microseconds: arriving threads spin a while (a sleeping
/// thread takes tens of microseconds to wake), then sleep, so a busy machine is not made busier.
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
  void arrive_and_wait() {
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

 private:
  const unsigned count_;
  std::atomic<unsigned> arrived_{0};
  std::atomic<std::uint32_t> generation_{0};
  std::atomic<int> sleepers_{0};
};

/// Values of room past the last one: the vector loops read a few bytes past it.
constexpr std::uint64_t kSlack = 8;

/// Splits (a, r - a) with a below this are set aside when only g(0..known-1) are known.
std::uint64_t first_kept(std::uint64_t r, std::uint64_t known) {
  return r >= known ? r - known + 1 : 1;
}

/// The first v in [from, limit] with neither a[v] nor b[v] set (bytes 0 or 1), else limit.
Value first_clear(const std::uint8_t* a, const std::uint8_t* b, Value from, Value limit) {
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  Value v = from;
  for (; v + 8 <= limit + 1; v += 8) {
    std::uint64_t x, y;
    std::memcpy(&x, a + v, 8);
    std::memcpy(&y, b + v, 8);
    const std::uint64_t clear = (x | y) ^ kOnes;
    if (clear != 0) return v + static_cast<Value>(std::countr_zero(clear) / 8);
  }
  for (; v <= limit; ++v) {
    if ((a[v] | b[v]) == 0) return v;
  }
  return limit;
}

/// The first v in [from, limit] with neither bit v of a nor of b set, else limit.
Value first_clear_bit(const std::uint64_t* a, const std::uint64_t* b, Value from, Value limit) {
  for (Value w = from >> 6; w <= (limit >> 6); ++w) {
    std::uint64_t clear = ~(a[w] | b[w]);
    if (w == (from >> 6)) clear &= ~std::uint64_t{0} << (from & 63);
    if (clear != 0) return std::min<Value>(limit, w * 64 + std::countr_zero(clear));
  }
  return limit;
}

/// Bytes seen[0..8·words-1] (each 0 or 1) as bits.
void pack_bits(const std::uint8_t* seen, std::uint64_t* bits, std::size_t words) {
  for (std::size_t w = 0; w < words; ++w) {
    std::uint64_t word = 0;
    for (int k = 0; k < 8; ++k) {
      std::uint64_t x;
      std::memcpy(&x, seen + 64 * w + 8 * k, 8);
      // Byte j of x (0 or 1) lands on bit 56 + j: no two terms share a bit, so no carries.
      word |= ((x * 0x0102040810204080ULL) >> 56) << (8 * k);
    }
    bits[w] = word;
  }
}

}  // namespace

bool SparseSpaceSolver::supports(const TakeBreakCode& code) {
  return std::none_of(code.digits.begin(), code.digits.end(),
                      [](std::uint8_t d) { return (d & kLeaveThree) != 0; });
}

SparseSpaceSolver::SparseSpaceSolver(TakeBreakCode code, Limits limits)
    : code_(std::move(code)),
      limits_(limits),
      own_store_(std::make_unique<MemoryValueStore>(limits)),
      store_(own_store_.get()) {
  if (!supports(code_)) {
    throw Error("the sparse-space algorithm does not handle moves that leave three heaps");
  }
  adopt(0);
}

SparseSpaceSolver::SparseSpaceSolver(TakeBreakCode code, Limits limits, ValueStore& store,
                                     std::uint64_t count)
    : code_(std::move(code)), limits_(limits), store_(&store) {
  if (!supports(code_)) {
    throw Error("the sparse-space algorithm does not handle moves that leave three heaps");
  }
  adopt(count);
}

SparseSpaceSolver::~SparseSpaceSolver() = default;

void SparseSpaceSolver::adopt(std::uint64_t count) {
  for (std::uint64_t k = 0; k < code_.digits.size(); ++k) {
    if (code_.digits[k] & kLeaveNothing) nothing_at_.push_back(k);
    if (code_.digits[k] & kLeaveOne) one_at_.push_back(k);
    if (code_.digits[k] & kLeaveTwo) two_at_.push_back(k);
  }
  hist_.assign(1, 0);
  value_bits_ = 0;
  size_ = count;
  for (std::uint64_t n = 0; n < count; ++n) {
    const Value v = at(n);
    while (v >= (Value{1} << value_bits_)) ++value_bits_;
    if (hist_.size() < (std::size_t{1} << value_bits_)) hist_.resize(std::size_t{1} << value_bits_);
    ++hist_[v];
  }
  choose_mask();
}

void SparseSpaceSolver::set_threads(unsigned threads, bool adaptive) {
  adaptive_ = adaptive;
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads_ = std::min(threads, 64u);
}

void SparseSpaceSolver::rebuild_classes() {
  const Value limit = Value{1} << value_bits_;  // values 0..limit
  rare_.assign(limit + 9, 1);                   // the slack past limit: never a common value
  for (Value v = 0; v <= limit; ++v) rare_[v] = is_rare(v) ? 1 : 0;
  rare_bits_.assign((limit + 1 + 63) / 64, ~std::uint64_t{0});  // past limit: never common
  for (Value v = 0; v <= limit; ++v) {
    if (!is_rare(v)) rare_bits_[v >> 6] &= ~(std::uint64_t{1} << (v & 63));
  }
}

void SparseSpaceSolver::choose_mask() {
  ++version_;
  mask_ = best_sparse_mask(hist_);
  rebuild_classes();
  rare_positions_.clear();
  rare_values_.clear();
  for (std::uint64_t n = 0; n < size_; ++n) {
    if (is_rare(at(n))) {
      rare_positions_.push_back(n);
      rare_values_.push_back(static_cast<std::uint32_t>(at(n)));
    }
  }
  rare_at_choice_ = rare_positions_.size();
}

void SparseSpaceSolver::add_rare(std::uint64_t n, Value v) {
  rare_positions_.push_back(n);
  rare_values_.push_back(static_cast<std::uint32_t>(v));
}

void SparseSpaceSolver::record(std::uint64_t n, Value v) {
  if (v > ValueStore::max_value(store_->width())) {
    const int width = ValueStore::width_for(v);
    if (width == 0) throw Error("a nim-sequence value exceeds 2^32-1");
    store_->widen(width, n);
    ++version_;
  }
  store_->reserve(n + 1, kSlack);  // n + 1 fits: extend_to checked it for a larger n
  store_->set(n, v);
  size_ = n + 1;
  if (v >= (Value{1} << value_bits_)) {
    // A new value width: grow the histogram and re-choose the mask for the new range.
    while (v >= (Value{1} << value_bits_)) ++value_bits_;
    hist_.resize(std::size_t{1} << value_bits_, 0);
    ++hist_[v];
    choose_mask();
    return;
  }
  ++hist_[v];
  if (is_rare(v)) {
    add_rare(n, v);
    // The histogram drifts: a mask chosen early can become poor (0.354 goes from 132 rare
    // positions under the best mask to 934 under the one chosen at the last width change). Look
    // again whenever the rare count has doubled since the last choice; amortised, this is cheap.
    if (mask_is_stale(rare_positions_.size())) choose_mask();
  }
}

template <class T>
void SparseSpaceSolver::compute(const T* g, std::uint64_t n, std::uint64_t known, Partial& p,
                                Worker& w, std::size_t rare_count) const {
  const Value limit = Value{1} << value_bits_;  // every option value is below it
  std::uint8_t* seen = w.seen.data();
  const std::uint8_t* rare = rare_.data();
  std::memset(seen, 0, limit + 1);
  p.known = known;
  p.set_aside = false;
  for (std::uint64_t k : nothing_at_) {
    if (k == n) seen[0] = 1;
  }
  for (std::uint64_t k : one_at_) {
    if (k == 0 || k >= n) continue;
    if (n - k < known)
      seen[g[n - k]] = 1;
    else
      p.set_aside = true;
  }
  // Every split with a rare part a: the common values among the options are then complete.
  const std::uint64_t* rare_at = rare_positions_.data();
  const std::uint32_t* rare_value = rare_values_.data();
  for (std::uint64_t k : two_at_) {
    if (k + 2 > n) continue;
    const std::uint64_t r = n - k;
    const std::uint64_t lo = first_kept(r, known);
    if (lo > 1) p.set_aside = true;
    // The rare a in [lo, r), less a = r/2 when the split must be unequal.
    const std::uint64_t* begin = std::lower_bound(rare_at, rare_at + rare_count, lo);
    const std::uint64_t* end = std::lower_bound(begin, rare_at + rare_count, r);
    const std::uint64_t* cut = end;
    if (code_.unequal_split && r % 2 == 0) cut = std::lower_bound(begin, end, r / 2);
    auto mark = [&](const std::uint64_t* from, const std::uint64_t* to) {
      const std::size_t i = static_cast<std::size_t>(from - rare_at);
      mark_rare_splits(g, r, from, rare_value + i, static_cast<std::size_t>(to - from), seen);
    };
    mark(begin, cut);
    if (cut != end) mark(*cut == r / 2 ? cut + 1 : cut, end);
  }
  // c: the least common value missing; the scan looks for the rare values below c.
  p.c = first_clear(seen, rare, 0, limit);
  w.want.clear();
  for (Value v = 0; v < p.c; ++v) {
    if (rare[v] && !seen[v]) w.want.push_back(v);
  }
  scan(g, n, known, p, w);
  pack_bits(seen, p.seen.data(), p.seen.size());
}

template <class T>
void SparseSpaceSolver::scan(const T* g, std::uint64_t n, std::uint64_t known, Partial& p,
                             Worker& w) const {
  p.missing.clear();
  if (w.want.empty()) return;
  for (Value v : w.want) w.wanted[v] = 1;
  std::size_t missing = w.want.size();
  for (std::uint64_t k : two_at_) {
    if (k + 2 > n) continue;
    const std::uint64_t r = n - k;
    const std::uint64_t last = code_.unequal_split ? (r - 1) / 2 : r / 2;
    missing = sparse_scan(g, r, first_kept(r, known), last, w.wanted.data(), w.seen.data(), missing,
                          w.want, Value{1} << value_bits_);
    if (missing == 0) break;
  }
  for (Value v : w.want) {
    if (w.wanted[v]) p.missing.push_back(v);
    w.wanted[v] = 0;
  }
}

template <class T>
Value SparseSpaceSolver::finish(const T* g, std::uint64_t n, Partial& p, Worker& w) const {
  auto least = [&](Value otherwise) {
    for (Value v : p.missing) {
      if (!p.has(v)) otherwise = std::min(otherwise, v);
    }
    return otherwise;
  };
  if (!p.set_aside) return least(p.c);
  // The options set aside, now that g(0..n-1) are known.
  for (std::uint64_t k : one_at_) {
    if (k > 0 && k < n && n - k >= p.known) p.add(g[n - k]);
  }
  for (std::uint64_t k : two_at_) {
    if (k + 2 > n) continue;
    const std::uint64_t r = n - k;
    const std::uint64_t lo = first_kept(r, p.known);
    for (std::uint64_t a = 1; a < lo && (code_.unequal_split ? 2 * a < r : 2 * a <= r); ++a) {
      p.add(g[a] ^ g[r - a]);
    }
  }
  const Value limit = Value{1} << value_bits_;
  const Value c = first_clear_bit(p.seen.data(), rare_bits_.data(), p.c, limit);
  if (c != p.c) {
    // p.c was among the options set aside: the rare values in [p.c, c) were not looked for.
    w.want.clear();
    for (Value v = p.c; v < c; ++v) {
      if (rare_[v] && !p.has(v)) w.want.push_back(v);
    }
    if (!w.want.empty()) {
      // The scan leaves in p.missing the ones it does not find (its marks in w.seen are not
      // needed again).
      std::vector<Value> before = std::move(p.missing);
      scan(g, n, p.known, p, w);
      p.missing.insert(p.missing.end(), before.begin(), before.end());
    }
  }
  return least(c);
}

template <class T>
bool SparseSpaceSolver::run_block(std::uint64_t last, unsigned threads) {
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
  // arrives at A with stop set and the pool returns; the jthreads are joined before the barrier,
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
  std::vector<std::jthread> pool;
  for (unsigned t = 1; t < threads; ++t) {
    pool.emplace_back([&, t] {
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

std::uint64_t SparseSpaceSolver::table_bytes(std::uint64_t n, int width) {
  return bytes_for(saturating_add(saturating_add(n, 1), kSlack), static_cast<std::uint64_t>(width));
}

void SparseSpaceSolver::extend_to(std::uint64_t n) {
  if (n < size_) return;
  // Room for g(0..n) before anything is computed: every block below writes into it.
  store_->reserve(add_or_refuse(n, 1, "a table of g(0.." + std::to_string(n) + ")"), kSlack);
  const std::uint64_t start = size_;
  while (size_ <= n) {
    const auto began = std::chrono::steady_clock::now();
    const std::uint64_t first = size_;
    const std::uint64_t last = std::min(n, saturating_add(size_, block_ - 1));
    // Threads pay off when heaps are costly and the cores are free; on cheap heaps (few rare
    // positions, short scans) or a busy machine one thread is faster. So both are measured, the
    // faster is used, and the other is tried again every 16 blocks.
    bool many = false;
    if (threads_ > 1) {
      if (!adaptive_)
        many = true;
      else if (rate_[0] == 0)
        many = false;
      else if (rate_[1] == 0)
        many = true;
      else
        many = (rate_[1] >= rate_[0]) != (++blocks_ % 16 == 0);
    }
    const unsigned threads = many ? threads_ : 1;
    bool whole = true;
    if (store_->width() == 1)
      whole = run_block<std::uint8_t>(last, threads);
    else if (store_->width() == 2)
      whole = run_block<std::uint16_t>(last, threads);
    else
      whole = run_block<std::uint32_t>(last, threads);
    // Blocks of about 0.2 s: progress and checkpoints come often, thread starts stay negligible.
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    if (whole) {
      if (seconds > 0.02) rate_[many ? 1 : 0] = static_cast<double>(size_ - first) / seconds;
      if (seconds < 0.1) block_ = std::min<std::uint64_t>(block_ * 2, std::uint64_t{1} << 24);
      if (seconds > 0.4) block_ = std::max<std::uint64_t>(block_ / 2, std::uint64_t{1} << 10);
    }
    if (progress_) progress_(size_ - start, n + 1 - start);
  }
}

}  // namespace grundy
