// The endgame database (endgame_database.hpp) against the plain search over vertex sets on every
// set of cells of its box, looked up from shapes anywhere in a larger frame and either way round;
// its file read back, and a foreign or corrupt file not used (the database computed again).
#include "grundy/solve/endgame_database.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <atomic>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "grundy/core/checked_stamp.hpp"
#include "grundy/solve/board_search.hpp"
#include "grundy/solve/component_search.hpp"
#include "temp_file.hpp"
#include "vertex_deletion_brute.hpp"

namespace grundy {
namespace {

struct DatabaseKind {
  DeletionRule rule;
  BoardAdjacency adjacency;
};
constexpr DatabaseKind kDatabaseKinds[] = {{DeletionRule::arc, BoardAdjacency::grid},
                                           {DeletionRule::node, BoardAdjacency::grid},
                                           {DeletionRule::node, BoardAdjacency::queens}};

TEST(EndgameDatabase, HoldsTheValueOfEverySetOfItsBox) {
  for (const DatabaseKind& kind : kDatabaseKinds) {
    const EndgameDatabase db(kind.rule, kind.adjacency, 3, 4);
    const BoardFrame& frame = board_frame(kind.adjacency, 3, 4);
    test::VertexDeletionBrute brute(cells_graph(frame, frame.all()), kind.rule);
    for (std::uint32_t set = 0; set < (1U << 12); ++set) {
      ASSERT_EQ(db.at(set), brute.value(set)) << set;
    }
  }
}

TEST(EndgameDatabase, LooksShapesUpAnywhereInALargerFrameEitherWayRound) {
  std::mt19937_64 rng(21);
  for (const DatabaseKind& kind : kDatabaseKinds) {
    const EndgameDatabase db(kind.rule, kind.adjacency, 3, 5);
    // A 6 x 8 frame: shapes of a box up to 3 x 5, placed anywhere and turned.
    const BoardFrame& frame = board_frame(kind.adjacency, 6, 8);
    int looked_up = 0;
    for (int trial = 0; trial < 3000; ++trial) {
      const std::size_t h = 1 + rng() % 5;
      const std::size_t w = 1 + rng() % 5;
      const std::size_t r0 = rng() % (6 - std::min<std::size_t>(h, 6) + 1);
      const std::size_t c0 = rng() % (8 - w + 1);
      CellSet cells;
      for (std::size_t r = 0; r < h && r0 + r < 6; ++r) {
        for (std::size_t c = 0; c < w; ++c) {
          if (rng() % 3 != 0) cells.set((r0 + r) * 8 + c0 + c);
        }
      }
      if (cells.empty()) continue;
      cells = frame.component(cells, cells.first());
      const auto v = db.value(cells.resized<1>(), 8);
      // The box of the cells: fits 3 x 5 one way or the other exactly when looked up.
      std::size_t rmin = 99, rmax = 0, cmin = 99, cmax = 0;
      cells.for_each([&](std::size_t i) {
        rmin = std::min(rmin, i / 8);
        rmax = std::max(rmax, i / 8);
        cmin = std::min(cmin, i % 8);
        cmax = std::max(cmax, i % 8);
      });
      const std::size_t bh = rmax - rmin + 1;
      const std::size_t bw = cmax - cmin + 1;
      const bool fits = (bh <= 3 && bw <= 5) || (bh <= 5 && bw <= 3);
      ASSERT_EQ(v.has_value(), fits) << bh << "x" << bw;
      if (!v) continue;
      ++looked_up;
      const SimpleGraph g = cells_graph(frame, cells);
      test::VertexDeletionBrute brute(g, kind.rule);
      ASSERT_EQ(*v, brute.value());
    }
    EXPECT_GT(looked_up, 1000);
  }
}

TEST(EndgameDatabase, IsKeptInItsFolderAndAForeignOrCorruptFileIsComputedAgain) {
  const test::TempDir folder;
  std::vector<std::string> warnings;
  auto warn = [&](const std::string& w) { warnings.push_back(w); };
  const EndgameDatabase made =
      EndgameDatabase::open(DeletionRule::arc, BoardAdjacency::grid, 3, 4, folder.path(), warn);
  const std::filesystem::path file = folder.path() / made.file_name();
  ASSERT_TRUE(std::filesystem::exists(file));
  EXPECT_TRUE(warnings.empty());
  const std::string bytes = test::read_bytes(file.string());
  // Read back: the same values, no warning.
  const EndgameDatabase read =
      EndgameDatabase::open(DeletionRule::arc, BoardAdjacency::grid, 3, 4, folder.path(), warn);
  EXPECT_TRUE(warnings.empty());
  for (std::uint32_t set = 0; set < (1U << 12); ++set) ASSERT_EQ(read.at(set), made.at(set));

  auto reopened_after = [&](const std::string& content, const std::string& why) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << content;
    warnings.clear();
    const EndgameDatabase again =
        EndgameDatabase::open(DeletionRule::arc, BoardAdjacency::grid, 3, 4, folder.path(), warn);
    ASSERT_EQ(warnings.size(), 1u) << why;
    EXPECT_NE(warnings[0].find("endgame database"), std::string::npos) << warnings[0];
    for (std::uint32_t set = 0; set < (1U << 12); ++set) ASSERT_EQ(again.at(set), made.at(set));
    EXPECT_EQ(test::read_bytes(file.string()), bytes) << why << ": written anew";
  };
  std::string flipped = bytes;
  flipped[flipped.size() - 1] = static_cast<char>(flipped.back() ^ 0x11);
  reopened_after(flipped, "a value changed");
  reopened_after(bytes.substr(0, bytes.size() - 3), "cut short");
  reopened_after(bytes + "x", "a byte too many");
  std::string foreign = bytes;
  foreign.replace(foreign.find("rule arc"), 8, "rule nod");
  reopened_after(foreign, "another rule");
  reopened_after("", "empty");
  // Without a folder the database is computed in memory.
  const EndgameDatabase memory =
      EndgameDatabase::open(DeletionRule::arc, BoardAdjacency::grid, 3, 4, std::nullopt, warn);
  EXPECT_EQ(memory.at(4095), made.at(4095));
}

TEST(EndgameDatabase, ItsChecksumByBlocksCatchesAChangeInAnyBlock) {
  // The 4 x 6 box: 8 MiB of values, two blocks of the checksum. Written on one thread or two,
  // the file is the same; a byte changed in either block, or an older version's first line, is
  // refused (and named), the database computed and written again.
  const test::TempDir one_folder;
  const test::TempDir two_folder;
  std::vector<std::string> warnings;
  auto warn = [&](const std::string& w) { warnings.push_back(w); };
  const auto rule = DeletionRule::arc;
  const auto grid = BoardAdjacency::grid;
  const EndgameDatabase made =
      EndgameDatabase::open(rule, grid, 4, 6, one_folder.path(), warn, {.threads = 1});
  EndgameDatabase::open(rule, grid, 4, 6, two_folder.path(), warn, {.threads = 2});
  const std::filesystem::path file = one_folder.path() / made.file_name();
  const std::string bytes = test::read_bytes(file.string());
  EXPECT_EQ(bytes, test::read_bytes((two_folder.path() / made.file_name()).string()));
  EXPECT_TRUE(warnings.empty());
  ASSERT_EQ(bytes.size() - bytes.find("\n", bytes.find("checksum ")) - 1, made.bytes());
  auto refused = [&](const std::string& content, const std::string& why) {
    std::ofstream(file, std::ios::binary | std::ios::trunc) << content;
    warnings.clear();
    EndgameDatabase::open(rule, grid, 4, 6, one_folder.path(), warn, {.threads = 2});
    EXPECT_EQ(warnings.size(), 1u) << why;
    EXPECT_EQ(test::read_bytes(file.string()), bytes) << why << ": written anew";
    return warnings.empty() ? std::string() : warnings[0];
  };
  for (const std::size_t from_end : {std::size_t{1}, made.bytes() / 2 + 5, made.bytes() - 7}) {
    std::string changed = bytes;
    changed[bytes.size() - from_end] = static_cast<char>(changed[bytes.size() - from_end] ^ 0x40);
    EXPECT_NE(
        refused(changed, "a byte " + std::to_string(from_end) + " from the end").find("checksum"),
        std::string::npos);
  }
  std::string older = bytes;
  older.replace(0, older.find('\n'), "grundy-endgame-database 2");
  EXPECT_NE(refused(older, "version 2").find("another version"), std::string::npos);
}

TEST(EndgameDatabase, AFileCheckedOnceIsNotCheckedAgainUntilItChanges) {
  // A note beside the file (checked_stamp.hpp) spares later runs the checksum: a file changed
  // after the note is checked again and refused; a note that names the file as it is now is
  // trusted (shown here by a note written by hand for a changed file: its change goes unseen).
  using namespace std::chrono_literals;
  const test::TempDir folder;
  std::vector<std::string> warnings;
  auto warn = [&](const std::string& w) { warnings.push_back(w); };
  const auto rule = DeletionRule::arc;
  const auto grid = BoardAdjacency::grid;
  const EndgameDatabase made = EndgameDatabase::open(rule, grid, 3, 4, folder.path(), warn);
  const std::filesystem::path file = folder.path() / made.file_name();
  const std::filesystem::path note = checked_stamp_path(file);
  EXPECT_FALSE(std::filesystem::exists(note)) << "written just now: no note yet";
  const std::string bytes = test::read_bytes(file.string());
  const std::size_t at = bytes.find("checksum ") + 9;
  const std::string digest = bytes.substr(at, bytes.find('\n', at) - at);
  auto stat_of = [&] {
    struct stat st {};
    EXPECT_EQ(::stat(file.c_str(), &st), 0);
    return st;
  };
  auto change_last_byte = [&] {
    std::fstream f(file, std::ios::binary | std::ios::in | std::ios::out);
    f.seekp(static_cast<std::streamoff>(bytes.size() - 1));
    f.put(static_cast<char>(bytes.back() ^ 0x11));
  };
  const std::uint64_t last = 2 * made.bytes() - 1;  // the high half of the last byte
  std::this_thread::sleep_for(60ms);
  ASSERT_TRUE(remember_checked(file, stat_of(), digest, file_clock_now(), 30ms));
  EndgameDatabase::open(rule, grid, 3, 4, folder.path(), warn);
  EXPECT_TRUE(warnings.empty());
  // Changed after the note: checked, refused, computed and written again, the note gone.
  change_last_byte();
  EndgameDatabase::open(rule, grid, 3, 4, folder.path(), warn);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("checksum"), std::string::npos) << warnings[0];
  EXPECT_EQ(test::read_bytes(file.string()), bytes);
  EXPECT_FALSE(std::filesystem::exists(note));
  // A note naming the changed file as checked: trusted, so the change is read as it is.
  std::this_thread::sleep_for(60ms);
  change_last_byte();
  std::this_thread::sleep_for(60ms);
  ASSERT_TRUE(remember_checked(file, stat_of(), digest, file_clock_now(), 30ms));
  warnings.clear();
  const EndgameDatabase trusted = EndgameDatabase::open(rule, grid, 3, 4, folder.path(), warn);
  EXPECT_TRUE(warnings.empty());
  EXPECT_NE(trusted.at(last), made.at(last));
}

TEST(EndgameDatabase, SeveralThreadsComputeTheSameValuesAsOne) {
  // By top rows, a layer of top rows of k cells at a time: the same bytes as one thread in
  // increasing order, for every rule and box shape (one row: one thread).
  for (const DatabaseKind& kind : kDatabaseKinds) {
    for (const auto& [rows, columns] : {std::pair<std::size_t, std::size_t>{4, 5}, {3, 6}, {1, 7}}) {
      const EndgameDatabase one(kind.rule, kind.adjacency, rows, columns, {.threads = 1});
      const EndgameDatabase three(kind.rule, kind.adjacency, rows, columns, {.threads = 3});
      ASSERT_EQ(one.bytes(), three.bytes());
      for (std::uint64_t set = 0; set < (std::uint64_t{1} << (rows * columns)); ++set) {
        ASSERT_EQ(one.at(set), three.at(set)) << rows << "x" << columns << " set " << set;
      }
    }
  }
}

TEST(EndgameDatabase, AStopFlagStopsItsComputation) {
  const std::atomic<bool> stop{true};
  EXPECT_THROW(EndgameDatabase(DeletionRule::arc, BoardAdjacency::grid, 4, 6,
                               {.threads = 2, .stop = &stop}),
               SearchStopped);
  const test::TempDir folder;
  EXPECT_THROW(EndgameDatabase::open(DeletionRule::arc, BoardAdjacency::grid, 4, 6, folder.path(),
                                     {}, {.threads = 1, .stop = &stop}),
               SearchStopped);
  // Nothing written: a stopped computation leaves no file that looks complete.
  EXPECT_TRUE(std::filesystem::is_empty(folder.path()));
}

TEST(EndgameDatabase, ItsBuildReportsProgressOnTheCallingThreadWhichCanStopIt) {
  // The 4 x 6 box on two threads: reports come on this thread only (Python looks at Ctrl-C
  // there, and sets the stop flag), the sets done never go down, and the last report is all.
  const std::thread::id caller = std::this_thread::get_id();
  std::vector<std::pair<std::uint64_t, std::uint64_t>> seen;
  bool elsewhere = false;
  EndgameDatabase::Build build{.threads = 2};
  build.progress = [&](std::uint64_t done, std::uint64_t total) {
    elsewhere = elsewhere || std::this_thread::get_id() != caller;
    seen.emplace_back(done, total);
  };
  const EndgameDatabase db(DeletionRule::arc, BoardAdjacency::grid, 4, 6, build);
  EXPECT_FALSE(elsewhere);
  ASSERT_GT(seen.size(), 10u);
  for (std::size_t i = 1; i < seen.size(); ++i) {
    EXPECT_GE(seen[i].first, seen[i - 1].first);
    EXPECT_EQ(seen[i].second, std::uint64_t{1} << 24);
  }
  EXPECT_EQ(seen.back().first, std::uint64_t{1} << 24);
  // A stop set from the third report ends the build there: no more reports, nothing built.
  std::atomic<bool> stop{false};
  int calls = 0;
  build.stop = &stop;
  build.progress = [&](std::uint64_t, std::uint64_t) {
    if (++calls == 3) stop = true;
  };
  EXPECT_THROW(EndgameDatabase(DeletionRule::arc, BoardAdjacency::grid, 4, 6, build),
               SearchStopped);
  EXPECT_EQ(calls, 3);
}

TEST(EndgameDatabase, FramesOfCramOfThirtyFiveCellsUseTheLargeBoxOfTheirHeight) {
  using Box = std::pair<std::size_t, std::size_t>;
  auto box = [](DeletionRule rule, BoardAdjacency adjacency, std::size_t rows,
                std::size_t columns) {
    return BoardSearch::large_database_box(rule, adjacency, rows, columns);
  };
  const auto arc = DeletionRule::arc;
  const auto grid = BoardAdjacency::grid;
  EXPECT_EQ(box(arc, grid, 5, 7), std::optional<Box>(Box{5, 6}));
  EXPECT_EQ(box(arc, grid, 7, 9), std::optional<Box>(Box{5, 6}));
  EXPECT_EQ(box(arc, grid, 4, 9), std::optional<Box>(Box{4, 7}));
  EXPECT_EQ(box(arc, grid, 11, 4), std::optional<Box>(Box{4, 7}));  // either way round
  EXPECT_EQ(box(arc, grid, 3, 13), std::optional<Box>(Box{3, 9}));
  EXPECT_EQ(box(arc, grid, 5, 6), std::nullopt);   // 30 cells
  EXPECT_EQ(box(arc, grid, 4, 8), std::nullopt);   // 32 cells
  EXPECT_EQ(box(arc, grid, 3, 11), std::nullopt);  // 33 cells
  EXPECT_EQ(box(arc, grid, 2, 40), std::nullopt);  // strips: the 2 x n forms
  EXPECT_EQ(box(arc, grid, 1, 64), std::nullopt);
  EXPECT_EQ(box(DeletionRule::node, grid, 5, 7), std::nullopt);
  EXPECT_EQ(box(DeletionRule::node, grid, 3, 30), std::nullopt);
  EXPECT_EQ(box(DeletionRule::node, BoardAdjacency::queens, 7, 7), std::nullopt);
  // Each box holds every set of cells of the frame's height as wide as the box.
  for (const std::size_t rows : {3, 4, 5}) {
    const auto b = box(arc, grid, rows, 12);
    ASSERT_TRUE(b.has_value());
    EXPECT_EQ(b->first, rows);
    EXPECT_LE(b->first * b->second, 30u);
  }
}

TEST(EndgameDatabase, ABoardNoSearchNeedsOpensNoDatabase) {
  // Cram on an even x even grid is 0 by the copying strategy: no frame is made for it, so no
  // endgame database is computed or written (the 5 x 6 one takes seconds the first time).
  const test::TempDir folder;
  ComponentSearchOptions options;
  options.cache_directory = folder.path();
  options.threads = 1;
  BoardSearch search(DeletionRule::arc, BoardAdjacency::grid, options);
  auto full = [](std::size_t rows, std::size_t columns) {
    return BoardCells{.adjacency = BoardAdjacency::grid,
                      .rows = rows,
                      .columns = columns,
                      .cells = board_frame(BoardAdjacency::grid, rows, columns).all()};
  };
  for (const auto& [rows, columns] : {std::pair<std::size_t, std::size_t>{6, 6}, {10, 4}, {6, 8}}) {
    EXPECT_EQ(search.value(full(rows, columns)), 0u) << rows << "x" << columns;
    EXPECT_TRUE(search.has_value(full(rows, columns), 0));
    EXPECT_FALSE(search.has_value(full(rows, columns), 1));
  }
  EXPECT_TRUE(std::filesystem::is_empty(folder.path()));
  EXPECT_EQ(search.nodes(), 0u);
  // A board that needs a search opens its database: 3 x 5 (g = 1), the 4 x 6 box.
  EXPECT_EQ(search.value(full(3, 5)), 1u);
  EXPECT_TRUE(std::filesystem::exists(folder.path() / "endgame-arc-grid-4x6.gedb"));
}

}  // namespace
}  // namespace grundy
