// The checksums of the files (checksum.hpp): FNV-1a fed in pieces as at once, and wide_checksum
// changed by any one byte changed, added or taken away, at every place (the lanes, the words of
// the tail and its last bytes).
#include "grundy/core/checksum.hpp"

#include <gtest/gtest.h>

#include <cstddef>
#include <random>
#include <set>
#include <span>
#include <vector>

namespace grundy {
namespace {

std::uint64_t wide_of(const std::vector<std::byte>& data) {
  return wide_checksum(std::span<const std::byte>(data));
}

TEST(Checksum, FnvInPiecesIsFnvAtOnce) {
  Fnv1a pieces;
  pieces.add(std::string_view("endgame "));
  pieces.add(std::string_view("database"));
  EXPECT_EQ(pieces.digest(), fnv1a("endgame database"));
  EXPECT_EQ(fnv1a(""), 0xcbf29ce484222325ULL);
}

TEST(Checksum, WideChangesWithEveryByteAndWithTheLength) {
  std::mt19937_64 rng(7);
  for (std::size_t size : {0, 1, 7, 8, 9, 31, 32, 33, 64, 77, 1000}) {
    std::vector<std::byte> data(size);
    for (auto& b : data) b = static_cast<std::byte>(rng());
    const std::uint64_t base = wide_of(data);
    EXPECT_EQ(wide_of(data), base) << "the same bytes, the same sum";
    for (std::size_t i = 0; i < size; ++i) {
      for (int bit : {0, 7}) {
        auto changed = data;
        changed[i] ^= static_cast<std::byte>(1 << bit);
        ASSERT_NE(wide_of(changed), base) << size << " bytes, byte " << i << " bit " << bit;
      }
    }
    auto longer = data;
    longer.push_back(std::byte{0});
    EXPECT_NE(wide_of(longer), base) << size;
    if (size > 0) {
      auto shorter = data;
      shorter.pop_back();
      EXPECT_NE(wide_of(shorter), base) << size;
    }
  }
  // All zero bytes of different lengths: different sums.
  std::set<std::uint64_t> sums;
  for (std::size_t size = 0; size < 200; ++size) sums.insert(wide_of(std::vector<std::byte>(size)));
  EXPECT_EQ(sums.size(), 200u);
}

}  // namespace
}  // namespace grundy
