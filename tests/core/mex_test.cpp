#include "grundy/core/mex.hpp"

#include <gtest/gtest.h>

#include <random>

#include "brute_force.hpp"

namespace grundy {
namespace {

TEST(Mex, EmptySetIsZero) {
  EXPECT_EQ(mex(std::vector<Value>{}), 0u);
}

TEST(Mex, SmallSets) {
  EXPECT_EQ(mex(std::vector<Value>{0}), 1u);
  EXPECT_EQ(mex(std::vector<Value>{1, 2}), 0u);
  EXPECT_EQ(mex(std::vector<Value>{0, 1, 3}), 2u);
  EXPECT_EQ(mex(std::vector<Value>{2, 0, 1, 1, 0}), 3u);
  EXPECT_EQ(mex(std::vector<Value>{0, 1, 2, 3, 1000000000000ULL}), 4u);
}

TEST(Mex, WordBoundaries) {
  for (Value n : {63u, 64u, 65u, 127u, 128u, 129u}) {
    std::vector<Value> all;
    for (Value v = 0; v < n; ++v) all.push_back(v);
    EXPECT_EQ(mex(all), n);
    all.erase(all.begin() + static_cast<std::ptrdiff_t>(n / 2));
    EXPECT_EQ(mex(all), n / 2);
  }
}

TEST(Mex, AgreesWithDefinitionOnRandomSets) {
  std::mt19937_64 rng(7);
  MexSet scratch;
  for (int round = 0; round < 2000; ++round) {
    std::vector<Value> values(rng() % 40);
    for (Value& v : values) v = rng() % 50;
    EXPECT_EQ(mex(values, scratch), test::reference_mex(values));
  }
}

TEST(MexSet, IgnoresMarksAtOrAboveBoundAndReuses) {
  MexSet set;
  set.reset(4);
  set.mark(0);
  set.mark(1);
  set.mark(7);  // ignored: above the bound
  EXPECT_TRUE(set.contains(1));
  EXPECT_FALSE(set.contains(7));
  EXPECT_EQ(set.mex(), 2u);
  set.mark(2);
  set.mark(3);
  EXPECT_EQ(set.mex(), 4u);  // everything below the bound marked: the bound itself
  set.reset(200);            // grows, and clears what was marked before
  EXPECT_EQ(set.mex(), 0u);
  set.reset(3);
  EXPECT_EQ(set.mex(), 0u);
}

}  // namespace
}  // namespace grundy
