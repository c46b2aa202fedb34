// `grundy quotient` and misère solve through the quotient, through the command.
#include <gtest/gtest.h>

#include <string>

#include "cli_runner.hpp"

namespace grundy_test {
namespace {

using nlohmann::json;

TEST(CliQuotient, TameNimJson) {
  const json d = expect_json(run_grundy({"quotient", "nim", "--max-heap", "3", "--json"}));
  EXPECT_EQ(d["game"], "nim");
  EXPECT_EQ(d["play"], "misere");
  EXPECT_EQ(d["order"], 6);
  EXPECT_EQ(d["p_count"], 2);
  EXPECT_EQ(d["tame"], true);
  EXPECT_EQ(d["tame_quotient"], "T2");
  EXPECT_EQ(d["phi"].size(), 4u);
  EXPECT_EQ(d["orders"].size(), 4u);
  EXPECT_EQ(d["table"].size(), 6u);
  EXPECT_EQ(d["elements"][0], "1");
  EXPECT_EQ(d["periodicity"], "observed");
}

TEST(CliQuotient, TextLines) {
  const RunResult r = run_grundy({"quotient", "kayles", "--max-heap", "12"});
  expect_success(r);
  EXPECT_EQ(r.out.rfind("misere quotient of 0.77, heaps 0..12\norder ", 0), 0u) << r;
  const RunResult dawson = run_grundy({"quotient", "0.07", "--max-heap", "20"});
  expect_success(dawson);
  EXPECT_CONTAINS(dawson.out, "\norder 24, P-portion ");
  EXPECT_CONTAINS(dawson.out, "\nwild (not a quotient of misere Nim)\n");
  EXPECT_CONTAINS(r.out, "\ngenerators: a = heap 1");
  EXPECT_CONTAINS(r.out, "\nrelations: ");
  EXPECT_CONTAINS(r.out, "\nlast grew at heap ");
  EXPECT_CONTAINS(r.out, "\nphi: 0=1 1=a ");
  EXPECT_EQ(count_newlines(r.out), 8u) << r;
}

TEST(CliQuotient, Errors) {
  EXPECT_CONTAINS(expect_error(run_grundy({"quotient", "wythoff"})), "heap game");
  EXPECT_CONTAINS(expect_error(run_grundy({"quotient", "0.07", "--max-heap", "x"})), "--max-heap");
  EXPECT_CONTAINS(
      expect_error(run_grundy({"quotient", "0.07", "--max-heap", "30", "--max-work", "1000"})),
      "--max-work");
  EXPECT_CONTAINS(
      expect_error(run_grundy({"quotient", "0.07", "--max-heap", "30", "--max-memory", "1K"})),
      "quotient");
}

TEST(CliQuotient, SolveMisereThroughTheQuotient) {
  // Beyond the search's state budget, within the quotient's: the answer is the product of the
  // heaps' classes in the quotient the command prints.
  const json s = expect_json(
      run_grundy({"solve", "0.77:60 + 0.77:61", "--misere", "--max-states", "1000", "--json"}));
  const json q = expect_json(run_grundy({"quotient", "0.77", "--max-heap", "61", "--json"}));
  const int x = q["table"][q["phi"][60].get<int>()][q["phi"][61].get<int>()];
  bool in_p = false;
  for (const auto& p : q["p_portion"]) in_p = in_p || p.get<int>() == x;
  EXPECT_EQ(s["winner"], in_p ? "second" : "first") << s.dump();
}

}  // namespace
}  // namespace grundy_test
