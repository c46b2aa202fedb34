// The split table (split_table.hpp): a key that lies in its first word goes to the one-word
// table, any other to the wide one; entries stay exact and give their keys back whole, the two
// tables grow within one bound, and room made for a file's entries keeps them all.
#include "grundy/solve/split_table.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>

namespace grundy {
namespace {

/// A random key: one in its first word alone two times in three.
template <std::size_t W>
CellBits<W> random_key(std::mt19937_64& rng) {
  CellBits<W> k;
  k.words[0] = rng();
  if (rng() % 3 == 0) {
    for (std::size_t i = 1; i < W; ++i) k.words[i] = rng() % 3 == 0 ? 0 : rng();
    if (SplitTable<W>::narrow(k)) k.words[W - 1] = 1;
  }
  return k;
}

template <std::size_t W>
void check_exact_with_both_tables() {
  std::mt19937_64 rng(W);
  SplitTable<W> table(std::uint64_t{1} << 30);
  std::map<CellBits<W>, Value> stored;
  std::size_t narrow = 0;
  // Enough keys of each kind for both tables to grow past their start (4 MiB each: 2^19
  // one-word entries, 2^18 of two words, 2^17 of four; each grows when half full).
  for (int i = 0; i < 450000; ++i) {
    CellBits<W> k = random_key<W>(rng);
    if (i % 5 == 0 && !stored.empty()) {
      k = stored.begin()->first;  // the same first word, one word more: the other table
      k.words[W - 1] ^= 1;
    }
    if (stored.contains(k)) continue;
    const Value v = rng() % 40;
    table.set_value(k, v, rng() % 1000);
    stored[k] = v;
    narrow += SplitTable<W>::narrow(k) ? 1 : 0;
    if (table.wants_to_grow()) table.grow();
  }
  ASSERT_GT(narrow, stored.size() / 2);
  ASSERT_LT(narrow, stored.size() * 3 / 4);
  EXPECT_GT(table.narrow_table().bytes(), SearchTable<1>::kStartBytes) << "it grew";
  EXPECT_GT(table.wide_table().bytes(), SearchTable<W>::kStartBytes) << "it grew";
  EXPECT_EQ(table.size(), table.narrow_table().size() + table.wide_table().size());
  // A cluster may overflow before its table grows (wide clusters hold 4 or 2 entries): few are
  // lost, and every entry found is right.
  EXPECT_LT(table.dropped() * 20, stored.size());
  std::size_t found = 0;
  std::size_t found_narrow = 0;
  for (const auto& [k, v] : stored) {
    if (const auto e = table.find(k)) {
      ASSERT_TRUE(e->value);
      ASSERT_EQ(*e->value, v);
      ++found;
      found_narrow += SplitTable<W>::narrow(k) ? 1 : 0;
    }
  }
  EXPECT_EQ(found, table.size());
  EXPECT_EQ(found_narrow, table.narrow_table().size());
  for (int i = 0; i < 20000; ++i) {
    const CellBits<W> k = random_key<W>(rng);
    if (!stored.contains(k)) {
      ASSERT_FALSE(table.find(k).has_value());
    }
  }
  // Every key comes back whole, a narrow one with its other words 0.
  std::size_t back = 0;
  table.for_each_entry([&](const CellBits<W>& k, const typename SplitTable<W>::Entry& e) {
    ASSERT_TRUE(stored.contains(k));
    ASSERT_EQ(e.value, stored.at(k));
    ++back;
  });
  EXPECT_EQ(back, table.size());
  EXPECT_EQ(table.exact_values().size(), table.size());
}

TEST(SplitTable, EntriesAreExactInBothTablesAndGiveTheirKeysBack) {
  check_exact_with_both_tables<2>();
  check_exact_with_both_tables<4>();
}

TEST(SplitTable, ExclusionsMergeWithValuesInBothTables) {
  SplitTable<2> table(std::uint64_t{1} << 24);
  const CellBits<2> narrow{{5, 0}};
  const CellBits<2> wide{{5, 1}};
  table.exclude(narrow, ValueSet::single(0), 10);
  table.exclude(narrow, ValueSet::single(2), 10);
  table.set_value(wide, 3, 10);
  ASSERT_TRUE(table.find(narrow));
  EXPECT_FALSE(table.find(narrow)->value);
  EXPECT_EQ(table.find(narrow)->not_values.bits, (ValueSet::single(0) | ValueSet::single(2)).bits);
  EXPECT_EQ(table.find(wide)->value, 3u);
  EXPECT_EQ(table.narrow_table().size(), 1u);
  EXPECT_EQ(table.wide_table().size(), 1u);
  table.set_value(narrow, 1, 10);
  EXPECT_EQ(table.find(narrow)->value, 1u);
}

TEST(SplitTable, TheTwoTablesGrowWithinOneBound) {
  // A bound that is no power of two, and far fewer slots than keys: both tables grow to it
  // together, and never past it.
  const std::uint64_t bound = (std::uint64_t{3} << 23) + (std::uint64_t{1} << 20);  // 25 MiB
  SplitTable<2> table(bound);
  std::mt19937_64 rng(3);
  for (int i = 0; i < 4000000; ++i) {
    table.set_value(random_key<2>(rng), rng() % 40, 1);
    if (table.wants_to_grow()) table.grow();
    ASSERT_LE(table.bytes(), bound);
  }
  EXPECT_EQ(table.max_bytes(), bound);
  EXPECT_GT(table.bytes(), bound * 3 / 4) << "the tables took the room they were given";
  EXPECT_GT(table.dropped(), 0u);
  table.stop_growing();
  EXPECT_EQ(table.max_bytes(), table.bytes());
  EXPECT_FALSE(table.wants_to_grow());
}

TEST(SplitTable, RoomMadeForAFileKeepsEveryEntry) {
  std::mt19937_64 rng(9);
  std::map<CellBits<2>, Value> file;
  while (file.size() < 400000) file[random_key<2>(rng)] = rng() % 40;
  std::uint64_t narrow = 0;
  for (const auto& [k, v] : file) narrow += SplitTable<2>::narrow(k) ? 1 : 0;
  SplitTable<2> table(std::uint64_t{1} << 30);
  table.reserve(narrow, file.size() - narrow);
  for (const auto& [k, v] : file) table.set_value(k, v, SearchTable<2>::kLoadedWork);
  // At most a quarter full, a cluster overflows rarely (one of four wide entries more often
  // than one of eight narrow ones).
  EXPECT_LT(table.dropped() * 1000, file.size());
  EXPECT_EQ(table.size() + table.dropped(), file.size());
}

}  // namespace
}  // namespace grundy
