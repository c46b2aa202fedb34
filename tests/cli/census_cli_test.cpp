// grundy census: a whole family from the command line, its report and verification, and bad
// input (a census killed and run again: census_runs_cli_test.cpp).
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "census_cli.hpp"
#include "cli_runner.hpp"

namespace grundy_test {
namespace {

TEST(CensusCli, ClassifiesReportsAndVerifiesAFamily) {
  TempDir dir;
  const std::string db = dir / "c.db";
  const nlohmann::json s = expect_json(run_grundy(
      {"census", "octal:1", "--db", db, "--budget", "4096,0", "--extend", "4096,0", "--json"}));
  EXPECT_EQ(s["family"], "octal:1");
  EXPECT_EQ(s["members"], 16);
  EXPECT_EQ(s["games"], 16);
  EXPECT_EQ(s["derived"], 3);  // 0.2 -> 0.3, 4.0 -> 0.7, 4.2 -> 0.7
  EXPECT_EQ(s["computed"].get<int>() + s["derived"].get<int>(), 16);
  EXPECT_EQ(s["trivial"].get<int>() + s["solved"].get<int>() + s["open"].get<int>(), 16);
  // Kayles-like 4.4 (as published for 0.4's offset family) and 0.4 come out with their periods.
  EXPECT_EQ(sqlite(db, "SELECT preperiod, period FROM results WHERE game = '0.4'"), "54|34\n");
  EXPECT_EQ(sqlite(db, "SELECT class FROM results WHERE game = '0.6'"), "open\n");

  const RunResult csv = run_grundy({"census", "report", "--db", db, "--format", "csv"});
  expect_success(csv);
  EXPECT_EQ(count_newlines(csv.out), 17u);

  const RunResult verify = run_grundy({"census", "verify", "--db", db});
  expect_success(verify);
  EXPECT_CONTAINS(verify.out, " 0 failed");
  const nlohmann::json v = expect_json(run_grundy({"census", "verify", "--db", db, "--json"}));
  EXPECT_EQ(v["failed"], 0);
  EXPECT_EQ(v["certificates"], 15);
  EXPECT_EQ(v["complete"], 15);

  // Run again: nothing to compute, nothing changed.
  const std::string before = sqlite(db, kResults);
  const nlohmann::json again = expect_json(run_grundy(
      {"census", "octal:1", "--db", db, "--budget", "4096,0", "--extend", "4096,0", "--json"}));
  EXPECT_EQ(again["computed"], 0);
  EXPECT_EQ(again["kept"], 13);
  EXPECT_EQ(sqlite(db, kResults), before);

  // A tampered certificate fails verification (exit 2, named).
  sqlite(db, "UPDATE results SET certificate = replace(certificate, 'period 34', 'period 33') "
             "WHERE game = '0.4'");
  const RunResult bad = run_grundy({"census", "verify", "--db", db});
  EXPECT_EQ(bad.exit_code, 2) << bad;
  EXPECT_CONTAINS(bad.out, "FAILED 0.4");
  EXPECT_CONTAINS(bad.err, "1 row(s)");
}

TEST(CensusCli, BadInputIsOneLineAndExitTwo) {
  TempDir dir;
  const std::string db = dir / "c.db";
  std::ofstream(dir / "text.db") << "this is a text file, not a census database\n";
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"census", "octal:9", "--db", db},
           {"census", "nim:3", "--db", db},
           {"census", "--db", db},
           {"census", "octal:1", "--db", db, "--budget", "0"},
           {"census", "octal:1", "--db", db, "--budget", "10,abc"},
           {"census", "octal:1", "--db", db, "--budget", "10,-1"},
           {"census", "octal:1", "--db", db, "--slice", "3"},
           {"census", "octal:1", "--db", dir / "text.db"},
           {"census", "report", "--db", dir / "missing.db"},
           {"census", "report", "--db", dir / "text.db"},
           {"census", "report", "--db", db, "--format", "pdf"},
           {"census", "verify", "--db", dir / "missing.db"},
       }) {
    const RunResult r = run_grundy(args);
    EXPECT_EQ(r.exit_code, 2) << args[1] << " " << args.back() << "\n" << r;
    EXPECT_EQ(count_newlines(r.err), 1u) << r;
    EXPECT_EQ(r.err.rfind("grundy: error: ", 0), 0u) << r;
  }
  EXPECT_FALSE(std::filesystem::exists(db)) << "a refused census leaves no database";
}

}  // namespace
}  // namespace grundy_test
