// grundy census: a whole family from the command line, its report and verification, and bad
// input (a census killed and run again: census_runs_cli_test.cpp).
#include <gtest/gtest.h>

#include <algorithm>
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

/// The first `columns` fields of each line of a CSV report after its header, '|' between them
/// and a newline after each (as sqlite3 prints rows; the codes hold no comma or quote).
std::string csv_columns(const std::string& csv, std::size_t columns) {
  std::string out;
  std::size_t at = csv.find("\r\n") + 2;
  while (at < csv.size()) {
    const std::size_t end = csv.find("\r\n", at);
    std::size_t field_end = at;
    for (std::size_t k = 0; k < columns; ++k) field_end = csv.find(',', field_end) + 1;
    out += csv.substr(at, field_end - 1 - at);
    std::replace(out.end() - static_cast<std::ptrdiff_t>(field_end - 1 - at), out.end(), ',', '|');
    out += '\n';
    at = end + 2;
  }
  return out;
}

TEST(CensusCli, TheCensusViewGivesEachCodeItsOwnResult) {
  TempDir dir;
  const std::string db = dir / "c.db";
  // Budgets under which every code concerned is proven: 16 derived codes of octal:2 have a
  // preperiod other than their representative's (0.01 is 0.10 one place later), and 0.(2) has
  // preperiod 1 where its representative 0.(3) has 0.
  expect_success(run_grundy({"census", "octal:2", "--db", db, "--budget", "4096,0", "--extend",
                             "4096,0", "--threads", "2"}));
  expect_success(run_grundy({"census", "repeating:1", "--db", db, "--budget", "256,0", "--extend",
                             "256,0", "--threads", "2"}));
  EXPECT_EQ(sqlite(db,
                   "SELECT count(*) FROM census c JOIN results r ON r.game = c.representative "
                   "WHERE c.family = 'octal:2' AND c.class != 'open' AND "
                   "c.preperiod != r.preperiod"),
            "16\n");
  EXPECT_EQ(sqlite(db,
                   "SELECT code, preperiod FROM census WHERE code IN ('0.01', '0.40', "
                   "'4.40', '0.(2)') ORDER BY code"),
            "0.(2)|1\n0.01|3\n0.40|54\n4.40|72\n");
  const auto view = [&](const std::string& family) {
    return sqlite(db,
                  "SELECT code, game, class, values_computed, preperiod, period, saltus FROM "
                  "census WHERE family = '" +
                      family + "' ORDER BY ord");
  };
  for (const std::string family : {"octal:2", "repeating:1"}) {
    const std::string rows = view(family);
    EXPECT_EQ(count_newlines(rows), family == "octal:2" ? 128u : 14u) << rows;
    EXPECT_EQ(rows, sqlite(db,
                           "SELECT m.code, m.game, r.class, r.values_computed, r.preperiod, "
                           "r.period, r.saltus FROM members m LEFT JOIN results r ON r.game "
                           "= m.game WHERE m.family = '" +
                               family + "' ORDER BY m.ord"));
    const RunResult csv =
        run_grundy({"census", "report", "--db", db, "--family", family, "--format", "csv"});
    expect_success(csv);
    EXPECT_EQ(rows, csv_columns(csv.out, 7)) << family;
  }

  // A file of schema version 3 has the view that joined on the representative: a read-only
  // command leaves it so, a census makes the view again.
  sqlite(db,
         "DROP VIEW census; CREATE VIEW census AS SELECT m.family, m.ord, m.code, m.game, "
         "m.representative, m.relation, r.class, r.values_computed, r.preperiod, r.period, "
         "r.saltus, r.theorem, r.largest_value, r.rare_count, r.last_rare, r.regularity, "
         "r.seconds FROM members m LEFT JOIN results r ON r.game = m.representative; "
         "PRAGMA user_version = 3");
  ASSERT_NE(view("octal:2"), sqlite(db,
                                    "SELECT code, game, class, values_computed, preperiod, "
                                    "period, saltus FROM census WHERE 0"));
  const std::string old = view("octal:2"), bytes = file_bytes(db);
  ASSERT_NE(old.find("\n0.01|0.01|trivial|16|2|"), std::string::npos) << old;
  expect_success(run_grundy({"census", "report", "--db", db, "--family", "octal:2"}));
  expect_success(run_grundy({"census", "verify", "--db", db, "--family", "octal:2"}));
  EXPECT_EQ(file_bytes(db), bytes);
  const nlohmann::json again = expect_json(run_grundy(
      {"census", "octal:2", "--db", db, "--budget", "4096,0", "--extend", "4096,0", "--json"}));
  EXPECT_EQ(again["computed"], 0);
  EXPECT_EQ(sqlite(db, "PRAGMA user_version"), "4\n");
  EXPECT_NE(view("octal:2"), old);
  EXPECT_NE(view("octal:2").find("\n0.01|0.01|trivial|6|3|"), std::string::npos);
}

/// The names of the files in `dir`, sorted.
std::string listing(const std::string& dir) {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    names.push_back(e.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  std::string out;
  for (const std::string& n : names) out += n + "\n";
  return out;
}

TEST(CensusCli, ReadOnlyCommandsLeaveEveryFileAsItWas) {
  TempDir dir;
  const std::string empty = dir / "empty.db", missing = dir / "missing.db",
                    foreign = dir / "foreign.db", future = dir / "future.db",
                    past = dir / "past.db", noise = dir / "noise.db", real = dir / "real.db";
  std::ofstream{empty};
  std::filesystem::create_directory(dir / "folder.db");
  sqlite(foreign, "CREATE TABLE t(x); INSERT INTO t VALUES (1)");
  sqlite(future, "CREATE TABLE t(x); PRAGMA user_version = 9");
  sqlite(past, "CREATE TABLE t(x); PRAGMA user_version = -3");
  {
    std::ofstream out(noise, std::ios::binary);
    std::uint32_t x = 12345;
    for (int k = 0; k < 8192; ++k) {
      x = x * 1664525u + 1013904223u;
      out.put(static_cast<char>(x >> 24));
    }
  }
  const std::vector<std::pair<std::string, std::string>> refused{
      {empty, "empty file"},
      {missing, "no such file"},
      {foreign, "an SQLite file without the census tables"},
      {future, "schema version 9, this grundy reads versions 1 to 4"},
      {past, "schema version -3, this grundy reads versions 1 to 4"},
      {noise, "not an SQLite file"},
      {dir / "folder.db", "a directory"}};
  const std::string files = listing(dir / "");
  std::vector<std::string> bytes;
  for (const auto& [path, why] : refused) bytes.push_back(file_bytes(path));
  for (const std::vector<std::string>& command : std::vector<std::vector<std::string>>{
           {"census", "report"},
           {"census", "report", "--format", "csv"},
           {"census", "report", "--misere", "--family", "octal:1"},
           {"census", "verify"},
           {"census", "verify", "--json"}}) {
    for (std::size_t k = 0; k < refused.size(); ++k) {
      std::vector<std::string> args = command;
      args.push_back("--db");
      args.push_back(refused[k].first);
      const RunResult r = run_grundy(args);
      EXPECT_EQ(r.exit_code, 2) << r;
      EXPECT_EQ(r.out, "") << r;
      EXPECT_EQ(r.err, "grundy: error: '" + refused[k].first + "' is not a census database (" +
                           refused[k].second + ")\n");
      EXPECT_EQ(file_bytes(refused[k].first), bytes[k]) << refused[k].first;
    }
  }
  EXPECT_EQ(listing(dir / ""), files);
  EXPECT_FALSE(std::filesystem::exists(missing));

  // A real database is read and left as it was: at rest after a census (a rollback journal), and
  // in WAL mode with no -wal file beside it (as a file of an earlier grundy is left).
  expect_success(
      run_grundy({"census", "octal:1", "--db", real, "--budget", "4096,0", "--extend", "4096,0"}));
  for (const char* mode : {"delete", "wal"}) {
    EXPECT_EQ(sqlite(real, std::string("PRAGMA journal_mode = ") + mode), mode + std::string("\n"));
    const std::string before = file_bytes(real), listed = listing(dir / "");
    const RunResult csv = run_grundy({"census", "report", "--db", real, "--format", "csv"});
    expect_success(csv);
    EXPECT_EQ(count_newlines(csv.out), 17u);
    const RunResult verify = run_grundy({"census", "verify", "--db", real});
    expect_success(verify);
    EXPECT_CONTAINS(verify.out, "15 certificates: 15 verified completely");
    EXPECT_EQ(file_bytes(real), before) << mode;
    EXPECT_EQ(listing(dir / ""), listed) << mode;
  }
}

TEST(CensusCli, TheHelpListsEveryFamily) {
  const RunResult help = run_grundy({"census", "--help"});
  expect_success(help);
  for (const char* family : {"octal:K (K = 1..6)", "hex:K (K = 1..4)", "sub:M (M = 1..20)",
                             "allbut:M (M = 1..20)", "repeating:K (K = 1..6)"}) {
    EXPECT_CONTAINS(help.out, std::string("\n  ") + family + "  ");
  }
  EXPECT_CONTAINS(help.out, "repeating:K (K = 1..6)  every 0.d1..d(K-1)(dK) and 4.d1..d(K-1)(dK)");
  EXPECT_CONTAINS(help.out, "(octal:K, hex:K, sub:M, allbut:M, repeating:K)");
  EXPECT_CONTAINS(expect_error(run_grundy({"census", "octal:9"})), "; repeating:K with K = 1..6 (");
  EXPECT_CONTAINS(expect_error(run_grundy({"census"})), "allbut:M, repeating:K), or report");
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
