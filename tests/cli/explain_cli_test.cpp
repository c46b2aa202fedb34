// `grundy explain`: the options of one position, their values, the mex, the winning options.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace {

using nlohmann::json;
using namespace grundy_test;

TEST(CliExplain, SubtractionTextHandChecked) {
  // sub(1,3,4) has values 0 1 0 1 2 3 2 (period 7): from 6 the options 5, 3, 2 have values 3, 1,
  // 0, so g(6) = mex {0, 1, 3} = 2, and the move to 2 is the one winning move.
  const RunResult r = run_grundy({"explain", "sub(1,3,4)", "6"});
  expect_success(r);
  EXPECT_CONTAINS(r.out, "sub(1,3,4):6: value 2 (first player wins)\n");
  EXPECT_CONTAINS(r.out, "option values {0, 1, 3}, mex 2\n");
  EXPECT_CONTAINS(r.out, "3 options, 1 winning (value 0)\n");
  EXPECT_CONTAINS(r.out, "  sub(1,3,4):2  value 0  wins\n");
  EXPECT_CONTAINS(r.out, "  sub(1,3,4):5  value 3\n");
  EXPECT_CONTAINS(r.out, "  sub(1,3,4):3  value 1\n");
  EXPECT_EQ(count_newlines(r.out), 6u) << r;
}

TEST(CliExplain, PPositionHasNoWinningOption) {
  // g(9) = mex {g(8), g(6), g(5)} = mex {1, 2, 3} = 0.
  const RunResult r = run_grundy({"explain", "sub(1,3,4)", "9"});
  expect_success(r);
  EXPECT_CONTAINS(r.out, "value 0 (second player wins)");
  EXPECT_CONTAINS(r.out, "option values {1..3}, mex 0\n");
  EXPECT_CONTAINS(r.out, "3 options, 0 winning");
  EXPECT_EQ(r.out.find("wins\n"), std::string::npos) << r;
}

TEST(CliExplain, SplitsAndEmptyOptionsInSpecLanguage) {
  // Dawson's Kayles 0.07 removes two tokens leaving one heap or two: from 4, either 0.07:2
  // (value 1) or 0.07:1 + 0.07:1 (value 0 xor 0 = 0); from 2, nothing is left ("0").
  const json doc = expect_json(run_grundy({"explain", "dawson", "4", "--json"}));
  EXPECT_EQ(doc["game"], "0.07");
  EXPECT_EQ(doc["position"], "4");
  EXPECT_EQ(doc["value"], 2);
  EXPECT_EQ(doc["mex"], 2);
  EXPECT_EQ(doc["winner"], "first");
  EXPECT_EQ(doc["option_count"], 2);
  EXPECT_EQ(doc["option_values"], json::parse("[0, 1]"));
  EXPECT_EQ(doc["option_values_truncated"], false);
  EXPECT_EQ(doc["options_omitted"], 0);
  EXPECT_EQ(doc["winning_move_count"], 1);
  ASSERT_EQ(doc["options"].size(), 2u);
  for (const json& o : doc["options"]) {
    if (o["option"] == "0.07:1 + 0.07:1") {
      EXPECT_EQ(o["value"], 0);
      EXPECT_EQ(o["winning"], true);
    } else {
      EXPECT_EQ(o["option"], "0.07:2");
      EXPECT_EQ(o["value"], 1);
      EXPECT_EQ(o["winning"], false);
    }
  }
  const json two = expect_json(run_grundy({"explain", "dawson", "2", "--json"}));
  ASSERT_EQ(two["options"].size(), 1u);
  EXPECT_EQ(two["options"][0]["option"], "0");
  EXPECT_EQ(two["value"], 1);
}

TEST(CliExplain, TerminalPosition) {
  const RunResult r = run_grundy({"explain", "nim", "0"});
  expect_success(r);
  EXPECT_EQ(r.out,
            "nim:0: value 0 (second player wins)\noption values {}, mex 0\n"
            "0 options, 0 winning (value 0)\n");
}

TEST(CliExplain, MaxOptionsCapsTheListingAndSaysHowManyWereOmitted) {
  const RunResult r = run_grundy({"explain", "nim", "50", "--max-options", "3"});
  expect_success(r);
  EXPECT_CONTAINS(r.out, "option values {0..49}, mex 50\n");
  EXPECT_CONTAINS(r.out, "50 options, 1 winning");
  EXPECT_CONTAINS(r.out, "  ... 47 more options (--max-options)\n");
  EXPECT_EQ(count_newlines(r.out), 3u + 3u + 1u) << r;

  const json doc =
      expect_json(run_grundy({"explain", "nim", "50", "--max-options", "3", "--json"}));
  EXPECT_EQ(doc["options"].size(), 3u);
  EXPECT_EQ(doc["options_omitted"], 47);
  EXPECT_EQ(doc["option_count"], 50);
  EXPECT_EQ(doc["option_values"].size(), 3u);
  EXPECT_EQ(doc["option_values_truncated"], true);
  EXPECT_EQ(doc["winning_move_count"], 1);
}

TEST(CliExplain, ValueSetShowsAtMostMaxOptionsRuns) {
  // Dawson's Kayles g(20) = 3: its options have values 0, 1, 2 and at least one above 3.
  const RunResult r = run_grundy({"explain", "0.07", "20", "--max-options", "1"});
  expect_success(r);
  EXPECT_CONTAINS(r.out, "option values {0..2, ...}, mex 3\n");
}

TEST(CliExplain, AgreesWithValueAndSolveOnKayles) {
  // Three faces over one library must tell the same story: explain's value is value's, and its
  // winning options are exactly solve's winning moves for the lone component.
  for (int n = 0; n <= 40; ++n) {
    const std::string pos = std::to_string(n);
    const json e = expect_json(run_grundy({"explain", "kayles", pos, "--json"}));
    const json v = expect_json(run_grundy({"value", "kayles", pos, "--json"}));
    const json s =
        expect_json(run_grundy({"solve", "kayles:" + pos, "--json", "--max-moves", "1000"}));
    EXPECT_EQ(e["value"], v["values"][0]["value"]) << n;
    EXPECT_EQ(e["winning_move_count"], s["winning_move_count"]) << n;
    std::vector<std::string> explain_wins, solve_wins;
    for (const json& o : e["options"])
      if (o["winning"] == true) explain_wins.push_back(o["option"]);
    for (const json& m : s["winning_moves"]) solve_wins.push_back(m["to"]);
    std::sort(explain_wins.begin(), explain_wins.end());
    std::sort(solve_wins.begin(), solve_wins.end());
    EXPECT_EQ(explain_wins, solve_wins) << n;
  }
}

TEST(CliExplain, BadInputIsOneLineExit2) {
  EXPECT_CONTAINS(expect_error(run_grundy({"explain", "0.9", "4"})), "spec column");
  EXPECT_CONTAINS(expect_error(run_grundy({"explain", "nim", "x"})), "position 'x' column 1");
  EXPECT_CONTAINS(expect_error(run_grundy({"explain", "nim", "3", "--max-options", "-1"})),
                  "--max-options '-1'");
  expect_error(run_grundy({"explain", "nim"}));
  // Far too many options to enumerate: refused, not left running.
  EXPECT_CONTAINS(expect_error(run_grundy({"explain", "nim", "1000000000000"})),
                  "more than 10000000 options");
}

}  // namespace
