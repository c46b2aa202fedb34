// `grundy explain`: the options of one position, their values, the mex, the winning options.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
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
  // winning options are exactly solve's winning moves for the lone component. Every heap to 13,
  // then a few up to 40 (past Kayles' last exceptional value at 70 the values are periodic; the
  // library's tests check every value against OEIS A002186).
  for (int n : {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 18, 23, 29, 34, 40}) {
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

// ---------------------------------------------------------------------------------------------
// Loopy graphs: Smith's generalised values
// ---------------------------------------------------------------------------------------------

/// The value of a loopy position as `value --json` gives it: a number, or the string `inf{K}`.
json value_json(const std::string& game, const std::string& position) {
  return expect_json(run_grundy({"value", game, position, "--json"}))["values"][0]["value"];
}

TEST(CliExplain, LoopyInfiniteValueIsADrawBySmithsRule) {
  // loopy.txt: a <-> b, b -> c -> d. a = inf{} (its one option b is infinite), b = inf{1}. The
  // mex of a's finite option values is 0, and b has no option of value 0 (its options are a,
  // infinite, and c, value 1): the value is infinite, and a draw since 0 is not in {}.
  const std::string g = graph_game("loopy.txt");
  const RunResult r = run_grundy({"explain", g, "a"});
  expect_success(r);
  EXPECT_EQ(r.out, g + ":a: value inf{} (draw)\n" +
                       "option values {}, 1 infinite, mex 0\n"
                       "Smith's rule: the value is the mex m of the finite option values if every "
                       "infinite option has an option of value m, else inf{K}, K the finite "
                       "option values (the escape set)\n"
                       "infinite: 1 infinite option has no option of value 0: " +
                       g + ":b (inf{1})\n" +
                       "a draw: 0 is not in the escape set {}\n"
                       "1 option, 0 winning (value 0), 1 keeping the draw\n"
                       "  " +
                       g + ":b  value inf{1}  keeps the draw\n");

  const json doc = expect_json(run_grundy({"explain", g, "a", "--json"}));
  EXPECT_EQ(doc["value"], "inf{}");
  EXPECT_EQ(doc["value"], value_json(g, "a"));
  EXPECT_EQ(doc["winner"], "draw");
  EXPECT_EQ(doc["mex"], 0);
  EXPECT_EQ(doc["escape_set"], json::array());
  EXPECT_EQ(doc["option_values"], json::array());
  EXPECT_EQ(doc["infinite_option_count"], 1);
  EXPECT_EQ(doc["irreversible_option_count"], 1);
  EXPECT_EQ(doc["irreversible_options"],
            json::parse(R"([{"option": ")" + g + R"(:b", "value": "inf{1}"}])"));
  EXPECT_EQ(doc["winning_move_count"], 0);
  EXPECT_EQ(doc["keeping_draw_count"], 1);
  ASSERT_EQ(doc["options"].size(), 1u);
  EXPECT_EQ(doc["options"][0]["value"], "inf{1}");
  EXPECT_EQ(doc["options"][0]["winning"], false);
  EXPECT_EQ(doc["options"][0]["keeps_draw"], true);
}

TEST(CliExplain, LoopyDrawKeptOnlyByTheInfiniteOption) {
  // b = inf{1}: c (value 1) is a first-player win for the opponent; a = inf{} keeps the draw.
  const std::string g = graph_game("loopy.txt");
  const json doc = expect_json(run_grundy({"explain", g, "b", "--json"}));
  EXPECT_EQ(doc["value"], "inf{1}");
  EXPECT_EQ(doc["value"], value_json(g, "b"));
  EXPECT_EQ(doc["winner"], "draw");
  EXPECT_EQ(doc["escape_set"], json::parse("[1]"));
  EXPECT_EQ(doc["option_values"], json::parse("[1]"));
  EXPECT_EQ(doc["mex"], 0);
  EXPECT_EQ(doc["keeping_draw_count"], 1);
  for (const json& o : doc["options"]) {
    EXPECT_EQ(o["keeps_draw"], o["option"] == g + ":a") << o;
    EXPECT_EQ(o["winning"], false) << o;
    EXPECT_EQ(o["value"], o["option"] == g + ":a" ? json("inf{}") : json(1)) << o;
  }
  // solve agrees: a draw.
  EXPECT_EQ(expect_json(run_grundy({"solve", g + ":b", "--json"}))["winner"], "draw");
}

TEST(CliExplain, LoopyInfiniteValueWithZeroInItsEscapeSetIsAWin) {
  // e = inf{0}: a self-loop and a move to the terminal d. The mex of the finite option values is
  // 1 and the infinite option e has no option of value 1; 0 in {0}: the move to d wins.
  const std::string g = graph_game("loopy.txt");
  const RunResult r = run_grundy({"explain", g, "e"});
  expect_success(r);
  EXPECT_CONTAINS(r.out, g + ":e: value inf{0} (first player wins)\n");
  EXPECT_CONTAINS(r.out, "option values {0}, 1 infinite, mex 1\n");
  EXPECT_CONTAINS(r.out,
                  "infinite: 1 infinite option has no option of value 1: " + g + ":e (inf{0})\n");
  EXPECT_CONTAINS(r.out, "first player wins: 0 is in the escape set {0}\n");
  EXPECT_CONTAINS(r.out, "2 options, 1 winning (value 0)\n");
  EXPECT_CONTAINS(r.out, "  " + g + ":d  value 0  wins\n");
  EXPECT_CONTAINS(r.out, "  " + g + ":e  value inf{0}\n");

  const json doc = expect_json(run_grundy({"explain", g, "e", "--json"}));
  EXPECT_EQ(doc["value"], value_json(g, "e"));
  EXPECT_EQ(doc["winner"], "first");
  EXPECT_EQ(doc["escape_set"], json::parse("[0]"));
  EXPECT_EQ(doc["winning_move_count"], 1);
  const json s = expect_json(run_grundy({"solve", g + ":e", "--json"}));
  EXPECT_EQ(s["winner"], "first");
  EXPECT_EQ(s["winning_move_count"], doc["winning_move_count"]);
}

TEST(CliExplain, LoopyFiniteValueWithAnInfiniteOptionIsNotAPlainMex) {
  // reversible.txt: u -> v, v -> v, v -> w. u = 0 although its only option v is infinite
  // (inf{0}): Smith's rule takes the mex over the finite option values only (0), and v has an
  // option of value 0, so the move u -> v is answered by v -> w.
  const std::string g = graph_game("reversible.txt");
  const RunResult r = run_grundy({"explain", g, "u"});
  expect_success(r);
  EXPECT_EQ(r.out, g + ":u: value 0 (second player wins)\n" +
                       "option values {}, 1 infinite, mex 0\n"
                       "Smith's rule: the value is the mex m of the finite option values if every "
                       "infinite option has an option of value m, else inf{K}, K the finite "
                       "option values (the escape set)\n"
                       "finite: every infinite option has an option of value 0 (a move there is "
                       "answered by a move back to value 0)\n"
                       "1 option, 0 winning (value 0)\n"
                       "  " +
                       g + ":v  value inf{0}\n");
  const json doc = expect_json(run_grundy({"explain", g, "u", "--json"}));
  EXPECT_EQ(doc["value"], 0);
  EXPECT_EQ(doc["value"], value_json(g, "u"));
  EXPECT_EQ(doc["winner"], "second");
  EXPECT_EQ(doc["mex"], 0);
  EXPECT_EQ(doc["infinite_option_count"], 1);
  EXPECT_EQ(doc["irreversible_option_count"], 0);
  EXPECT_FALSE(doc.contains("escape_set"));
  EXPECT_EQ(doc["options"][0]["value"], "inf{0}");
  EXPECT_EQ(doc["options"][0]["keeps_draw"], false);
}

TEST(CliExplain, AgreesWithValueAndSolveOnEveryLoopyVertex) {
  // Every vertex of the loopy test graphs: explain's value is value's, its winner solve's, and
  // its winning options solve's winning moves.
  const std::vector<std::pair<std::string, std::vector<std::string>>> graphs{
      {"loopy.txt", {"a", "b", "c", "d", "e"}},
      {"draw.txt", {"p", "q", "l", "t"}},
      {"escape.txt", {"a", "b", "t"}},
      {"trap.txt", {"hold", "back", "start", "end"}},
      {"reversible.txt", {"u", "v", "w"}}};
  for (const auto& [file, vertices] : graphs) {
    const std::string g = graph_game(file);
    for (const std::string& v : vertices) {
      const json e = expect_json(run_grundy({"explain", g, v, "--json"}));
      const json s =
          expect_json(run_grundy({"solve", g + ":" + v, "--json", "--max-moves", "100"}));
      EXPECT_EQ(e["value"], value_json(g, v)) << file << ' ' << v;
      EXPECT_EQ(e["winner"], s["winner"]) << file << ' ' << v;
      EXPECT_EQ(e["winning_move_count"], s["winning_move_count"]) << file << ' ' << v;
      std::vector<std::string> explain_wins, solve_wins;
      for (const json& o : e["options"])
        if (o["winning"] == true) explain_wins.push_back(o["option"]);
      for (const json& m : s["winning_moves"]) solve_wins.push_back(m["to"]);
      std::sort(explain_wins.begin(), explain_wins.end());
      std::sort(solve_wins.begin(), solve_wins.end());
      EXPECT_EQ(explain_wins, solve_wins) << file << ' ' << v;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Heaps beyond any table: the values from the proven period, as solve gets them
// ---------------------------------------------------------------------------------------------

TEST(CliExplain, HugeKaylesHeapThroughTheProvenPeriod) {
  // Kayles (0.77) from n = 10^12: take 1 or 2 from the end (n - 1, n - 2) or from inside (a split
  // a + (n - 1 - a), 1 <= a <= (n - 1) / 2, or a + (n - 2 - a), 1 <= a <= (n - 2) / 2): 2 +
  // 499999999999 + 499999999999 = 10^12 options, too many to enumerate; their values are counted
  // per residue through the proven period, as solve counts its winning moves.
  const std::string n = "1000000000000";
  const json doc =
      expect_json(run_grundy({"explain", "kayles", n, "--max-options", "3", "--json"}));
  EXPECT_EQ(doc["value"], value_json("kayles", n));
  EXPECT_EQ(doc["mex"], doc["value"]);
  EXPECT_EQ(doc["option_count"], 1000000000000);
  EXPECT_EQ(doc["options_omitted"], 1000000000000 - 3);
  ASSERT_EQ(doc["options"].size(), 3u);
  const json s = expect_json(run_grundy({"solve", "kayles:" + n, "--json"}));
  EXPECT_EQ(doc["winning_move_count"], s["winning_move_count"]);
  EXPECT_EQ(doc["winner"], s["winner"]);
  EXPECT_TRUE(doc.contains("values_from_period")) << doc;
  // Each listed option's value is the XOR of its parts' values, as value gives them.
  for (const json& o : doc["options"]) {
    const std::string text = o["option"];
    std::uint64_t x = 0;
    for (std::size_t at = 0; at < text.size();) {
      const std::size_t colon = text.find(':', at);
      const std::size_t end = std::min(text.find(" + ", colon), text.size());
      x ^= value_json("kayles", text.substr(colon + 1, end - colon - 1)).get<std::uint64_t>();
      at = end == text.size() ? end : end + 3;
    }
    EXPECT_EQ(o["value"], x) << o;
    EXPECT_EQ(o["winning"], x == 0) << o;
  }
  // Every value below the mex is some option's, and the list of values is complete.
  const json all = expect_json(run_grundy({"explain", "kayles", n, "--json"}));
  EXPECT_EQ(all["option_values_truncated"], false);
  for (std::uint64_t v = 0; v < doc["mex"].get<std::uint64_t>(); ++v) {
    EXPECT_NE(std::find(all["option_values"].begin(), all["option_values"].end(), json(v)),
              all["option_values"].end())
        << v;
  }

  const RunResult r = run_grundy({"explain", "kayles", n, "--max-options", "2"});
  expect_success(r);
  EXPECT_CONTAINS(r.out, "0.77:" + n + ": value ");
  EXPECT_CONTAINS(r.out, "1000000000000 options, ");
  EXPECT_CONTAINS(r.out, "counted through the proven period");
  EXPECT_CONTAINS(r.out, "  ... 999999999998 more options (--max-options)\n");
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
