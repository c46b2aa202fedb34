// grundy census --misere: every code's misère quotient into the census database, each row equal
// to what `grundy quotient` computes for that code; reruns, the report, a database of schema
// version 1 upgraded in place, bad input.
#include <gtest/gtest.h>

#include <string>

#include "census_cli.hpp"
#include "cli_runner.hpp"

namespace grundy_test {
namespace {

TEST(MisereCensusCli, EveryCodesQuotientAsTheQuotientCommandGivesIt) {
  TempDir dir;
  const std::string db = dir / "m.db";
  const nlohmann::json s = expect_json(
      run_grundy({"census", "octal:1", "--misere", "--db", db, "--max-heap", "12", "--json"}));
  EXPECT_EQ(s["play"], "misere");
  EXPECT_EQ(s["ranks"], 1);
  EXPECT_EQ(s["members"], 16);
  EXPECT_EQ(s["games"], 16);
  EXPECT_EQ(s["computed"], 16);
  EXPECT_EQ(s["tame"].get<int>() + s["wild"].get<int>() + s["not_stabilised"].get<int>(), 16);
  for (const std::string code : {"0.1", "0.4", "0.6", "4.3", "4.4", "0.7"}) {
    SCOPED_TRACE(code);
    const nlohmann::json q =
        expect_json(run_grundy({"quotient", code, "--max-heap", "12", "--no-cache", "--json"}));
    const std::string row =
        sqlite(db,
               "SELECT complete, reached, quotient_order, p_count, stable_from, tame FROM "
               "misere_quotients WHERE game = '" +
                   code + "'");
    const std::string tame = q["tame"] ? q["tame_quotient"].get<std::string>() : "wild";
    EXPECT_EQ(row, "1|12|" + std::to_string(q["order"].get<int>()) + "|" +
                       std::to_string(q["p_count"].get<int>()) + "|" +
                       std::to_string(q["stable_from"].get<int>()) + "|" + tame + "\n");
  }
  // Nothing to do again; a tiny budget stops a wild game early, and says where.
  const nlohmann::json again = expect_json(
      run_grundy({"census", "octal:1", "--misere", "--db", db, "--max-heap", "12", "--json"}));
  EXPECT_EQ(again["computed"], 0);
  EXPECT_EQ(again["kept"], 16);
  const nlohmann::json small =
      expect_json(run_grundy({"census", "octal:1", "--misere", "--db", db, "--max-heap", "30",
                              "--max-work", "100000", "--slice", "4,1", "--json"}));  // 0.4
  EXPECT_EQ(small["not_stabilised"], 1);
  const std::string stopped = sqlite(
      db, "SELECT complete, reached < 30, max_work FROM misere_quotients WHERE game = '0.4'");
  EXPECT_EQ(stopped, "0|1|100000\n");

  const RunResult md =
      run_grundy({"census", "report", "--misere", "--db", db, "--family", "octal:1"});
  expect_success(md);
  EXPECT_CONTAINS(md.out, "# Misère quotients of octal:1\n");
  EXPECT_CONTAINS(md.out,
                  "| 0.1 | 0.1 | \\|Q\\| = 2, \\|P\\| = 1, last grew at heap 1, the quotient "
                  "of every heap size (phi(n + 1) = phi(n) for n \\>= 2, proven), T1 |\n");
  EXPECT_CONTAINS(md.out, "| 0.4 | 0.4 | not stabilised by heap ");
  const RunResult csv = run_grundy(
      {"census", "report", "--misere", "--db", db, "--family", "octal:1", "--format", "csv"});
  expect_success(csv);
  EXPECT_EQ(count_newlines(csv.out), 17u);
  EXPECT_EQ(csv.out.rfind("code,game,complete,max_heap,reached,order,p_count,stable_from,tame,"
                          "seconds,periodicity,phi_preperiod,phi_period,powers_at_least,"
                          "order_at_least\r\n",
                          0),
            0u);
  const RunResult html = run_grundy(
      {"census", "report", "--misere", "--db", db, "--family", "octal:1", "--format", "html"});
  expect_success(html);
  EXPECT_CONTAINS(html.out, "<td>not stabilised by heap ");
  EXPECT_CONTAINS(expect_error(run_grundy({"census", "report", "--misere", "--db", db})),
                  "--family");
}

TEST(MisereCensusCli, ASchemaVersionOneDatabaseIsUpgradedInPlace) {
  TempDir dir;
  const std::string db = dir / "old.db";
  expect_success(run_grundy({"census", "octal:1", "--db", db, "--budget", "4096,0", "--extend",
                             "4096,0", "--slice", "0,3"}));
  // What a database of the previous schema looks like: no misère table, version 1.
  sqlite(db, "DROP TABLE misere_quotients; PRAGMA user_version = 1");
  ASSERT_EQ(sqlite(db, "PRAGMA user_version"), "1\n");
  const std::string results = sqlite(db, kResults);
  // The report reads it as it is (no misère quotients yet) and leaves it as it was.
  const std::string bytes = file_bytes(db);
  expect_success(run_grundy({"census", "report", "--db", db}));
  const RunResult none =
      run_grundy({"census", "report", "--misere", "--db", db, "--family", "octal:1"});
  expect_success(none);
  EXPECT_CONTAINS(none.out, "not computed");
  EXPECT_EQ(file_bytes(db), bytes);
  // A census opens it for writing: it gets the misère table and the schema of today.
  expect_success(run_grundy(
      {"census", "octal:1", "--misere", "--db", db, "--max-heap", "8", "--slice", "0,3"}));
  EXPECT_EQ(sqlite(db, "PRAGMA user_version"), "4\n");
  EXPECT_EQ(sqlite(db, "SELECT count(*) FROM misere_quotients"), "3\n");
  EXPECT_EQ(sqlite(db, kResults), results);
  // The normal report still reads it, and the misère report finds the family by itself.
  expect_success(run_grundy({"census", "report", "--db", db}));
  expect_success(run_grundy({"census", "report", "--misere", "--db", db}));
}

TEST(MisereCensusCli, ProvenPeriodsAndWhatAStoppedQuotientProvedAreStored) {
  TempDir dir;
  const std::string db = dir / "p.db";
  // 0.75: Φ has period 2 from heap 8, proven by heap 32 (the default: until it is proven). 0.76:
  // heap 12 never closes; within the budget the trials there prove more than the 34 elements
  // verified to heap 11.
  const nlohmann::json s =
      expect_json(run_grundy({"census", "octal:2", "--misere", "--db", db, "--max-work", "20000000",
                              "--slice", "61,2", "--json"}));
  EXPECT_EQ(s["proven"], 1);
  EXPECT_EQ(s["not_stabilised"], 1);
  EXPECT_EQ(sqlite(db,
                   "SELECT complete, quotient_order, periodicity, phi_preperiod, phi_period, "
                   "powers_at_least IS NULL FROM misere_quotients WHERE game = '0.75'"),
            "1|8|proven|8|2|1\n");
  // The row ends where the quotient command's complete quotient ends.
  const nlohmann::json q = expect_json(run_grundy({"quotient", "0.75", "--no-cache", "--json"}));
  EXPECT_EQ(q["complete"], true);
  EXPECT_EQ(sqlite(db, "SELECT max_heap, reached FROM misere_quotients WHERE game = '0.75'"),
            "100000|" + std::to_string(q["max_heap"].get<int>()) + "\n");
  EXPECT_EQ(sqlite(db,
                   "SELECT complete, reached, quotient_order, stable_from, "
                   "powers_at_least >= 2, order_at_least > quotient_order FROM misere_quotients "
                   "WHERE game = '0.76'"),
            "0|11|34|11|1|1\n");
  const RunResult md =
      run_grundy({"census", "report", "--misere", "--db", db, "--family", "octal:2"});
  expect_success(md);
  EXPECT_CONTAINS(md.out,
                  "the quotient of every heap size (phi(n + 2) = phi(n) for n \\>= 8, "
                  "proven), wild |\n");
  EXPECT_CONTAINS(md.out, "; proven at heap 12: \\|Q\\| \\>= ");
  // A database of schema version 2 (no such columns): the report reads it as it is, without
  // upgrading it; a census gets it the columns, its rows keeping what they had.
  sqlite(db,
         "ALTER TABLE misere_quotients DROP COLUMN periodicity; ALTER TABLE misere_quotients DROP "
         "COLUMN phi_preperiod; ALTER TABLE misere_quotients DROP COLUMN phi_period; ALTER TABLE "
         "misere_quotients DROP COLUMN powers_at_least; ALTER TABLE misere_quotients DROP COLUMN "
         "order_at_least; PRAGMA user_version = 2");
  ASSERT_EQ(sqlite(db, "PRAGMA user_version"), "2\n");
  const std::string version_2 = file_bytes(db);
  const RunResult old = run_grundy(
      {"census", "report", "--misere", "--db", db, "--family", "octal:2", "--format", "csv"});
  expect_success(old);
  EXPECT_EQ(file_bytes(db), version_2);
  EXPECT_CONTAINS(
      old.out, "\r\n0.75,0.75,true,100000," + std::to_string(q["max_heap"].get<int>()) + ",8,2,");
  // A rerun computes the complete row again for what it lacks; the stopped one is kept.
  const nlohmann::json rerun =
      expect_json(run_grundy({"census", "octal:2", "--misere", "--db", db, "--max-work", "20000000",
                              "--slice", "61,2", "--json"}));
  EXPECT_EQ(rerun["computed"], 1);
  EXPECT_EQ(rerun["kept"], 1);
  EXPECT_EQ(sqlite(db, "PRAGMA user_version"), "4\n");
  EXPECT_EQ(sqlite(db, "SELECT periodicity FROM misere_quotients WHERE game = '0.75'"), "proven\n");
}

TEST(MisereCensusCli, ABudgetEndingInALongPreperiodSaysTheQuotientWasNotGrowing) {
  TempDir dir;
  const std::string db = dir / "l.db";
  // 0.644 (member 420 of octal:3) has 172 elements from heap 333 on, and Φ's period is proven
  // near heap 7400: 3*10^6 steps end between the two. And 0.4 (member 4 of octal:1) stops inside
  // a heap that is in no class of the heaps below: its quotient grows there.
  expect_success(run_grundy(
      {"census", "octal:3", "--misere", "--db", db, "--max-work", "3000000", "--slice", "420,1"}));
  expect_success(run_grundy(
      {"census", "octal:1", "--misere", "--db", db, "--max-work", "100000", "--slice", "4,1"}));
  EXPECT_EQ(sqlite(db,
                   "SELECT complete, quotient_order, stable_from, reached > stable_from, "
                   "order_at_least IS NULL FROM misere_quotients WHERE game = '0.644'"),
            "0|172|333|1|1\n");
  EXPECT_EQ(sqlite(db,
                   "SELECT complete, order_at_least = quotient_order + 1 FROM misere_quotients "
                   "WHERE game = '0.4'"),
            "0|1\n");
  const RunResult md =
      run_grundy({"census", "report", "--misere", "--db", db, "--family", "octal:3"});
  expect_success(md);
  EXPECT_CONTAINS(md.out,
                  "| 0.644 | 0.644 | \\|Q\\| = 172, \\|P\\| = 7, last grew at heap 333, "
                  "unchanged to heap ");
  EXPECT_CONTAINS(md.out, " (observed); the budget (3000000 steps) ended before a proof, wild |\n");
  const RunResult small =
      run_grundy({"census", "report", "--misere", "--db", db, "--family", "octal:1"});
  EXPECT_CONTAINS(small.out, "| 0.4 | 0.4 | not stabilised by heap ");
}

TEST(MisereCensusCli, BadInputIsOneLineAndExitTwo) {
  TempDir dir;
  const std::string db = dir / "b.db";
  EXPECT_CONTAINS(
      expect_error(run_grundy({"census", "octal:1", "--misere", "--db", db, "--max-heap", "x"})),
      "--max-heap");
  EXPECT_CONTAINS(
      expect_error(run_grundy({"census", "octal:1", "--misere", "--db", db, "--max-work", "-3"})),
      "--max-work");
  EXPECT_CONTAINS(
      expect_error(run_grundy({"census", "octal:1", "--misere", "--db", db, "--slice", "99,1"})),
      "--slice");
}

}  // namespace
}  // namespace grundy_test
