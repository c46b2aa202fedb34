// The command on the classic families (staircase, welter, moore(K), hackenbush, chomp): values,
// winning moves and explanations checked by hand or against the families' theorems, notations
// printed back normalised, and bad or huge input refused with one line and exit 2.
#include <algorithm>
#include <chrono>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace {

using namespace grundy_test;
using nlohmann::json;

std::string run_ok(const std::vector<std::string>& args) {
  const RunResult r = run_grundy(args);
  expect_success(r);
  return r.out;
}

std::set<std::string> winning_moves(const std::string& position) {
  const json doc = expect_json(run_grundy({"solve", position, "--json"}));
  std::set<std::string> moves;
  for (const json& m : doc["winning_moves"]) moves.insert(m["to"].get<std::string>());
  EXPECT_EQ(doc["winning_move_count"].get<std::size_t>(), moves.size()) << doc;
  return moves;
}

TEST(ClassicsCli, StaircaseNim) {
  // 3 xor 4 (steps 1 and 3); step 2 does not count.
  EXPECT_EQ(run_ok({"value", "staircase", "3,1,4", "0,7", "0,0,5"}), "7\n0\n5\n");
  // Lower step 3 to 3 (one coin to step 2), or raise step 1 to 4 with step 2's coin.
  EXPECT_EQ(winning_moves("staircase:3,1,4"),
            (std::set<std::string>{"staircase:3,2,3", "staircase:4,0,4"}));
  EXPECT_EQ(run_ok({"solve", "staircase:0,2,0,0"}), "second player wins\nnim-sum 0\n");
  // Far beyond any table: the formula and its moves.
  EXPECT_EQ(winning_moves("staircase:9223372036854775000,5,6"),
            (std::set<std::string>{"staircase:6,5,6"}));
}

TEST(ClassicsCli, WelterGame) {
  // Mates 5, 9 (congruent mod 4): (5 xor 9) - 1 = 11, xor the unmated 2: 9.
  EXPECT_EQ(run_ok({"value", "welter", "9,2,5"}), "9\n");
  // Mates 4, 6: (4 xor 6) - 1 = 1, xor 1: 0.
  EXPECT_EQ(run_ok({"solve", "welter:1,4,6"}), "second player wins\nnim-sum 0\n");
  const json doc = expect_json(run_grundy({"value", "welter", "6,4,1", "--json"}));
  EXPECT_EQ(doc["values"][0]["position"], "1,4,6");
  // Two coins: (a xor b) - 1, at any size.
  EXPECT_EQ(run_ok({"value", "welter", "0,9223372036854775807"}), "9223372036854775806\n");
}

TEST(ClassicsCli, MooreNimWinningMovesReachMoorePPositions) {
  // Every move of moore(2):3,5,7 (lower one or two heaps), the P-positions by Moore's theorem.
  const std::vector<int> heaps = {3, 5, 7};
  std::set<std::string> expected;
  const auto is_p = [](std::vector<int> h) {
    for (int bit = 0; bit < 4; ++bit) {
      int ones = 0;
      for (int x : h) ones += (x >> bit) & 1;
      if (ones % 3 != 0) return false;
    }
    return true;
  };
  const auto text = [](std::vector<int> h) {
    std::sort(h.rbegin(), h.rend());
    std::string t;
    for (int x : h) {
      if (x > 0) t += (t.empty() ? "" : ",") + std::to_string(x);
    }
    return "moore(2):" + (t.empty() ? std::string("0") : t);
  };
  for (int mask = 1; mask < 8; ++mask) {
    if (__builtin_popcount(mask) > 2) continue;
    for (int a = 0; a < 8; ++a) {
      for (int b = 0; b < 8; ++b) {
        for (int c = 0; c < 8; ++c) {
          const std::vector<int> to = {a, b, c};
          bool ok = true;
          for (int i = 0; i < 3; ++i)
            ok = ok && ((mask >> i) & 1 ? to[i] < heaps[i] : to[i] == heaps[i]);
          if (ok && is_p(to)) expected.insert(text(to));
        }
      }
    }
  }
  ASSERT_FALSE(expected.empty());
  EXPECT_EQ(winning_moves("moore(2):3,5,7"), expected);
  EXPECT_EQ(run_ok({"value", "moore(2)", "7,7,7", "5,3,0"}).substr(0, 2), "0\n");
  // Beyond the table: a P-position is still 0, an N-position is refused with one line.
  EXPECT_EQ(run_ok({"value", "moore(2)", "1000000,1000000,1000000"}), "0\n");
  const std::string message = expect_error(run_grundy({"value", "moore(2)", "1000,1000,999"}));
  EXPECT_CONTAINS(message, "first-player win");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "moore(0)", "1"})), "k >= 1");
}

TEST(ClassicsCli, ALoneMoorePositionIsSolvedByMooresTheorem) {
  // Beyond the table of values: the winning moves are the moves to P-positions.
  const json doc = expect_json(run_grundy({"solve", "moore(2):1000,1000,999", "--json"}));
  EXPECT_EQ(doc["winner"], "first");
  EXPECT_EQ(doc["winning_move_count"], 1);
  EXPECT_EQ(doc["winning_moves"][0]["to"], "moore(2):999,999,999");
  EXPECT_EQ(doc["move_to_play"]["to"], "moore(2):999,999,999");
  // Every listed move of a larger one leaves every binary digit in a multiple of 4 heaps.
  const json big =
      expect_json(run_grundy({"solve", "moore(3):1000000000000,777777777,1000,999,5", "--json"}));
  ASSERT_EQ(big["winner"], "first");
  ASSERT_FALSE(big["winning_moves"].empty());
  for (const json& m : big["winning_moves"]) {
    const std::string to = m["to"].get<std::string>().substr(std::string("moore(3):").size());
    std::vector<std::uint64_t> heaps;
    std::stringstream in(to);
    for (std::string h; std::getline(in, h, ',');) heaps.push_back(std::stoull(h));
    for (int bit = 0; bit < 63; ++bit) {
      int ones = 0;
      for (std::uint64_t h : heaps) ones += static_cast<int>((h >> bit) & 1);
      EXPECT_EQ(ones % 4, 0) << to;
    }
  }
  EXPECT_EQ(run_ok({"solve", "moore(2):1000000,1000000,1000000"}), "second player wins\nnim-sum 0\n");
}

TEST(ClassicsCli, GreenHackenbush) {
  // Colon principle: 1 + (1 xor 1) = 1; fusion: a triangle on the ground is three loops, *1.
  EXPECT_EQ(run_ok({"value", "hackenbush", "0-1,1-2,1-3", "0-1,1-2,2-0", "0-1,1-2,2-3", "0"}),
            "1\n1\n3\n0\n");
  EXPECT_EQ(winning_moves("hackenbush:0-1,1-2,1-3"), (std::set<std::string>{"hackenbush:0"}));
  // Cutting 1-2 of the triangle leaves two stalks of 1 on the ground: value 0.
  EXPECT_EQ(winning_moves("hackenbush:0-1,1-2,0-2"), (std::set<std::string>{"hackenbush:0-1,0-2"}));
  const json doc = expect_json(run_grundy({"value", "hackenbush", "7-0,7-9,9-9", "--json"}));
  EXPECT_EQ(doc["values"][0]["position"], "0-1,1-2,2-2");
  // A stalk of 4000 edges: *4000, at once.
  std::string stalk;
  for (int v = 0; v < 4000; ++v)
    stalk += (v ? "," : "") + std::to_string(v) + "-" + std::to_string(v + 1);
  EXPECT_EQ(run_ok({"value", "hackenbush", stalk}), "4000\n");
}

TEST(ClassicsCli, Chomp) {
  // Two rows n, n-1 are P-positions; from 2 x 3 the only move to one is eating square (2, 3).
  EXPECT_EQ(winning_moves("chomp:2x3"), (std::set<std::string>{"chomp:3,2"}));
  EXPECT_EQ(run_ok({"solve", "chomp:5,4"}), "second player wins\nnim-sum 0\n");
  EXPECT_EQ(run_ok({"value", "chomp", "1x9", "1x1"}), "8\n0\n");  // one row is a Nim heap
  const json doc = expect_json(run_grundy({"explain", "chomp", "2 x 2", "--json"}));
  EXPECT_EQ(doc["position"], "2x2");
  // Strategy stealing: the first player wins every bar larger than 1 x 1 the table holds.
  for (const char* bar : {"4x7", "6x6", "10x10"}) {
    const json s = expect_json(run_grundy({"solve", std::string("chomp:") + bar, "--json"}));
    EXPECT_EQ(s["winner"], "first") << bar;
  }
  const auto began = std::chrono::steady_clock::now();
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "chomp", "65536x65536"})), "strategy stealing");
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(10));
}

TEST(ClassicsCli, BadOrHugeInputIsOneLineAndExit2) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"value", "staircase", "1,,2"},
           {"value", "staircase", "9223372036854775807,1"},
           {"value", "staircase", "-3"},
           {"value", "welter", "3,5,3"},
           {"value", "welter", "9223372036854775808"},
           {"explain", "welter", "3,9223372036854775806"},
           {"solve", "welter:3,9223372036854775806"},
           {"explain", "staircase", "9223372036854775000"},
           {"value", "moore", "1"},
           {"value", "moore(2)", "1,x"},
           {"solve", "moore(3):1000000,7,5 + nim:1"},
           {"value", "hackenbush", "0-1,2-3"},
           {"value", "hackenbush", "1-2"},
           {"value", "hackenbush", "0-"},
           {"value", "hackenbush", "0-1,1-5000000000"},
           {"value", "chomp", "2,3"},
           {"value", "chomp", "0x4"},
           {"value", "chomp", "0"},
           {"value", "chomp", "70000x2"},
           {"solve", "chomp:40x40"},
       }) {
    const auto began = std::chrono::steady_clock::now();
    const RunResult r = run_grundy(args);
    SCOPED_TRACE(args[0] + " " + args[1] + " " + (args.size() > 2 ? args[2] : ""));
    expect_error(r);
    EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(10));
  }
  // 70000 edges: too long for one argument, and refused as a line on stdin (the library's own
  // bound of 65536 edges is tested in tests/rules/hackenbush_test.cpp).
  std::string many;
  for (int v = 0; v < 70000; ++v) many += (v ? "," : "") + std::string("0-1");
  expect_error(run_grundy({"value", "hackenbush", "-"}, many + "\n"));
}

}  // namespace
