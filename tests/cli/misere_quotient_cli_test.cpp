// Misère play through the quotient in the command: solve of sums of several heap games, explain
// --misere, play --misere — each against the exact search (`--no-quotient`).
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace grundy_test {
namespace {

using nlohmann::json;

json solve(const std::string& sum, bool quotient) {
  std::vector<std::string> args{"solve",       sum,    "--misere",     "--json",
                                "--max-moves", "1000", "--max-states", "20000000"};
  if (!quotient) args.push_back("--no-quotient");
  return expect_json(run_grundy(args));
}

TEST(CliMisereQuotient, SumsOfSeveralHeapGamesAgreeWithTheSearch) {
  for (const std::string sum : {"kayles:14 + kayles:9 + 0.07:8 + 0.07:5", "kayles:30 + kayles:21",
                                "kayles:10 + kayles:9 + kayles:8 + 0.07:7 + 0.07:6 + nim:1",
                                "0.07:12 + 0.07:11 + 0.07:9 + kayles:4 + nim:2"}) {
    SCOPED_TRACE(sum);
    const json q = solve(sum, true);
    const json s = solve(sum, false);
    EXPECT_EQ(q["decided_by"], "quotient");
    EXPECT_EQ(s["decided_by"], "search");
    for (const char* field : {"winner", "winning_moves", "winning_move_count"}) {
      EXPECT_EQ(q[field], s[field]) << field;
    }
  }
  // Small sums are searched (quicker than building a quotient), Nim alone by its closed form.
  EXPECT_EQ(solve("kayles:4 + 0.07:3", true)["decided_by"], "search");
  EXPECT_EQ(solve("nim:4 + nim:1", true)["decided_by"], "closed form");
}

TEST(CliMisereQuotient, PastTheSearchsBudgetTheQuotientGoesFurther) {
  // Heaps past 64, whose search would be refused: the quotient to the largest heap decides, as
  // the table `grundy quotient` prints says.
  const json s = expect_json(
      run_grundy({"solve", "kayles:300 + kayles:250", "--misere", "--no-cache", "--json"}));
  EXPECT_EQ(s["decided_by"], "quotient");
  const json q =
      expect_json(run_grundy({"quotient", "kayles", "--max-heap", "300", "--no-cache", "--json"}));
  const int x = q["table"][q["phi"][300].get<int>()][q["phi"][250].get<int>()];
  bool in_p = false;
  for (const auto& p : q["p_portion"]) in_p = in_p || p.get<int>() == x;
  EXPECT_EQ(s["winner"], in_p ? "second" : "first") << s.dump();
  EXPECT_CONTAINS(
      expect_error(run_grundy({"solve", "kayles:300 + kayles:250", "--misere", "--no-quotient"})),
      "--max-states");
}

TEST(CliMisereQuotient, ExplainGivesEachOptionsClassAndOutcome) {
  const json e =
      expect_json(run_grundy({"explain", "kayles", "20", "--misere", "--no-cache", "--json"}));
  EXPECT_EQ(e["play"], "misere");
  ASSERT_TRUE(e["quotient"].is_object()) << e.dump();
  EXPECT_EQ(e["quotient"]["game"], "0.77");
  // Past heap 20, on to the proof of Φ's period (heaps 0..167 suffice; checked every 16 heaps).
  EXPECT_EQ(e["quotient"]["max_heap"], 176);
  EXPECT_EQ(e["quotient"]["complete"], true);
  EXPECT_EQ(e["winner"], solve("kayles:20", false)["winner"]);
  EXPECT_EQ(e["quotient"]["in_p"], e["winner"] == "second");
  // Every option's outcome is the search's, and the winning ones are exactly solve's moves.
  std::vector<std::string> winning;
  int count = 0;
  for (const json& o : e["options"]) {
    const std::string option = o["option"];
    EXPECT_EQ(o["winner"], solve(option, false)["winner"]) << option;
    EXPECT_EQ(o["winning"], o["winner"] == "second") << option;
    EXPECT_FALSE(o["element"].get<std::string>().empty());
    if (o["winning"]) winning.push_back(option);
    ++count;
  }
  EXPECT_EQ(e["option_count"], count);
  EXPECT_EQ(e["winning_move_count"], winning.size());
  std::vector<std::string> solved;
  for (const json& m : solve("kayles:20", false)["winning_moves"]) solved.push_back(m["to"]);
  std::sort(winning.begin(), winning.end());
  std::sort(solved.begin(), solved.end());
  EXPECT_EQ(winning, solved);

  const RunResult text = run_grundy({"explain", "kayles", "12", "--misere", "--no-cache"});
  expect_success(text);
  // Kayles' quotient is computed on to the proof of its period: that of every heap size.
  EXPECT_EQ(text.out.rfind("0.77:12: misère P (second player wins)\nmisère quotient of 0.77, "
                           "heaps 0..176: order 40, P-portion 9; the position is ",
                           0),
            0u)
      << text;
  EXPECT_CONTAINS(text.out, ", in P\ncomplete (proven for every heap size)\n");
  EXPECT_CONTAINS(text.out, "\n12 options, 0 winning (misère P-positions)\n");
}

TEST(CliMisereQuotient, ExplainSearchesWhatNoQuotientDecides) {
  const RunResult r = run_grundy({"explain", "wythoff", "3,5", "--misere"});
  expect_success(r);
  EXPECT_CONTAINS(r.out, "\nby the exact search (not decided by a misère quotient)\n");
  const json e =
      expect_json(run_grundy({"explain", "0.07", "9", "--misere", "--no-quotient", "--json"}));
  EXPECT_TRUE(e["quotient"].is_null());
  const json q = expect_json(run_grundy({"explain", "0.07", "9", "--misere", "--json"}));
  ASSERT_EQ(e["options"].size(), q["options"].size());
  for (std::size_t i = 0; i < e["options"].size(); ++i) {
    EXPECT_EQ(e["options"][i]["winner"], q["options"][i]["winner"]) << i;
  }
  EXPECT_CONTAINS(expect_error(run_grundy({"explain", "0.07", "9", "--no-quotient"})),
                  "--no-quotient needs --misere");
  EXPECT_CONTAINS(expect_error(run_grundy({"explain", "0.07", "9", "--max-states", "5"})),
                  "--max-states needs --misere");
  EXPECT_CONTAINS(expect_error(run_grundy({"solve", "0.07:9", "--no-quotient"})),
                  "--no-quotient needs --misere");
  EXPECT_CONTAINS(
      expect_error(run_grundy({"explain", "wythoff", "30,50", "--misere", "--max-states", "100"})),
      "--max-states");
}

TEST(CliMisereQuotient, AstronomicalHeapsGoThroughTheProvenPeriodOfPhi) {
  // Kayles' Φ has period 12 from heap 71, proven from heaps 0..167: a heap of 10^18 tokens is
  // in the class of heap 71 + (10^18 - 71) mod 12.
  const std::string huge = "1000000000000000000";
  const std::string sum = "kayles:" + huge + " + kayles:3";
  const json s = solve(sum, true);
  EXPECT_EQ(s["decided_by"], "quotient");
  EXPECT_EQ(s["winner"], "first");
  ASSERT_TRUE(s["winning_moves_truncated"]) << s.dump();
  ASSERT_EQ(s["winning_moves"].size(), 1000u);
  // Each listed move is legal and leaves a sum that solve finds lost for the player to move.
  int checked = 0;
  for (const json& m : s["winning_moves"]) {
    if (checked++ % 97 != 0) continue;
    const std::string left = m["component"] == 0
                                 ? m["to"].get<std::string>() + " + 0.77:3"
                                 : "0.77:" + huge + " + " + m["to"].get<std::string>();
    EXPECT_EQ(solve(left, true)["winner"], "second") << left;
  }
  // explain counts every option of the heap by class: n - 1 or n - 2 tokens left, as one heap
  // or two, 10^18 options in all; the winning ones are solve's count for the heap alone.
  const json e = expect_json(run_grundy({"explain", "kayles", huge, "--misere", "--json"}));
  EXPECT_EQ(e["option_count"], huge);
  EXPECT_EQ(e["winner"], "first");
  ASSERT_TRUE(e["quotient"].is_object()) << e.dump();
  EXPECT_EQ(e["quotient"]["phi_period"]["preperiod"], 71);
  EXPECT_EQ(e["quotient"]["phi_period"]["period"], 12);
  EXPECT_EQ(e["winning_move_count"], solve("kayles:" + huge, true)["winning_move_count"]);
  // What no proven period covers is refused in one line.
  EXPECT_CONTAINS(expect_error(run_grundy({"solve", "grundy:100000", "--misere"})),
                  "no periodicity theorem for such quotients covers grundy");
  EXPECT_CONTAINS(expect_error(run_grundy({"solve", "kayles:100000 + 0.75:3", "--misere"})),
                  "for a sum of heaps of one game only");
}

TEST(CliMisereQuotient, PlayWinsFromAnNPositionPastTheSearchBudget) {
  // The exact search of this sum needs more states than play's default budget (it is refused
  // with --no-quotient); through the quotient the computer, moving first from an N-position,
  // wins whatever the human plays (here always the first listed move).
  const std::string sum = "kayles:30 + kayles:21";
  ASSERT_EQ(solve(sum, true)["winner"], "first");
  EXPECT_CONTAINS(expect_error(run_grundy({"play", sum, "--misere", "--no-quotient"}, "quit\n")),
                  "--max-states");
  std::string input;
  for (int i = 0; i < 60; ++i) input += "1\n";
  const RunResult r = run_grundy({"play", sum, "--misere", "--computer-first", "--json"}, input);
  expect_success(r);
  std::istringstream lines(r.out);
  std::string line, last;
  int computer_moves = 0;
  // The start event says which quotient plays, and that it is Kayles' of every heap size.
  ASSERT_TRUE(std::getline(lines, line));
  const json start = json::parse(line);
  EXPECT_EQ(start["event"], "start");
  EXPECT_EQ(start["quotient"]["game"], "0.77");
  EXPECT_EQ(start["quotient"]["complete"], true);
  const RunResult text = run_grundy({"play", sum, "--misere", "--computer-first"}, "quit\n");
  EXPECT_CONTAINS(text.out,
                  "misère play: whoever cannot move wins\nplayed through the misère quotient of "
                  "0.77: complete (proven for every heap size)\n");
  while (std::getline(lines, line)) {
    const json event = json::parse(line);
    if (event["event"] == "move" && event["player"] == "computer") {
      ++computer_moves;
      EXPECT_EQ(event["verdict"], "win") << line;
    }
    last = line;
  }
  EXPECT_GT(computer_moves, 1);
  const json end = json::parse(last);
  EXPECT_EQ(end["event"], "end");
  EXPECT_EQ(end["winner"], "computer") << r;
}

}  // namespace
}  // namespace grundy_test
