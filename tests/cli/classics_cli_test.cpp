// The command on the classic families (staircase, welter): values,
// winning moves and explanations checked by hand or against the families' theorems, notations
// printed back normalised, and bad or huge input refused with one line and exit 2.
#include <chrono>
#include <set>
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
       }) {
    const auto began = std::chrono::steady_clock::now();
    const RunResult r = run_grundy(args);
    SCOPED_TRACE(args[0] + " " + args[1] + " " + (args.size() > 2 ? args[2] : ""));
    expect_error(r);
    EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(10));
  }
}

}  // namespace
