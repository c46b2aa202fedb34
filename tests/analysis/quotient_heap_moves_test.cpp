// The options the quotient construction reads (detail::HeapMoves): kept in memory up to a bound,
// read again from the game beyond it, and the same either way.
#include <gtest/gtest.h>

#include <span>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/spec/parser.hpp"
#include "quotient_candidate.hpp"

namespace grundy {
namespace {

using Options = std::vector<std::vector<std::uint32_t>>;

Options options_of(const detail::HeapMoves& moves, std::uint32_t h) {
  Options out;
  moves.for_each_option(h, [&](std::span<const std::uint32_t> parts) {
    out.emplace_back(parts.begin(), parts.end());
  });
  return out;
}

TEST(HeapMoves, OptionsReadAgainFromTheGameAreTheOptionsKept) {
  for (const char* spec : {"0.77", "0.644", "0.07", "4.07", "hex(0.F)", "sub(1,3,4)", "grundy"}) {
    SCOPED_TRACE(spec);
    const auto game = parse_game(spec);
    detail::HeapMoves kept(*game);
    // About 40 heaps' options fit; the later ones are read again each time.
    detail::HeapMoves bounded(*game, 600);
    constexpr std::uint32_t kHeaps = 90;
    for (std::uint32_t h = 0; h < kHeaps; ++h) {
      Options seen_by_kept, seen_by_bounded;
      kept.read_heap([&](std::span<const std::uint32_t> parts) {
        seen_by_kept.emplace_back(parts.begin(), parts.end());
      });
      bounded.read_heap([&](std::span<const std::uint32_t> parts) {
        seen_by_bounded.emplace_back(parts.begin(), parts.end());
      });
      EXPECT_EQ(seen_by_kept, seen_by_bounded);
      EXPECT_EQ(seen_by_kept, options_of(kept, h));
    }
    for (std::uint32_t h = 0; h < kHeaps; ++h) {
      EXPECT_EQ(kept.has_moves(h), bounded.has_moves(h));
      const Options options = options_of(kept, h);
      EXPECT_EQ(options, options_of(bounded, h)) << "heap " << h;
      for (const auto& parts : options) {
        for (std::uint32_t part : parts) {
          EXPECT_LT(part, h);
          EXPECT_TRUE(kept.has_moves(part)) << "a heap without a move is left out of an option";
        }
      }
    }
  }
}

TEST(HeapMoves, OptionsGivenAreKeptWhateverTheirSize) {
  detail::HeapMoves moves;
  moves.add_heap(false, {});
  moves.add_heap(true, {{}});
  const Options many(5000, std::vector<std::uint32_t>{1, 1});
  moves.add_heap(true, many);
  EXPECT_EQ(moves.heaps(), 3u);
  EXPECT_EQ(options_of(moves, 0), Options{});
  EXPECT_EQ(options_of(moves, 1), Options{{}});
  EXPECT_EQ(options_of(moves, 2), many);
}

}  // namespace
}  // namespace grundy
