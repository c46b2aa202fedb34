// --max-memory is exact: a table of exactly the limit is built, one byte less of limit refuses it
// (exit 2, one line naming --max-memory), one byte more builds it too. The dense table, the
// sparse-space engine's store and the grid tables, as `grundy value` sizes them.
#include <gtest/gtest.h>

#include <string>

#include "cli_runner.hpp"
#include "grundy/analysis/sparse_space.hpp"
#include "grundy/solve/dense_solver.hpp"
#include "grundy/solve/grid_solver.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

using grundy_test::expect_error;
using grundy_test::expect_success;
using grundy_test::run_grundy;

void expect_exact_limit(const std::string& game, const std::string& position, std::uint64_t bytes) {
  SCOPED_TRACE(game + " " + position + ": " + std::to_string(bytes) + " bytes");
  auto run = [&](std::uint64_t limit) {
    return run_grundy(
        {"value", game, position, "--no-cache", "--max-memory", std::to_string(limit)});
  };
  const std::string message = expect_error(run(bytes - 1));
  EXPECT_NE(message.find("above the memory limit of"), std::string::npos) << message;
  EXPECT_NE(message.find("(--max-memory)"), std::string::npos) << message;
  expect_success(run(bytes));
  expect_success(run(bytes + 1));
}

TEST(MemoryLimitCli, DenseTable) {
  expect_exact_limit("digits", "1000", DenseSolver::table_bytes(1000));
}

TEST(MemoryLimitCli, SparseSpaceEngine) {
  // Below the heaps answered through a period (4096): the engine's own table, 1 byte a value.
  expect_exact_limit("0.6", "1000", SparseSpaceSolver::table_bytes(1000, 1));
}

TEST(MemoryLimitCli, GridTables) {
  // Symmetric games keep x <= y: g(0..10, 0..20). (The cutting game's values come from its
  // closed form, without a table.)
  expect_exact_limit("wythoff", "10,20",
                     GridSolver(*parse_game("wythoff"), Limits{}).table_bytes(11, 21));
}

/// bitcount(k) builds its table of G(popcount) inside the game, outside every solver: the same
/// limit bounds it (it once ignored --max-memory: k = 20 grew to 11 GB in 12 s before refusing).
TEST(MemoryLimitCli, BitcountTableWithinTheLimit) {
  const std::string message = expect_error(run_grundy(
      {"value", "bitcount(20)", "18446744073709551615", "--max-memory", "64M", "--no-cache"}));
  EXPECT_NE(message.find("the value table of bitcount(20)"), std::string::npos) << message;
  EXPECT_NE(message.find("above the memory limit of 64.0 MiB (--max-memory)"), std::string::npos)
      << message;
  expect_error(run_grundy({"value", "bitcount(10)", "18446744073709551615", "--max-memory", "64M"}));
  // Within the limit it answers: G(64) = 23734709 for k = 7 (the family's comment).
  const grundy_test::RunResult ok = run_grundy(
      {"value", "bitcount(7)", "18446744073709551615", "--max-memory", "256M", "--no-cache"});
  expect_success(ok);
  EXPECT_EQ(ok.out, "23734709\n");
}

/// A component search keeps the whole process within --max-memory: its table gets the bound less
/// the endgame database and a reserve for the program itself. Cram 5 x 8 fills about 25 MiB of
/// table; under 32M the table had the bound less the 8 MiB database, and the process peaked at
/// 33.4 MiB. (A sanitizer build's shadow memory is outside every bound: not measured there.)
TEST(MemoryLimitCli, ComponentSearchProcessWithinTheLimit) {
#if defined(GRUNDY_SANITIZED_COMMAND)
  // The command tests are built without the sanitizer; the command they run has it.
  GTEST_SKIP() << "the command's sanitizer shadow memory is not bounded";
#endif
  for (const std::string threads : {"1", "2"}) {
    SCOPED_TRACE("threads " + threads);
    const grundy_test::RunResult run = run_grundy({"value", "cram", "5x8", "--threads", threads,
                                                   "--max-memory", "32M", "--no-cache"});
    expect_success(run);
    EXPECT_EQ(run.out, "1\n");
    EXPECT_GT(run.peak_kib, 0);
    EXPECT_LE(run.peak_kib, 32 * 1024) << "peak resident memory in KiB";
  }
}

}  // namespace
}  // namespace grundy
