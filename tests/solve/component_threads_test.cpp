// The component search on several threads (the top's options shared, helpers, the table doubling
// while the threads wait at safe points, a stop flag) gives the values of one thread: a test of
// the ThreadSanitizer build too.
#include <gtest/gtest.h>

#include <atomic>
#include <random>

#include "grundy/rules/board_shape.hpp"
#include "grundy/rules/graph_notation.hpp"
#include "grundy/solve/board_search.hpp"
#include "grundy/solve/graph_search.hpp"

namespace grundy {
namespace {

BoardCells full_board(std::size_t rows, std::size_t columns) {
  return BoardCells{.adjacency = BoardAdjacency::grid,
                    .rows = rows,
                    .columns = columns,
                    .cells = board_frame(BoardAdjacency::grid, rows, columns).all()};
}

TEST(ComponentThreads, BoardsGiveTheValuesOfOneThread) {
  for (const DeletionRule rule : {DeletionRule::arc, DeletionRule::node}) {
    BoardSearch one(rule, BoardAdjacency::grid, {.threads = 1});
    BoardSearch two(rule, BoardAdjacency::grid, {.threads = 2});
    BoardSearch three(rule, BoardAdjacency::grid, {.threads = 3});
    for (const auto& [r, c] : {std::pair<std::size_t, std::size_t>{4, 7}, {5, 6}, {3, 12}}) {
      const Value v = one.value(full_board(r, c));
      EXPECT_EQ(two.value(full_board(r, c)), v) << r << "x" << c;
      EXPECT_EQ(three.value(full_board(r, c)), v) << r << "x" << c;
      EXPECT_TRUE(two.has_value(full_board(r, c), v));
      EXPECT_FALSE(three.has_value(full_board(r, c), v + 1));
    }
  }
}

TEST(ComponentThreads, OptionsPutOffAtTheTopByTheirBudgetKeepTheValues) {
  // A budget of one batch of nodes puts off almost every option at the top to a later pass (the
  // budget growing fourfold each pass); the values and answers stay those of a search that asks
  // each option to its answer in turn, on one thread and on two.
  for (const DeletionRule rule : {DeletionRule::arc, DeletionRule::node}) {
    BoardSearch plain(rule, BoardAdjacency::grid, {.top_budget = 0, .threads = 1});
    BoardSearch one(rule, BoardAdjacency::grid, {.top_budget = 256, .threads = 1});
    BoardSearch two(rule, BoardAdjacency::grid, {.top_budget = 256, .threads = 2});
    for (const auto& [r, c] : {std::pair<std::size_t, std::size_t>{4, 7}, {5, 6}, {3, 12}}) {
      const Value v = plain.value(full_board(r, c));
      EXPECT_EQ(one.value(full_board(r, c)), v) << r << "x" << c;
      EXPECT_EQ(two.value(full_board(r, c)), v) << r << "x" << c;
      EXPECT_TRUE(two.has_value(full_board(r, c), v));
      EXPECT_FALSE(one.has_value(full_board(r, c), v + 1));
    }
    // The passes are a different search: one thread expands other nodes than the plain one.
    EXPECT_NE(one.nodes(), plain.nodes());
  }
}

TEST(ComponentThreads, TheTableDoublesWhileThreadsSearch) {
  // Bound 13 MiB beside the endgame database (which counts against it): the table starts at
  // 4 MiB and may double once (old and new together within the bound); Cram 5 x 7 stores a
  // quarter of a million entries.
  const auto [rows, columns] = BoardSearch::database_box(DeletionRule::arc, BoardAdjacency::grid);
  const std::uint64_t bound =
      (std::uint64_t{13} << 20) + EndgameDatabase::bytes_for(rows, columns);
  BoardSearch two(DeletionRule::arc, BoardAdjacency::grid,
                  {.limits = Limits{.max_memory_bytes = bound}, .threads = 2});
  EXPECT_EQ(two.value(full_board(5, 7)), 1u);
  EXPECT_GT(two.table_bytes(), std::uint64_t{4} << 20);
  EXPECT_LE(two.table_bytes() + EndgameDatabase::bytes_for(rows, columns), bound);
}

TEST(ComponentThreads, GraphsGiveTheValuesOfOneThread) {
  std::mt19937_64 rng(51);
  GraphSearch one(DeletionRule::node, {.threads = 1});
  GraphSearch two(DeletionRule::node, {.threads = 2});
  for (int trial = 0; trial < 6; ++trial) {
    SimpleGraph g(22);
    std::bernoulli_distribution edge(0.15);
    for (std::size_t a = 0; a < 22; ++a) {
      for (std::size_t b = a + 1; b < 22; ++b) {
        if (edge(rng)) g.add_edge(a, b);
      }
    }
    EXPECT_EQ(two.value(g), one.value(g)) << trial;
  }
}

TEST(ComponentThreads, AStoppedSearchStopsEveryThread) {
  std::atomic<bool> stop{false};
  ComponentSearchOptions options{.threads = 2};
  options.stop = &stop;
  options.progress = [&](const ComponentSearchProgress& p) {
    if (p.nodes > 20000) stop = true;
  };
  BoardSearch search(DeletionRule::arc, BoardAdjacency::grid, options);
  EXPECT_THROW(search.value(full_board(6, 7)), SearchStopped);
  stop = false;
  BoardSearch again(DeletionRule::arc, BoardAdjacency::grid, {.threads = 2});
  EXPECT_EQ(again.value(full_board(4, 5)), 2u);
}

}  // namespace
}  // namespace grundy
