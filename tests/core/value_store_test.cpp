// The in-memory value store: sizes are checked, never wrapped. A request whose byte count passes
// 2^64 is refused (ResourceError naming the values) at every width, before anything is mapped;
// the store keeps every value it had.
#include "grundy/core/value_store.hpp"

#include <gtest/gtest.h>

#include <string>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"

namespace grundy {
namespace {

constexpr std::uint64_t kTwo63 = std::uint64_t{1} << 63;

/// A store at `width` bytes per value holding g(n) = n % 200 for n < 100.
void fill(MemoryValueStore& store, int width) {
  store.widen(width, 0);
  store.reserve(100);
  for (std::uint64_t n = 0; n < 100; ++n) store.set(n, n % 200);
}

std::string refusal(MemoryValueStore& store, std::uint64_t values, std::uint64_t slack) {
  try {
    store.reserve(values, slack);
  } catch (const ResourceError& e) {
    return e.what();
  }
  return "";
}

TEST(MemoryValueStore, ByteCountsPast2To64AreRefusedNotWrapped) {
  // values * width wraps to a few bytes for these: the old store "reserved" them in one page
  // and the engine wrote far past it (issue 11, defect 1).
  struct Case {
    int width;
    std::uint64_t values, slack;
  };
  for (const Case c :
       {Case{1, kSaturated, 0}, Case{1, kSaturated - 3, 8}, Case{2, kTwo63, 8},
        Case{2, kTwo63 + 8, 0}, Case{4, std::uint64_t{1} << 62, 0}, Case{4, kTwo63 - 1, 8}}) {
    SCOPED_TRACE("width " + std::to_string(c.width) + ", " + std::to_string(c.values) + " + " +
                 std::to_string(c.slack) + " values");
    MemoryValueStore store(Limits{.max_memory_bytes = kSaturated - 1});
    fill(store, c.width);
    const std::uint64_t capacity = store.capacity();
    const std::string message = refusal(store, c.values, c.slack);
    EXPECT_NE(message.find("a sequence of " + std::to_string(c.values) + " values"),
              std::string::npos)
        << message;
    EXPECT_EQ(store.capacity(), capacity) << "a refusal leaves the store as it was";
    for (std::uint64_t n = 0; n < 100; ++n) ASSERT_EQ(store.at(n), n % 200) << n;
  }
}

TEST(MemoryValueStore, SaturatedSizesReadAsMoreThan16EiB) {
  MemoryValueStore store(Limits{.max_memory_bytes = std::uint64_t{1} << 30});
  fill(store, 2);
  const std::string message = refusal(store, kTwo63, 8);
  EXPECT_NE(message.find("needs more than 16 EiB"), std::string::npos) << message;
  EXPECT_NE(message.find("above the memory limit of 1.00 GiB (--max-memory)"), std::string::npos)
      << message;
}

TEST(MemoryValueStore, WideningPast2To64IsRefused) {
  // capacity * 4 would wrap: widen checks its product too.
  MemoryValueStore store(Limits{.max_memory_bytes = kSaturated - 1});
  fill(store, 1);
  EXPECT_THROW(store.widen(4, kTwo63), ResourceError);
  EXPECT_EQ(store.width(), 1);
  for (std::uint64_t n = 0; n < 100; ++n) ASSERT_EQ(store.at(n), n % 200) << n;
}

}  // namespace
}  // namespace grundy
