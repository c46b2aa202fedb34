// grundy census killed with SIGKILL and run again (a few seconds of work: Release only).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli_runner.hpp"

namespace grundy_test {
namespace {

class TempDir {
 public:
  TempDir() {
    char name[] = "/tmp/grundy-census-cli-XXXXXX";
    if (::mkdtemp(name) == nullptr) std::abort();
    path_ = name;
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

/// Runs `sqlite3 DB QUERY` (the documented way to query a census) and returns its output.
std::string sqlite(const std::string& db, const std::string& query) {
  const std::string command = "sqlite3 '" + db + "' \"" + query + "\" 2>&1";
  std::string out;
  if (FILE* p = ::popen(command.c_str(), "r")) {
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, p)) out.append(buffer, n);
    ::pclose(p);
  }
  return out;
}

/// Every column of the results that does not depend on timing, run or date.
const char* kResults =
    "SELECT game, class, values_computed, preperiod, period, saltus, theorem, largest_value, "
    "largest_first, rare_mask, rare_count, last_rare, regularity, observed_preperiod, "
    "observed_period FROM results ORDER BY game";

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
  // Three runs recorded, the killed ones unfinished.
  EXPECT_EQ(sqlite(killed, "SELECT count(*), count(finished) FROM runs"), "3|1\n");
}

}  // namespace
}  // namespace grundy_test
