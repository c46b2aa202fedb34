#include "grundy/census/census_verify.hpp"

#include <set>

#include "grundy/analysis/period_certificate.hpp"
#include "grundy/analysis/period_verifier.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/sequence_file.hpp"
#include "grundy/engine/engine.hpp"

namespace grundy {
namespace {

RowCheck check_proven(const StoredResult& stored, std::uint64_t max_work) {
  RowCheck row;
  row.game = stored.result.game;
  row.proven = true;
  try {
    const auto game = Engine::game(stored.result.game);
    const PeriodCertificate c = parse_certificate(stored.result.certificate, ~std::uint64_t{0});
    const Periodicity& p = c.periodicity;
    if (p.preperiod != stored.result.preperiod || p.period != stored.result.period ||
        p.saltus != stored.result.saltus) {
      row.summary = "the certificate says preperiod " + std::to_string(p.preperiod) + " period " +
                    std::to_string(p.period) + ", the row " +
                    std::to_string(stored.result.preperiod) + " and " +
                    std::to_string(stored.result.period);
      return row;
    }
    const CertificateCheck check = Engine::check_certificate(*game, c, max_work);
    row.holds = check.holds;
    row.complete = check.complete;
    row.positions = check.positions;
    row.summary = check.holds ? check.summary() : check.failure;
  } catch (const Error& e) {
    row.summary = e.what();
  }
  return row;
}

RowCheck check_open(const StoredResult& stored, const CensusDatabase& database,
                    std::uint64_t max_work) {
  RowCheck row;
  row.game = stored.result.game;
  try {
    const auto game = Engine::game(stored.result.game);
    const auto path = database.sequence_path(stored.result.game);
    if (!std::filesystem::exists(path)) {
      // A derived (offset) open row keeps no file of its own.
      row.holds = true;
      row.summary = "no sequence file (values derived by the offset rule)";
      return row;
    }
    const auto file = SequenceFile::open(path);
    if (file->game() != game->name()) {
      row.summary = "the sequence file holds " + file->game();
      return row;
    }
    if (file->count() < stored.result.values_computed) {
      row.summary = "the sequence file holds " + std::to_string(file->count()) +
                    " values, the row says " + std::to_string(stored.result.values_computed);
      return row;
    }
    row.positions = Engine::check_sequence(*game, *file, max_work);
    row.holds = true;
    row.summary = "sequence file g(0.." + std::to_string(file->count() - 1) +
                  "): " + std::to_string(row.positions) + " positions recomputed by mex";
  } catch (const Error& e) {
    row.summary = e.what();
  }
  return row;
}

}  // namespace

CensusVerification verify_census(
    const CensusDatabase& database, const std::string& family, std::uint64_t max_work,
    const std::function<void(std::uint64_t, std::uint64_t)>& progress) {
  std::vector<std::string> games;
  if (family.empty()) {
    for (const std::string& f : database.families()) {
      for (const CensusMember& m : database.members(f)) games.push_back(m.game);
    }
  } else {
    const auto members = database.members(family);
    if (members.empty()) throw Error("the census database has no family " + family);
    for (const CensusMember& m : members) games.push_back(m.game);
  }
  std::set<std::string> distinct(games.begin(), games.end());
  CensusVerification out;
  std::uint64_t done = 0;
  for (const std::string& g : distinct) {
    if (progress) progress(done++, distinct.size());
    const std::optional<StoredResult> stored = database.result(g);
    if (!stored) continue;
    RowCheck row = stored->result.census_class != CensusClass::open
                       ? check_proven(*stored, max_work)
                       : check_open(*stored, database, max_work);
    if (row.proven) {
      ++out.certificates;
      if (row.holds) ++(row.complete ? out.complete : out.spot_checked);
    } else {
      ++out.sequence_files;
    }
    if (!row.holds) ++out.failed;
    out.rows.push_back(std::move(row));
  }
  return out;
}

}  // namespace grundy
