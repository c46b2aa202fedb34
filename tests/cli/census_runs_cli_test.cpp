// grundy census killed with SIGKILL and run again (a few seconds of work: Release only).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "census_cli.hpp"
#include "cli_runner.hpp"

namespace grundy_test {
namespace {

TEST(CensusRuns, KilledAndRunAgainEndsAsAnUninterruptedRun) {
  TempDir dir;
  const std::vector<std::string> census{"census",   "octal:2",  "--budget", "65536,0",
                                        "--extend", "65536,0", "--threads", "2"};
  auto with_db = [&](const std::string& db) {
    std::vector<std::string> args = census;
    args.push_back("--db");
    args.push_back(db);
    return args;
  };
  const std::string clean = dir / "clean.db", killed = dir / "killed.db";
  expect_success(run_grundy(with_db(clean), std::nullopt, std::chrono::minutes(5)));
  // SIGKILL mid-run, twice (the census takes a few seconds), then to the end.
  for (int attempt = 0; attempt < 2; ++attempt) {
    const RunResult r = run_grundy(with_db(killed), std::nullopt, std::chrono::milliseconds(800));
    ASSERT_TRUE(r.timed_out) << "the census ended before it could be killed: " << r;
  }
  expect_success(run_grundy(with_db(killed), std::nullopt, std::chrono::minutes(5)));
  EXPECT_EQ(sqlite(killed, kResults), sqlite(clean, kResults));
  EXPECT_EQ(sqlite(killed, "SELECT game, representative, relation FROM equivalences ORDER BY game"),
            sqlite(clean, "SELECT game, representative, relation FROM equivalences ORDER BY game"));
  // Three runs recorded, the killed ones unfinished, each counting the games it stored: under one
  // budget every game not derived is computed by one run and kept by the next.
  EXPECT_EQ(sqlite(killed, "SELECT count(*), count(finished) FROM runs"), "3|1\n");
  EXPECT_EQ(sqlite(killed, "SELECT id, games_computed FROM runs ORDER BY id"),
            sqlite(killed,
                   "SELECT r.id, (SELECT count(*) FROM results s WHERE s.run = r.id AND s.game NOT "
                   "IN (SELECT game FROM members WHERE relation IN ('offset', 'proven_equal'))) "
                   "FROM runs r ORDER BY r.id"));
  EXPECT_EQ(sqlite(killed, "SELECT sum(games_computed) FROM runs"),
            sqlite(clean, "SELECT games_computed FROM runs"));
}

}  // namespace
}  // namespace grundy_test
