#include "grundy/solve/grid_solver.hpp"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "brute_force.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/memo_solver.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

TEST(GridSolver, ExtendsIncrementallyAndFoldsSymmetricGames) {
  const auto game = parse_game("cut");
  GridSolver grown(*game, Limits{});
  test::BruteForce brute(*game);
  for (Position p : {Position{5, 7}, Position{9, 3}, Position{2, 20}, Position{14, 14}}) {
    EXPECT_EQ(grown.value(p), brute.value(p));
  }
  // Stored once per pair {w, h}, in the orientation w <= h.
  EXPECT_EQ(grown.rows(), 15u);
  EXPECT_EQ(grown.columns(), 21u);
  GridSolver fresh(*game, Limits{});
  fresh.extend_to(14, 20);
  for (std::uint64_t w = 2; w <= 20; ++w) {
    for (std::uint64_t h = 2; h <= 14; ++h) {
      EXPECT_EQ(grown.value({w, h}), fresh.value({h, w}));
      EXPECT_EQ(grown.value({w, h}), brute.value({w, h}));
    }
  }
}

TEST(GridSolver, RefusesBeforeAllocating) {
  const auto game = parse_game("cut");
  GridSolver solver(*game, Limits{.max_memory_bytes = 1 << 20});
  EXPECT_NO_THROW(solver.extend_to(100, 100));
  try {
    solver.extend_to(1000, 1000);  // 4 MB of 32-bit values
    FAIL();
  } catch (const ResourceError& e) {
    EXPECT_NE(std::string(e.what()).find("1.00 MiB"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("cut"), std::string::npos) << e.what();
  }
  EXPECT_EQ(solver.rows(), 101u);  // nothing was lost
  EXPECT_THROW(solver.extend_to(kMaxCoordinate, kMaxCoordinate), ResourceError);
  EXPECT_EQ(solver.value({4, 2}), 1u);
}

TEST(GridSolver, RefusesHoursOfWork) {
  // 3 x 10^7 cells fit in memory, but each has up to 5 * 10^6 options.
  const auto game = parse_game("cut");
  GridSolver solver(*game, Limits{});
  EXPECT_THROW(solver.extend_to(2, 10000000), ResourceError);
  EXPECT_EQ(solver.rows(), 0u);
}

TEST(GridSolver, QueenMovesAgreeWithTheGenericSearch) {
  // Wythoff's table by line sets against the memoised search over its options.
  const auto game = parse_game("wythoff");
  GridSolver grid(*game, Limits{});
  MemoSolver memo(*game, Limits{});
  grid.extend_to(70, 50);
  for (std::uint64_t x = 0; x <= 70; ++x) {
    for (std::uint64_t y = 0; y <= 70; ++y) {
      ASSERT_EQ(grid.value({x, y}), memo.value({x, y})) << x << "," << y;
    }
  }
}

/// A grid game seen only through options() (no fast path), symmetric or not as asked: the
/// generic way of filling the table.
class OptionsOnly final : public Game {
 public:
  OptionsOnly(std::shared_ptr<const Game> inner, bool symmetric)
      : Game(inner->name()), inner_(std::move(inner)) {
    set_traits({.layout = Layout::grid, .symmetric = symmetric});
  }
  Position parse_position(Scanner& in) const override { return inner_->parse_position(in); }
  std::string format_position(const Position& p) const override {
    return inner_->format_position(p);
  }
  void options(const Position& p, OptionVisitor& visit) const override {
    inner_->options(p, visit);
  }
  std::vector<Position> sample_positions(std::size_t count) const override {
    return inner_->sample_positions(count);
  }

 private:
  std::shared_ptr<const Game> inner_;
};

TEST(GridSolver, FastPathsAgreeWithTheGenericFill) {
  for (const char* spec : {"cut", "wythoff"}) {
    SCOPED_TRACE(spec);
    const auto game = parse_game(spec);
    GridSolver fast(*game, Limits{});
    OptionsOnly folded_game(game, true);
    OptionsOnly full_game(game, false);
    GridSolver folded(folded_game, Limits{});
    GridSolver full(full_game, Limits{});
    full.extend_to(45, 30);
    folded.extend_to(30, 45);
    for (std::uint64_t x = 0; x <= 45; ++x) {
      for (std::uint64_t y = 0; y <= 30; ++y) {
        const Value g = full.value({x, y});
        ASSERT_EQ(folded.value({x, y}), g) << x << "," << y;
        ASSERT_EQ(folded.value({y, x}), g) << x << "," << y;
        if (std::string(spec) != "cut" || (x >= 2 && y >= 2)) {
          ASSERT_EQ(fast.value({x, y}), g) << x << "," << y;
        }
      }
    }
    // Growing in steps keeps the values of a table filled at once.
    GridSolver stepwise(folded_game, Limits{});
    for (std::uint64_t n : {3u, 10u, 11u, 29u}) stepwise.extend_to(n, 2 * n);
    for (std::uint64_t x = 0; x <= 29; ++x) {
      for (std::uint64_t y = 0; y <= 29; ++y) {
        ASSERT_EQ(stepwise.value({x, y}), full.value({x, y}));
      }
    }
  }
}

TEST(GridSolver, ReportsProgressRowByRowAndDropsATableStoppedThere) {
  // Each fill path (generic, cuts, queen moves) reports after each row, the last report the
  // whole box; a progress callback that throws (Ctrl-C) leaves no half-filled table.
  for (const char* spec : {"corner", "cut", "wythoff"}) {
    const auto game = parse_game(spec);
    GridSolver solver(*game, Limits{});
    std::vector<std::pair<std::uint64_t, std::uint64_t>> calls;
    solver.set_progress(
        [&](std::uint64_t done, std::uint64_t total) { calls.emplace_back(done, total); });
    solver.extend_to(29, 40);
    ASSERT_EQ(calls.size(), solver.rows()) << spec;
    for (std::size_t i = 1; i < calls.size(); ++i) EXPECT_GT(calls[i].first, calls[i - 1].first);
    EXPECT_EQ(calls.back().first, calls.back().second) << spec;
    EXPECT_EQ(calls.back().second, solver.rows() * solver.columns()) << spec;

    GridSolver stopped(*game, Limits{});
    stopped.set_progress([](std::uint64_t done, std::uint64_t total) {
      if (2 * done > total) throw Error("interrupted");
    });
    EXPECT_THROW(stopped.extend_to(29, 40), Error);
    EXPECT_EQ(stopped.rows(), 0u);
    stopped.set_progress({});
    EXPECT_EQ(stopped.value({29, 40}), solver.value({29, 40})) << spec;
  }
}

TEST(GridSolver, NeedsAGridOrderedGame) {
  EXPECT_THROW(GridSolver(*parse_game("nim"), Limits{}), std::logic_error);
}

}  // namespace
}  // namespace grundy
