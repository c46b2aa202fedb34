// Command-line tests: run the built `grundy` binary and check what it prints against the command
// contract (docs/cli.md): stdout, stderr, exit codes, the JSON documents.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "cli_runner.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"

namespace {

using nlohmann::json;
using namespace grundy_test;

// ---------------------------------------------------------------------------------------------
// The harness itself
// ---------------------------------------------------------------------------------------------

TEST(CliHarness, KillsARunawayCommand) {
  // nim has a formula, so this streams 2^63 values without a table: it never ends by itself.
  const auto started = std::chrono::steady_clock::now();
  const RunResult r = run_grundy({"seq", "nim", "--to", "9223372036854775807"}, std::nullopt,
                                 std::chrono::milliseconds(500));
  EXPECT_TRUE(r.timed_out);
  EXPECT_EQ(r.exit_code, 128 + SIGKILL);
  EXPECT_EQ(r.out.rfind("0 1 2 3 ", 0), 0u);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(20));
}

TEST(CliHarness, ExitCodeAndStreamsAreSeparate) {
  const RunResult ok = run_grundy({"value", "nim", "5"});
  EXPECT_EQ(ok.exit_code, 0);
  EXPECT_EQ(ok.out, "5\n");
  EXPECT_EQ(ok.err, "");
  const RunResult bad = run_grundy({"value", "nim", "x"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.out, "");
  EXPECT_NE(bad.err, "");
}

// ---------------------------------------------------------------------------------------------
// value
// ---------------------------------------------------------------------------------------------

TEST(CliValue, KaylesJson) {
  const RunResult r = run_grundy({"value", "0.77", "70", "71", "72", "--json"});
  const json doc = expect_json(r);
  EXPECT_EQ(doc, json::parse(R"({"game":"0.77","values":[{"position":"70","value":6},)"
                             R"({"position":"71","value":7},{"position":"72","value":4}]})"));
  // Field order as in the contract.
  EXPECT_EQ(r.out,
            R"({"game":"0.77","values":[{"position":"70","value":6},{"position":"71","value":7},)"
            R"({"position":"72","value":4}]})"
            "\n");
}

TEST(CliValue, KaylesTextOneValuePerLine) {
  const RunResult r = run_grundy({"value", "0.77", "70", "71", "72"});
  expect_success(r);
  EXPECT_EQ(r.out, "6\n7\n4\n");
}

TEST(CliValue, CanonicalGameNames) {
  // Aliases and ranges are expanded in the "game" field.
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"kayles", "0.77"},       {"dawson", "0.07"},          {"octal(0.07)", "0.07"},
      {"octal(0.070)", "0.07"}, {"sub(1..3)", "sub(1,2,3)"}, {"nim", "nim"},
      {"hex(0.F)", "hex(0.F)"},
  };
  for (const auto& [spec, canonical] : cases) {
    const json doc = expect_json(run_grundy({"value", spec, "5", "--json"}));
    EXPECT_EQ(doc.value("game", ""), canonical) << spec;
  }
}

TEST(CliValue, SeveralFamilies) {
  // Hand-checked: sub(1,2,3): g(n) = n mod 4; allbut(1,2): 0 0 0 1 1 1 2 2 2 3 3 (g(10) = 3);
  // 0.07 (Dawson's Kayles): g(5) = 0, g(6) = 3; nim: g(n) = n.
  EXPECT_EQ(run_grundy({"value", "sub(1..3)", "5", "7", "8"}).out, "1\n3\n0\n");
  EXPECT_EQ(run_grundy({"value", "allbut(1,2)", "3", "6", "10"}).out, "1\n2\n3\n");
  EXPECT_EQ(run_grundy({"value", "dawson", "5", "6"}).out, "0\n3\n");
  EXPECT_EQ(run_grundy({"value", "nim", "0", "12345"}).out, "0\n12345\n");
}

TEST(CliValue, PositionsAreCanonicalStrings) {
  const json doc = expect_json(run_grundy({"value", "nim", "007", " 7 ", "--json"}));
  ASSERT_EQ(doc["values"].size(), 2u);
  for (const json& v : doc["values"]) {
    EXPECT_TRUE(v["position"].is_string());
    EXPECT_EQ(v["position"], "7");
    EXPECT_EQ(v["value"], 7);
  }
}

TEST(CliValue, HugeValuesAreStringsInJson) {
  const json doc = expect_json(run_grundy({"value", "nim", "9223372036854775807", "--json"}));
  ASSERT_EQ(doc["values"].size(), 1u);
  EXPECT_EQ(doc["values"][0]["position"], "9223372036854775807");
  ASSERT_TRUE(doc["values"][0]["value"].is_string());
  EXPECT_EQ(doc["values"][0]["value"], "9223372036854775807");

  // The 53-bit boundary: 2^53 - 1 is a number, 2^53 a string.
  const json edge =
      expect_json(run_grundy({"value", "nim", "9007199254740991", "9007199254740992", "--json"}));
  ASSERT_EQ(edge["values"].size(), 2u);
  EXPECT_TRUE(edge["values"][0]["value"].is_number_unsigned());
  EXPECT_EQ(edge["values"][0]["value"].get<std::uint64_t>(), 9007199254740991u);
  EXPECT_TRUE(edge["values"][1]["value"].is_string());
  EXPECT_EQ(edge["values"][1]["value"], "9007199254740992");
}

TEST(CliValue, HugeValueText) {
  const RunResult r = run_grundy({"value", "nim", "9223372036854775807"});
  expect_success(r);
  EXPECT_EQ(r.out, "9223372036854775807\n");
}

TEST(CliValue, StdinBatch) {
  // 0.07: g(1) = 0, g(2) = 1, g(3) = 1.
  const RunResult r = run_grundy({"value", "0.07", "-"}, "1\n2\n3\n");
  expect_success(r);
  EXPECT_EQ(r.out, "0\n1\n1\n");
}

TEST(CliValue, StdinBatchJsonToleratesBlankLinesSpacesAndCrLf) {
  const json doc = expect_json(run_grundy({"value", "0.07", "-", "--json"}, "1\r\n\n 2 \n\t\n3"));
  EXPECT_EQ(doc, json::parse(R"({"game":"0.07","values":[{"position":"1","value":0},)"
                             R"({"position":"2","value":1},{"position":"3","value":1}]})"));
}

TEST(CliValue, StdinBatchEmpty) {
  const json doc = expect_json(run_grundy({"value", "0.07", "-", "--json"}, ""));
  EXPECT_EQ(doc, json::parse(R"({"game":"0.07","values":[]})"));
  const RunResult text = run_grundy({"value", "0.07", "-"}, "");
  expect_success(text);
  EXPECT_EQ(text.out, "");
}

TEST(CliValue, StdinBatchBadLineIsAnError) {
  // In JSON mode nothing was printed before the error, so the whole error contract holds.
  const std::string message =
      expect_error(run_grundy({"value", "0.07", "-", "--json"}, "1\nabc\n3\n"));
  EXPECT_CONTAINS(message, "abc");
}

TEST(CliValue, StdinBatchLargeInput) {
  // Big enough to need several pipe buffers both ways.
  std::string input;
  std::string expected;
  for (int i = 0; i < 20000; ++i) {
    input += std::to_string(i) + "\n";
    expected += std::to_string(i) + "\n";
  }
  const RunResult r = run_grundy({"value", "nim", "-"}, input);
  expect_success(r);
  EXPECT_EQ(r.out, expected);
}

// ---------------------------------------------------------------------------------------------
// seq
// ---------------------------------------------------------------------------------------------

TEST(CliSeq, GrundysGameTo30) {
  const RunResult r = run_grundy({"seq", "grundy", "--to", "30"});
  expect_success(r);
  EXPECT_EQ(r.out, "0 0 0 1 0 2 1 0 2 1 0 2 1 3 2 1 3 2 4 3 0 4 3 0 4 3 0 4 1 2 3\n");
}

TEST(CliSeq, From) {
  const RunResult r = run_grundy({"seq", "grundy", "--from", "20", "--to", "30"});
  expect_success(r);
  EXPECT_EQ(r.out, "0 4 3 0 4 3 0 4 1 2 3\n");

  const RunResult one = run_grundy({"seq", "kayles", "--from", "70", "--to", "70"});
  expect_success(one);
  EXPECT_EQ(one.out, "6\n");
}

TEST(CliSeq, Json) {
  const RunResult r = run_grundy({"seq", "kayles", "--from", "70", "--to", "72", "--json"});
  const json doc = expect_json(r);
  EXPECT_EQ(doc, json::parse(R"({"game":"0.77","from":70,"to":72,"values":[6,7,4]})"));
  EXPECT_EQ(r.out, "{\"game\":\"0.77\",\"from\":70,\"to\":72,\"values\":[6,7,4]}\n");

  const json zero = expect_json(run_grundy({"seq", "grundy", "--to", "0", "--json"}));
  EXPECT_EQ(zero, json::parse(R"({"game":"grundy","from":0,"to":0,"values":[0]})"));
}

TEST(CliSeq, JsonHugeNumbersAreStrings) {
  const json doc = expect_json(run_grundy(
      {"seq", "nim", "--from", "9007199254740990", "--to", "9007199254740992", "--json"}));
  EXPECT_EQ(doc,
            json::parse(R"({"game":"nim","from":9007199254740990,"to":"9007199254740992",)"
                        R"("values":[9007199254740990,9007199254740991,"9007199254740992"]})"));
  const json top = expect_json(run_grundy(
      {"seq", "nim", "--from", "9223372036854775806", "--to", "9223372036854775807", "--json"}));
  EXPECT_EQ(top["from"], "9223372036854775806");
  EXPECT_EQ(top["to"], "9223372036854775807");
  EXPECT_EQ(top["values"], json::parse(R"(["9223372036854775806","9223372036854775807"])"));
}

TEST(CliSeq, MatchesPublishedSequences) {
  EXPECT_EQ(run_grundy({"seq", "kayles", "--to", "104"}).out,
            oeis_terms("kayles-A002186.txt", 105) + "\n");
  EXPECT_EQ(run_grundy({"seq", "grundy", "--to", "104"}).out,
            oeis_terms("grundys-game-A002188.txt", 105) + "\n");
  EXPECT_EQ(run_grundy({"seq", "0.137", "--to", "131"}).out,
            oeis_terms("dawsons-chess-A002187.txt", 132) + "\n");
}

// ---------------------------------------------------------------------------------------------
// solve
// ---------------------------------------------------------------------------------------------

TEST(CliSolve, NimText) {
  // 3 ^ 4 ^ 5 = 2; only 3 can drop to 3 ^ 2 = 1.
  const RunResult r = run_grundy({"solve", "nim:3 + nim:4 + nim:5"});
  expect_success(r);
  EXPECT_EQ(r.out, "first player wins\nnim-sum 2\n0: nim:3 -> nim:1\n");
}

TEST(CliSolve, NimJson) {
  const RunResult r = run_grundy({"solve", "nim:3 + nim:4 + nim:5", "--json"});
  const json doc = expect_json(r);
  EXPECT_EQ(doc, json::parse(
                     R"({"sum":"nim:3 + nim:4 + nim:5","play":"normal","winner":"first",)"
                     R"("nim_sum":2,"winning_moves":[{"component":0,"from":"nim:3","to":"nim:1"}],)"
                     R"("winning_moves_truncated":false,"winning_move_count":1,)"
                     R"("move_to_play":{"component":0,"from":"nim:3","to":"nim:1"}})"));
  // Field order as in the contract (nlohmann::json sorts keys, so check the raw text).
  const std::vector<std::string> in_order = {"\"sum\"",
                                             "\"play\"",
                                             "\"winner\"",
                                             "\"nim_sum\"",
                                             "\"winning_moves\"",
                                             "\"winning_moves_truncated\"",
                                             "\"winning_move_count\""};
  std::size_t at = 0;
  for (const std::string& key : in_order) {
    const std::size_t found = r.out.find(key, at);
    EXPECT_NE(found, std::string::npos) << key << " missing or out of order in " << r.out;
    if (found != std::string::npos) at = found;
  }
}

TEST(CliSolve, SecondPlayerWins) {
  // 1 ^ 2 ^ 3 = 0.
  const RunResult r = run_grundy({"solve", "nim:1 + nim:2 + nim:3"});
  expect_success(r);
  EXPECT_EQ(r.out, "second player wins\nnim-sum 0\n");

  const json doc = expect_json(run_grundy({"solve", "nim:1 + nim:2 + nim:3", "--json"}));
  EXPECT_EQ(doc["winner"], "second");
  EXPECT_EQ(doc["play"], "normal");
  EXPECT_EQ(doc["nim_sum"], 0);
  EXPECT_EQ(doc["winning_moves"], json::array());
  EXPECT_EQ(doc["winning_moves_truncated"], false);
  EXPECT_EQ(doc["winning_move_count"], 0);

  const json empty_heap = expect_json(run_grundy({"solve", "nim:0", "--json"}));
  EXPECT_EQ(empty_heap["winner"], "second");
  EXPECT_EQ(empty_heap["winning_move_count"], 0);
}

TEST(CliSolve, SplitMoveInNonDecreasingOrder) {
  // 0.07 (Dawson's Kayles), g(0..20) = 0 0 1 1 2 0 3 1 1 0 3 3 2 2 4 0 5 2 2 3 3.
  // nim:1 + 0.07:10: 1 ^ 3 = 2; from 10 (remove 2 tokens, leaving 0, 1 or 2 heaps) reach value
  // 3 ^ 2 = 1: 8 (g 1), 1 + 7 (0 ^ 1), 3 + 5 (1 ^ 0); not 2 + 6 (1 ^ 3) nor 4 + 4 (0).
  const RunResult r = run_grundy({"solve", "nim:1 + 0.07:10"});
  expect_success(r);
  EXPECT_EQ(r.out,
            "first player wins\n"
            "nim-sum 2\n"
            "1: 0.07:10 -> 0.07:1 + 0.07:7\n"
            "1: 0.07:10 -> 0.07:3 + 0.07:5\n"
            "1: 0.07:10 -> 0.07:8\n");
  const json doc = expect_json(run_grundy({"solve", "nim:1 + 0.07:10", "--json"}));
  EXPECT_EQ(doc["winning_move_count"], 3);
  ASSERT_EQ(doc["winning_moves"].size(), 3u);
  EXPECT_EQ(doc["winning_moves"][1],
            json::parse(R"({"component":1,"from":"0.07:10","to":"0.07:3 + 0.07:5"})"));
}

TEST(CliSolve, SplitIntoEqualPartsCountsOnce) {
  // 0.07:10 alone: g = 3; the only option of value 0 is 4 + 4.
  const json doc = expect_json(run_grundy({"solve", "0.07:10", "--json"}));
  EXPECT_EQ(doc["nim_sum"], 3);
  EXPECT_EQ(doc["winning_move_count"], 1);
  EXPECT_EQ(doc["winning_moves"],
            json::parse(R"([{"component":0,"from":"0.07:10","to":"0.07:4 + 0.07:4"}])"));
}

TEST(CliSolve, MixedSumOrderedByComponentThenTo) {
  // nim:3 + 0.07:20 + sub(1,3):9: values 3, 3, 1 (sub(1,3): n mod 2), nim-sum 1.
  // nim:3 -> 2.  0.07:20 -> value 2: 18 (g 2), 1+17 (0^2), 5+13 (0^2), 7+11 (1^3), 8+10 (1^3).
  // sub(1,3):9 -> value 0: 8 and 6.
  const RunResult r = run_grundy({"solve", "nim:3 + 0.07:20 + sub(1,3):9"});
  expect_success(r);
  EXPECT_EQ(r.out,
            "first player wins\n"
            "nim-sum 1\n"
            "0: nim:3 -> nim:2\n"
            "1: 0.07:20 -> 0.07:1 + 0.07:17\n"
            "1: 0.07:20 -> 0.07:5 + 0.07:13\n"
            "1: 0.07:20 -> 0.07:7 + 0.07:11\n"
            "1: 0.07:20 -> 0.07:8 + 0.07:10\n"
            "1: 0.07:20 -> 0.07:18\n"
            "2: sub(1,3):9 -> sub(1,3):6\n"
            "2: sub(1,3):9 -> sub(1,3):8\n");
}

TEST(CliSolve, MoveLeavingNothingPrintsZero) {
  // 0.07:2: the only move removes both tokens.
  const RunResult r = run_grundy({"solve", "0.07:2"});
  expect_success(r);
  EXPECT_EQ(r.out, "first player wins\nnim-sum 1\n0: 0.07:2 -> 0\n");
  const json doc = expect_json(run_grundy({"solve", "nim:3 + nim:3 + nim:1", "--json"}));
  // Equal heaps in different components count separately.
  EXPECT_EQ(doc["winning_move_count"], 3);
  ASSERT_EQ(doc["winning_moves"].size(), 3u);
  EXPECT_EQ(doc["winning_moves"][2], json::parse(R"({"component":2,"from":"nim:1","to":"0"})"));
}

TEST(CliSolve, MaxMovesTruncates) {
  // 5 ^ 6 ^ 7 ^ 1 = 5: moves 5 -> 0, 6 -> 3, 7 -> 2 (1 cannot reach 4).
  const json all = expect_json(run_grundy({"solve", "nim:5 + nim:6 + nim:7 + nim:1", "--json"}));
  EXPECT_EQ(all["winning_move_count"], 3);
  EXPECT_EQ(all["winning_moves"].size(), 3u);
  EXPECT_EQ(all["winning_moves_truncated"], false);

  const json one = expect_json(
      run_grundy({"solve", "nim:5 + nim:6 + nim:7 + nim:1", "--max-moves", "1", "--json"}));
  EXPECT_EQ(one["winning_moves"], json::parse(R"([{"component":0,"from":"nim:5","to":"0"}])"));
  EXPECT_EQ(one["winning_moves_truncated"], true);
  EXPECT_EQ(one["winning_move_count"], 3);

  const RunResult text = run_grundy({"solve", "nim:5 + nim:6 + nim:7 + nim:1", "--max-moves", "1"});
  EXPECT_EQ(text.exit_code, 0) << text;
  EXPECT_EQ(text.out, "first player wins\nnim-sum 5\n0: nim:5 -> 0\n");

  const json split =
      expect_json(run_grundy({"solve", "nim:1 + 0.07:10", "--max-moves", "1", "--json"}));
  EXPECT_EQ(split["winning_moves"].size(), 1u);
  EXPECT_EQ(split["winning_moves_truncated"], true);
  EXPECT_EQ(split["winning_move_count"], 3);
}

TEST(CliSolve, AliasesCanonicalisedInSum) {
  // kayles:5 (g 4) + sub(1,2,3):4 (g 0): the only Kayles option of value 0 is 2 + 2.
  const RunResult r = run_grundy({"solve", "kayles:5 + sub(1..3):4", "--json"});
  const json doc = expect_json(r);
  EXPECT_EQ(doc["sum"], "0.77:5 + sub(1,2,3):4");
  EXPECT_EQ(doc["nim_sum"], 4);
  EXPECT_EQ(doc["winning_moves"],
            json::parse(R"([{"component":0,"from":"0.77:5","to":"0.77:2 + 0.77:2"}])"));
  const RunResult text = run_grundy({"solve", "kayles:5 + sub(1..3):4"});
  expect_success(text);
  EXPECT_EQ(text.out, "first player wins\nnim-sum 4\n0: 0.77:5 -> 0.77:2 + 0.77:2\n");

  const json spaced = expect_json(run_grundy({"solve", " nim : 007+dawson:3", "--json"}));
  EXPECT_EQ(spaced["sum"], "nim:7 + 0.07:3");
}

TEST(CliSolve, HugeNimSumIsAString) {
  // (2^63 - 1) ^ 1 = 2^63 - 2; the big heap drops to 1.
  const json doc = expect_json(run_grundy({"solve", "nim:9223372036854775807 + nim:1", "--json"}));
  EXPECT_EQ(doc["nim_sum"], "9223372036854775806");
  EXPECT_EQ(doc["winning_moves"],
            json::parse(R"([{"component":0,"from":"nim:9223372036854775807","to":"nim:1"}])"));
  EXPECT_EQ(doc["winning_move_count"], 1);
}

// ---------------------------------------------------------------------------------------------
// The source documents' families: cut, digits, bitcount, multiply, wythoff, corner
// ---------------------------------------------------------------------------------------------

TEST(CliFamilies, CutValuesKeepTheTypedOrientation) {
  // 2x2, 3x2: no cut; 4x2 -> 2x2 + 2x2 (value 0), so g = 1; 5x7 and 7x5 alike.
  const RunResult text = run_grundy({"value", "cut", "5x7", "7x5", "2x2", "3x2", "4x2"});
  expect_success(text);
  EXPECT_EQ(text.out, "1\n1\n0\n0\n1\n");
  const json doc = expect_json(run_grundy({"value", "cut", "7x5", "--json"}));
  EXPECT_EQ(doc, json::parse(R"({"game":"cut","values":[{"position":"7x5","value":1}]})"));
}

TEST(CliFamilies, SolveCutPlusDigits) {
  // cut:5x7 has value 1, digits:1234 value 2: the only winning move takes 4 from 1234.
  const RunResult text = run_grundy({"solve", "cut:5x7 + digits:1234"});
  expect_success(text);
  EXPECT_EQ(text.out, "first player wins\nnim-sum 3\n1: digits:1234 -> digits:1230\n");
  const json doc = expect_json(run_grundy({"solve", "cut:5x7 + digits:1234", "--json"}));
  EXPECT_EQ(doc, json::parse(R"({"sum":"cut:5x7 + digits:1234","play":"normal","winner":"first",)"
                             R"("nim_sum":3,"winning_moves":[{"component":1,"from":"digits:1234",)"
                             R"("to":"digits:1230"}],"winning_moves_truncated":false,)"
                             R"("winning_move_count":1,"move_to_play":{"component":1,)"
                             R"("from":"digits:1234","to":"digits:1230"}})"));
}

TEST(CliFamilies, CutSplitsListThePieces) {
  const json doc = expect_json(run_grundy({"solve", "cut:4x4 + nim:1", "--json"}));
  // 4x4 (value 1) has one option up to rotation, 2x4 + 2x4 (value 0); nim:1 -> 0 wins too.
  EXPECT_EQ(doc["nim_sum"], 0);
  EXPECT_EQ(doc["winner"], "second");
  const json win = expect_json(run_grundy({"solve", "cut:4x4", "--json"}));
  EXPECT_EQ(win["winning_moves"],
            json::parse(R"([{"component":0,"from":"cut:4x4","to":"cut:2x4 + cut:2x4"}])"));
  EXPECT_EQ(win["winning_move_count"], 1);
}

TEST(CliFamilies, BitCountValues) {
  const RunResult text = run_grundy({"value", "bitcount(7)", "12345", "18446744073709551615"});
  expect_success(text);
  EXPECT_EQ(text.out, "32\n23734709\n");
  const json doc = expect_json(run_grundy({"value", "bitcount(7)", "12345", "--json"}));
  EXPECT_EQ(doc,
            json::parse(R"j({"game":"bitcount(7)","values":[{"position":"12345","value":32}]})j"));
}

TEST(CliFamilies, BitCountWinningMovesAreListedAndCounted) {
  // g(12345) = 32 (6 one-bits), nim:3: the bitcount component must reach value 3.
  const json doc = expect_json(run_grundy({"solve", "bitcount(7):12345 + nim:3", "--json"}));
  EXPECT_EQ(doc["nim_sum"], 35);
  EXPECT_EQ(doc["winning_move_count"], 5850538);
  EXPECT_EQ(doc["winning_moves"].size(), 20u);
  EXPECT_EQ(doc["winning_moves_truncated"], true);
  EXPECT_EQ(doc["winning_moves"][0], json::parse(R"({"component":0,"from":"bitcount(7):12345",)"
                                                 R"("to":"bitcount(7):1 + bitcount(7):9"})"));
  const json few =
      expect_json(run_grundy({"solve", "bitcount(7):12345 + nim:3", "--json", "--max-moves", "2"}));
  EXPECT_EQ(few["winning_moves"].size(), 2u);
  EXPECT_EQ(few["winning_move_count"], 5850538);

  // Text: the moves on stdout, the truncation on stderr.
  const RunResult text = run_grundy({"solve", "bitcount(7):12345 + nim:3", "--max-moves", "1"});
  EXPECT_EQ(text.exit_code, 0) << text;
  EXPECT_EQ(
      text.out,
      "first player wins\nnim-sum 35\n0: bitcount(7):12345 -> bitcount(7):1 + bitcount(7):9\n");
  EXPECT_CONTAINS(text.err, "5850538");
}

TEST(CliFamilies, BitCountCountPast64BitsIsNullWithAReason) {
  const RunResult r = run_grundy({"solve", "bitcount(7):18446744073709551615 + nim:3", "--json"});
  EXPECT_EQ(r.exit_code, 0) << r;
  const json doc = json::parse(r.out);
  EXPECT_EQ(doc["nim_sum"], 23734709 ^ 3);
  EXPECT_TRUE(doc["winning_move_count"].is_null());
  EXPECT_EQ(doc["winning_moves"].size(), 20u);
  EXPECT_EQ(doc["winning_moves_truncated"], true);
  EXPECT_EQ(count_newlines(r.err), 1u) << r;
  EXPECT_EQ(r.err.rfind("grundy: note: ", 0), 0u) << r;
  EXPECT_CONTAINS(r.err, "2^64");
}

TEST(CliFamilies, WythoffSmallPositions) {
  const RunResult p = run_grundy({"solve", "wythoff:3,5"});
  expect_success(p);
  EXPECT_EQ(p.out, "second player wins\nnim-sum 0\n");
  const json doc = expect_json(run_grundy({"solve", "wythoff:3,6", "--json"}));
  EXPECT_EQ(doc, json::parse(R"({"sum":"wythoff:3,6","play":"normal","winner":"first",)"
                             R"("nim_sum":1,"winning_moves":[{"component":0,"from":"wythoff:3,6",)"
                             R"("to":"wythoff:3,5"}],"winning_moves_truncated":false,)"
                             R"("winning_move_count":1,"move_to_play":{"component":0,)"
                             R"("from":"wythoff:3,6","to":"wythoff:3,5"}})"));
  // Row 1 of Wythoff's table: 1 2 0 4 5 3.
  const RunResult row = run_grundy({"value", "wythoff", "1,0", "1,1", "1,2", "1,3", "1,4", "1,5"});
  expect_success(row);
  EXPECT_EQ(row.out, "1\n2\n0\n4\n5\n3\n");
}

TEST(CliFamilies, LoneHugeWythoffThroughTheTheorem) {
  // (a_k, b_k) for k = 10^18: a P-position; one more in each heap: the diagonal move wins.
  const std::string a = "1618033988749894848";
  const std::string b = "2618033988749894848";
  const RunResult p = run_grundy({"solve", "wythoff:" + a + "," + b});
  expect_success(p);
  EXPECT_EQ(p.out, "second player wins\n");  // no nim-sum line: the value is unknown
  const json pj = expect_json(run_grundy({"solve", "wythoff:" + b + "," + a, "--json"}));
  EXPECT_FALSE(pj.contains("nim_sum"));
  EXPECT_EQ(pj["winner"], "second");
  EXPECT_EQ(pj["winning_move_count"], 0);

  const json n = expect_json(
      run_grundy({"solve", "wythoff:1618033988749894849,2618033988749894849", "--json"}));
  EXPECT_FALSE(n.contains("nim_sum"));
  EXPECT_EQ(n["winner"], "first");
  bool diagonal = false;
  for (const json& m : n["winning_moves"])
    diagonal = diagonal || m["to"] == "wythoff:" + a + "," + b;
  EXPECT_TRUE(diagonal) << n;
  EXPECT_EQ(n["winning_move_count"], n["winning_moves"].size());

  const RunResult top = run_grundy({"solve", "wythoff:9223372036854775807,9223372036854775806"});
  expect_success(top);
  EXPECT_EQ(top.out.rfind("first player wins\n0: wythoff:9223372036854775807,", 0), 0u) << top;
}

TEST(CliFamilies, DivisionGamesOfHugeHeapsAtOnce) {
  // div(2,3,4,5,6) at 10^18, through its steps; a sum of such heaps with every winning move.
  const auto began = std::chrono::steady_clock::now();
  const json v = expect_json(run_grundy(
      {"value", "div(2,3,4,5,6)", "1000000000000000000", "166666666666666666", "--json"}));
  EXPECT_EQ(v["game"], "div(2,3,4,5,6)");
  EXPECT_EQ(v["values"][0]["value"], 3);
  EXPECT_EQ(v["values"][1]["value"], 0);  // 10^18 / 6: the winning move below
  const json s = expect_json(run_grundy({"solve", "div(2..6):1000000000000000000", "--json"}));
  EXPECT_EQ(s["winner"], "first");
  EXPECT_EQ(s["winning_move_count"], 1);
  EXPECT_EQ(s["winning_moves"][0]["to"], "div(2,3,4,5,6):166666666666666666");
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(10));
  // The first values, by hand: g(1) = mex{g(0)} = 1, g(2) = mex{g(1), g(0)} = 2, g(6..11) = 0.
  EXPECT_EQ(run_grundy({"seq", "div(2..6)", "--to", "12"}).out, "0 1 2 2 3 3 0 0 0 0 0 0 1\n");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "div(1,2)", "3"})), "at least 2");
}

TEST(CliSeq, RunsOfEqualValues) {
  // Any range of a division game, from its runs.
  const RunResult huge =
      run_grundy({"seq", "div(2,3,4,5,6)", "--to", "1000000000000000000", "--runs"});
  expect_success(huge);
  EXPECT_EQ(huge.out.rfind("0 0\n1 1\n2..3 2\n4..5 3\n6..11 0\n", 0), 0u) << huge;
  EXPECT_LT(count_newlines(huge.out), 100u);
  EXPECT_NE(huge.out.find("..1000000000000000000 "), std::string::npos) << huge;
  // Any other heap game: its values, cut into runs, as seq prints them.
  const std::string values = run_grundy({"seq", "0.6", "--from", "3", "--to", "300"}).out;
  const json runs =
      expect_json(run_grundy({"seq", "0.6", "--from", "3", "--to", "300", "--runs", "--json"}));
  EXPECT_EQ(runs["from"], 3);
  std::string joined;
  std::uint64_t next = 3;
  for (const json& r : runs["runs"]) {
    EXPECT_EQ(r["from"].get<std::uint64_t>(), next);
    next = r["to"].get<std::uint64_t>() + 1;
    for (std::uint64_t n = r["from"]; n <= r["to"].get<std::uint64_t>(); ++n) {
      joined += (joined.empty() ? "" : " ") + std::to_string(r["value"].get<std::uint64_t>());
    }
  }
  EXPECT_EQ(next, 301u);
  EXPECT_EQ(joined + "\n", values);
  for (const char* other : {"--misere", "--format"}) {
    std::vector<std::string> args = {"seq", "kayles", "--to", "5", "--runs", other};
    if (std::string(other) == "--format") args.push_back("csv");
    EXPECT_CONTAINS(expect_error(run_grundy(args)), "--runs does not go with");
  }
}

TEST(CliFamilies, HugeWythoffInsideASumIsAnError) {
  const std::string message =
      expect_error(run_grundy({"solve", "wythoff:1000000000000,3 + nim:1"}));
  EXPECT_CONTAINS(message, "wythoff:1000000000000,3");
  const std::string value = expect_error(run_grundy({"value", "wythoff", "1000000000000,3"}));
  EXPECT_CONTAINS(value, "--max-memory");
}

TEST(CliFamilies, CornerAndTheBoard) {
  // The top-right square of an n x m board is corner:m-1,n-1; both sides odd loses.
  const RunResult r =
      run_grundy({"value", "corner", "0,0", "4,2", "4,3", "3,3", "9223372036854775807,4"});
  expect_success(r);
  EXPECT_EQ(r.out, "0\n0\n3\n2\n1\n");
  const json doc = expect_json(run_grundy({"solve", "corner:4,3", "--json"}));
  EXPECT_EQ(doc["winning_moves"],
            json::parse(R"([{"component":0,"from":"corner:4,3","to":"corner:4,2"}])"));
}

TEST(CliFamilies, MultiplyAndDigits) {
  // HDU 1517: Stan (first) wins for N = 162, loses for 17 (9 < N <= 18).
  EXPECT_EQ(run_grundy({"solve", "multiply(2..9,162):1"}).out.rfind("first player wins\n", 0), 0u);
  EXPECT_EQ(run_grundy({"solve", "multiply(2..9,17):1"}).out, "second player wins\nnim-sum 0\n");
  const json doc = expect_json(run_grundy({"value", "multiply(2..9,100)", "1", "100", "--json"}));
  EXPECT_EQ(doc["game"], "multiply(2..9,100)");  // canonical: the range is kept
  EXPECT_EQ(doc["values"][1]["value"], 0);       // p >= N: over
  // digits: 0 loses; 1..9 win in one move.
  EXPECT_EQ(run_grundy({"value", "digits", "0", "7"}).out, "0\n1\n");
  const RunResult seq = run_grundy({"seq", "digits", "--to", "12"});
  expect_success(seq);
  EXPECT_EQ(seq.out.substr(0, 20), "0 1 1 1 1 1 1 1 1 1 ");
}

TEST(CliFamilies, BadInputIsOneLineAndExitTwo) {
  const std::vector<std::vector<std::string>> cases = {
      // malformed WxH, sides below 2
      {"value", "cut", "5*7"},
      {"value", "cut", "5x"},
      {"value", "cut", "x7"},
      {"value", "cut", "5x7x2"},
      {"value", "cut", "1x5"},
      {"value", "cut", "5x1"},
      {"value", "cut", "0x0"},
      {"solve", "cut:5"},
      {"solve", "cut:5x1 + nim:3"},
      // bitcount(0), bad numbers
      {"value", "bitcount(0)", "5"},
      {"solve", "bitcount(0):5"},
      {"value", "bitcount", "5"},
      {"value", "bitcount(7)", "18446744073709551616"},
      // multiply: a < 2, empty range, p = 0, overflow
      {"value", "multiply(1..9,100)", "1"},
      {"value", "multiply(0..9,100)", "1"},
      {"value", "multiply(9..2,100)", "1"},
      {"value", "multiply(2..9,100)", "0"},
      {"solve", "multiply(2..9,100):0"},
      {"seq", "multiply(2..9,100)", "--to", "5"},
      {"value", "multiply(2..9,9223372036854775807)", "1"},
      // wythoff / corner positions
      {"value", "wythoff", "3"},
      {"value", "corner", "3,-1"},
  };
  for (const auto& args : cases) {
    SCOPED_TRACE(args[0] + " " + args[1] + (args.size() > 2 ? " " + args[2] : ""));
    expect_error(run_grundy(args));
  }
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "cut", "1x5"})), "at least 2");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "bitcount(0)", "5"})), "k >= 1");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "multiply(1..9,100)", "1"})), "at least 2");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "multiply(9..2,100)", "1"})), "empty range");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "multiply(2..9,100)", "0"})), "never end");
}

TEST(CliFamilies, HugeSheetsAreAnsweredByTheTheoremAtOnce) {
  // The cutting game's closed form (src/rules/families/cut.cpp): a strip 2 wide is Dawson's
  // Kayles (0.07) two smaller, here valued by the octal engine's own proven period; a sheet
  // whose two strips are both N-positions is worth 1.
  const auto started = std::chrono::steady_clock::now();
  const auto out = [](const std::vector<std::string>& args) {
    const RunResult r = run_grundy(args);
    expect_success(r);
    return r.out;
  };
  const std::string strip = out({"value", "0.07", "999998"});
  EXPECT_EQ(out({"value", "cut", "1000000x2"}), strip);
  EXPECT_EQ(out({"value", "cut", "2x1000000"}), strip);
  EXPECT_EQ(out({"value", "cut", "1000000x1000000"}), strip == "0\n" ? "0\n" : "1\n");
  for (const std::string sheet :
       {"1000000x1000000", "1000000x2", "9223372036854775807x9223372036854775807"}) {
    SCOPED_TRACE(sheet);
    const json doc = expect_json(run_grundy({"solve", "cut:" + sheet + " + nim:1", "--json"},
                                            std::nullopt, std::chrono::seconds(10)));
    EXPECT_TRUE(doc.contains("winner")) << doc;
  }
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
}

// ---------------------------------------------------------------------------------------------
// Graph games (tests/data/graphs/small.txt; values derived by hand in that file)
// ---------------------------------------------------------------------------------------------

TEST(CliGraph, Values) {
  const std::string game = graph_game("small.txt");
  const RunResult r = run_grundy({"value", game, "start", "mid_1", "v.2", "x", "end-3", "lonely"});
  expect_success(r);
  EXPECT_EQ(r.out, "1\n0\n2\n1\n0\n0\n");

  const json doc = expect_json(run_grundy({"value", game, "start", "v.2", "--json"}));
  EXPECT_EQ(doc["game"], game);
  EXPECT_EQ(doc["values"],
            json::parse(R"([{"position":"start","value":1},{"position":"v.2","value":2}])"));
}

TEST(CliGraph, Solve) {
  const std::string game = graph_game("small.txt");
  // start (1): winning moves go to the value-0 successors mid_1 and end-3 (not v.2, value 2).
  const RunResult r = run_grundy({"solve", game + ":start"});
  expect_success(r);
  EXPECT_EQ(r.out, "first player wins\nnim-sum 1\n0: " + game + ":start -> " + game +
                       ":mid_1\n0: " + game + ":start -> " + game + ":end-3\n");

  // start (1) + nim:1: a second-player win.
  const json p = expect_json(run_grundy({"solve", game + ":start + nim:1", "--json"}));
  EXPECT_EQ(p["sum"], game + ":start + nim:1");
  EXPECT_EQ(p["winner"], "second");
  EXPECT_EQ(p["winning_move_count"], 0);

  // v.2 (2) + x (1): nim-sum 3; v.2 -> x (value 1) wins; x cannot reach value 2.
  const json n = expect_json(run_grundy({"solve", game + ":v.2 + " + game + ":x", "--json"}));
  EXPECT_EQ(n["winner"], "first");
  EXPECT_EQ(n["nim_sum"], 3);
  EXPECT_EQ(n["winning_moves"],
            json::array({json{{"component", 0}, {"from", game + ":v.2"}, {"to", game + ":x"}}}));
  EXPECT_EQ(n["winning_move_count"], 1);

  // v.2 (2) + nim:3: nim-sum 1; only nim:3 -> nim:2.
  const RunResult mixed = run_grundy({"solve", game + ":v.2 + nim:3"});
  expect_success(mixed);
  EXPECT_EQ(mixed.out, "first player wins\nnim-sum 1\n1: nim:3 -> nim:2\n");
}

TEST(CliGraph, MoveToPlayMakesProgressInALoopyGame) {
  // tests/data/graphs/trap.txt: from start, hold and end both have value 0 and are listed in that
  // order; from hold the loser returns to back, so the move to play is the one to end (Smith's
  // counter). The listing keeps the contract's order.
  const std::string game = graph_game("trap.txt");
  const json doc = expect_json(run_grundy({"solve", game + ":start", "--json"}));
  EXPECT_EQ(
      doc["winning_moves"],
      json::array({json{{"component", 0}, {"from", game + ":start"}, {"to", game + ":hold"}},
                   json{{"component", 0}, {"from", game + ":start"}, {"to", game + ":end"}}}));
  EXPECT_EQ(doc["move_to_play"],
            (json{{"component", 0}, {"from", game + ":start"}, {"to", game + ":end"}}));
  // A second-player win has no move to play.
  const json lost = expect_json(run_grundy({"solve", game + ":hold", "--json"}));
  EXPECT_EQ(lost["winner"], "second");
  EXPECT_TRUE(lost["move_to_play"].is_null());
}

TEST(CliGraph, MissingFile) {
  const std::string missing = data_path("graphs/no-such-file.txt");
  const std::string message = expect_error(run_grundy({"value", "graph(" + missing + ")", "a"}));
  EXPECT_CONTAINS(message, missing);
}

TEST(CliGraph, ThreeNamesOnALine) {
  const std::string message =
      expect_error(run_grundy({"value", graph_game("three_names.txt"), "a"}));
  EXPECT_CONTAINS(message, "line 3");
}

TEST(CliGraph, BadCharacter) {
  const std::string message = expect_error(run_grundy({"value", graph_game("bad_char.txt"), "a"}));
  EXPECT_CONTAINS(message, "line 4");
  EXPECT_CONTAINS(message, "'>'");
}

TEST(CliMisere, NimClosedForm) {
  // Three 1-heaps: nim-sum 1, every heap <= 1, so misère reverses the normal rule.
  RunResult r = run_grundy({"solve", "nim:1 + nim:1 + nim:1", "--misere"});
  expect_success(r);
  EXPECT_EQ(r.out, "second player wins\n");
  // nim:3 + nim:1: the winner must leave an odd number of 1-heaps, so takes the whole 3-heap.
  r = run_grundy({"solve", "nim:3 + nim:1", "--misere"});
  expect_success(r);
  EXPECT_EQ(r.out, "first player wins\n0: nim:3 -> 0\n");
}

TEST(CliMisere, Json) {
  const RunResult r = run_grundy({"solve", "nim:3 + nim:1", "--misere", "--json"});
  const json doc = expect_json(r);
  EXPECT_EQ(doc, json::parse(R"({"sum":"nim:3 + nim:1","play":"misere","winner":"first",)"
                             R"("winning_moves":[{"component":0,"from":"nim:3","to":"0"}],)"
                             R"("winning_moves_truncated":false,"winning_move_count":1,)"
                             R"("decided_by":"closed form"})"));
}

TEST(CliMisere, KaylesDiffersFromNormalPlay) {
  // Kayles heap 4 has Grundy value 1 (a normal-play win), but every option is a misère win for
  // the opponent: 3, 2, 1 + 2 and 1 + 1 (checked by hand), so it is a misère loss.
  // --no-cache: so small a sum is searched (a cached quotient of Kayles would decide it, and
  // the text would name it).
  const RunResult misere = run_grundy({"solve", "0.77:4", "--misere", "--no-cache"});
  expect_success(misere);
  EXPECT_EQ(misere.out, "second player wins\n");
  const RunResult normal = run_grundy({"solve", "0.77:4"});
  expect_success(normal);
  EXPECT_EQ(normal.out.substr(0, 18), "first player wins\n");
  // 0.77:3: take one end pin and leave a 2-heap? No: leave 1 (the opponent must take it).
  const RunResult three = run_grundy({"solve", "0.77:3", "--misere", "--no-cache"});
  expect_success(three);
  EXPECT_EQ(three.out, "first player wins\n0: 0.77:3 -> 0.77:1\n");
}

TEST(CliMisere, Remoteness) {
  RunResult r = run_grundy({"solve", "nim:2 + nim:2", "--remoteness"});
  expect_success(r);
  EXPECT_EQ(r.out, "second player wins\nnim-sum 0\nremoteness 4\n");
  r = run_grundy({"solve", "nim:1", "--misere", "--remoteness"});
  expect_success(r);
  EXPECT_EQ(r.out, "second player wins\nremoteness 1\n");
  const json doc = expect_json(run_grundy({"solve", "sub(1,2):7", "--remoteness", "--json"}));
  // 7 = 1 mod 3: take 1, then answer every move to a multiple of 3; the loser delays by taking
  // 1 each time, so 1 + 2 + 2 = 5 moves.
  EXPECT_EQ(doc["remoteness"], 5);
  EXPECT_EQ(doc["play"], "normal");
}

TEST(CliMisere, GenusSequence) {
  // Kayles heaps 0..5 (the library test checks genera against a brute-force recursion).
  RunResult r = run_grundy({"seq", "0.77", "--to", "5", "--misere"});
  expect_success(r);
  EXPECT_EQ(r.out, "0^120 1^031 2^20 3^31 1^031 4^146\n");
  const json doc =
      expect_json(run_grundy({"seq", "nim", "--from", "1", "--to", "2", "--misere", "--json"}));
  EXPECT_EQ(doc, json::parse(R"({"game":"nim","from":1,"to":2,"play":"misere",)"
                             R"("genus":[[1,[0,3,1]],[2,[2,0]]]})"));
  EXPECT_CONTAINS(
      expect_error(run_grundy({"seq", "0.77", "--to", "40", "--misere", "--max-states", "1000"})),
      "--max-states");
}

TEST(CliMisere, StreamedGenusDocumentIsTheEngines) {
  // The command streams the document heap by heap; grundy.genus converts the engine's whole
  // GenusAnswer. Byte for byte the same text.
  const std::vector<std::tuple<std::string, std::uint64_t, std::uint64_t>> requests = {
      {"0.312", 0, 12}, {"kayles", 5, 9}, {"0.07", 3, 3}, {"sub(1,3,4)", 20, 30}};
  for (const auto& [spec, from, to] : requests) {
    const RunResult r = run_grundy({"seq", spec, "--from", std::to_string(from), "--to",
                                    std::to_string(to), "--misere", "--json"});
    expect_success(r);
    const grundy::Engine engine;
    EXPECT_EQ(r.out, grundy::dump_document(
                         grundy::to_document(engine.genera(grundy::Engine::game(spec), from, to))) +
                         "\n")
        << spec;
  }
}

TEST(CliMisere, RefusedBeyondMaxStates) {
  // Two games: no quotient of one heap game serves the sum, so the search does (and is refused).
  const std::string message =
      expect_error(run_grundy({"solve", "0.77:60 + 0.07:61", "--misere", "--max-states", "1000"}));
  EXPECT_CONTAINS(message, "--max-states");
  const std::string memory =
      expect_error(run_grundy({"solve", "0.77:60 + 0.07:61", "--misere", "--max-memory", "100K"}));
  EXPECT_CONTAINS(memory, "search");
  const std::string bad =
      expect_error(run_grundy({"solve", "0.77:6", "--misere", "--max-states", "x"}));
  EXPECT_CONTAINS(bad, "--max-states");
}

TEST(CliGraph, Cycle) {
  // Loopy games used to be refused with "cycle ... loopy games are not supported yet"; now they
  // get Smith's generalised values. cycle.txt (a -> b -> c -> a, c -> d) has only finite ones:
  // d = 0, c = mex{a, d}, b = 0 because its one follower c can reach d, a = 1, c = 2.
  RunResult r = run_grundy({"value", graph_game("cycle.txt"), "a", "b", "c", "d"});
  expect_success(r);
  EXPECT_EQ(r.out, "1\n0\n2\n0\n");
  r = run_grundy({"solve", graph_game("cycle.txt") + ":b + nim:1"});
  expect_success(r);
  EXPECT_EQ(r.out, "first player wins\nnim-sum 1\n1: nim:1 -> 0\n");
}

TEST(CliGraph, InfiniteValuesPrintTheirEscapeSet) {
  const std::string game = graph_game("loopy.txt");
  RunResult r = run_grundy({"value", game, "a", "b", "c", "d", "e"});
  expect_success(r);
  EXPECT_EQ(r.out, "inf{}\ninf{1}\n1\n0\ninf{0}\n");
  const json doc = expect_json(run_grundy({"value", game, "b", "c", "--json"}));
  EXPECT_EQ(doc["values"][0]["value"], "inf{1}");
  EXPECT_EQ(doc["values"][1]["value"], 1);
}

TEST(CliGraph, LoopySolveDrawsAndWins) {
  const std::string game = graph_game("loopy.txt");
  // b = inf{1}: 0 is not an escape, so neither player can force a win.
  RunResult r = run_grundy({"solve", game + ":b"});
  expect_success(r);
  EXPECT_EQ(r.out, "draw\n");
  json doc = expect_json(run_grundy({"solve", game + ":b", "--json"}));
  EXPECT_EQ(doc["winner"], "draw");
  EXPECT_FALSE(doc.contains("nim_sum"));
  EXPECT_EQ(doc["winning_move_count"], 0);
  // e = inf{0}: move to the sink.
  r = run_grundy({"solve", game + ":e"});
  expect_success(r);
  EXPECT_EQ(r.out, "first player wins\n0: " + game + ":e -> " + game + ":d\n");
  // inf{1} + 1 = inf{0}: a first-player win by moving b to c (value 1).
  r = run_grundy({"solve", game + ":b + nim:1"});
  expect_success(r);
  EXPECT_EQ(r.out, "first player wins\n0: " + game + ":b -> " + game + ":c\n");
  // Two infinite components: a draw.
  r = run_grundy({"solve", game + ":e + " + game + ":e"});
  expect_success(r);
  EXPECT_EQ(r.out, "draw\n");
  // Misère play by retrograde analysis: d (no move) is won for the player to move, so c is lost,
  // b won (move to c) and a lost in 3; e can only hand over d or cycle: a draw.
  r = run_grundy({"solve", game + ":a", "--misere", "--remoteness"});
  expect_success(r);
  EXPECT_EQ(r.out, "second player wins\nremoteness 3\n");
  r = run_grundy({"solve", game + ":e", "--misere"});
  expect_success(r);
  EXPECT_EQ(r.out, "draw\n");
  // Normal play with remoteness: b + nim:1 is won; draws have no remoteness.
  doc = expect_json(run_grundy({"solve", game + ":b", "--remoteness", "--json"}));
  EXPECT_EQ(doc["winner"], "draw");
  EXPECT_TRUE(doc["remoteness"].is_null());
  r = run_grundy({"solve", game + ":e", "--remoteness"});
  expect_success(r);
  EXPECT_EQ(r.out, "first player wins\nremoteness 1\n0: " + game + ":e -> " + game + ":d\n");
}

TEST(CliGraph, UnknownVertex) {
  const std::string game = graph_game("small.txt");
  const std::string message = expect_error(run_grundy({"value", game, "nowhere"}));
  EXPECT_CONTAINS(message, "nowhere");
  // In a sum, the column of the vertex name in the spec argument.
  const std::string sum = "nim:3 + " + game + ":nowhere";
  const std::string in_sum = expect_error(run_grundy({"solve", sum}));
  EXPECT_CONTAINS(in_sum, "spec column " + std::to_string(sum.find("nowhere") + 1) + ":");
  EXPECT_CONTAINS(in_sum, "nowhere");
}

TEST(CliGraph, SeqNeedsIntegerPositions) {
  const std::string message =
      expect_error(run_grundy({"seq", graph_game("small.txt"), "--to", "3"}));
  EXPECT_CONTAINS(message, "seq");
}

/// A scratch directory for files the tests cannot keep in tests/data (odd names); removed at the
/// end.
class ScratchDir {
 public:
  ScratchDir()
      : path_(std::filesystem::temp_directory_path() /
              ("grundy-cli-test-" + std::to_string(::getpid()) + "-" + std::to_string(next_++))) {
    std::filesystem::create_directories(path_);
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  /// Writes `text` to a file `name` in the directory; returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    const std::filesystem::path file = path_ / name;
    std::ofstream(file) << text;
    return file.string();
  }

 private:
  static inline int next_ = 0;
  std::filesystem::path path_;
};

TEST(CliGraph, PathWithParentheses) {
  // A file name may contain parentheses; graph(FILE) must read the whole path, not stop at the
  // first ')'.
  const ScratchDir dir;
  const std::string file = dir.write("copy(1).txt", "a b\nb c\n");  // a -> b -> c: g = 0, 1, 0
  const RunResult r = run_grundy({"value", "graph(" + file + ")", "a", "b"});
  expect_success(r);
  EXPECT_EQ(r.out, "0\n1\n");
}

TEST(CliGraph, NonUtf8PathInJsonIsNotAnInternalError) {
  // Linux file names are bytes; the game name in a JSON document must not make the command fail
  // with an internal error (exit 1). Either it succeeds with one valid JSON document, or it is
  // refused as bad input (exit 2).
  const ScratchDir dir;
  const std::string file = dir.write("latin1-\xE9t\xE9.txt", "a b\n");  // g(a) = 1, g(b) = 0
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"value", "graph(" + file + ")", "a", "--json"},
           {"solve", "graph(" + file + "):a", "--json"},
       }) {
    SCOPED_TRACE(args[0]);
    const RunResult r = run_grundy(args);
    EXPECT_NE(r.exit_code, 1) << r;
    if (r.exit_code == 0) expect_json(r);
    if (r.exit_code == 2) expect_error(r);
  }
  // The text form works already.
  const RunResult text = run_grundy({"value", "graph(" + file + ")", "a"});
  expect_success(text);
  EXPECT_EQ(text.out, "1\n");
}

// ---------------------------------------------------------------------------------------------
// Help and version
// ---------------------------------------------------------------------------------------------

TEST(CliHelp, AppHelp) {
  const RunResult r = run_grundy({"--help"});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_CONTAINS(r.out, "Usage");
  for (const char* command : {"value", "seq", "solve"}) EXPECT_CONTAINS(r.out, command);
}

TEST(CliHelp, SubcommandHelp) {
  for (const char* command : {"value", "seq", "solve"}) {
    for (const char* flag : {"--help", "-h"}) {
      const RunResult r = run_grundy({command, flag});
      EXPECT_EQ(r.exit_code, 0) << command << " " << flag << "\n" << r;
      EXPECT_CONTAINS(r.out, std::string("Usage: grundy ") + command);
      EXPECT_CONTAINS(r.out, "--json");
    }
  }
}

TEST(CliHelp, Version) {
  const RunResult r = run_grundy({"--version"});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.out.rfind("grundy ", 0), 0u) << r;
  EXPECT_EQ(count_newlines(r.out), 1u) << r;
}

// ---------------------------------------------------------------------------------------------
// Errors: exit 2, nothing on stdout, one line on stderr `grundy: error: ...`
// ---------------------------------------------------------------------------------------------

TEST(CliErrors, UnknownGame) {
  const std::string message = expect_error(run_grundy({"value", "foo", "3"}));
  EXPECT_CONTAINS(message, "spec column 1:");
  EXPECT_CONTAINS(message, "foo");
}

TEST(CliErrors, WhatANewUserTyped) {
  // A sum where value wants a game: pointed to solve.
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "nim:3 + nim:4"})), "grundy solve");
  // The whole word, not the part before its first non-ASCII letter.
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "kaylés", "3"})), "unknown game 'kaylés'");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "sub(0,1)", "3"})),
                  "the elements of a subtraction set must be positive");
  // A plot into a folder that takes no file is refused before the values are printed.
  const RunResult plot = run_grundy({"seq", "kayles", "--to", "5", "--plot", "/proc/x.svg"});
  EXPECT_CONTAINS(expect_error(plot), "/proc");
  EXPECT_TRUE(plot.out.empty()) << plot;
}

TEST(CliErrors, MalformedOctalCodesNameTheColumn) {
  const std::vector<std::pair<std::string, int>> cases = {
      {"0.8", 3},                          // not an octal digit
      {"0.", 3},                           // no digit after the point
      {"3.07", 1},                         // leading digit must be 0 or 4
      {"0.x", 3},                          // not a digit
      {" 0.x", 4},                         // columns count in the argument as given
      {"hex(0.G)", 7},                     // not a hexadecimal digit
      {"hex(3.0)", 5},                     // leading digit must be 0, 4, 8 or C
      {"sub()", 5},                        // empty subtraction set
      {"sub(1,,3)", 7}, {"kayles(3)", 7},  // takes no arguments
  };
  for (const auto& [spec, column] : cases) {
    SCOPED_TRACE(spec);
    const std::string message = expect_error(run_grundy({"value", spec, "3"}));
    EXPECT_EQ(message.rfind("spec column " + std::to_string(column) + ": ", 0), 0u) << message;
  }
}

TEST(CliErrors, SpecColumnsInSums) {
  const std::vector<std::pair<std::string, int>> cases = {
      {"nim:3 + 0.x:3", 11},  // in the game of the second component
      {"nim:3 + nim:x", 13},  // in the position of the second component
      {"nim:3 + foo:3", 9},
  };
  for (const auto& [sum, column] : cases) {
    SCOPED_TRACE(sum);
    const std::string message = expect_error(run_grundy({"solve", sum}));
    EXPECT_EQ(message.rfind("spec column " + std::to_string(column) + ": ", 0), 0u) << message;
  }
  expect_error(run_grundy({"solve", "nim:3 + "}));
  expect_error(run_grundy({"solve", "nim"}));
}

TEST(CliErrors, BadPositions) {
  const std::string negative = expect_error(run_grundy({"value", "nim", "-3"}));
  EXPECT_CONTAINS(negative, "negative");
  const std::string text = expect_error(run_grundy({"value", "nim", "abc"}));
  EXPECT_CONTAINS(text, "abc");
  const std::string big = expect_error(run_grundy({"value", "nim", "9223372036854775808"}));
  EXPECT_CONTAINS(big, "9223372036854775808");
  expect_error(run_grundy({"value", "nim", "3x"}));
  expect_error(run_grundy({"value", "nim", ""}));
  expect_error(run_grundy({"value", "0.07", "3", "-"}));  // '-' is only special alone
  // Nothing is printed for the good positions before a bad one.
  expect_error(run_grundy({"value", "nim", "1", "2", "abc"}));
  expect_error(run_grundy({"value", "nim", "1", "2", "abc", "--json"}));
}

TEST(CliErrors, MemoryLimitRefused) {
  // g(0..10^8) of Grundy's game, one byte per value (the sparse-space table): 100000001 bytes =
  // 95.4 MiB. (No period theorem covers Grundy's game, so nothing can answer instead of the table.)
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"value", "grundy", "100000000", "--max-memory", "1M"},
           {"seq", "grundy", "--to", "100000000", "--max-memory", "1M"},
           {"solve", "grundy:100000000", "--max-memory", "1M"},
           {"solve", "nim:1 + grundy:100000000", "--max-memory", "1M", "--json"},
       }) {
    SCOPED_TRACE(args[0] + " " + args[1]);
    const std::string message = expect_error(run_grundy(args));
    EXPECT_CONTAINS(message, "95.4 MiB");  // the size needed
    EXPECT_CONTAINS(message, "1.00 MiB");  // the limit
    EXPECT_CONTAINS(message, "--max-memory");
  }
  const std::string batch = expect_error(
      run_grundy({"value", "grundy", "-", "--max-memory", "1M", "--json"}, "100000000\n"));
  EXPECT_CONTAINS(batch, "95.4 MiB");

  // Without --max-memory, a table for 2^63 - 1 positions is refused, not attempted.
  const std::string huge = expect_error(run_grundy({"value", "grundy", "9223372036854775807"}));
  EXPECT_CONTAINS(huge, "--max-memory");
}

TEST(CliErrors, BadMaxMemory) {
  expect_error(run_grundy({"value", "nim", "3", "--max-memory", "abc"}));
  expect_error(run_grundy({"value", "nim", "3", "--max-memory", "1X"}));
}

TEST(CliErrors, UnknownOptionAndMissingArguments) {
  const std::string message = expect_error(run_grundy({"value", "nim", "3", "--bogus"}));
  EXPECT_CONTAINS(message, "--bogus");
  expect_error(run_grundy({}));
  expect_error(run_grundy({"value"}));
  expect_error(run_grundy({"value", "nim"}));
  expect_error(run_grundy({"seq", "nim"}));
  expect_error(run_grundy({"seq", "nim", "--to", "abc"}));
  expect_error(run_grundy({"solve", "nim:3", "--max-moves", "abc"}));
}

TEST(CliErrors, UnknownSubcommandIsNamed) {
  const std::string message = expect_error(run_grundy({"bogus"}));
  EXPECT_CONTAINS(message, "bogus");
}

TEST(CliErrors, SeqFromAboveTo) {
  const std::string message = expect_error(run_grundy({"seq", "nim", "--from", "5", "--to", "3"}));
  EXPECT_CONTAINS(message, "--from");
}

TEST(CliErrors, SeqToAboveLargestPosition) {
  const std::string message =
      expect_error(run_grundy({"seq", "nim", "--to", "9223372036854775808"}));
  EXPECT_CONTAINS(message, "9223372036854775808");
}

TEST(CliErrors, SeqNegativeOrOverflowingBoundsAreReportedAsGiven) {
  // A negative bound must not wrap around to 2^64 - 1 in the message (or anywhere else).
  const std::string to = expect_error(run_grundy({"seq", "nim", "--to", "-1"}));
  EXPECT_CONTAINS(to, "-1");
  EXPECT_EQ(to.find("18446744073709551615"), std::string::npos) << to;

  const std::string from = expect_error(run_grundy({"seq", "nim", "--from", "-1", "--to", "3"}));
  EXPECT_CONTAINS(from, "-1");
  EXPECT_EQ(from.find("18446744073709551615"), std::string::npos) << from;

  // A number above 2^64 - 1 must be reported as written, not saturated.
  const std::string over = expect_error(run_grundy({"seq", "nim", "--to", "18446744073709551616"}));
  EXPECT_CONTAINS(over, "18446744073709551616");
}

TEST(CliErrors, NegativeMaxMovesRejected) {
  // --max-moves -1 must not silently become 2^64 - 1.
  expect_error(run_grundy({"solve", "nim:3", "--max-moves", "-1"}));
}

// ---------------------------------------------------------------------------------------------
// grundy period, and huge positions through proven periods
// ---------------------------------------------------------------------------------------------

TEST(CliPeriod, KaylesText) {
  const RunResult r = run_grundy({"period", "kayles", "--no-cache"});
  expect_success(r);
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "preperiod 71 period 12");
  EXPECT_EQ(count_newlines(r.out), 2u) << r;
  EXPECT_CONTAINS(r.out, "Guy-Smith");
}

TEST(CliPeriod, Json) {
  const json j = expect_json(run_grundy({"period", "sub(2,3,7)", "--json", "--no-cache"}));
  EXPECT_EQ(j["game"], "sub(2,3,7)");
  EXPECT_EQ(j["proven"], true);
  EXPECT_EQ(j["preperiod"], 0);
  EXPECT_EQ(j["period"], 5);
  EXPECT_EQ(j["saltus"], 0);
  EXPECT_TRUE(j["values_computed"].is_number());
}

TEST(CliPeriod, PublishedOctalPeriods) {
  const std::vector<std::tuple<std::string, int, int>> published{
      {"0.07", 53, 34},   {"0.137", 52, 34},   {"0.4", 54, 34},
      {"0.17", 33, 34},   {"0.44", 143, 24},   {"0.45", 498, 20},
      {"0.177", 497, 20}, {"0.1377", 141, 24}, {"0.11377", 187, 32}};
  for (const auto& [code, preperiod, period] : published) {
    const json j = expect_json(run_grundy({"period", code, "--json", "--no-cache"}));
    EXPECT_EQ(j["preperiod"], preperiod) << code;
    EXPECT_EQ(j["period"], period) << code;
  }
}

TEST(CliPeriod, NimHasASaltus) {
  const RunResult r = run_grundy({"period", "nim", "--no-cache"});
  expect_success(r);
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "preperiod 0 period 1 saltus 1");
}

TEST(CliPeriod, NotProvenWithinMax) {
  const RunResult r = run_grundy({"period", "0.45", "--max", "600", "--no-cache"});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.out.substr(0, r.out.find('\n') + 1), "no period proven up to 600\n");
  const json j =
      expect_json(run_grundy({"period", "0.45", "--max", "600", "--no-cache", "--json"}));
  EXPECT_EQ(j["proven"], false);
  EXPECT_FALSE(j.contains("preperiod"));
  EXPECT_EQ(j["values_computed"], 600);
}

TEST(CliPeriod, NoTheoremNoClaim) {
  // No theorem: said as such (not "no period proven up to 10000000"), then what the values
  // show, as an observation that is never called proven.
  for (const char* game : {"grundy", "sub(fib)", "4.(7)", "digits", "bitcount(3)"}) {
    const RunResult r = run_grundy({"period", game});
    expect_success(r);
    const std::string prefix = std::string("no period theorem applies to ") + game + ": ";
    EXPECT_EQ(r.out.rfind(prefix, 0), 0u) << r;
    EXPECT_EQ(count_newlines(r.out), 2u) << r;
    const std::string second = r.out.substr(r.out.find('\n') + 1);
    EXPECT_GT(r.out.size() - second.size(), prefix.size() + 20) << r;  // the reason
    EXPECT_EQ(second.rfind("observed: ", 0), 0u) << r;
    EXPECT_CONTAINS(second, "not proven");
    const json j = expect_json(run_grundy({"period", game, "--json"}));
    EXPECT_EQ(j["proven"], false) << game;
    EXPECT_EQ(j["theorem_applies"], false) << game;
    EXPECT_GT(j["values_computed"].get<std::uint64_t>(), 1000u) << game;
    ASSERT_TRUE(j.contains("observed")) << game;
    if (!j["observed"].is_null()) {
      EXPECT_EQ(j["observed"]["proven"], false) << game;
    }
  }
  const RunResult pow2 = run_grundy({"period", "sub(pow2)"});
  expect_success(pow2);
  EXPECT_EQ(pow2.out.substr(0, pow2.out.find('\n')), "preperiod 0 period 3");
}

TEST(CliPeriod, AnObservedPeriodHoldsOnTheValues) {
  // 4.(7) (take any number, or split into two without removing): no theorem covers repeating
  // codes that split, but the values show g(n + 1) = g(n) + 2 from 2.
  const json j = expect_json(run_grundy({"period", "4.(7)", "--max", "1200", "--json"}));
  EXPECT_EQ(j["proven"], false);
  EXPECT_EQ(j["values_computed"], 1200);
  const json& o = j["observed"];
  ASSERT_TRUE(o.is_object()) << j;
  const std::uint64_t i = o["preperiod"], p = o["period"], s = o["saltus"];
  EXPECT_EQ(o["holds_below"], 1200 - p);
  const json seq = expect_json(run_grundy({"seq", "4.(7)", "--to", "1199", "--json"}));
  const auto& g = seq["values"];
  for (std::uint64_t n = i; n + p < 1200; ++n) {
    ASSERT_EQ(g[n + p].get<std::uint64_t>(), g[n].get<std::uint64_t>() + s) << n;
  }
  if (i > 0) {
    EXPECT_NE(g[i - 1 + p].get<std::uint64_t>(), g[i - 1].get<std::uint64_t>() + s);
  }
  const RunResult text = run_grundy({"period", "4.(7)", "--max", "1200"});
  EXPECT_CONTAINS(text.out, "observed: g(n + " + std::to_string(p) + ") = g(n) + " +
                                std::to_string(s) + " for " + std::to_string(i) + " <= n < " +
                                std::to_string(1200 - p));
  // Games whose positions do not start at 0 say why nothing was observed.
  const RunResult multiply = run_grundy({"period", "multiply(2..9,100)"});
  expect_success(multiply);
  EXPECT_CONTAINS(multiply.out, "observed: nothing (");
}

TEST(CliPeriod, NoTheoryIsAnError) {
  expect_error(run_grundy({"period", graph_game("small.txt")}));
  EXPECT_CONTAINS(expect_error(run_grundy({"period", "kayles", "--max", "-5"})), "--max");
  EXPECT_CONTAINS(expect_error(run_grundy({"period", "kayles", "--max", "0"})), "--max");
  EXPECT_CONTAINS(expect_error(run_grundy({"period", "0.9"})), "column 3");
}

TEST(CliPeriod, CacheMakesTheSecondQueryAnswerFromDisk) {
  char dir[] = "/tmp/grundy-cli-cache-XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  ::setenv("GRUNDY_CACHE_DIR", dir, 1);
  const json first = expect_json(run_grundy({"period", "0.45", "--json"}));
  const json second = expect_json(run_grundy({"period", "0.45", "--json"}));
  const json bypass = expect_json(run_grundy({"period", "0.45", "--json", "--no-cache"}));
  // A cached proof resting on more values than --max says where it is from.
  const RunResult small = run_grundy({"period", "0.45", "--max", "100"});
  ::unsetenv("GRUNDY_CACHE_DIR");
  EXPECT_EQ(small.out.rfind("preperiod 498 period 20 (certificate from the cache: proven from ", 0),
            0u)
      << small;
  std::filesystem::remove_all(dir);
  EXPECT_EQ(first["from_cache"], false);
  EXPECT_EQ(second["from_cache"], true);
  EXPECT_EQ(bypass["from_cache"], false);
  EXPECT_EQ(second["preperiod"], 498);
  EXPECT_EQ(second["period"], 20);
}

TEST(CliHuge, ValuesThroughThePeriod) {
  const RunResult r = run_grundy({"value", "0.07", "1000000000000000000", "9223372036854775807"});
  expect_success(r);
  EXPECT_EQ(count_newlines(r.out), 2u);
  // 0.07 is periodic (34) from 53: g(10^18) = g(53 + (10^18 - 53) mod 34).
  const std::uint64_t n = 1000000000000000000ULL;
  const RunResult small = run_grundy({"value", "0.07", std::to_string(53 + (n - 53) % 34)});
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), small.out.substr(0, small.out.find('\n')));
  const RunResult sub = run_grundy({"value", "sub(1,3)", "999999999999"});
  expect_success(sub);
  EXPECT_EQ(sub.out, "1\n");  // sub(1,3) alternates 0 1 0 1 ...
}

TEST(CliHuge, SolveAnswersWithWinningMovesAndCount) {
  const json j = expect_json(
      run_grundy({"solve", "0.07:1000000000000000000 + nim:5 + sub(1,3):999999999999", "--json"}));
  EXPECT_EQ(j["winner"], "first");
  ASSERT_TRUE(j["winning_move_count"].is_number()) << j;
  EXPECT_EQ(j["winning_move_count"], j["winning_moves"].size());
  bool split_shown = false;
  for (const auto& m : j["winning_moves"]) {
    const std::string to = m["to"];
    split_shown = split_shown || to.find(" + ") != std::string::npos;
  }
  EXPECT_TRUE(split_shown) << j;
}

TEST(CliHuge, AGameNoTheoremCoversIsRefusedPastMaxAtOnce) {
  // Grundy's game: only a table answers, and the sparse-space table's work is unknown before it
  // runs: past --max it is refused at once, naming the --max that computes it.
  const auto began = std::chrono::steady_clock::now();
  const std::string message = expect_error(run_grundy({"value", "grundy", "100000000"}));
  EXPECT_LT(std::chrono::steady_clock::now() - began, std::chrono::seconds(5));
  EXPECT_CONTAINS(message, "--max 100000001");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "grundy", "20000", "--max", "20000"})),
                  "--max 20001");
  // Within --max it is computed, as seq computes it.
  const RunResult within = run_grundy({"value", "grundy", "20000", "--max", "20001"});
  expect_success(within);
  const std::string seq = run_grundy({"seq", "grundy", "--from", "20000", "--to", "20000"}).out;
  EXPECT_EQ(within.out, seq);
}

TEST(CliHuge, NoPeriodAndNoTableIsARefusal) {
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "grundy", "100000000000"})), "memory limit");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "0.45", "100000000000", "--max", "300"})),
                  "no period");
}

}  // namespace

// ---------------------------------------------------------------------------------------------
// Issue 11: errors in the house style, whatever the input
// ---------------------------------------------------------------------------------------------

namespace grundy_test {
namespace {

/// No message may carry CLI11's own phrasing: the contract's errors say what was wrong in our
/// words and where to look.
void expect_house_style(const std::string& message) {
  for (const char* cli11 : {"The following argument", "is required", "A subcommand",
                            "required TEXT missing", "requires", "Could not convert"}) {
    EXPECT_EQ(message.find(cli11), std::string::npos) << "CLI11 phrasing in: " << message;
  }
  EXPECT_FALSE(message.empty());
  if (!message.empty()) {
    EXPECT_FALSE(std::isupper(static_cast<unsigned char>(message[0]))) << message;
  }
}

TEST(CliErrorsHouseStyle, UnknownOptionsAndArguments) {
  std::string m = expect_error(run_grundy({"--frobnicate"}));
  EXPECT_CONTAINS(m, "unknown option '--frobnicate'");
  expect_house_style(m);
  m = expect_error(run_grundy({"value", "--frobnicate", "nim", "3"}));
  EXPECT_CONTAINS(m, "unknown option '--frobnicate'");
  EXPECT_CONTAINS(m, "grundy value --help");
  expect_house_style(m);
  m = expect_error(run_grundy({"value", "nim", "3", "--bogus"}));
  EXPECT_CONTAINS(m, "unknown option '--bogus'");
  expect_house_style(m);
  // A sum written as several arguments: say how to write it.
  m = expect_error(run_grundy({"solve", "nim:3", "nim:4"}));
  EXPECT_CONTAINS(m, "unexpected argument 'nim:4'");
  EXPECT_CONTAINS(m, "quote");
  expect_house_style(m);
}

TEST(CliErrorsHouseStyle, AnUnknownOptionIsNamedWithTheLongOptionItMostLikelyMeant) {
  // The option, not its value, is what is wrong: `-o FILE` was "unexpected argument 'FILE'". (The
  // arguments are refused before any file is opened.)
  std::string m = expect_error(run_grundy({"census", "report", "--db", "c.db", "-o", "F"}));
  EXPECT_EQ(m, "unknown option '-o' (did you mean --out? see grundy census report --help)");
  m = expect_error(run_grundy({"census", "report", "-o", "F", "--db", "c.db"}));
  EXPECT_EQ(m, "unknown option '-o' (did you mean --out? see grundy census report --help)");
  m = expect_error(run_grundy({"solve", "--jsn", "nim:3"}));
  EXPECT_EQ(m, "unknown option '--jsn' (did you mean --json? see grundy solve --help)");
  m = expect_error(run_grundy({"census", "octal:1", "--budgte", "9"}));
  EXPECT_EQ(m, "unknown option '--budgte' (did you mean --budget? see grundy census --help)");
  // Nothing stands out: no guess (--max begins three options of census, four start with m).
  for (const auto& [args, option] : std::vector<std::pair<std::vector<std::string>, std::string>>{
           {{"census", "octal:1", "--max", "3"}, "--max"},
           {{"census", "octal:1", "-m"}, "-m"},
           {{"value", "nim", "3", "-z"}, "-z"},
           {{"value", "--frobnicate", "nim", "3"}, "--frobnicate"}}) {
    m = expect_error(run_grundy(args));
    EXPECT_EQ(m, "unknown option '" + option + "' (see grundy " + args[0] + " --help)");
    expect_house_style(m);
  }
  // Extra arguments are named in the order given, with the help of the subcommand reached.
  m = expect_error(run_grundy({"census", "report", "--db", "c.db", "a", "b"}));
  EXPECT_EQ(m, "unexpected argument 'a' (see grundy census report --help)");
}

TEST(CliErrorsHouseStyle, MissingArgumentsAndValues) {
  std::string m = expect_error(run_grundy({}));
  EXPECT_CONTAINS(m, "no command given");
  expect_house_style(m);
  m = expect_error(run_grundy({"value"}));
  EXPECT_CONTAINS(m, "missing argument game");
  expect_house_style(m);
  m = expect_error(run_grundy({"seq", "nim", "--to"}));
  EXPECT_CONTAINS(m, "option --to needs a value");
  expect_house_style(m);
  m = expect_error(run_grundy({"seq", "nim", "--to", "5", "--log-x"}));
  EXPECT_CONTAINS(m, "--log-x needs --plot");
  expect_house_style(m);
}

TEST(CliErrorsHouseStyle, DashIsStdinOnlyAlone) {
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"value", "nim", "-", "-"}, {"value", "nim", "3", "-"}, {"value", "nim", "-", "3"}}) {
    const std::string m = expect_error(run_grundy(args, "3\n"));
    EXPECT_CONTAINS(m, "'-' (read the positions from stdin) must be the only position");
  }
}

TEST(CliErrorsHouseStyle, HugeInputIsQuotedShort) {
  // A position of 10^5 digits (a command-line argument holds at most 128 KiB): the error quotes
  // its start once, not the whole text twice.
  RunResult r = run_grundy({"value", "nim", std::string(100'000, '9')});
  std::string m = expect_error(r);
  EXPECT_LT(r.err.size(), 600u) << r.err.substr(0, 600);
  EXPECT_CONTAINS(m, "100000 bytes");
  EXPECT_CONTAINS(m, "too large");
  // 10^6 digits through stdin: refused as a line past the limit, quoted short.
  r = run_grundy({"value", "nim", "-"}, std::string(1'000'000, '9') + "\n");
  m = expect_error(r);
  EXPECT_LT(r.err.size(), 600u) << r.err.substr(0, 600);
  // Letters after a digit: the "unexpected" path quotes short too.
  r = run_grundy({"value", "0.07", "-"}, "1" + std::string(60'000, 'x') + "\n");
  m = expect_error(r);
  EXPECT_LT(r.err.size(), 600u) << r.err.substr(0, 600);
  // A huge unknown game name in a sum (as one argument, under the kernel's 128 KiB limit).
  r = run_grundy({"solve", "nim:3 + " + std::string(100'000, 'q') + ":3"});
  m = expect_error(r);
  EXPECT_LT(r.err.size(), 600u) << r.err.substr(0, 600);
  EXPECT_CONTAINS(m, "unknown game");
}

TEST(CliErrorsHouseStyle, EndlessStdinLineIsRefused) {
  // 10 MB without a newline: refused once the line passes the limit, without reading it all in.
  const RunResult r = run_grundy({"value", "nim", "-"}, std::string(10'000'000, '7'));
  const std::string m = expect_error(r);
  EXPECT_CONTAINS(m, "stdin line 1 is longer than 65536 bytes");
  EXPECT_LT(r.err.size(), 600u);
}

TEST(CliErrorsHouseStyle, ControlBytesAreEscaped) {
  const RunResult r = run_grundy({"value", "nim", "-"}, std::string("1\0002\n", 4));
  const std::string m = expect_error(r);  // one line, whatever the bytes
  EXPECT_CONTAINS(m, "\\x00");
}

TEST(CliErrorsHouseStyle, MaxMemoryProblemsNameTheOption) {
  std::string m = expect_error(run_grundy({"value", "nim", "3", "--max-memory", "lots"}));
  EXPECT_CONTAINS(m, "--max-memory");
  EXPECT_CONTAINS(m, "invalid size 'lots'");
  // A tiny limit for small heaps is a memory problem, not a period-search (--max) problem.
  m = expect_error(run_grundy({"value", "0.07", "5", "--max-memory", "1"}));
  EXPECT_CONTAINS(m, "--max-memory");
  EXPECT_EQ(m.find("--max)"), std::string::npos) << m;
  EXPECT_EQ(m.find("no period"), std::string::npos) << m;
}

}  // namespace
}  // namespace grundy_test
