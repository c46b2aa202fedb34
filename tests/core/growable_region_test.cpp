// The growable region (growable_region.hpp): zeroed, aligned to cache lines, and its contents
// kept as it grows.
#include "grundy/core/growable_region.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <utility>

namespace grundy {
namespace {

TEST(GrowableRegion, GrowsKeepingItsBytesAndZeroingTheNewOnes) {
  GrowableRegion region(4096 * 3);
  ASSERT_EQ(region.size(), 4096u * 3);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(region.data()) % 64, 0u);
  auto* bytes = static_cast<unsigned char*>(region.data());
  for (std::size_t i = 0; i < region.size(); ++i) ASSERT_EQ(bytes[i], 0) << i;
  for (std::size_t i = 0; i < region.size(); ++i) bytes[i] = static_cast<unsigned char>(i * 7 + 1);
  // Many times its size: the block may move; the old bytes follow it.
  for (const std::size_t size : {4096 * 5, 1 << 20, (1 << 24) + 4096 * 3}) {
    const std::size_t before = region.size();
    region.grow(size);
    ASSERT_EQ(region.size(), static_cast<std::size_t>(size));
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(region.data()) % 64, 0u);
    bytes = static_cast<unsigned char*>(region.data());
    for (std::size_t i = 0; i < 4096 * 3; ++i) {
      ASSERT_EQ(bytes[i], static_cast<unsigned char>(i * 7 + 1)) << i;
    }
    for (std::size_t i = 4096 * 3; i < before; ++i) ASSERT_EQ(bytes[i], 0) << i;
    for (std::size_t i = before; i < size; ++i) ASSERT_EQ(bytes[i], 0) << i;
  }
  region.grow(100);  // never shrinks
  EXPECT_EQ(region.size(), (std::size_t{1} << 24) + 4096 * 3);
  GrowableRegion moved = std::move(region);
  EXPECT_EQ(region.data(), nullptr);
  EXPECT_EQ(region.size(), 0u);
  EXPECT_EQ(static_cast<unsigned char*>(moved.data())[5], static_cast<unsigned char>(36));
  GrowableRegion empty;
  empty.grow(64);
  EXPECT_EQ(empty.size(), 64u);
  EXPECT_EQ(static_cast<unsigned char*>(empty.data())[63], 0);
}

}  // namespace
}  // namespace grundy
