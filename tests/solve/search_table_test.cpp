// The search table (search_table.hpp): entries are exact (a key is never taken for another),
// survive the table's growth (doubling, and linear hashing up to a bound that is no power of
// two), give their keys back, and a bounded table drops entries but never answers wrong.
#include "grundy/solve/search_table.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>
#include <utility>
#include <vector>

namespace grundy {
namespace {

template <std::size_t W>
CellBits<W> random_key(std::mt19937_64& rng) {
  CellBits<W> k;
  for (auto& w : k.words) w = rng();
  // Keys that differ in one bit only, and sparse ones, are the hard cases for a mixer.
  if (rng() % 4 == 0) k.words[rng() % W] &= 0xff;
  return k;
}

template <std::size_t W>
void check_exact_and_growing() {
  std::mt19937_64 rng(W);
  SearchTable<W> table(std::uint64_t{1} << 30);
  std::map<CellBits<W>, Value> stored;
  const std::uint64_t first_bytes = table.bytes();
  for (int i = 0; i < 60000; ++i) {
    CellBits<W> k = random_key<W>(rng);
    if (i % 3 == 0 && !stored.empty()) {
      k = stored.begin()->first;  // a key of one bit less than another
      k.words[0] ^= 1;
    }
    const Value v = rng() % 40;
    table.set_value(k, v, rng() % 1000);
    stored[k] = v;
    if (i % 20000 == 19999) table.grow();  // entries move to their new clusters
  }
  EXPECT_EQ(table.bytes(), 8 * first_bytes) << "the table doubled three times";
  // A cluster may overflow before the table doubles (it doubles after): few entries are lost,
  // and every entry found is right.
  EXPECT_LT(table.dropped() * 50, stored.size()) << W;
  std::size_t found = 0;
  for (const auto& [k, v] : stored) {
    if (const auto e = table.find(k)) {
      ASSERT_TRUE(e->value) << W;
      ASSERT_EQ(*e->value, v);
      ++found;
    }
  }
  EXPECT_EQ(found, table.size());
  EXPECT_EQ(found + table.dropped(), stored.size());
  // Keys never stored are not found.
  for (int i = 0; i < 20000; ++i) {
    const CellBits<W> k = random_key<W>(rng);
    if (!stored.contains(k)) {
      ASSERT_FALSE(table.find(k).has_value());
    }
  }
  // The exact entries give their keys back.
  std::size_t back = 0;
  for (const auto& [k, v] : table.exact_values()) {
    ASSERT_TRUE(stored.contains(k));
    ASSERT_EQ(stored.at(k), v);
    ++back;
  }
  EXPECT_EQ(back, table.size());
}

TEST(SearchTable, EntriesAreExactAndSurviveDoublingForEveryWidth) {
  check_exact_and_growing<1>();
  check_exact_and_growing<2>();
  check_exact_and_growing<4>();
}

template <std::size_t W>
void check_growing_to_the_bound() {
  // A bound of 6.5 starting tables: the table grows 4 -> 8 -> 16 -> 26 MiB, the last step by
  // linear hashing to a number of clusters that is no power of two (half of its clusters split,
  // half not), and every entry stays exact through every growth.
  const std::uint64_t bound = 26 * (std::uint64_t{1} << 20);
  SearchTable<W> table(bound);
  // Filled to 30% of its slots at the end (clusters not split hold twice as many as split ones,
  // as in the 16 MiB table they come from: some overflow, more with fewer entries a cluster).
  const std::uint64_t n = bound / SearchTable<W>::kClusterBytes * SearchTable<W>::kEntriesPerCluster *
                          30 / 100;
  std::mt19937_64 rng(100 + W);
  std::vector<std::pair<CellBits<W>, Value>> stored;
  stored.reserve(n);
  for (std::uint64_t i = 0; i < n; ++i) {
    CellBits<W> k;
    for (auto& w : k.words) w = rng();
    const Value v = rng() % 40;
    table.set_value(k, v, 1 + rng() % 1000);
    stored.emplace_back(k, v);
    if (table.wants_to_grow()) table.grow();
  }
  EXPECT_EQ(table.bytes(), bound) << W;
  EXPECT_FALSE(table.may_grow());
  EXPECT_LT(table.dropped() * 10, n) << W;
  std::uint64_t found = 0;
  for (const auto& [k, v] : stored) {
    if (const auto e = table.find(k)) {
      ASSERT_TRUE(e->value);
      ASSERT_EQ(*e->value, v);
      ++found;
    }
  }
  EXPECT_EQ(found, table.size());
  EXPECT_EQ(found + table.dropped(), n);
  for (int i = 0; i < 20000; ++i) {
    CellBits<W> k;
    for (auto& w : k.words) w = rng();
    ASSERT_FALSE(table.find(k).has_value());
  }
  EXPECT_EQ(table.exact_values().size(), table.size());
  std::uint64_t back = 0;
  table.for_each_exact([&](const CellBits<W>& k, Value v) {
    if (back < 1000) {
      const auto e = table.find(k);
      ASSERT_TRUE(e && e->value && *e->value == v);
    }
    ++back;
  });
  EXPECT_EQ(back, table.size());
}

TEST(SearchTable, GrowsInPlaceToItsBoundAndKeepsEveryEntry) {
  check_growing_to_the_bound<1>();
  check_growing_to_the_bound<2>();
  check_growing_to_the_bound<4>();
}

TEST(SearchTable, ExclusionsMergeWithValues) {
  SearchTable<1> table(SearchTable<1>::kStartBytes);
  CellBits<1> k;
  k.words[0] = 12345;
  table.exclude(k, ValueSet::single(2), 10);
  table.exclude(k, ValueSet::single(0), 10);
  auto e = table.find(k);
  ASSERT_TRUE(e.has_value());
  EXPECT_FALSE(e->value.has_value());
  EXPECT_TRUE(e->not_values.contains(0));
  EXPECT_TRUE(e->not_values.contains(2));
  EXPECT_FALSE(e->not_values.contains(1));
  // Values past what the entry keeps are not recorded; nothing wrong is.
  table.exclude(k, ValueSet::single(40), 10);
  EXPECT_FALSE(table.find(k)->not_values.contains(40));
  table.set_value(k, 1, 5);
  e = table.find(k);
  ASSERT_TRUE(e && e->value);
  EXPECT_EQ(*e->value, 1u);
  // A value too large to keep is not kept.
  CellBits<1> big;
  big.words[0] = 99;
  table.set_value(big, SearchTable<1>::kMaxStoredValue + 1, 1);
  EXPECT_FALSE(table.find(big).has_value());
}

TEST(SearchTable, AReservedTableKeepsTheEntriesOfAFile) {
  // A table file's entries go into a new frame's table at once, before any search could grow
  // it: without room made first, a large file replaces itself in the starting table (resuming
  // Cram 7x7 recomputed for minutes what its file held). As many entries as the starting table
  // has slots, distinct keys (random words).
  const std::uint64_t n = SearchTable<1>::kStartBytes / 8;
  for (const bool reserved : {false, true}) {
    SCOPED_TRACE(reserved ? "reserved" : "not reserved");
    std::mt19937_64 rng(7);
    SearchTable<1> table(std::uint64_t{1} << 30);
    if (reserved) table.reserve(n);
    for (std::uint64_t i = 0; i < n; ++i) {
      table.set_value(CellBits<1>{{rng()}}, rng() % 40, SearchTable<1>::kLoadedWork);
    }
    EXPECT_EQ(table.size() + table.dropped(), n);
    if (reserved) {
      // A quarter full: only a rare cluster past its 8 entries gives one up.
      EXPECT_LT(table.dropped(), n / 1000);
      EXPECT_LE(table.bytes(), 4 * 2 * n * 8);
    } else {
      EXPECT_GT(table.dropped(), n / 50) << "the case reserve() is for";
    }
  }
}

TEST(SearchTable, ABoundedTableDropsTheCheapestAndNeverAnswersWrong) {
  std::mt19937_64 rng(17);
  SearchTable<1> table(SearchTable<1>::kMinBytes);
  std::map<CellBits<1>, Value> stored;
  for (int i = 0; i < 50000; ++i) {
    const CellBits<1> k = random_key<1>(rng);
    const Value v = rng() % 50;
    table.set_value(k, v, i < 100 ? 1000000 : 1);  // the first hundred are dear
    stored[k] = v;
    EXPECT_FALSE(table.wants_to_grow());
  }
  EXPECT_EQ(table.bytes(), SearchTable<1>::kMinBytes);
  EXPECT_GT(table.dropped(), 0u);
  std::size_t found = 0;
  for (const auto& [k, v] : stored) {
    if (auto e = table.find(k)) {
      ASSERT_EQ(e->value, v);
      ++found;
    }
  }
  EXPECT_EQ(found, table.size());
  // The dear entries stayed (each cluster gave up its cheap ones first).
  std::mt19937_64 again(17);
  for (int i = 0; i < 100; ++i) {
    const CellBits<1> k = random_key<1>(again);
    again();
    EXPECT_TRUE(table.find(k).has_value()) << i;
  }
}

}  // namespace
}  // namespace grundy
