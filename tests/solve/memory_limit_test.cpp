// The memory limit is exact for every table: a table of exactly the limit is built, one byte
// more is refused (ResourceError, before anything is computed), and a limit one byte above is
// as good as exact. The dense solver, the value store, the sparse-space engine and the grid
// solver, at each of their widths and shapes.
#include <gtest/gtest.h>

#include <string>

#include "grundy/analysis/sparse_space.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/value_store.hpp"
#include "grundy/solve/dense_solver.hpp"
#include "grundy/solve/grid_solver.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

Limits limit(std::uint64_t bytes) {
  return Limits{.max_memory_bytes = bytes};
}

/// Runs `build` with the limit at `bytes` - 1, `bytes` and `bytes` + 1: refused (and `untouched`
/// then), built, built.
template <class Build, class Untouched>
void expect_exact(std::uint64_t bytes, Build build, Untouched untouched) {
  SCOPED_TRACE(std::to_string(bytes) + " bytes");
  ASSERT_GT(bytes, 0u);
  try {
    build(limit(bytes - 1));
    ADD_FAILURE() << "built one byte past the limit";
  } catch (const ResourceError& e) {
    EXPECT_NE(std::string(e.what()).find("(--max-memory)"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(untouched()) << "a refusal left work behind";
  EXPECT_NO_THROW(build(limit(bytes))) << "refused exactly at the limit";
  EXPECT_NO_THROW(build(limit(bytes + 1)));
}

TEST(MemoryLimit, DenseTable) {
  const auto game = parse_game("digits");
  for (std::uint64_t n : {0u, 1u, 1000u, 4095u}) {
    std::uint64_t computed = 0;
    expect_exact(
        DenseSolver::table_bytes(n),
        [&](Limits limits) {
          DenseSolver solver(*game, limits);
          computed = 0;
          solver.extend_to(n);
          computed = solver.size();
          EXPECT_EQ(solver.size(), n + 1);
        },
        [&] { return computed == 0; });
  }
  EXPECT_EQ(DenseSolver::table_bytes(1000), 4004u);
}

TEST(MemoryLimit, ValueStoreAtEachWidth) {
  for (int width : {1, 2, 4}) {
    SCOPED_TRACE(std::to_string(width) + "-byte values");
    const std::uint64_t values = 10000;
    std::uint64_t capacity = 0;
    expect_exact(
        values * static_cast<std::uint64_t>(width),
        [&](Limits limits) {
          MemoryValueStore store(limits);
          capacity = 0;
          store.widen(width, 0);  // the first page: below every limit here
          store.reserve(values);
          capacity = store.capacity();
          EXPECT_GE(store.capacity(), values);
          store.set(values - 1, ValueStore::max_value(width));
          EXPECT_EQ(store.at(values - 1), ValueStore::max_value(width));
        },
        [&] { return capacity == 0; });
  }
}

TEST(MemoryLimit, SparseSpaceEngine) {
  const auto game = parse_game("0.77");
  for (std::uint64_t n : {100u, 5000u}) {
    std::uint64_t size = 0;
    expect_exact(
        SparseSpaceSolver::table_bytes(n, 1),
        [&](Limits limits) {
          SparseSpaceSolver solver(*game->traits().take_break, limits);
          size = 0;
          solver.extend_to(n);
          size = solver.size();
          EXPECT_EQ(solver.value_bytes(), 1);  // kayles' values stay below 256
          EXPECT_EQ(solver.size(), n + 1);
        },
        [&] { return size == 0; });
  }
}

TEST(MemoryLimit, GridTables) {
  // cut: cells only; wythoff: cells and the queen-move line sets; both symmetric (x <= y kept).
  for (const char* spec : {"cut", "wythoff"}) {
    const auto game = parse_game(spec);
    ASSERT_TRUE(game->traits().layout == Layout::grid);
    for (auto [x, y] : {std::pair<std::uint64_t, std::uint64_t>{10, 20}, {40, 3}, {0, 7}}) {
      SCOPED_TRACE(std::string(spec) + " to " + std::to_string(x) + "," + std::to_string(y));
      const std::uint64_t rows = std::min(x, y) + 1, columns = std::max(x, y) + 1;
      std::uint64_t built = 0;
      expect_exact(
          GridSolver(*game, limit(0)).table_bytes(rows, columns),
          [&](Limits limits) {
            GridSolver solver(*game, limits);
            built = 0;
            solver.extend_to(x, y);
            built = solver.rows() * solver.columns();
            EXPECT_EQ(solver.rows(), rows);
          },
          [&] { return built == 0; });
    }
  }
  // A cell is 4 bytes: the check is exact, not rounded to pages or words.
  EXPECT_EQ(GridSolver(*parse_game("cut"), limit(0)).table_bytes(11, 21), 11u * 21 * 4);
}

}  // namespace
}  // namespace grundy
