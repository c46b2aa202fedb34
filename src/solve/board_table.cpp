#include "grundy/solve/board_table.hpp"

#include <algorithm>
#include <bit>

namespace grundy {

std::uint64_t shape_hash(const BoardShape& shape) noexcept {
  std::uint64_t h = (std::uint64_t{shape.rows} << 16 | shape.columns) * 0x9e3779b97f4a7c15ULL;
  for (const std::uint64_t w : shape.cells.words) {
    h ^= w;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 32;
  }
  h *= 0xc4ceb9fe1a85ec53ULL;
  return h ^ (h >> 29);
}

BoardTable::BoardTable(std::uint64_t max_bytes)
    : max_bytes_(max_bytes),
      // The largest power of two of slots that keeps every shard within its share.
      max_shard_slots_(
          std::bit_floor(std::max<std::uint64_t>(max_bytes / kShards / sizeof(Slot), 1))) {}

void BoardTable::rebuild(Shard& shard, std::size_t capacity, bool drop_cheaper_half) {
  std::vector<Slot> old = std::move(shard.slots);
  std::uint32_t threshold = 0;
  if (drop_cheaper_half) {
    std::vector<std::uint32_t> works;
    works.reserve(static_cast<std::size_t>(shard.used));
    for (const Slot& s : old) {
      if (s.shape.rows != 0) works.push_back(s.work);
    }
    const auto middle = works.begin() + static_cast<std::ptrdiff_t>(works.size() / 2);
    std::nth_element(works.begin(), middle, works.end());
    threshold = works.empty() ? 0 : *middle;
  }
  shard.slots.assign(capacity, Slot{});
  shard.used = 0;
  std::uint64_t dropped = 0;
  const std::size_t mask = capacity - 1;
  // Keep at most half the capacity, the dearest first past the threshold.
  for (const Slot& s : old) {
    if (s.shape.rows == 0) continue;
    if (drop_cheaper_half && (s.work < threshold || shard.used >= capacity / 2)) {
      ++dropped;
      continue;
    }
    std::size_t i = static_cast<std::size_t>(shape_hash(s.shape)) & mask;
    while (shard.slots[i].shape.rows != 0) i = (i + 1) & mask;
    shard.slots[i] = s;
    ++shard.used;
  }
  if (dropped != 0) {
    const std::lock_guard lock(dropped_mutex_);
    dropped_ += dropped;
  }
}

BoardTable::Slot* BoardTable::slot(Shard& shard, const BoardShape& shape, std::uint64_t hash) {
  if (shard.slots.empty()) {
    if (max_shard_slots_ < 4) return nullptr;
    rebuild(shard, std::min<std::uint64_t>(1024, max_shard_slots_), false);
  }
  std::size_t mask = shard.slots.size() - 1;
  std::size_t i = static_cast<std::size_t>(hash) & mask;
  while (shard.slots[i].shape.rows != 0) {
    if (shard.slots[i].shape == shape) return &shard.slots[i];
    i = (i + 1) & mask;
  }
  // Missing: at three quarters full the shard doubles, or at its bound drops its cheaper half.
  if ((shard.used + 1) * 4 > shard.slots.size() * 3) {
    if (shard.slots.size() < max_shard_slots_) {
      rebuild(shard, shard.slots.size() * 2, false);
    } else {
      rebuild(shard, shard.slots.size(), true);
    }
    mask = shard.slots.size() - 1;
    i = static_cast<std::size_t>(hash) & mask;
    while (shard.slots[i].shape.rows != 0) i = (i + 1) & mask;
  }
  shard.slots[i].shape = shape;
  ++shard.used;
  return &shard.slots[i];
}

std::optional<BoardTable::Entry> BoardTable::find(const BoardShape& shape) const {
  const std::uint64_t hash = shape_hash(shape);
  const Shard& shard = shard_of(hash);
  const std::lock_guard lock(shard.mutex);
  if (shard.slots.empty()) return std::nullopt;
  const std::size_t mask = shard.slots.size() - 1;
  for (std::size_t i = static_cast<std::size_t>(hash) & mask; shard.slots[i].shape.rows != 0;
       i = (i + 1) & mask) {
    const Slot& s = shard.slots[i];
    if (s.shape == shape)
      return Entry{.nimber = s.nimber, .exact = s.exact, .not_values = s.not_values};
  }
  return std::nullopt;
}

void BoardTable::set_value(const BoardShape& shape, Value nimber, std::uint64_t work) {
  if (nimber > kMaxStoredNimber) return;
  const std::uint64_t hash = shape_hash(shape);
  Shard& shard = shard_of(hash);
  const std::lock_guard lock(shard.mutex);
  Slot* s = slot(shard, shape, hash);
  if (s == nullptr) return;
  s->nimber = static_cast<std::uint16_t>(nimber);
  s->exact = true;
  s->work = static_cast<std::uint32_t>(std::min<std::uint64_t>(work, kLoadedWork));
}

void BoardTable::exclude(const BoardShape& shape, Value value, std::uint64_t work) {
  if (value >= 64) return;
  const std::uint64_t hash = shape_hash(shape);
  Shard& shard = shard_of(hash);
  const std::lock_guard lock(shard.mutex);
  Slot* s = slot(shard, shape, hash);
  if (s == nullptr) return;
  s->not_values |= std::uint64_t{1} << value;
  s->work = static_cast<std::uint32_t>(
      std::min<std::uint64_t>(std::uint64_t{s->work} + work, kLoadedWork));
}

std::uint64_t BoardTable::size() const {
  std::uint64_t n = 0;
  for (const Shard& shard : shards_) {
    const std::lock_guard lock(shard.mutex);
    n += shard.used;
  }
  return n;
}

std::uint64_t BoardTable::bytes() const {
  std::uint64_t n = 0;
  for (const Shard& shard : shards_) {
    const std::lock_guard lock(shard.mutex);
    n += shard.slots.size() * sizeof(Slot);
  }
  return n;
}

std::uint64_t BoardTable::dropped() const {
  const std::lock_guard lock(dropped_mutex_);
  return dropped_;
}

std::vector<std::pair<BoardShape, Value>> BoardTable::exact_values() const {
  std::vector<std::pair<BoardShape, Value>> out;
  for (const Shard& shard : shards_) {
    const std::lock_guard lock(shard.mutex);
    for (const Slot& s : shard.slots) {
      if (s.shape.rows != 0 && s.exact) out.emplace_back(s.shape, s.nimber);
    }
  }
  return out;
}

}  // namespace grundy
