#include "grundy/analysis/sparse_space.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstring>
#include <limits>
#include <string>
#include <thread>

#include "grundy/core/error.hpp"
#include "sparse_scan.hpp"

namespace grundy {

/// One thread's scratch: which values the options of the current heap have, and the rare values
/// the scan looks for.
struct SparseSpaceSolver::Worker {
  std::vector<std::uint8_t> seen;    // seen[v] = 1: some option has value v
  std::vector<std::uint8_t> wanted;  // wanted[v] = 1: the scan looks for v
  std::vector<Value> want;           // the values with wanted[v] = 1 (some may be found already)
  void size_for(Value limit) {
    // 8 bytes of slack: the byte scans read whole words.
    if (seen.size() < limit + 9) {
      seen.assign(limit + 9, 0);
      wanted.assign(limit + 9, 0);
    }
  }
};

/// A block of work shared by the threads: values `first`..`last`. `known` counts the values
/// recorded; its top bit says the block is halted (a value the sequential path must record, or
/// an error): one word, so that a sleeping thread wakes for either.
struct SparseSpaceSolver::Run {
  static constexpr std::uint64_t kHalted = std::uint64_t{1} << 63;
  std::uint64_t first = 0;
  std::uint64_t last = 0;
  unsigned stride = 1;
  std::atomic<std::uint64_t> known{0};
  std::atomic<int> sleepers{0};
  std::optional<Pending> pending;  // written by the thread that halts, before it halts
  std::exception_ptr error;

  std::uint64_t count() const { return known.load(std::memory_order_acquire) & ~kHalted; }
  bool halted() const { return (known.load(std::memory_order_acquire) & kHalted) != 0; }

  /// Waits until g(0..n-1) are known; false when the block halted. Spins briefly (the value is
  /// usually a moment away), then sleeps on the counter so that a busy machine is not made
  /// busier.
  bool wait_for(std::uint64_t n) {
    for (unsigned spins = 0;; ++spins) {
      const std::uint64_t now = known.load(std::memory_order_seq_cst);
      if ((now & kHalted) != 0) return false;
      if (now >= n) return true;
      if (spins < 4000) continue;
      sleepers.fetch_add(1, std::memory_order_seq_cst);
      known.wait(now, std::memory_order_seq_cst);  // returns at once if it changed meanwhile
      sleepers.fetch_sub(1, std::memory_order_seq_cst);
    }
  }
  /// g(n) is recorded (by the one thread whose turn it is).
  void publish() {
    known.fetch_add(1, std::memory_order_seq_cst);
    if (sleepers.load(std::memory_order_seq_cst) > 0) known.notify_all();
  }
  void halt() {
    known.fetch_or(kHalted, std::memory_order_seq_cst);
    known.notify_all();
  }
};

namespace {

constexpr Value kNoValue = ~Value{0};

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

void SparseSpaceSolver::set_threads(unsigned threads) {
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads_ = std::min(threads, 64u);
}

void SparseSpaceSolver::rebuild_classes() {
  const Value limit = Value{1} << value_bits_;  // values 0..limit
  rare_.assign(limit + 9, 1);                   // the slack past limit: never a common value
  for (Value v = 0; v <= limit; ++v) rare_[v] = is_rare(v) ? 1 : 0;
}

void SparseSpaceSolver::choose_mask() {
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
  rare_count_.store(rare_positions_.size(), std::memory_order_release);
  rare_at_choice_ = rare_positions_.size();
}

void SparseSpaceSolver::add_rare(std::uint64_t n, Value v) {
  rare_positions_.push_back(n);
  rare_values_.push_back(static_cast<std::uint32_t>(v));
  rare_count_.store(rare_positions_.size(), std::memory_order_release);
}

void SparseSpaceSolver::record(std::uint64_t n, Value v) {
  if (v > ValueStore::max_value(store_->width())) {
    const int width = ValueStore::width_for(v);
    if (width == 0) throw Error("a nim-sequence value exceeds 2^32-1");
    store_->widen(width, n);
  }
  store_->reserve(n + 1);
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
    if (rare_positions_.size() > 2 * rare_at_choice_ + 64) choose_mask();
  }
}

template <class T>
Value SparseSpaceSolver::compute(const T* g, std::uint64_t n, std::uint64_t known, Worker& w,
                                 Run* run) {
  const Value limit = Value{1} << value_bits_;  // every option value is below it
  std::uint8_t* seen = w.seen.data();
  const std::uint8_t* rare = rare_.data();
  std::memset(seen, 0, limit + 1);
  // Options involving a heap >= known are set aside: g of those heaps may still be computing.
  bool set_aside = false;
  for (std::uint64_t k : nothing_at_) {
    if (k == n) seen[0] = 1;
  }
  for (std::uint64_t k : one_at_) {
    if (k == 0 || k >= n) continue;
    if (n - k < known)
      seen[g[n - k]] = 1;
    else
      set_aside = true;
  }
  // Every split with a rare part a (a > the set-aside ones): the common values are then complete.
  const std::size_t rare_count = rare_count_.load(std::memory_order_acquire);
  const std::uint64_t* rare_at = rare_positions_.data();
  const std::uint32_t* rare_value = rare_values_.data();
  auto first_kept = [&](std::uint64_t r) { return r >= known ? r - known + 1 : 1; };
  for (std::uint64_t k : two_at_) {
    if (k + 2 > n) continue;
    const std::uint64_t r = n - k;
    const std::uint64_t lo = first_kept(r);
    if (lo > 1) set_aside = true;
    std::size_t i = 0;
    while (i < rare_count && rare_at[i] < lo) ++i;
    const std::uint64_t skip = code_.unequal_split && r % 2 == 0 ? r / 2 : 0;
    for (; i < rare_count; ++i) {
      const std::uint64_t a = rare_at[i];
      if (a >= r) break;
      if (a == skip) continue;
      seen[rare_value[i] ^ g[r - a]] = 1;
    }
  }
  // c: the least common value missing; the scan looks for the rare values below c still missing.
  const Value c = first_clear(seen, rare, 0, limit);
  w.want.clear();
  for (Value v = 0; v < c; ++v) {
    if (rare[v] && !seen[v]) {
      w.want.push_back(v);
      w.wanted[v] = 1;
    }
  }
  std::size_t missing = w.want.size();
  if (missing > 0) {
    for (std::uint64_t k : two_at_) {
      if (k + 2 > n) continue;
      const std::uint64_t r = n - k;
      const std::uint64_t last = code_.unequal_split ? (r - 1) / 2 : r / 2;
      missing = sparse_scan(g, r, first_kept(r), last, w.wanted.data(), seen, missing);
      if (missing == 0) break;
    }
  }
  auto least_missing = [&](Value otherwise) {
    Value least = otherwise;
    for (Value v : w.want) {
      w.wanted[v] = 0;
      if (!seen[v]) least = std::min(least, v);
    }
    return least;
  };
  if (!set_aside) return least_missing(c);

  // The options set aside, now that g(0..n-1) are known.
  if (!run->wait_for(n)) {
    least_missing(0);
    return kNoValue;
  }
  for (std::uint64_t k : one_at_) {
    if (k > 0 && k < n && n - k >= known) seen[g[n - k]] = 1;
  }
  for (std::uint64_t k : two_at_) {
    if (k + 2 > n) continue;
    const std::uint64_t r = n - k;
    for (std::uint64_t a = 1; a < first_kept(r) && a < r - a + (code_.unequal_split ? 0 : 1); ++a) {
      seen[g[a] ^ g[r - a]] = 1;
    }
  }
  const Value c2 = first_clear(seen, rare, c, limit);
  if (c2 != c) {
    // c was one of the options set aside: the rare values in [c, c2) were not looked for. If
    // one of them is missing, compute the heap again with everything known.
    for (Value v = c; v < c2; ++v) {
      if (rare[v] && !seen[v]) {
        least_missing(0);
        return compute(g, n, n, w, run);
      }
    }
  }
  return least_missing(c2);
}

template <class T>
void SparseSpaceSolver::work(Run& run, unsigned index, Worker& w) {
  try {
    const Value fits = ValueStore::max_value(sizeof(T));
    const Value limit = Value{1} << value_bits_;
    for (std::uint64_t n = run.first + index; n <= run.last; n += run.stride) {
      if (run.halted()) return;
      const T* g = store_->typed<T>();
      const std::uint64_t known = run.count();
      const Value v = compute(g, n, std::min(known, n), w, &run);
      if (v == kNoValue || !run.wait_for(n)) return;
      // Recorded in order (g(0..n-1) are): anything but a plain value stops the block, and the
      // sequential path records it.
      const bool plain = v <= fits && v < limit &&
                         (!rare_[v] || (rare_positions_.size() < rare_positions_.capacity() &&
                                        rare_positions_.size() < 2 * rare_at_choice_ + 64));
      if (!plain) {
        run.pending = Pending{n, v};
        run.halt();
        return;
      }
      store_->typed<T>()[n] = static_cast<T>(v);
      ++hist_[v];
      if (rare_[v]) add_rare(n, v);
      run.publish();
    }
  } catch (...) {
    run.error = std::current_exception();
    run.halt();
  }
}

template <class T>
std::optional<SparseSpaceSolver::Pending> SparseSpaceSolver::run_block(std::uint64_t last) {
  Run run;
  run.first = size_;
  run.last = last;
  run.known.store(size_, std::memory_order_release);
  // The first few heaps alone: there is nothing to share.
  const unsigned threads = size_ < 64 ? 1 : threads_;
  run.stride = threads;
  while (workers_.size() < threads) workers_.push_back(std::make_unique<Worker>());
  // Room for every rare position the block could add without reallocating.
  const std::size_t room = rare_positions_.size() + 2 * rare_at_choice_ + 128;
  rare_positions_.reserve(room);
  rare_values_.reserve(room);
  for (auto& w : workers_) w->size_for(Value{1} << value_bits_);
  if (threads == 1) {
    work<T>(run, 0, *workers_[0]);
  } else {
    std::vector<std::jthread> pool;
    for (unsigned t = 1; t < threads; ++t) {
      pool.emplace_back([this, &run, t] { work<T>(run, t, *workers_[t]); });
    }
    work<T>(run, 0, *workers_[0]);
  }
  size_ = run.count();
  if (run.error) std::rethrow_exception(run.error);
  return run.pending;
}

void SparseSpaceSolver::extend_to(std::uint64_t n) {
  if (n < size_) return;
  store_->reserve(n + 1);
  const std::uint64_t start = size_;
  while (size_ <= n) {
    const auto began = std::chrono::steady_clock::now();
    const std::uint64_t last = std::min(n, size_ + block_ - 1);
    std::optional<Pending> pending;
    if (store_->width() == 1)
      pending = run_block<std::uint8_t>(last);
    else if (store_->width() == 2)
      pending = run_block<std::uint16_t>(last);
    else
      pending = run_block<std::uint32_t>(last);
    if (pending) record(pending->n, pending->v);
    // Blocks of about 0.2 s: progress and checkpoints come often, thread starts stay negligible.
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    if (!pending && size_ > last) {
      if (seconds < 0.1) block_ = std::min<std::uint64_t>(block_ * 2, std::uint64_t{1} << 24);
      if (seconds > 0.4) block_ = std::max<std::uint64_t>(block_ / 2, std::uint64_t{1} << 10);
    }
    if (progress_) progress_(size_ - start, n + 1 - start);
  }
}

}  // namespace grundy
