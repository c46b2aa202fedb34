// TEMPORARY (lead): the names only, until the report branch's census_result.cpp is merged.
#include "grundy/census/census_result.hpp"

#include "grundy/census/census_report.hpp"
#include "grundy/core/error.hpp"

namespace grundy {
namespace {
template <class E, std::size_t N>
E from_name(std::string_view name, const std::pair<E, std::string_view> (&table)[N],
            const char* what) {
  for (const auto& [e, n] : table) {
    if (n == name) return e;
  }
  throw Error(std::string("unknown ") + what + " '" + std::string(name) + "'");
}
template <class E, std::size_t N>
std::string_view to_name(E e, const std::pair<E, std::string_view> (&table)[N]) {
  for (const auto& [x, n] : table) {
    if (x == e) return n;
  }
  return {};
}
constexpr std::pair<CensusClass, std::string_view> kClasses[] = {
    {CensusClass::trivial, "trivial"}, {CensusClass::solved, "solved"}, {CensusClass::open, "open"}};
constexpr std::pair<Regularity, std::string_view> kRegularities[] = {
    {Regularity::none, "none"},
    {Regularity::periodic, "periodic"},
    {Regularity::arithmetic_periodic, "arithmetic-periodic"},
    {Regularity::neither, "neither"}};
constexpr std::pair<Relation, std::string_view> kRelations[] = {
    {Relation::itself, "itself"},
    {Relation::same_moves, "same moves"},
    {Relation::offset, "offset"},
    {Relation::proven_equal, "proven equal"},
    {Relation::observed, "observed"}};
}  // namespace

std::string_view census_class_name(CensusClass c) { return to_name(c, kClasses); }
CensusClass census_class_from_name(std::string_view n) { return from_name(n, kClasses, "class"); }
std::string_view regularity_name(Regularity r) { return to_name(r, kRegularities); }
Regularity regularity_from_name(std::string_view n) {
  return from_name(n, kRegularities, "regularity");
}
std::string_view relation_name(Relation r) { return to_name(r, kRelations); }
Relation relation_from_name(std::string_view n) { return from_name(n, kRelations, "relation"); }

}  // namespace grundy

// TEMPORARY (lead): until the report branch's strict version is merged.
#include <nlohmann/json.hpp>
namespace grundy {
std::string result_to_json(const GameResult& r) {
  nlohmann::json j{{"game", r.game},
                   {"class", census_class_name(r.census_class)},
                   {"values_computed", r.values_computed},
                   {"preperiod", r.preperiod},
                   {"period", r.period},
                   {"saltus", r.saltus},
                   {"theorem", r.theorem},
                   {"proof", r.proof},
                   {"certificate", r.certificate},
                   {"largest_value", r.largest_value},
                   {"largest_first", r.largest_first},
                   {"rare_mask", r.rare_mask},
                   {"rare_count", r.rare_count},
                   {"last_rare", r.last_rare ? nlohmann::json(*r.last_rare) : nlohmann::json()},
                   {"regularity", regularity_name(r.regularity)},
                   {"observed_preperiod", r.observed_preperiod},
                   {"observed_period", r.observed_period},
                   {"observed_saltus", r.observed_saltus},
                   {"observed_values_needed", r.observed_values_needed},
                   {"seconds", r.seconds},
                   {"stopped_by_time", r.stopped_by_time},
                   {"engine", r.engine}};
  return j.dump();
}
GameResult result_from_json(std::string_view text) {
  const nlohmann::json j = nlohmann::json::parse(text);
  GameResult r;
  r.game = j.at("game").get<std::string>();
  r.census_class = census_class_from_name(j.at("class").get<std::string>());
  r.values_computed = j.at("values_computed").get<std::uint64_t>();
  r.preperiod = j.at("preperiod").get<std::uint64_t>();
  r.period = j.at("period").get<std::uint64_t>();
  r.saltus = j.at("saltus").get<Value>();
  r.theorem = j.at("theorem").get<std::string>();
  r.proof = j.at("proof").get<std::string>();
  r.certificate = j.at("certificate").get<std::string>();
  r.largest_value = j.at("largest_value").get<Value>();
  r.largest_first = j.at("largest_first").get<std::uint64_t>();
  r.rare_mask = j.at("rare_mask").get<Value>();
  r.rare_count = j.at("rare_count").get<std::uint64_t>();
  if (!j.at("last_rare").is_null()) r.last_rare = j.at("last_rare").get<std::uint64_t>();
  r.regularity = regularity_from_name(j.at("regularity").get<std::string>());
  r.observed_preperiod = j.at("observed_preperiod").get<std::uint64_t>();
  r.observed_period = j.at("observed_period").get<std::uint64_t>();
  r.observed_saltus = j.at("observed_saltus").get<Value>();
  r.observed_values_needed = j.at("observed_values_needed").get<std::uint64_t>();
  r.seconds = j.at("seconds").get<double>();
  r.stopped_by_time = j.at("stopped_by_time").get<bool>();
  r.engine = j.at("engine").get<std::string>();
  return r;
}
}  // namespace grundy
