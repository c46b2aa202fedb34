// The checksums of the files (checksum.hpp): FNV-1a fed in pieces as at once, and wide_checksum
// changed by any one byte changed, added or taken away, at every place (the lanes, the words of
// the tail and its last bytes).
#include "grundy/core/checksum.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <random>
#include <set>
#include <span>
#include <utility>
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
  for (std::size_t size : {0, 1, 7, 8, 9, 31, 32, 33, 63, 64, 65, 77, 128, 129, 200, 1000}) {
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
  // Pieces of 64 bytes in another order, and two words of a piece exchanged: other sums (a
  // checksum that only added words up would miss both).
  std::vector<std::byte> stripes(64 * 6);
  for (auto& b : stripes) b = static_cast<std::byte>(rng());
  const std::uint64_t in_order = wide_of(stripes);
  for (const auto& [piece, count] : {std::pair<std::size_t, std::size_t>{64, 6}, {8, 8}}) {
    for (std::size_t a = 0; a < count; ++a) {
      for (std::size_t b = a + 1; b < count; ++b) {
        auto swapped = stripes;
        std::swap_ranges(swapped.begin() + static_cast<std::ptrdiff_t>(piece * a),
                         swapped.begin() + static_cast<std::ptrdiff_t>(piece * (a + 1)),
                         swapped.begin() + static_cast<std::ptrdiff_t>(piece * b));
        EXPECT_NE(wide_of(swapped), in_order) << piece << "-byte pieces " << a << " and " << b;
      }
    }
  }
  // All zero bytes of different lengths: different sums.
  std::set<std::uint64_t> sums;
  for (std::size_t size = 0; size < 200; ++size) sums.insert(wide_of(std::vector<std::byte>(size)));
  EXPECT_EQ(sums.size(), 200u);
}

}  // namespace
}  // namespace grundy
