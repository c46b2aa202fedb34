#include "grundy/core/mex_multiset.hpp"

#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "grundy/core/value.hpp"

namespace grundy {
namespace {

TEST(MexMultiset, CopiesAndRemovals) {
  MexMultiset held(10);
  EXPECT_EQ(held.mex(), 0u);
  held.insert(0);
  held.insert(0);
  held.insert(1);
  EXPECT_EQ(held.mex(), 2u);
  held.erase(0);
  EXPECT_EQ(held.mex(), 2u);  // one copy of 0 is left
  held.erase(0);
  EXPECT_EQ(held.mex(), 0u);
  EXPECT_EQ(held.count(1), 1u);
  EXPECT_EQ(held.count(99), 0u);
}

TEST(MexMultiset, FullIsTheBound) {
  MexMultiset held(3);
  for (Value v = 0; v < 3; ++v) held.insert(v);
  EXPECT_EQ(held.mex(), 3u);
  held.grow(5);
  EXPECT_EQ(held.mex(), 3u);
  EXPECT_EQ(held.count(2), 1u);
}

TEST(MexMultiset, GrowsOneValueAtATime) {
  // As a table of growing values does: every word and level boundary crossed while holding
  // values, the mex always the next free value.
  MexMultiset held(1);
  for (Value v = 0; v < 300000; ++v) {
    held.grow(v + 1);
    ASSERT_EQ(held.mex(), v) << v;
    held.insert(v);
    ASSERT_EQ(held.mex(), v + 1) << v;  // every value below the bound is held
  }
  held.erase(4095);
  EXPECT_EQ(held.mex(), 4095u);
  held.grow(300001);
  EXPECT_EQ(held.mex(), 4095u);
  held.insert(4095);
  EXPECT_EQ(held.mex(), 300000u);
}

TEST(MexMultiset, AgreesWithDefinitionUnderRandomChanges) {
  // Bounds across one, two and three levels of the tree; values dense near the mex.
  std::mt19937_64 rng(3);
  for (std::uint64_t bound : {1ULL, 63ULL, 64ULL, 65ULL, 4096ULL, 4097ULL, 300000ULL}) {
    // Grown in small random steps while it holds values.
    MexMultiset held(std::min<std::uint64_t>(bound, 100));
    std::vector<Value> contents;
    std::vector<int> copies(bound, 0);  // the reference: a plain count per value
    for (int step = 0; step < 5000; ++step) {
      if (held.bound() < bound)
        held.grow(std::min<std::uint64_t>(bound, held.bound() + rng() % 130));
      if (!contents.empty() && rng() % 3 == 0) {
        const std::size_t i = rng() % contents.size();
        held.erase(contents[i]);
        --copies[contents[i]];
        contents[i] = contents.back();
        contents.pop_back();
      } else {
        // Mostly values near the current mex, so it moves both ways.
        const std::uint64_t room = held.bound();
        const Value around = std::min<Value>(held.mex(), room - 1);
        const Value v = rng() % 4 == 0 ? rng() % room : (around + rng() % 3) % room;
        held.insert(v);
        ++copies[v];
        contents.push_back(v);
      }
      Value expected = 0;  // mex by the definition: count up until a value is missing
      while (expected < held.bound() && copies[expected] > 0) ++expected;
      ASSERT_EQ(held.mex(), expected) << bound << " step " << step;
    }
  }
}

}  // namespace
}  // namespace grundy
