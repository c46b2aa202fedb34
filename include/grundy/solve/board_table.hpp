#pragma once
/// \file The transposition table of the board search: a canonical shape (board_shape.hpp) to what
/// is known of its nimber, the exact value or values it is known not to have. Open addressing in
/// shards that each have their own lock, so the search's threads rarely wait; bounded in bytes
/// (--max-memory): a shard that is full drops the cheaper half of its entries (by the search work
/// each cost), which loses no correctness, only the time to find them again.

#include <array>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "grundy/core/value.hpp"
#include "grundy/rules/board_shape.hpp"

namespace grundy {

class BoardTable {
 public:
  struct Entry {
    Value nimber = 0;
    bool exact = false;
    /// Bit t (t < 64): the nimber is known not to be t.
    std::uint64_t not_values = 0;
  };

  explicit BoardTable(std::uint64_t max_bytes);

  std::optional<Entry> find(const BoardShape& shape) const;
  void set_value(const BoardShape& shape, Value nimber, std::uint64_t work);
  /// Records that the nimber is not `value` (kept for values below 64).
  void exclude(const BoardShape& shape, Value value, std::uint64_t work);

  std::uint64_t size() const;
  /// The bytes the slots take, as counted against the bound.
  std::uint64_t bytes() const;
  std::uint64_t max_bytes() const noexcept { return max_bytes_; }
  /// Entries dropped by the replacement policy so far.
  std::uint64_t dropped() const;
  /// The exact entries: what a table file keeps.
  std::vector<std::pair<BoardShape, Value>> exact_values() const;

  /// The largest nimber a slot holds; a larger one is not kept (and found again when needed).
  static constexpr Value kMaxStoredNimber = 0xffff;
  /// The work an entry loaded from a file is counted as: dear, since it may have cost hours.
  static constexpr std::uint64_t kLoadedWork = 0xffffffff;

 private:
  struct Slot {
    BoardShape shape;  // rows == 0: empty
    std::uint64_t not_values = 0;
    std::uint32_t work = 0;
    std::uint16_t nimber = 0;
    bool exact = false;
  };
  struct Shard {
    mutable std::mutex mutex;
    std::vector<Slot> slots;  // a power of two of them, or none yet
    std::uint64_t used = 0;
  };
  static constexpr std::size_t kShards = 64;

  Shard& shard_of(std::uint64_t hash) const noexcept { return shards_[hash >> 58]; }
  /// The slot of `shape` in `shard` (under its lock), made if missing: the shard grows, or drops
  /// its cheaper half when it may not grow. Nothing when the bound leaves no room at all.
  Slot* slot(Shard& shard, const BoardShape& shape, std::uint64_t hash);
  void rebuild(Shard& shard, std::size_t capacity, bool drop_cheaper_half);

  std::uint64_t max_bytes_;
  std::uint64_t max_shard_slots_;
  mutable std::array<Shard, kShards> shards_;
  std::uint64_t dropped_ = 0;  // under any shard's lock: guarded by dropped_mutex_
  mutable std::mutex dropped_mutex_;
};

/// The hash the table files shapes under.
std::uint64_t shape_hash(const BoardShape& shape) noexcept;

}  // namespace grundy
