#pragma once
/// \file A counter that several threads add to without sharing a cache line: each thread adds to
/// a shard of its own (the first kShards threads of the process; later ones share shards), and a
/// reading sums the shards. The search table counts its entries with one: a single atomic
/// counter, added to at nearly every store by every thread of a search, moved its cache line
/// between the cores at each addition.

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace grundy {

class ShardedCounter {
 public:
  void add(std::uint64_t n) noexcept {
    shards_[shard()].value.fetch_add(n, std::memory_order_relaxed);
  }
  /// The sum of every addition so far (of those that happened before, for other threads).
  std::uint64_t load() const noexcept {
    std::uint64_t sum = 0;
    for (const Shard& s : shards_) sum += s.value.load(std::memory_order_relaxed);
    return sum;
  }

 private:
  static constexpr std::size_t kShards = 16;
  struct alignas(64) Shard {
    std::atomic<std::uint64_t> value{0};
  };
  /// This thread's shard: threads are numbered as they first add to any counter.
  static std::size_t shard() noexcept {
    static std::atomic<std::size_t> next{0};
    thread_local const std::size_t mine = next.fetch_add(1, std::memory_order_relaxed) % kShards;
    return mine;
  }

  std::array<Shard, kShards> shards_{};
};

}  // namespace grundy
