// `grundy nimber OP ARGS`: results in decimal or JSON, and one-line errors with exit code 2 for
// anything that is not a 64-bit unsigned integer or has no answer (the inverse of 0).
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "grundy/core/nimber.hpp"

namespace grundy {
namespace {

using nlohmann::json;
using namespace grundy_test;

constexpr const char* kMax = "18446744073709551615";  // 2^64 - 1

std::string text_result(const std::vector<std::string>& args) {
  std::vector<std::string> command{"nimber"};
  command.insert(command.end(), args.begin(), args.end());
  const RunResult r = run_grundy(command);
  expect_success(r);
  return r.out;
}

std::string error_message(const std::vector<std::string>& args) {
  std::vector<std::string> command{"nimber"};
  command.insert(command.end(), args.begin(), args.end());
  return expect_error(run_grundy(command));
}

TEST(CliNimber, LibraryCheckerSample) {
  // ../shared/data/README.md
  const std::vector<std::vector<std::string>> cases{
      {"0", "5", "0"},
      {"1", "5", "5"},
      {"2", "5", "10"},
      {"3", "5", "15"},
      {"4", "5", "2"},
      {"5", "5", "7"},
      {"6", "5", "8"},
      {"7", "5", "13"},
      {"8", "5", "3"},
      {"3141", "5926", "14994"},
      {kMax, kMax, "11290409524105353207"},
  };
  for (const auto& c : cases) {
    EXPECT_EQ(text_result({"mul", c[0], c[1]}), c[2] + "\n") << c[0] << " * " << c[1];
  }
}

TEST(CliNimber, EveryOperationText) {
  EXPECT_EQ(text_result({"add", "5", "3"}), "6\n");
  EXPECT_EQ(text_result({"inv", "2"}), "3\n");  // 2 * 3 = 1 in GF(4)
  EXPECT_EQ(text_result({"div", "1", "2"}), "3\n");
  EXPECT_EQ(text_result({"square", "2"}), "3\n");
  EXPECT_EQ(text_result({"sqrt", "3"}), "2\n");
  EXPECT_EQ(text_result({"pow", "2", "3"}), "1\n");
  EXPECT_EQ(text_result({"pow", "0", "0"}), "1\n");
  EXPECT_EQ(text_result({"order", "2"}), "3\n");
  EXPECT_EQ(text_result({"log", "2", "3"}), "2\n");
  EXPECT_EQ(text_result({"log", "2", "4"}), "none\n");  // 4 is not in GF(4)* = {1, 2, 3}
  // 16 (x) 16 = 24: F (x) F = 3F/2 for a Fermat 2-power F.
  EXPECT_EQ(text_result({"mul", "16", "16"}), "24\n");
}

TEST(CliNimber, AgreesWithTheLibraryOnLargeValues) {
  const Value a = 0x0123456789ABCDEFULL, b = 0xFEDCBA9876543210ULL;
  const std::string sa = std::to_string(a), sb = std::to_string(b);
  EXPECT_EQ(text_result({"mul", sa, sb}), std::to_string(nim_mul(a, b)) + "\n");
  EXPECT_EQ(text_result({"inv", sa}), std::to_string(nim_inv(a)) + "\n");
  EXPECT_EQ(text_result({"sqrt", sb}), std::to_string(nim_sqrt(b)) + "\n");
  EXPECT_EQ(text_result({"pow", sa, sb}), std::to_string(nim_pow(a, b)) + "\n");
  EXPECT_EQ(text_result({"div", sa, sb}), std::to_string(nim_div(a, b)) + "\n");
  const Value x = nim_pow(a, 123456789);
  EXPECT_EQ(text_result({"log", sa, std::to_string(x)}), std::to_string(*nim_log(a, x)) + "\n");
}

TEST(CliNimber, Json) {
  const json doc = expect_json(run_grundy({"nimber", "mul", "3141", "5926", "--json"}));
  EXPECT_EQ(doc, json::parse(R"({"op":"mul","operands":[3141,5926],"result":14994})"));
  const RunResult r = run_grundy({"nimber", "inv", "2", "--json"});
  expect_success(r);
  EXPECT_EQ(r.out, "{\"op\":\"inv\",\"operands\":[2],\"result\":3}\n");  // field order
  const json none = expect_json(run_grundy({"nimber", "log", "2", "4", "--json"}));
  EXPECT_TRUE(none.at("result").is_null());
}

TEST(CliNimber, JsonNumbersAbove53BitsAreStrings) {
  const json doc = expect_json(run_grundy({"nimber", "mul", kMax, kMax, "--json"}));
  ASSERT_TRUE(doc.at("operands").at(0).is_string());
  EXPECT_EQ(doc["operands"][0], kMax);
  ASSERT_TRUE(doc.at("result").is_string());
  EXPECT_EQ(doc["result"], "11290409524105353207");
  // The boundary: 2^53 - 1 is a number, 2^53 a string.
  const json edge = expect_json(run_grundy({"nimber", "add", "9007199254740991", "0", "--json"}));
  EXPECT_TRUE(edge["result"].is_number_unsigned());
  const json over = expect_json(run_grundy({"nimber", "add", "9007199254740992", "0", "--json"}));
  EXPECT_EQ(over["result"], "9007199254740992");
}

TEST(CliNimber, ArgumentsMustBe64BitUnsignedIntegers) {
  EXPECT_CONTAINS(error_message({"mul", "-1", "5"}), "negative");
  EXPECT_CONTAINS(error_message({"mul", "1", "18446744073709551616"}), "too large");
  EXPECT_CONTAINS(error_message({"mul", "1", "99999999999999999999999"}), "too large");
  EXPECT_CONTAINS(error_message({"mul", "1x", "2"}), "'1x'");
  EXPECT_CONTAINS(error_message({"mul", "0x10", "2"}), "'0x10'");
  EXPECT_CONTAINS(error_message({"mul", "", "2"}), "expected a whole number");
  EXPECT_CONTAINS(error_message({"mul", " 3", "2"}), "' 3'");
  EXPECT_CONTAINS(error_message({"mul", "3.5", "2"}), "'3.5'");
  EXPECT_CONTAINS(error_message({"pow", "2", "-3"}), "negative");
  EXPECT_CONTAINS(error_message({"sqrt", "abc"}), "'abc'");
}

TEST(CliNimber, WrongArgumentCountOrOperation) {
  EXPECT_CONTAINS(error_message({"mul", "1"}), "takes 2 arguments, not 1");
  EXPECT_CONTAINS(error_message({"inv", "1", "2"}), "takes 1 argument, not 2");
  EXPECT_CONTAINS(error_message({"pow"}), "takes 2 arguments, not 0");
  EXPECT_CONTAINS(error_message({"frobnicate", "1"}), "unknown nimber operation 'frobnicate'");
  expect_error(run_grundy({"nimber"}));
}

TEST(CliNimber, NoAnswerIsAnError) {
  EXPECT_CONTAINS(error_message({"inv", "0"}), "0 has no nim-inverse");
  EXPECT_CONTAINS(error_message({"div", "5", "0"}), "by 0");
  EXPECT_CONTAINS(error_message({"order", "0"}), "0");
  expect_error(run_grundy({"nimber", "inv", "0", "--json"}));
}

TEST(CliNimber, Help) {
  const RunResult r = run_grundy({"nimber", "--help"});
  EXPECT_EQ(r.exit_code, 0) << r;
  for (const char* op : {"mul A B", "inv A", "sqrt A", "pow A K", "log A X"}) {
    EXPECT_CONTAINS(r.out, op);
  }
}

// ---------------------------------------------------------------------------------------------
// Coin-turning games, whose 2-D products take their values from nim products
// ---------------------------------------------------------------------------------------------

TEST(CliCoinTurning, ValuesAndSequences) {
  EXPECT_EQ(run_grundy({"seq", "ruler", "--from", "1", "--to", "8"}).out, "1 2 1 4 1 2 1 8\n");
  EXPECT_EQ(run_grundy({"seq", "mockturtles", "--to", "7"}).out, "1 2 4 7 8 11 13 14\n");
  const json doc = expect_json(run_grundy({"value", "rugs", "4,4", "12,6", "--json"}));
  EXPECT_EQ(doc, json::parse(R"j({"game":"tartan(ruler,ruler)","values":[)j"
                             R"j({"position":"4,4","value":6},{"position":"12,6","value":8}]})j"));
  // Turning Corners: g(x, y) = x (x) y, here with 64-bit coins.
  const RunResult r = run_grundy({"value", "turningcorners", "3141,5926", "9223372036854775807,3"});
  expect_success(r);
  EXPECT_EQ(r.out, "14994\n" + std::to_string(nim_mul(9223372036854775807ULL, 3)) + "\n");
}

TEST(CliCoinTurning, SolveListsTheCoinsAMoveTurns) {
  // Heads at 3, 5, 9 of Mock Turtles: g = 7 ^ 11 ^ 19 = 31; the winning moves turn coin 9 and
  // two coins whose values XOR to 19 ^ 31 = 12.
  const RunResult r = run_grundy({"solve", "mockturtles:3 + mockturtles:5 + mockturtles:9"});
  expect_success(r);
  EXPECT_EQ(r.out,
            "first player wins\nnim-sum 31\n"
            "2: mockturtles:9 -> mockturtles:0 + mockturtles:6\n"
            "2: mockturtles:9 -> mockturtles:1 + mockturtles:7\n"
            "2: mockturtles:9 -> mockturtles:2 + mockturtles:4\n"
            "2: mockturtles:9 -> mockturtles:3 + mockturtles:5\n");
}

TEST(CliCoinTurning, HugeMovesAreRefusedOnOneLine) {
  EXPECT_CONTAINS(
      expect_error(run_grundy({"solve", "ruler:4611686018427387904 + ruler:3458764513820540928"})),
      "too many to list");
  EXPECT_CONTAINS(expect_error(run_grundy({"solve", "rugs:100000,100000 + rugs:1,1"})),
                  "not searched");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "tartan(ruler,nim)", "1,1"})),
                  "not a 1-D coin-turning game");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "rugs", "3"})), "','");
}

}  // namespace
}  // namespace grundy
