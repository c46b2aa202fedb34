#include "grundy/census/census_report_data.hpp"

#include <map>

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
  std::map<std::string, ValueEquivalence> found;
  for (ValueEquivalence& e : database.equivalences(family)) found[e.game] = e;
  std::map<std::string, std::vector<std::uint32_t>> plots;
  for (const CensusMember& m : members) {
    CensusReportRow row;
    row.code = m.code;
    row.representative = m.representative;
    row.relation = m.relation;
    if (m.relation == Relation::itself) {
      if (auto it = found.find(m.game); it != found.end()) {
        row.representative = it->second.representative;
        row.relation = it->second.relation;
      }
    }
    const std::optional<StoredResult> stored = database.result(m.game);
    if (!stored) {
      row.pending = true;
      row.result.game = m.game;
    } else {
      row.result = stored->result;
      auto plot = plots.find(m.game);
      if (plot == plots.end()) {
        std::vector<std::uint32_t> values;
        try {
          if (auto v = stored_values(*stored, database)) {
            const std::uint64_t n = std::min<std::uint64_t>(v->count(), kPlotValues);
            for (std::uint64_t k = 0; k < n; ++k) values.push_back(static_cast<std::uint32_t>(v->at(k)));
          }
        } catch (const Error&) {
          // A missing or unreadable sequence file: no plot (census verify names the problem).
        }
        plot = plots.emplace(m.game, std::move(values)).first;
      }
      row.plot_values = plot->second;
    }
    data.rows.push_back(std::move(row));
  }
  data.near_misses = database.near_misses(family);
  return data;
}

}  // namespace grundy
