#include "grundy/solve/search_table.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <memory>
#include <new>
#include <thread>

namespace grundy {
namespace {

/// murmur3's 64-bit finaliser: a bijection of 64-bit words (each step, a xor with a shift of at
/// least half the word or a product with an odd number, can be undone), mixing every bit into the
/// low ones the cluster is picked by.
constexpr std::uint64_t kTableMul1 = 0xff51afd7ed558ccdULL;
constexpr std::uint64_t kTableMul2 = 0xc4ceb9fe1a85ec53ULL;

constexpr std::uint64_t table_inverse_of_odd(std::uint64_t a) noexcept {
  std::uint64_t x = a;  // Newton's iteration doubles the correct low bits: 3, 6, 12, 24, 48, 96
  for (int i = 0; i < 5; ++i) x *= 2 - a * x;
  return x;
}
static_assert(kTableMul1 * table_inverse_of_odd(kTableMul1) == 1 &&
              kTableMul2 * table_inverse_of_odd(kTableMul2) == 1);

constexpr std::uint64_t table_fmix(std::uint64_t k) noexcept {
  k ^= k >> 33;
  k *= kTableMul1;
  k ^= k >> 33;
  k *= kTableMul2;
  k ^= k >> 33;
  return k;
}
constexpr std::uint64_t table_unfmix(std::uint64_t k) noexcept {
  k ^= k >> 33;  // its own inverse: the shift is more than half the word
  k *= table_inverse_of_odd(kTableMul2);
  k ^= k >> 33;
  k *= table_inverse_of_odd(kTableMul1);
  k ^= k >> 33;
  return k;
}
static_assert(table_unfmix(table_fmix(0x123456789abcdef0ULL)) == 0x123456789abcdef0ULL);

/// A class of search work in 4 bits: about half its binary logarithm.
std::uint64_t table_work_class(std::uint64_t work) noexcept {
  return std::min<std::uint64_t>(15, static_cast<std::uint64_t>(std::bit_width(work)) / 2);
}

constexpr unsigned kTableValueBits = 6;
constexpr unsigned kTableWorkShift = kTableValueBits;
constexpr unsigned kTableNotShift = kTableWorkShift + 4;

struct TableSpinLock {
  std::atomic<bool>& flag;
  explicit TableSpinLock(std::atomic<bool>& f) noexcept : flag(f) {
    while (flag.exchange(true, std::memory_order_acquire)) {
      while (flag.load(std::memory_order_relaxed)) std::this_thread::yield();
    }
  }
  ~TableSpinLock() { flag.store(false, std::memory_order_release); }
  TableSpinLock(const TableSpinLock&) = delete;
  TableSpinLock& operator=(const TableSpinLock&) = delete;
};

}  // namespace

template <std::size_t W>
typename SearchTable<W>::Mixed SearchTable<W>::mix(const Key& key) noexcept {
  // A Feistel chain: y[W-1] = k[W-1], y[i] = k[i] xor table_fmix(y[i+1]); then the first word
  // through table_fmix. Every step is undone by unmix.
  Mixed m;
  m.words[W - 1] = key.words[W - 1];
  for (std::size_t i = W - 1; i-- > 0;) m.words[i] = key.words[i] ^ table_fmix(m.words[i + 1]);
  m.words[0] = table_fmix(m.words[0]);
  return m;
}

template <std::size_t W>
typename SearchTable<W>::Key SearchTable<W>::unmix(const Mixed& m) noexcept {
  Mixed y = m;
  y.words[0] = table_unfmix(y.words[0]);
  Key key;
  key.words[W - 1] = y.words[W - 1];
  for (std::size_t i = W - 1; i-- > 0;) key.words[i] = y.words[i] ^ table_fmix(y.words[i + 1]);
  return key;
}

template <std::size_t W>
SearchTable<W>::SearchTable(std::uint64_t max_bytes)
    : max_bytes_(std::max(max_bytes, kMinBytes)), locks_(new std::atomic<bool>[kLocks]()) {
  // Starts at 4 MiB (room for every payload field) or the bound when that is less.
  std::uint64_t clusters = kMinBytes / kClusterBytes;
  while (clusters * 2 * kClusterBytes <= std::min(max_bytes_, kStartBytes)) clusters *= 2;
  make_room(clusters);
  clusters_ = clusters;
  span_ = clusters;
  payload_bits_ = std::min(16U, static_cast<unsigned>(std::countr_zero(clusters)));
  not_bits_ = std::min(static_cast<unsigned>(kNotValues), payload_bits_ - kTableNotShift);
}

template <std::size_t W>
void SearchTable<W>::make_room(std::uint64_t clusters) {
  constexpr std::uint64_t kWords = kClusterBytes / 8;
  region_.grow(clusters * kClusterBytes);
  slots_ = static_cast<std::atomic<std::uint64_t>*>(region_.data());
  std::uninitialized_value_construct_n(slots_ + clusters_ * kWords, (clusters - clusters_) * kWords);
}

template <std::size_t W>
std::uint64_t SearchTable<W>::payload_of(const Entry& e, std::uint64_t work) const noexcept {
  std::uint64_t p = e.value && *e.value <= kMaxStoredValue ? *e.value + 1 : 0;
  p |= table_work_class(work) << kTableWorkShift;
  p |= (e.not_values.bits & ((std::uint64_t{1} << not_bits_) - 1)) << kTableNotShift;
  return p;
}

template <std::size_t W>
typename SearchTable<W>::Entry SearchTable<W>::entry_of(std::uint64_t payload) const noexcept {
  Entry e;
  const std::uint64_t v = payload & ((std::uint64_t{1} << kTableValueBits) - 1);
  if (v != 0) e.value = static_cast<Value>(v - 1);
  e.not_values.bits = (payload >> kTableNotShift) & ((std::uint64_t{1} << not_bits_) - 1);
  e.work_class = static_cast<std::uint8_t>((payload >> kTableWorkShift) & 15);
  return e;
}

template <std::size_t W>
std::optional<typename SearchTable<W>::Entry> SearchTable<W>::find(const Key& key) const noexcept {
  const Mixed m = mix(key);
  const std::uint64_t cluster = cluster_of(m.words[0]);
  const std::uint64_t high = m.words[0] >> payload_bits_;
  const std::atomic<std::uint64_t>* c = &slots_[cluster * (kClusterBytes / 8)];
  if constexpr (W == 1) {
    for (std::size_t i = 0; i < kEntriesPerCluster; ++i) {
      const std::uint64_t e = c[i].load(std::memory_order_relaxed);
      if (e != 0 && (e >> payload_bits_) == high) {
        return entry_of(e & ((std::uint64_t{1} << payload_bits_) - 1));
      }
    }
    return std::nullopt;
  } else {
    const TableSpinLock lock(lock_of(cluster));
    for (std::size_t i = 0; i < kEntriesPerCluster; ++i) {
      const std::atomic<std::uint64_t>* s = c + i * W;
      const std::uint64_t e = s[0].load(std::memory_order_relaxed);
      if (e == 0 || (e >> payload_bits_) != high) continue;
      bool same = true;
      for (std::size_t k = 1; k < W; ++k) {
        same = same && s[k].load(std::memory_order_relaxed) == m.words[k];
      }
      if (same) return entry_of(e & ((std::uint64_t{1} << payload_bits_) - 1));
    }
    return std::nullopt;
  }
}

template <std::size_t W>
void SearchTable<W>::store(const Key& key, std::optional<Value> value, ValueSet not_values,
                           std::uint64_t work) noexcept {
  const Mixed m = mix(key);
  const std::uint64_t cluster = cluster_of(m.words[0]);
  const std::uint64_t high = m.words[0] >> payload_bits_;
  const std::uint64_t low_mask = (std::uint64_t{1} << payload_bits_) - 1;
  std::atomic<std::uint64_t>* c = &slots_[cluster * (kClusterBytes / 8)];
  std::optional<TableSpinLock> lock;
  if constexpr (W > 1) lock.emplace(lock_of(cluster));
  // The entry of this key, else an empty one, else the one of least work.
  std::size_t chosen = kEntriesPerCluster;
  std::size_t cheapest = 0;
  std::uint64_t cheapest_class = 16;
  bool same_key = false;
  for (std::size_t i = 0; i < kEntriesPerCluster; ++i) {
    std::atomic<std::uint64_t>* s = c + i * W;
    const std::uint64_t e = s[0].load(std::memory_order_relaxed);
    if (e == 0) {
      if (chosen == kEntriesPerCluster) chosen = i;
      continue;
    }
    bool same = (e >> payload_bits_) == high;
    for (std::size_t k = 1; k < W && same; ++k) {
      same = s[k].load(std::memory_order_relaxed) == m.words[k];
    }
    if (same) {
      chosen = i;
      same_key = true;
      break;
    }
    const std::uint64_t cls = (e >> kTableWorkShift) & 15;
    if (cls < cheapest_class) {
      cheapest_class = cls;
      cheapest = i;
    }
  }
  Entry e{value, not_values, 0};
  if (same_key) {
    const std::uint64_t old = c[chosen * W].load(std::memory_order_relaxed);
    const Entry before = entry_of(old & low_mask);
    if (!e.value) e.value = before.value;
    e.not_values = e.not_values | before.not_values;
    work = std::max(work, std::uint64_t{1} << (2 * ((old >> kTableWorkShift) & 15)));
  } else if (chosen == kEntriesPerCluster) {
    chosen = cheapest;
    dropped_.add(1);
  } else {
    used_.add(1);
  }
  std::atomic<std::uint64_t>* s = c + chosen * W;
  for (std::size_t k = 1; k < W; ++k) s[k].store(m.words[k], std::memory_order_relaxed);
  s[0].store((high << payload_bits_) | payload_of(e, work), std::memory_order_relaxed);
}

template <std::size_t W>
void SearchTable<W>::set_value(const Key& key, Value value, std::uint64_t work) noexcept {
  if (value > kMaxStoredValue) return;
  store(key, value, {}, work);
}

template <std::size_t W>
void SearchTable<W>::exclude(const Key& key, ValueSet values, std::uint64_t work) noexcept {
  if ((values.bits & ((std::uint64_t{1} << not_bits_) - 1)) == 0) return;
  store(key, std::nullopt, values, work);
}

template <std::size_t W>
bool SearchTable<W>::wants_to_grow() const noexcept {
  // Half full, or clusters overflowing: random keys fill some clusters before the rest, and
  // entries given up by more than one cluster in 64 (since the last doubling) call for room.
  return (size() * 2 > clusters_ * kEntriesPerCluster ||
          dropped() - dropped_before_growth_ > clusters_ / 64) &&
         may_grow();
}

template <std::size_t W>
std::uint64_t SearchTable<W>::growth_target() const noexcept {
  if (span_ < kGrowingClusters) return clusters_;
  const std::uint64_t room = max_bytes_ / kClusterBytes;
  const std::uint64_t held = GrowableRegion::kGrowsInPlace ? 0 : clusters_;
  const std::uint64_t most = room > held ? room - held : 0;
  const std::uint64_t target = std::min(2 * clusters_, most);
  return target >= clusters_ + clusters_ / 16 ? target : clusters_;
}

template <std::size_t W>
void SearchTable<W>::grow() {
  const std::uint64_t target = growth_target();
  if (target <= clusters_) return;
  dropped_before_growth_ = dropped();
  // The new clusters are made at the end (zero), then filled by splitting the old ones in turn.
  make_room(target);
  while (clusters_ < target) split();
}

template <std::size_t W>
void SearchTable<W>::split() noexcept {
  constexpr std::uint64_t kWords = kClusterBytes / 8;
  const std::uint64_t from = clusters_ - span_;
  const auto bit = static_cast<unsigned>(std::countr_zero(span_));  // k: bit k of h decides
  std::atomic<std::uint64_t>* c = &slots_[from * kWords];
  std::atomic<std::uint64_t>* d = &slots_[clusters_ * kWords];
  std::size_t j = 0;
  for (std::size_t i = 0; i < kEntriesPerCluster; ++i) {
    std::atomic<std::uint64_t>* s = c + i * W;
    const std::uint64_t e = s[0].load(std::memory_order_relaxed);
    // The entry keeps h from bit payload_bits_ (at most 16, at most k) up, in place.
    if (e == 0 || ((e >> bit) & 1) == 0) continue;
    std::atomic<std::uint64_t>* t = d + j * W;
    for (std::size_t k = 0; k < W; ++k) {
      t[k].store(s[k].load(std::memory_order_relaxed), std::memory_order_relaxed);
      s[k].store(0, std::memory_order_relaxed);
    }
    ++j;
  }
  ++clusters_;
  if (clusters_ == 2 * span_) span_ *= 2;
}

template <std::size_t W>
std::vector<std::pair<typename SearchTable<W>::Key, Value>> SearchTable<W>::exact_values() const {
  std::vector<std::pair<Key, Value>> out;
  for_each_exact([&](const Key& key, Value value) { out.emplace_back(key, value); });
  return out;
}

template <std::size_t W>
void SearchTable<W>::for_each_exact(const std::function<void(const Key&, Value)>& f) const {
  for_each_entry([&](const Key& key, const Entry& entry) {
    if (entry.value) f(key, *entry.value);
  });
}

template <std::size_t W>
void SearchTable<W>::for_each_entry(const std::function<void(const Key&, const Entry&)>& f) const {
  const std::uint64_t low = (std::uint64_t{1} << payload_bits_) - 1;
  for (std::uint64_t cluster = 0; cluster < clusters_; ++cluster) {
    const std::atomic<std::uint64_t>* c = &slots_[cluster * (kClusterBytes / 8)];
    for (std::size_t i = 0; i < kEntriesPerCluster; ++i) {
      const std::uint64_t e = c[i * W].load(std::memory_order_relaxed);
      if (e == 0) continue;
      const Entry entry = entry_of(e & low);
      if (!entry.value && entry.not_values.empty()) continue;
      Mixed m;
      m.words[0] = (e & ~low) | (cluster & low);
      for (std::size_t k = 1; k < W; ++k) m.words[k] = c[i * W + k].load(std::memory_order_relaxed);
      f(unmix(m), entry);
    }
  }
}

template class SearchTable<1>;
template class SearchTable<2>;
template class SearchTable<4>;

}  // namespace grundy
