// A game's census result as JSON (the manager/worker messages): parse(print(x)) == x, and a
// strict reader that refuses, with an Error, every message with a field missing, of the wrong
// type, unknown, repeated, or out of range.
#include "grundy/census/census_result.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "grundy/core/error.hpp"

namespace grundy {
namespace {

using ResultJson = nlohmann::json;

GameResult solved_result() {
  GameResult r;
  r.game = "0.16";
  r.census_class = CensusClass::solved;
  r.values_computed = 509621;
  r.preperiod = 105351;
  r.period = 149459;
  r.theorem = "take_break";
  r.proof = "proof: periodicity theorem for take-and-break games (\"Guy-Smith\")";
  r.certificate = "grundy period certificate 2\ngame 0.16\n\tvalues 3\n0 1 2\nchecksum 0123\n";
  r.largest_value = 23;
  r.largest_first = 229790;
  r.rare_mask = 0x1e;
  r.rare_count = 53;
  r.last_rare = 13935;
  r.seconds = 3.14159265358979;
  r.engine = "0.1.0";
  return r;
}

GameResult open_result() {
  GameResult r;
  r.game = "hex(0.F1) é";
  r.census_class = CensusClass::open;
  r.values_computed = std::numeric_limits<std::uint64_t>::max();
  r.saltus = 0;
  r.largest_value = std::numeric_limits<Value>::max();
  r.largest_first = 1;
  r.rare_mask = std::numeric_limits<Value>::max();
  r.rare_count = 0;
  r.last_rare = std::nullopt;
  r.regularity = Regularity::arithmetic_periodic;
  r.observed_preperiod = 10;
  r.observed_period = 6;
  r.observed_saltus = 8;
  r.observed_values_needed = std::numeric_limits<std::uint64_t>::max();
  r.seconds = 1e-9;
  r.stopped_by_time = true;
  r.engine = "0.1.0";
  return r;
}

GameResult trivial_result() {
  GameResult r;
  r.game = "sub(1,3)";
  r.census_class = CensusClass::trivial;
  r.values_computed = 8;
  r.period = 2;
  r.saltus = 4;
  r.theorem = "window";
  r.last_rare = 0;
  return r;
}

TEST(CensusResultJson, PrintThenParseGivesTheSameResult) {
  for (const GameResult& r : {solved_result(), open_result(), trivial_result(), GameResult{}}) {
    const std::string text = result_to_json(r);
    EXPECT_EQ(result_from_json(text), r) << text;
    EXPECT_EQ(text.find('\n'), std::string::npos) << "one line per message";
  }
}

TEST(CensusResultJson, FieldsAreNamedAsDocumented) {
  const ResultJson doc = ResultJson::parse(result_to_json(solved_result()));
  EXPECT_EQ(doc.at("class"), "solved");
  EXPECT_EQ(doc.at("regularity"), "none");
  EXPECT_EQ(doc.at("preperiod"), 105351u);
  EXPECT_EQ(doc.at("last_rare"), 13935u);
  EXPECT_TRUE(ResultJson::parse(result_to_json(open_result())).at("last_rare").is_null());
  // One key per field of the one table (census_result.hpp), and nothing else.
  std::size_t fields = 0;
  const GameResult solved = solved_result();
  for_each_result_field(solved, [&](std::string_view name, const auto&, ResultFieldGroup) {
    ++fields;
    EXPECT_TRUE(doc.contains(std::string(name))) << name;
  });
  EXPECT_EQ(doc.size(), fields);
}

TEST(CensusResultJson, NamesGoBothWays) {
  for (const CensusClass c : {CensusClass::trivial, CensusClass::solved, CensusClass::open})
    EXPECT_EQ(census_class_from_name(census_class_name(c)), c);
  for (const Regularity r : {Regularity::none, Regularity::periodic,
                             Regularity::arithmetic_periodic, Regularity::neither})
    EXPECT_EQ(regularity_from_name(regularity_name(r)), r);
  EXPECT_EQ(census_class_name(CensusClass::trivial), "trivial");
  EXPECT_EQ(regularity_name(Regularity::arithmetic_periodic), "arithmetic_periodic");
  try {
    census_class_from_name("Solved");
    ADD_FAILURE() << "a class name is case-sensitive";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("trivial, solved or open"), std::string::npos);
  }
  EXPECT_THROW(regularity_from_name("ruler\n"), Error);
  EXPECT_THROW(regularity_from_name(""), Error);
}

/// The message of the Error that reading `doc` throws ("" when it is accepted).
std::string refusal(const std::string& text) {
  try {
    result_from_json(text);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(CensusResultJson, EveryMissingFieldIsRefusedByName) {
  const ResultJson full = ResultJson::parse(result_to_json(solved_result()));
  for (const auto& item : full.items()) {
    ResultJson doc = full;
    doc.erase(item.key());
    const std::string message = refusal(doc.dump());
    EXPECT_NE(message.find("'" + item.key() + "' is missing"), std::string::npos)
        << item.key() << ": " << message;
  }
}

TEST(CensusResultJson, EveryFieldOfTheWrongTypeIsRefused) {
  const ResultJson full = ResultJson::parse(result_to_json(solved_result()));
  for (const auto& item : full.items()) {
    // A string where a number or boolean goes, a number where a string goes; and an array.
    for (const ResultJson& wrong :
         {item.value().is_string() ? ResultJson(1) : ResultJson("1"), ResultJson::array()}) {
      ResultJson doc = full;
      doc[item.key()] = wrong;
      const std::string message = refusal(doc.dump());
      EXPECT_NE(message.find("'" + item.key() + "'"), std::string::npos)
          << item.key() << " = " << wrong.dump() << ": " << message;
    }
  }
}

TEST(CensusResultJson, NumbersMustBeWholeAndInRange) {
  const std::string text = result_to_json(trivial_result());
  auto with = [&](const std::string& field, const std::string& literal) {
    const std::string key = "\"" + field + "\":";
    const std::size_t at = text.find(key) + key.size();
    const std::size_t end = text.find_first_of(",}", at);
    return text.substr(0, at) + literal + text.substr(end);
  };
  EXPECT_EQ(refusal(with("period", "2")), "");
  EXPECT_NE(refusal(with("period", "-2")), "");
  EXPECT_NE(refusal(with("period", "2.0")), "");
  EXPECT_NE(refusal(with("period", "2e0")), "");
  EXPECT_NE(refusal(with("period", "18446744073709551616")), "");  // 2^64
  EXPECT_EQ(refusal(with("period", "18446744073709551615")), "");
  EXPECT_NE(refusal(with("period", "null")), "");
  EXPECT_EQ(refusal(with("last_rare", "null")), "");
  EXPECT_NE(refusal(with("last_rare", "-1")), "");
  EXPECT_NE(refusal(with("seconds", "-0.5")), "");
  EXPECT_NE(refusal(with("seconds", "null")), "");
  EXPECT_EQ(refusal(with("seconds", "7")), "");
  EXPECT_NE(refusal(with("stopped_by_time", "0")), "");
  EXPECT_NE(refusal(with("class", "\"closed\"")), "");
  EXPECT_NE(refusal(with("regularity", "\"ruler\"")), "");
}

TEST(CensusResultJson, AnythingElseIsRefused) {
  const std::string text = result_to_json(trivial_result());
  const std::string body = text.substr(1, text.size() - 2);
  EXPECT_NE(refusal("{\"spare\":1," + body + "}").find("unknown field 'spare'"), std::string::npos);
  EXPECT_NE(refusal("{" + body + ",\"game\":\"0.4\"}").find("'game' appears twice"),
            std::string::npos);
  EXPECT_NE(refusal("[" + text + "]").find("not an object"), std::string::npos);
  EXPECT_NE(refusal("").find("not JSON"), std::string::npos);
  EXPECT_NE(refusal(text.substr(0, text.size() / 2)).find("not JSON"), std::string::npos);
  EXPECT_NE(refusal(text + "x").find("not JSON"), std::string::npos);
  EXPECT_NE(refusal("{\"game\":\"\xff\"}").find("not JSON"), std::string::npos);
  // A repeated key inside a nested value is refused too (no field holds one, but still).
  EXPECT_NE(refusal("{" + body + ",\"spare\":{\"a\":1,\"a\":2}}"), "");
}

TEST(CensusResultJson, WhatJsonCannotHoldIsRefusedWhenPrinting) {
  GameResult r = trivial_result();
  r.seconds = std::numeric_limits<double>::quiet_NaN();
  EXPECT_THROW(result_to_json(r), Error);
  r.seconds = std::numeric_limits<double>::infinity();
  EXPECT_THROW(result_to_json(r), Error);
  r.seconds = 0;
  r.proof = "not UTF-8: \xc3\x28";
  EXPECT_THROW(result_to_json(r), Error);
}

}  // namespace
}  // namespace grundy
