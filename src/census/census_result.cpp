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

// The fields of a result's JSON object are those of for_each_result_field; the reader wants
// exactly these (a worker and its manager are the same build).
std::vector<std::string_view> result_field_names() {
  std::vector<std::string_view> names;
  const GameResult r;
  for_each_result_field(r, [&](std::string_view name, const auto&, ResultFieldGroup) {
    names.push_back(name);
  });
  return names;
}

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

Json json_of(const std::string& v) { return v; }
Json json_of(std::uint64_t v) { return v; }
Json json_of(double v) { return v; }
Json json_of(bool v) { return v; }
Json json_of(CensusClass v);
Json json_of(Regularity v);
Json json_of(const std::optional<std::uint64_t>& v) { return v ? Json(*v) : Json(nullptr); }

void read_json(const Json& doc, std::string_view name, std::string& v) { v = text_field(doc, name); }
void read_json(const Json& doc, std::string_view name, std::uint64_t& v) {
  v = unsigned_field(doc, name);
}
void read_json(const Json& doc, std::string_view name, bool& v) { v = bool_field(doc, name); }
void read_json(const Json& doc, std::string_view name, std::optional<std::uint64_t>& v) {
  if (!field(doc, name).is_null()) v = unsigned_field(doc, name);
}
void read_json(const Json& doc, std::string_view name, double& v) {
  const Json& j = field(doc, name);
  const std::string quoted = "'" + std::string(name) + "'";
  if (!j.is_number()) refuse(quoted + " is not a number");
  v = j.get<double>();
  if (!std::isfinite(v) || v < 0) refuse(quoted + " is not a time");
}
void read_json(const Json& doc, std::string_view name, CensusClass& v);
void read_json(const Json& doc, std::string_view name, Regularity& v);

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

namespace {

Json json_of(CensusClass v) { return census_class_name(v); }
Json json_of(Regularity v) { return regularity_name(v); }

void read_json(const Json& doc, std::string_view name, CensusClass& v) {
  const std::string text = text_field(doc, name);
  try {
    v = census_class_from_name(text);
  } catch (const Error&) {
    refuse("'" + std::string(name) + "' is " + quote_excerpt(text) + ", not trivial, solved or open");
  }
}

void read_json(const Json& doc, std::string_view name, Regularity& v) {
  const std::string text = text_field(doc, name);
  try {
    v = regularity_from_name(text);
  } catch (const Error&) {
    refuse("'" + std::string(name) + "' is " + quote_excerpt(text) +
           ", not none, periodic, arithmetic_periodic or neither");
  }
}

}  // namespace

bool holds_fields(const GameResult& r, ResultFieldGroup group) {
  switch (group) {
    case ResultFieldGroup::always:
      return true;
    case ResultFieldGroup::proven:
      return r.census_class != CensusClass::open;
    case ResultFieldGroup::observed:
      return r.regularity == Regularity::periodic ||
             r.regularity == Regularity::arithmetic_periodic;
  }
  return true;
}

std::string result_to_json(const GameResult& r) {
  // JSON has no NaN or infinity: nlohmann would write null, which the reader refuses.
  if (!std::isfinite(r.seconds) || r.seconds < 0)
    throw Error("census result of '" + quote_excerpt(r.game) + "': its seconds are not a time");
  Json doc = Json::object();
  for_each_result_field(r, [&](std::string_view name, const auto& v, ResultFieldGroup) {
    doc[std::string(name)] = json_of(v);
  });
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
  const std::vector<std::string_view> names = result_field_names();
  for (auto it = doc.begin(); it != doc.end(); ++it) {
    if (std::find(names.begin(), names.end(), it.key()) == names.end())
      refuse("unknown field '" + quote_excerpt(it.key()) + "'");
  }

  GameResult r;
  for_each_result_field(r, [&](std::string_view name, auto& v, ResultFieldGroup) {
    read_json(doc, name, v);
  });
  return r;
}

}  // namespace grundy
