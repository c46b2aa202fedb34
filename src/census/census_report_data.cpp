#include "grundy/census/census_report_data.hpp"

#include <functional>
#include <map>
#include <memory>

#include "grundy/analysis/period_certificate.hpp"
#include "grundy/census/census_equivalence.hpp"
#include "grundy/core/error.hpp"

namespace grundy {

std::string only_family(const CensusDatabase& database) {
  const std::vector<std::string> families = database.families();
  if (families.size() == 1) return families.front();
  if (families.empty()) throw Error("the census database '" + database.path().string() + "' holds no census yet");
  std::string list;
  for (const std::string& f : families) list += (list.empty() ? "" : ", ") + f;
  throw Error("the census database holds several families (" + list + "): name one with --family");
}

CensusReportData census_report_data(const CensusDatabase& database, const std::string& family) {
  CensusReportData data;
  data.family = family;
  const std::vector<CensusMember> members = database.members(family);
  if (members.empty()) {
    throw Error("the census database '" + database.path().string() + "' has no family " + family);
  }
  data.runs = database.run_count(family);
  if (auto run = database.last_run(family)) data.engine = run->engine;
  data.generated = certificate_date_now();

  // The report names codes: each game by the first code that is it.
  std::map<std::string, std::string> code_of, offset_of, equal_to;
  for (const CensusMember& m : members) {
    code_of.emplace(m.game, m.code);
    if (m.relation == Relation::offset) offset_of[m.game] = m.representative;
    if (m.relation == Relation::proven_equal) equal_to[m.game] = m.representative;
  }
  std::map<std::string, ValueEquivalence> found;
  for (ValueEquivalence& e : database.equivalences(family)) found[e.game] = e;

  // The values of a game for its plot: its own, or (an offset code) its representative's, one
  // place later.
  std::map<std::string, std::shared_ptr<const CensusValues>> values;
  std::function<std::shared_ptr<const CensusValues>(const std::string&, int)> values_of =
      [&](const std::string& game, int depth) -> std::shared_ptr<const CensusValues> {
    if (auto it = values.find(game); it != values.end()) return it->second;
    std::shared_ptr<const CensusValues> v;
    try {
      if (auto stored = database.result(game)) {
        if (auto own = stored_values(*stored, database)) {
          v = std::make_shared<const CensusValues>(std::move(*own));
        }
      }
    } catch (const Error&) {
      // An unreadable sequence file: no plot (census verify names the problem).
    }
    if (!v && offset_of.count(game) != 0 && depth < 64) {
      if (auto rep = values_of(offset_of.at(game), depth + 1)) {
        v = std::make_shared<const CensusValues>(CensusValues::offset(rep));
      }
    }
    if (!v && equal_to.count(game) != 0 && depth < 64) v = values_of(equal_to.at(game), depth + 1);
    values[game] = v;
    return v;
  };

  for (const CensusMember& m : members) {
    CensusReportRow row;
    row.code = m.code;
    // The chain to the representative: same moves, offset steps and proven equalities are
    // followed (each exact); an observed equality ends it.
    std::string game = m.game;
    Relation relation = code_of.at(game) == m.code ? Relation::itself : Relation::same_moves;
    std::int32_t shift = 0;
    for (int step = 0; step < 128; ++step) {
      if (auto it = offset_of.find(game); it != offset_of.end()) {
        game = it->second;
        ++shift;
        relation = Relation::offset;
        continue;
      }
      if (auto it = equal_to.find(game); it != equal_to.end()) {
        game = it->second;
        if (relation == Relation::itself || relation == Relation::same_moves) {
          relation = Relation::proven_equal;
        }
        continue;
      }
      if (auto it = found.find(game); it != found.end()) {
        if (it->second.relation == Relation::proven_equal) {
          game = it->second.representative;
          if (relation == Relation::itself || relation == Relation::same_moves) {
            relation = Relation::proven_equal;
          }
          continue;
        }
        if (shift == 0) {  // an exact equality so far: the class is the observed one's
          game = it->second.representative;
          relation = Relation::observed;
        }
      }
      break;
    }
    row.representative = code_of.count(game) != 0 ? code_of.at(game) : game;
    row.relation = row.representative == m.code ? Relation::itself : relation;
    row.offset = shift == 0 ? 1 : shift;
    const std::optional<StoredResult> stored = database.result(m.game);
    if (!stored) {
      row.pending = true;
      row.result.game = m.game;
    } else {
      row.result = stored->result;
      if (auto v = values_of(m.game, 0)) {
        const std::uint64_t n = std::min<std::uint64_t>(v->count(), kPlotValues);
        for (std::uint64_t k = 0; k < n; ++k) {
          row.plot_values.push_back(static_cast<std::uint32_t>(v->at(k)));
        }
      }
    }
    data.rows.push_back(std::move(row));
  }
  for (NearMiss m : database.near_misses(family)) {
    m.a = code_of.count(m.a) != 0 ? code_of.at(m.a) : m.a;
    m.b = code_of.count(m.b) != 0 ? code_of.at(m.b) : m.b;
    if (m.b < m.a) std::swap(m.a, m.b);
    data.near_misses.push_back(std::move(m));
  }
  return data;
}

}  // namespace grundy
