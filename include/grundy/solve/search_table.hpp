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
/// newcomer (work counted in nodes, kept as a logarithm), so the entries that cost most stay.
/// Dropping an entry loses no correctness, only the time to find it again.
///
/// Growth: the table starts at 4 MiB (or its bound) and, when half full or once clusters
/// overflow, grows to twice its clusters or to its bound in bytes (--max-memory), whichever is
/// less; from there it replaces. It grows by linear hashing, in place: with 2^k <= n < 2^(k+1)
/// clusters, a key whose mixed first word is h lives in cluster h mod 2^(k+1), or h mod 2^k when
/// that is n or more; one more cluster is made by splitting cluster n - 2^k, the entries whose
/// bit k of h is 1 moving to the new cluster n (they fit: they come from one cluster). The
/// entries keep the bits of h from the 16th up, so the split reads bit k from the entry. The
/// clusters are a GrowableRegion (growable_region.hpp): on Linux the table grows without a copy
/// beside it, so a table reaches its bound, not a third of it as doubling into a new table did.
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

#include "grundy/core/growable_region.hpp"
#include "grundy/core/sharded_counter.hpp"
#include "grundy/core/value.hpp"
#include "grundy/rules/cell_bits.hpp"
#include "grundy/solve/value_set.hpp"

namespace grundy {

/// What a SearchTable holds of a key, whatever the key's width (a SplitTable gives the entries of
/// its two tables as one type).
struct SearchTableEntry {
  std::optional<Value> value;
  /// Values the nimber is known not to be (the table keeps the lowest few;
  /// see SearchTable::kNotValues).
  ValueSet not_values;
  /// The entry's class of search work, as the table keeps it (about half its logarithm).
  std::uint8_t work_class = 0;
  /// The least search work (nodes) of that class: class k holds the works of bit width 2k and
  /// 2k + 1.
  std::uint64_t work() const noexcept {
    return work_class == 0 ? 0 : std::uint64_t{1} << (2 * work_class - 1);
  }
};

template <std::size_t W>
class SearchTable {
 public:
  using Key = CellBits<W>;
  using Entry = SearchTableEntry;

  /// The table never uses more than max(max_bytes, kMinBytes) bytes.
  explicit SearchTable(std::uint64_t max_bytes);

  std::optional<Entry> find(const Key& key) const noexcept;
  /// Starts fetching the cluster of `key` into the cache (a find() soon after waits less).
  void prefetch(const Key& key) const noexcept {
    const Mixed m = mix(key);
    __builtin_prefetch(&slots_[cluster_of(m.words[0]) * (kClusterBytes / 8)]);
  }
  /// Records the exact nimber (kept when below kMaxStoredValue) and what it cost.
  void set_value(const Key& key, Value value, std::uint64_t work) noexcept;
  /// Records that the nimber is none of `values` (those below kNotValues are kept).
  void exclude(const Key& key, ValueSet values, std::uint64_t work) noexcept;

  /// Whether the table is past its load factor and may still grow.
  bool wants_to_grow() const noexcept;
  /// Grows the table to growth_target() clusters. No other thread may use the table meanwhile.
  void grow();
  /// Grows the table (within the bound) until it is at most a quarter full with `entries` more:
  /// before a table file's entries go in at once (half full, a cluster in fifty would still
  /// overflow and give an entry up). No other thread may use the table meanwhile.
  void reserve(std::uint64_t entries) {
    while ((size() + entries) * 4 > clusters_ * kEntriesPerCluster && may_grow()) grow();
  }
  /// The clusters the next growth makes: twice as many, or as many as the bound holds (less
  /// the old clusters where growing copies them, GrowableRegion::kGrowsInPlace); the present
  /// number when that is less than a sixteenth more, or when the table started under 65536
  /// clusters (a bound under 4 MiB: the entries' layout is not yet fixed).
  std::uint64_t growth_target() const noexcept;
  bool may_grow() const noexcept { return growth_target() > clusters_; }

  std::uint64_t size() const noexcept { return used_.load(); }
  /// The bytes the clusters take, as counted against the bound.
  std::uint64_t bytes() const noexcept { return clusters_ * kClusterBytes; }
  std::uint64_t max_bytes() const noexcept { return max_bytes_; }
  /// Lowers the bound to what the table takes now: it grows no more (another table of the
  /// process gets the rest of the memory bound). No other thread may use the table meanwhile.
  void stop_growing() noexcept { max_bytes_ = std::max(bytes(), kMinBytes); }
  /// Sets the bound (a table sharing one bound with another, split_table.hpp): the table grows
  /// no further than that; it does not shrink. No other thread may use the table meanwhile.
  void set_max_bytes(std::uint64_t max_bytes) noexcept {
    max_bytes_ = std::max(max_bytes, kMinBytes);
  }
  /// Entries given up by the replacement policy so far.
  std::uint64_t dropped() const noexcept { return dropped_.load(); }
  /// Records the exact value when there is one, else the not-values, at the cost `work`.
  void record(const Key& key, std::optional<Value> value, ValueSet not_values,
              std::uint64_t work) noexcept {
    if (value) {
      set_value(key, *value, work);
    } else {
      exclude(key, not_values, work);
    }
  }

  /// Calls f(key, entry) for every entry (the keys given back), in the table's order.
  void for_each_entry(const std::function<void(const Key&, const Entry&)>& f) const;
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
  /// The cluster of a key whose mixed first word is h (linear hashing, above).
  std::uint64_t cluster_of(std::uint64_t h) const noexcept {
    const std::uint64_t c = h & (2 * span_ - 1);
    return c < clusters_ ? c : c - span_;
  }
  /// Splits cluster clusters_ - span_ into itself and a new cluster clusters_ (made, zeroed).
  void split() noexcept;
  /// The spin lock of a cluster (wide entries only).
  std::atomic<bool>& lock_of(std::uint64_t cluster) const noexcept {
    return locks_[cluster & (kLocks - 1)];
  }
  /// Grows the region to hold `clusters` clusters, those past clusters_ zero.
  void make_room(std::uint64_t clusters);

  static constexpr std::size_t kLocks = 4096;
  /// Tables of fewer clusters at the start do not grow (their entries keep fewer bits of h).
  static constexpr std::uint64_t kGrowingClusters = kStartBytes / kClusterBytes;

  std::uint64_t max_bytes_;
  std::uint64_t clusters_ = 0;
  std::uint64_t span_ = 0;  // 2^k <= clusters_ < 2^(k+1)
  unsigned payload_bits_ = 0;
  unsigned not_bits_ = 0;
  GrowableRegion region_;
  std::atomic<std::uint64_t>* slots_ = nullptr;  // the clusters, in region_
  std::unique_ptr<std::atomic<bool>[]> locks_;
  ShardedCounter used_;     // entries
  ShardedCounter dropped_;  // entries given up
  std::uint64_t dropped_before_growth_ = 0;
};

extern template class SearchTable<1>;
extern template class SearchTable<2>;
extern template class SearchTable<4>;

}  // namespace grundy
