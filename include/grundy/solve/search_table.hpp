#pragma once
/// \file The transposition table of the component search: a component (its canonical cells, W
/// words) to what is known of its nimber: the exact value, or values it is known not to have.
///
/// Entries are compact and exact. The key is first mixed by a bijection (a Feistel chain of
/// murmur3's finaliser, itself invertible); the low bits of the mixed first word pick a cluster
/// of one cache line (64 bytes: 8 entries of one word, 4 of two, 2 of four), and the entry keeps
/// the rest of the mixed key, so cluster and entry together give the key back: two keys never
/// share an entry, and the table can be written out and grown. The low bits of an entry's first
/// word hold what is known (the payload below).
///
/// One replacement policy: a cluster that is full gives its slot of least search work to the
/// newcomer (work counted in nodes, kept as a logarithm), so the entries that cost most stay. The
/// table starts at 4 MiB (or its bound) and doubles, entries moved to their new clusters, when
/// half full or once a cluster overflowed, until the next doubling would pass its bound in bytes
/// (--max-memory), the old table and the new one together; from there it replaces. Dropping an
/// entry loses no correctness, only the time to find it again.
///
/// Threads: one-word entries are read and written as atomic words without locks (a race loses an
/// entry at worst); wider entries are read and written under one of 4096 spin locks picked by
/// cluster. grow() needs every other thread of the search away from the table (the search parks
/// them at a safe point first).

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "grundy/core/value.hpp"
#include "grundy/rules/cell_bits.hpp"
#include "grundy/solve/value_set.hpp"

namespace grundy {

template <std::size_t W>
class SearchTable {
 public:
  using Key = CellBits<W>;

  struct Entry {
    std::optional<Value> value;
    /// Values the nimber is known not to be (the table keeps the lowest few; see kNotValues).
    ValueSet not_values;
  };

  /// The table never uses more than max(max_bytes, kMinBytes) bytes.
  explicit SearchTable(std::uint64_t max_bytes);

  std::optional<Entry> find(const Key& key) const noexcept;
  /// Starts fetching the cluster of `key` into the cache (a find() soon after waits less).
  void prefetch(const Key& key) const noexcept {
    const Mixed m = mix(key);
    __builtin_prefetch(&slots_[(m.words[0] & (clusters_ - 1)) * (kClusterBytes / 8)]);
  }
  /// Records the exact nimber (kept when below kMaxStoredValue) and what it cost.
  void set_value(const Key& key, Value value, std::uint64_t work) noexcept;
  /// Records that the nimber is none of `values` (those below kNotValues are kept).
  void exclude(const Key& key, ValueSet values, std::uint64_t work) noexcept;

  /// Whether the table is past its load factor and may still double.
  bool wants_to_grow() const noexcept;
  /// Doubles the table (within the bound). No other thread may use the table meanwhile.
  void grow();
  /// Doubles the table (within the bound) until it is at most a quarter full with `entries` more:
  /// before a table file's entries go in at once (half full, a cluster in fifty would still
  /// overflow and give an entry up). No other thread may use the table meanwhile.
  void reserve(std::uint64_t entries) {
    while ((size() + entries) * 4 > clusters_ * kEntriesPerCluster && may_grow()) grow();
  }
  /// Whether a doubling stays within the bound: while it moves the entries, the old table and
  /// the new one (twice its size) are both held.
  bool may_grow() const noexcept { return 3 * clusters_ * kClusterBytes <= max_bytes_; }

  std::uint64_t size() const noexcept { return used_.load(std::memory_order_relaxed); }
  /// The bytes the clusters take, as counted against the bound.
  std::uint64_t bytes() const noexcept { return clusters_ * kClusterBytes; }
  std::uint64_t max_bytes() const noexcept { return max_bytes_; }
  /// Entries given up by the replacement policy so far.
  std::uint64_t dropped() const noexcept { return dropped_.load(std::memory_order_relaxed); }
  /// Calls f(key, value) for every exact entry (the keys given back), in the table's order.
  void for_each_exact(const std::function<void(const Key&, Value)>& f) const;
  /// The exact entries: what a table file keeps.
  std::vector<std::pair<Key, Value>> exact_values() const;

  static constexpr std::size_t kClusterBytes = 64;
  static constexpr std::size_t kEntriesPerCluster = kClusterBytes / (8 * W);
  /// The smallest table: 1024 clusters, so that every entry has room for a value and its work.
  static constexpr std::uint64_t kMinBytes = std::uint64_t{1024} * kClusterBytes;
  /// A table starts with this much (or its bound): 65536 clusters, room for the not-values too.
  static constexpr std::uint64_t kStartBytes = std::uint64_t{65536} * kClusterBytes;
  /// Exact values up to this one are kept.
  static constexpr Value kMaxStoredValue = 62;
  /// Values known not to be the nimber are kept below this one.
  static constexpr Value kNotValues = 6;
  /// The work an entry loaded from a file counts as: dear, since it may have cost hours.
  static constexpr std::uint64_t kLoadedWork = std::uint64_t{1} << 40;

 private:
  /// An entry's first word: the mixed key's first word above the low `payload_bits_` bits, the
  /// payload in them: value + 1 (6 bits, 0: no exact value), work class (4 bits), then as many
  /// not-values bits (up to kNotValues) as fit. 0 is an empty entry.
  struct Mixed {
    std::array<std::uint64_t, W> words;  // words[0] is the first word, mixed
  };
  static Mixed mix(const Key& key) noexcept;
  static Key unmix(const Mixed& m) noexcept;

  std::uint64_t payload_of(const Entry& e, std::uint64_t work) const noexcept;
  Entry entry_of(std::uint64_t payload) const noexcept;
  void store(const Key& key, std::optional<Value> value, ValueSet not_values,
             std::uint64_t work) noexcept;
  /// The spin lock of a cluster (wide entries only).
  std::atomic<bool>& lock_of(std::uint64_t cluster) const noexcept {
    return locks_[cluster & (kLocks - 1)];
  }
  void allocate(std::uint64_t clusters);

  static constexpr std::size_t kLocks = 4096;
  /// The clusters are aligned to cache lines (std::aligned_alloc), so freed with std::free.
  struct FreeSlots {
    void operator()(std::atomic<std::uint64_t>* p) const noexcept;
  };

  std::uint64_t max_bytes_;
  std::uint64_t clusters_ = 0;
  unsigned payload_bits_ = 0;
  unsigned not_bits_ = 0;
  std::unique_ptr<std::atomic<std::uint64_t>[], FreeSlots> slots_;
  std::unique_ptr<std::atomic<bool>[]> locks_;
  std::atomic<std::uint64_t> used_{0};
  std::atomic<std::uint64_t> dropped_{0};
  std::uint64_t dropped_before_growth_ = 0;
};

extern template class SearchTable<1>;
extern template class SearchTable<2>;
extern template class SearchTable<4>;

}  // namespace grundy
