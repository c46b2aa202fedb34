#include "grundy/census/census_result.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <nlohmann/json.hpp>
#include <set>
#include <utility>
#include <vector>

#include "grundy/core/enum_names.hpp"
#include "grundy/core/error.hpp"

namespace grundy {
namespace {

constexpr std::array<std::pair<CensusClass, std::string_view>, 3> kClasses{{
    {CensusClass::trivial, "trivial"},
    {CensusClass::solved, "solved"},
    {CensusClass::open, "open"},
}};

constexpr std::array<std::pair<Regularity, std::string_view>, 4> kRegularities{{
    {Regularity::none, "none"},
    {Regularity::periodic, "periodic"},
    {Regularity::arithmetic_periodic, "arithmetic_periodic"},
    {Regularity::neither, "neither"},
}};

using Json = nlohmann::json;

// The fields of a result's JSON object, as result_to_json writes them; the reader wants exactly
// these (a worker and its manager are the same build).
constexpr std::array<std::string_view, 22> kFields{"game",
                                                   "class",
                                                   "values_computed",
                                                   "preperiod",
                                                   "period",
                                                   "saltus",
                                                   "theorem",
                                                   "proof",
                                                   "certificate",
                                                   "largest_value",
                                                   "largest_first",
                                                   "rare_mask",
                                                   "rare_count",
                                                   "last_rare",
                                                   "regularity",
                                                   "observed_preperiod",
                                                   "observed_period",
                                                   "observed_saltus",
                                                   "observed_values_needed",
                                                   "seconds",
                                                   "stopped_by_time",
                                                   "engine"};

[[noreturn]] void refuse(const std::string& what) {
  throw Error("census result JSON: " + what);
}

const Json& field(const Json& object, std::string_view name) {
  const auto it = object.find(name);
  if (it == object.end()) refuse("the field '" + std::string(name) + "' is missing");
  return *it;
}

std::uint64_t unsigned_field(const Json& object, std::string_view name) {
  const Json& v = field(object, name);
  if (!v.is_number_unsigned())
    refuse("'" + std::string(name) + "' is not a whole number 0..2^64-1");
  return v.get<std::uint64_t>();
}

std::string text_field(const Json& object, std::string_view name) {
  const Json& v = field(object, name);
  if (!v.is_string()) refuse("'" + std::string(name) + "' is not a string");
  return v.get<std::string>();
}

bool bool_field(const Json& object, std::string_view name) {
  const Json& v = field(object, name);
  if (!v.is_boolean()) refuse("'" + std::string(name) + "' is not true or false");
  return v.get<bool>();
}

}  // namespace

std::string_view census_class_name(CensusClass c) {
  return enum_name(kClasses, c, "open");
}

CensusClass census_class_from_name(std::string_view name) {
  if (auto c = enum_from_name(kClasses, name)) return *c;
  throw Error("unknown census class '" + quote_excerpt(name) + "' (expected " +
              enum_names_text(kClasses) + ")");
}

std::string_view regularity_name(Regularity r) {
  return enum_name(kRegularities, r, "none");
}

Regularity regularity_from_name(std::string_view name) {
  if (auto r = enum_from_name(kRegularities, name)) return *r;
  throw Error("unknown regularity '" + quote_excerpt(name) + "' (expected " +
              enum_names_text(kRegularities) + ")");
}

std::string result_to_json(const GameResult& r) {
  // JSON has no NaN or infinity: nlohmann would write null, which the reader refuses.
  if (!std::isfinite(r.seconds) || r.seconds < 0)
    throw Error("census result of '" + quote_excerpt(r.game) + "': its seconds are not a time");
  Json doc = Json::object();
  doc["game"] = r.game;
  doc["class"] = census_class_name(r.census_class);
  doc["values_computed"] = r.values_computed;
  doc["preperiod"] = r.preperiod;
  doc["period"] = r.period;
  doc["saltus"] = r.saltus;
  doc["theorem"] = r.theorem;
  doc["proof"] = r.proof;
  doc["certificate"] = r.certificate;
  doc["largest_value"] = r.largest_value;
  doc["largest_first"] = r.largest_first;
  doc["rare_mask"] = r.rare_mask;
  doc["rare_count"] = r.rare_count;
  doc["last_rare"] = r.last_rare ? Json(*r.last_rare) : Json(nullptr);
  doc["regularity"] = regularity_name(r.regularity);
  doc["observed_preperiod"] = r.observed_preperiod;
  doc["observed_period"] = r.observed_period;
  doc["observed_saltus"] = r.observed_saltus;
  doc["observed_values_needed"] = r.observed_values_needed;
  doc["seconds"] = r.seconds;
  doc["stopped_by_time"] = r.stopped_by_time;
  doc["engine"] = r.engine;
  try {
    return doc.dump();
  } catch (const Json::exception&) {
    // JSON strings are UTF-8: other bytes could not come back as they were.
    throw Error("census result of '" + quote_excerpt(r.game) + "': a text field is not UTF-8");
  }
}

GameResult result_from_json(std::string_view text) {
  // nlohmann keeps the last of two equal keys: a message with one twice is refused instead.
  std::vector<std::set<std::string>> keys;
  bool duplicate = false;
  std::string duplicate_key;
  const Json::parser_callback_t watch = [&](int, Json::parse_event_t event, Json& parsed) {
    if (event == Json::parse_event_t::object_start) {
      keys.emplace_back();
    } else if (event == Json::parse_event_t::object_end) {
      if (!keys.empty()) keys.pop_back();
    } else if (event == Json::parse_event_t::key && !keys.empty()) {
      if (!keys.back().insert(parsed.get<std::string>()).second && !duplicate) {
        duplicate = true;
        duplicate_key = parsed.get<std::string>();
      }
    }
    return true;
  };
  Json doc;
  try {
    doc = Json::parse(text.begin(), text.end(), watch);
  } catch (const Json::exception& e) {
    refuse("not JSON (" + quote_excerpt(e.what(), 120) + ")");
  }
  if (duplicate) refuse("the field '" + quote_excerpt(duplicate_key) + "' appears twice");
  if (!doc.is_object()) refuse("not an object");
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    if (std::find(kFields.begin(), kFields.end(), it.key()) == kFields.end())
      refuse("unknown field '" + quote_excerpt(it.key()) + "'");
  }

  GameResult r;
  r.game = text_field(doc, "game");
  {
    const std::string name = text_field(doc, "class");
    try {
      r.census_class = census_class_from_name(name);
    } catch (const Error&) {
      refuse("'class' is " + quote_excerpt(name) + ", not trivial, solved or open");
    }
  }
  r.values_computed = unsigned_field(doc, "values_computed");
  r.preperiod = unsigned_field(doc, "preperiod");
  r.period = unsigned_field(doc, "period");
  r.saltus = unsigned_field(doc, "saltus");
  r.theorem = text_field(doc, "theorem");
  r.proof = text_field(doc, "proof");
  r.certificate = text_field(doc, "certificate");
  r.largest_value = unsigned_field(doc, "largest_value");
  r.largest_first = unsigned_field(doc, "largest_first");
  r.rare_mask = unsigned_field(doc, "rare_mask");
  r.rare_count = unsigned_field(doc, "rare_count");
  if (!field(doc, "last_rare").is_null()) r.last_rare = unsigned_field(doc, "last_rare");
  {
    const std::string name = text_field(doc, "regularity");
    try {
      r.regularity = regularity_from_name(name);
    } catch (const Error&) {
      refuse("'regularity' is " + quote_excerpt(name) +
             ", not none, periodic, arithmetic_periodic or neither");
    }
  }
  r.observed_preperiod = unsigned_field(doc, "observed_preperiod");
  r.observed_period = unsigned_field(doc, "observed_period");
  r.observed_saltus = unsigned_field(doc, "observed_saltus");
  r.observed_values_needed = unsigned_field(doc, "observed_values_needed");
  {
    const Json& v = field(doc, "seconds");
    if (!v.is_number()) refuse("'seconds' is not a number");
    r.seconds = v.get<double>();
    if (!std::isfinite(r.seconds) || r.seconds < 0) refuse("'seconds' is not a time");
  }
  r.stopped_by_time = bool_field(doc, "stopped_by_time");
  r.engine = text_field(doc, "engine");
  return r;
}

}  // namespace grundy
