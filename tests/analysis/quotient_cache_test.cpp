// The misère quotient cache: a quotient round-trips; a file is used only when it parses strictly,
// its checksum matches and the quotient passes check_quotient against the game; anything else
// (edited P-portion, Φ, table or orders, even with a recomputed checksum; torn; another game's)
// is a miss that never throws or answers wrongly.
#include "grundy/analysis/quotient_cache.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <set>
#include <sstream>

#include "certificate_text.hpp"
#include "grundy/analysis/quotient_check.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/spec/parser.hpp"
#include "quotient_check_moves.hpp"

namespace grundy {
namespace {

/// The text with its last (checksum) line made right again: an edit a checksum cannot catch.
std::string resigned(const std::string& text) {
  return test::signed_text(text.substr(0, text.rfind("checksum ")));
}

/// Replaces the `index`-th number of the line starting with `name ` by `value`.
std::string with_number(const std::string& text, const std::string& name, std::size_t index,
                        const std::string& value, std::size_t occurrence = 0) {
  std::size_t at = 0;
  for (std::size_t k = 0; k <= occurrence; ++k) {
    at = text.find("\n" + name + " ", k == 0 ? 0 : at + 1);
    EXPECT_NE(at, std::string::npos) << name;
  }
  std::size_t start = at + 1 + name.size() + 1;
  for (std::size_t i = 0; i < index; ++i) start = text.find(' ', start) + 1;
  const std::size_t end = text.find_first_of(" \n", start);
  return text.substr(0, start) + value + text.substr(end);
}

class QuotientCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char name[] = "/tmp/grundy-quotient-cache-XXXXXX";
    dir_ = mkdtemp(name);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  static MisereQuotient computed(const Game& game, std::uint64_t max_heap) {
    QuotientOptions options;
    options.max_heap = max_heap;
    return misere_quotient(game, options);
  }
  void write(const QuotientCache& cache, const std::string& game, const std::string& text) {
    std::filesystem::create_directories(cache.file_for(game).parent_path());
    std::ofstream(cache.file_for(game)) << text;
  }
  std::string dir_;
};

TEST_F(QuotientCacheTest, RoundTripsAndIsCheckedOnLoad) {
  const auto kayles = parse_game("0.77");
  const QuotientCache cache(dir_);
  EXPECT_FALSE(cache.load(*kayles, Limits{}).quotient);  // nothing stored yet
  const MisereQuotient q = computed(*kayles, 40);
  ASSERT_TRUE(cache.store(q));
  const QuotientCache::Loaded loaded = cache.load(*kayles, Limits{});
  ASSERT_TRUE(loaded.quotient) << loaded.problem;
  EXPECT_EQ(loaded.quotient->monoid.table, q.monoid.table);
  EXPECT_EQ(loaded.quotient->monoid.p_portion, q.monoid.p_portion);
  EXPECT_EQ(loaded.quotient->phi, q.phi);
  EXPECT_EQ(loaded.quotient->orders, q.orders);
  EXPECT_EQ(loaded.quotient->stable_from, q.stable_from);
  EXPECT_EQ(loaded.quotient->presentation.relations, q.presentation.relations);
  EXPECT_EQ(loaded.quotient->presentation.normal_forms, q.presentation.normal_forms);
  EXPECT_EQ(loaded.quotient->tame.tame, q.tame.tame);
  EXPECT_EQ(QuotientCache::serialise(*loaded.quotient), QuotientCache::serialise(q));
  // The larger quotient is kept.
  EXPECT_FALSE(cache.store(computed(*kayles, 20)));
  EXPECT_EQ(cache.load(*kayles, Limits{}).quotient->max_heap, 40u);
  // Tame quotients too (misère Nim's T3).
  const auto nim = parse_game("nim");
  ASSERT_TRUE(cache.store(computed(*nim, 7)));
  const auto t3 = cache.load(*nim, Limits{});
  ASSERT_TRUE(t3.quotient) << t3.problem;
  EXPECT_TRUE(t3.quotient->tame.tame);
  EXPECT_EQ(t3.quotient->tame.k, 3u);
}

TEST_F(QuotientCacheTest, EditedFilesAreMissesEvenWithTheirChecksumRedone) {
  const auto kayles = parse_game("0.77");
  const QuotientCache cache(dir_);
  const MisereQuotient q = computed(*kayles, 30);
  const std::string good = QuotientCache::serialise(q);
  const std::uint32_t n = q.monoid.order;
  // An element that is not in P, and one that is.
  std::uint32_t in_p = 0, not_p = 0;
  for (std::uint32_t x = 0; x < n; ++x) (q.monoid.p_portion[x] ? in_p : not_p) = x;
  const std::vector<std::pair<std::string, std::string>> edits = {
      {"a P-portion flipped", with_number(good, "p", not_p, "1")},
      {"another P element out", with_number(good, "p", in_p, "0")},
      {"phi of heap 9 changed", with_number(good, "phi", 9, std::to_string((q.phi[9] + 1) % n))},
      {"phi of heap 30 changed", with_number(good, "phi", 30, std::to_string((q.phi[30] + 1) % n))},
      {"an order by heap changed", with_number(good, "orders", 5, std::to_string(q.orders[5] + 1))},
      {"stable_from changed", with_number(good, "stable_from", 0, "3")},
      {"a table entry changed",
       with_number(good, "row", 3, std::to_string((q.monoid.product(5, 3) + 1) % n), 5)},
      {"an element out of range", with_number(good, "phi", 2, std::to_string(n))},
  };
  for (const auto& [what, text] : edits) {
    SCOPED_TRACE(what);
    ASSERT_NE(text, good);
    write(cache, "0.77", resigned(text));
    const QuotientCache::Loaded loaded = cache.load(*kayles, Limits{});
    EXPECT_FALSE(loaded.quotient);
    EXPECT_FALSE(loaded.problem.empty());
  }
  // The checksum itself, a torn file, another game's file, another engine's.
  write(cache, "0.77", with_number(good, "p", not_p, "1"));
  EXPECT_NE(cache.load(*kayles, Limits{}).problem.find("checksum"), std::string::npos);
  write(cache, "0.77", good.substr(0, good.size() / 2));
  EXPECT_FALSE(cache.load(*kayles, Limits{}).quotient);
  write(cache, "0.77",
        resigned(good.substr(0, good.find("\nengine ")) + "\nengine 0.0.0" +
                 good.substr(good.find("\ngame "))));
  EXPECT_FALSE(cache.load(*kayles, Limits{}).quotient);
  const auto dawson = parse_game("0.07");
  write(cache, "0.07", good);
  EXPECT_NE(cache.load(*dawson, Limits{}).problem.find("quotient of 0.77"), std::string::npos);
  // The good file still loads.
  write(cache, "0.77", good);
  EXPECT_TRUE(cache.load(*kayles, Limits{}).quotient);
  // A file that fails goes, so that the quotient computed instead takes its place (store keeps a
  // file of as many heaps when it parses, and an edited one with its checksum redone does).
  write(cache, "0.77", resigned(with_number(good, "phi", 29, std::to_string((q.phi[29] + 1) % n))));
  EXPECT_FALSE(cache.load(*kayles, Limits{}).quotient);
  EXPECT_FALSE(std::filesystem::exists(cache.file_for("0.77")));
  EXPECT_TRUE(cache.store(q));
  EXPECT_TRUE(cache.load(*kayles, Limits{}).quotient);
}

TEST(QuotientCheck, ComputedQuotientsPassAndTheirOrdersByHeapAreRecomputed) {
  for (const char* code : {"0.77", "0.07", "0.75", "0.137", "nim", "sub(1,2)"}) {
    SCOPED_TRACE(code);
    const auto game = parse_game(code);
    QuotientOptions options;
    options.max_heap = 20;
    MisereQuotient q = misere_quotient(*game, options);
    const QuotientCheck check = check_quotient(*game, q, Limits{}, 1'000'000'000);
    EXPECT_TRUE(check.holds) << check.problem;
    // Another game's moves break it (unless the quotients happen to agree, as they do not here).
    if (std::string(code) == "0.77") {
      MisereQuotient other = q;
      other.game = "0.07";
      EXPECT_FALSE(check_quotient(*parse_game("0.07"), other, Limits{}, 1'000'000'000).holds);
    }
  }
}

/// Each heap's option classes and whether it has a move, from what heap_moves_by_class kept.
std::vector<std::set<std::uint32_t>> classes_of(const detail::HeapMoves& moves,
                                                const MisereQuotient& q) {
  std::vector<std::set<std::uint32_t>> out;
  for (std::uint32_t h = 0; h < moves.heaps(); ++h) {
    std::set<std::uint32_t> classes;
    moves.for_each_option(h, [&](std::span<const std::uint32_t> parts) {
      std::uint32_t x = 0;
      for (std::uint32_t p : parts) x = q.monoid.product(x, q.phi[p]);
      classes.insert(x);
    });
    out.push_back(std::move(classes));
  }
  return out;
}

/// Which heaps are kept as letters (have options in `moves`).
std::vector<bool> letter_heaps(const detail::HeapMoves& moves) {
  std::vector<bool> out;
  for (std::uint32_t h = 0; h < moves.heaps(); ++h) out.push_back(moves.has_moves(h));
  return out;
}

TEST(QuotientCheck, TakeBreakCodesGiveTheSameOptionClassesAsTheGamesOwnOptions) {
  // Any monoid and Φ will do to compare the two readings: the group Z_11 and a scrambled Φ (0 on
  // the heaps without a move, as in every quotient), so that different splits fall into
  // different classes.
  constexpr std::uint32_t kOrder = 11;
  for (const char* code : {"0.77", "0.07", "0.75", "0.137", "0.6", "0.4", "4.07", "0.(7)",
                           "0.1(37)", "4.(3)", "grundy", "polygon"}) {
    SCOPED_TRACE(code);
    std::shared_ptr<const Game> game;
    try {
      game = parse_game(code);
    } catch (const Error&) {
      continue;  // a spelling this build does not have
    }
    MisereQuotient q;
    q.game = game->name();
    q.max_heap = 90;
    q.monoid.order = kOrder;
    q.monoid.table.resize(kOrder * kOrder);
    q.monoid.p_portion.assign(kOrder, false);
    for (std::uint32_t x = 0; x < kOrder; ++x) {
      for (std::uint32_t y = 0; y < kOrder; ++y) q.monoid.table[x * kOrder + y] = (x + y) % kOrder;
    }
    q.phi.assign(q.max_heap + 1, 0);
    detail::QuotientWork work(1'000'000'000, "test");
    const detail::CheckMoves visited = detail::heap_moves_by_class(*game, q, work, false);
    q.phi.clear();
    for (std::uint64_t h = 0; h <= q.max_heap; ++h) {
      q.phi.push_back(
          visited.has_moves[h] ? static_cast<std::uint32_t>((h * h * 7 + h * 3 + 1) % kOrder) : 0);
    }
    const detail::CheckMoves visited_again = detail::heap_moves_by_class(*game, q, work, false);
    const std::optional<detail::CheckMoves> from_code =
        detail::take_break_heap_moves(*game, q, work);
    ASSERT_TRUE(from_code);
    EXPECT_EQ(from_code->has_moves, visited_again.has_moves);
    // The same letters, kept at the same heaps.
    const std::vector<bool> letters = letter_heaps(from_code->letters);
    EXPECT_EQ(letters, letter_heaps(visited_again.letters));
    EXPECT_EQ(classes_of(from_code->letters, q), classes_of(visited_again.letters, q));
    EXPECT_LT(std::count(letters.begin(), letters.end(), true),
              std::count(from_code->has_moves.begin(), from_code->has_moves.end(), true));
  }
  // Three-heap moves (hexadecimal bit 8) and other heap games go through the game's options.
  MisereQuotient q;
  q.max_heap = 10;
  q.phi.assign(11, 0);
  detail::QuotientWork work(1'000'000'000, "test");
  EXPECT_FALSE(detail::take_break_heap_moves(*parse_game("hex(0.F)"), q, work));
  EXPECT_FALSE(detail::take_break_heap_moves(*parse_game("sub(1,2)"), q, work));
}

TEST(QuotientCheck, LargeKaylesQuotientIsCheckedAndEditsFarOutAreCaught) {
  // The cached quotient solve --misere reads for rows of up to a few hundred pins: the check
  // reads every heap's options (from the code), so a wrong class anywhere is found.
  const auto kayles = parse_game("kayles");
  QuotientOptions options;
  options.max_heap = 300;
  MisereQuotient q = misere_quotient(*kayles, options);
  {
    MisereQuotient copy = q;
    const QuotientCheck check = check_quotient(*kayles, copy, Limits{}, 1'000'000'000);
    EXPECT_TRUE(check.holds) << check.problem;
  }
  for (std::uint64_t h : {150u, 257u, 299u, 300u}) {
    SCOPED_TRACE(h);
    for (std::uint32_t other = 0; other < q.monoid.order; ++other) {
      if (other == q.phi[h]) continue;
      MisereQuotient edited = q;
      edited.phi[h] = other;
      EXPECT_FALSE(check_quotient(*kayles, edited, Limits{}, 1'000'000'000).holds) << other;
    }
  }
}

TEST(QuotientCheck, AHeapWithoutAMoveMustBeTheIdentity) {
  // Heap 1 of Dawson's Kayles (0.07) has no move: it is the empty game.
  const auto dawson = parse_game("0.07");
  QuotientOptions options;
  options.max_heap = 12;
  MisereQuotient q = misere_quotient(*dawson, options);
  ASSERT_EQ(q.phi[1], 0u);
  MisereQuotient copy = q;
  EXPECT_TRUE(check_quotient(*dawson, copy, Limits{}, 1'000'000'000).holds);
  for (std::uint32_t other = 1; other < q.monoid.order; ++other) {
    MisereQuotient edited = q;
    edited.phi[1] = other;
    EXPECT_FALSE(check_quotient(*dawson, edited, Limits{}, 1'000'000'000).holds) << other;
  }
}

}  // namespace
}  // namespace grundy
