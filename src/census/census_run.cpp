#include "grundy/census/census_run.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <set>

#include "grundy/analysis/period_certificate.hpp"
#include "grundy/census/census_equivalence.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/sequence_file.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/rules/take_break.hpp"
#include "grundy/version.hpp"
#include "job_dispatch.hpp"

namespace grundy {
namespace {

using Clock = std::chrono::steady_clock;
using nlohmann::json;

/// Whether a stored result needs no more work under `budget`: proven, or open after a job whose
/// values and seconds were at least these (0 seconds: no limit). (Stored budgets are the job's:
/// an extended job's values are the extended budget.)
bool settled(const StoredResult& stored, const CensusBudget& budget) {
  if (stored.result.census_class != CensusClass::open) return true;
  const auto covers = [](double old_seconds, double new_seconds) {
    return old_seconds <= 0 || (new_seconds > 0 && old_seconds >= new_seconds);
  };
  const CensusBudget& b = stored.budget;
  return b.values >= budget.values && b.three_heap_values >= budget.three_heap_values &&
         covers(b.seconds, budget.seconds) &&
         covers(b.three_heap_seconds, budget.three_heap_seconds);
}

/// How hard a game is likely to be, for the order of the jobs (hardest first): the seconds it
/// took before, else the splits its code allows (the sparse-space engine's work grows with them).
double hardness(const std::string& game, const std::optional<StoredResult>& stored) {
  if (stored) return 1e6 + stored->result.seconds;
  const auto g = Engine::game(game);
  const TakeBreakCode* code = g->traits().take_break;
  if (code == nullptr) return 0;
  double h = 0;
  for (std::size_t k = 0; k < code->digits.size(); ++k) {
    if (code->digits[k] & kLeaveTwo) h += 10 + static_cast<double>(k);
    if (code->digits[k] & kLeaveOne) h += 1;
  }
  return h;
}

/// The count and a 64-bit hash of the values in a sequence file: games with equal values so far
/// share it.
std::pair<std::uint64_t, std::uint64_t> values_fingerprint(const std::filesystem::path& path) {
  const std::unique_ptr<SequenceFile> file = SequenceFile::open(path);
  std::uint64_t hash = 14695981039346656037ULL;
  for (std::uint64_t n = 0; n < file->count(); ++n) {
    hash = (hash ^ file->at(n)) * 1099511628211ULL;
  }
  return {file->count(), hash};
}

json budget_json(const CensusBudget& b) {
  return {{"values", b.values},
          {"seconds", b.seconds},
          {"extended_values", b.extended_values},
          {"extended_seconds", b.extended_seconds},
          {"three_heap_values", b.three_heap_values},
          {"three_heap_seconds", b.three_heap_seconds}};
}

CensusBudget budget_from(const json& j) {
  CensusBudget b;
  b.values = j.at("values").get<std::uint64_t>();
  b.seconds = j.at("seconds").get<double>();
  b.extended_values = j.at("extended_values").get<std::uint64_t>();
  b.extended_seconds = j.at("extended_seconds").get<double>();
  b.three_heap_values = j.at("three_heap_values").get<std::uint64_t>();
  b.three_heap_seconds = j.at("three_heap_seconds").get<double>();
  return b;
}

}  // namespace

std::string job_to_json(const CensusJob& job) {
  return json{
      {"game", job.game}, {"sequence", job.sequence.string()}, {"budget", budget_json(job.budget)}}
      .dump();
}

CensusJob job_from_json(std::string_view text) {
  try {
    const json j = json::parse(text);
    return CensusJob{j.at("game").get<std::string>(), j.at("sequence").get<std::string>(),
                     budget_from(j.at("budget"))};
  } catch (const json::exception& e) {
    throw Error(std::string("a census job message is malformed: ") + e.what());
  }
}

std::string outcome_to_json(const JobOutcome& o) {
  json j{{"game", o.game}, {"error", o.error}, {"interrupted", o.interrupted}};
  j["result"] = o.result ? json::parse(result_to_json(*o.result)) : json(nullptr);
  return j.dump();
}

JobOutcome outcome_from_json(std::string_view text) {
  try {
    const json j = json::parse(text);
    JobOutcome o;
    o.game = j.at("game").get<std::string>();
    o.error = j.at("error").get<std::string>();
    o.interrupted = j.at("interrupted").get<bool>();
    if (!j.at("result").is_null()) o.result = result_from_json(j.at("result").dump());
    return o;
  } catch (const json::exception& e) {
    throw Error(std::string("a census result message is malformed: ") + e.what());
  }
}

JobOutcome run_census_job(const CensusJob& job, const Engine& engine,
                          const std::atomic<bool>* stop) {
  JobOutcome outcome;
  outcome.game = job.game;
  try {
    outcome.result = classify_game(job, engine, stop);
  } catch (const Interrupted& e) {
    outcome.error = e.what();
    outcome.interrupted = true;
  } catch (const std::exception& e) {
    outcome.error = e.what();
  }
  return outcome;
}

CensusSummary run_census(const CensusFamily& family, CensusDatabase& database,
                         const CensusOptions& options, CensusWorkers* workers) {
  const auto start = Clock::now();
  const auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  CensusSummary summary;
  summary.family = family.name();
  // The memory limit is the process's: each game computed at once gets its share.
  const unsigned threads = census_threads(options.threads);
  Limits per_game = options.limits;
  per_game.max_memory_bytes /= threads;
  const Engine engine = census_engine(per_game);
  const std::vector<CensusMember> members = census_members(family, engine);
  database.store_members(summary.family, members);
  summary.members = members.size();

  // Games derived from another's values by a relation proven from the codes (an equality or
  // the offset rule), with the shift: g(n + shift) = g_rep(n). The games of the members (of the
  // slice, with the games derived ones come from), in the family's order, are the census's; the
  // values of all but the derived ones are computed.
  std::map<std::string, std::string> offset_of;
  std::map<std::string, int> shift_of;
  for (const CensusMember& m : members) {
    if (m.relation == Relation::offset || m.relation == Relation::proven_equal) {
      offset_of[m.game] = m.representative;
      shift_of[m.game] = relation_shift(m.relation);
    }
  }
  std::set<std::string> wanted;
  std::uint64_t first = 0, count = members.size();
  if (options.slice) {
    first = std::min<std::uint64_t>(options.slice->first, members.size());
    count = std::min<std::uint64_t>(options.slice->second, members.size() - first);
  }
  for (std::uint64_t k = first; k < first + count; ++k) {
    for (std::string g = members[k].game; wanted.insert(g).second && offset_of.count(g) != 0;) {
      g = offset_of.at(g);
    }
  }
  std::vector<std::string> games;  // distinct, in the family's order
  for (const CensusMember& m : members) {
    if (wanted.erase(m.game) != 0) games.push_back(m.game);
  }
  summary.games = games.size();
  std::set<std::string> derived_games;
  for (const std::string& g : games) {
    if (offset_of.count(g) != 0) derived_games.insert(g);
  }
  std::vector<std::pair<double, std::string>> to_compute;
  // Games the first pass need not compute; the second pass may still continue some of them.
  std::set<std::string> kept_games;
  for (const std::string& g : games) {
    if (derived_games.count(g) != 0) continue;
    std::optional<StoredResult> stored = database.result(g);
    if (stored && settled(*stored, options.budget)) {
      kept_games.insert(g);
      continue;
    }
    to_compute.emplace_back(hardness(g, stored), g);
  }
  std::stable_sort(to_compute.begin(), to_compute.end(),
                   [](const auto& a, const auto& b) { return a.first > b.first; });

  std::filesystem::create_directories(database.sequence_directory());
  summary.threads = threads;
  summary.ranks = workers != nullptr ? workers->ranks() : 1;
  CensusRun run;
  run.family = summary.family;
  run.engine = kEngineVersion;
  run.started = certificate_date_now();
  run.budget = options.budget;
  run.ranks = summary.ranks;
  run.threads = threads;
  summary.run = database.begin_run(run);

  GamePool<CensusJob, JobOutcome> pool(
      threads, [&](const CensusJob& job) { return run_census_job(job, engine, options.stop); });
  CensusRows<CensusJob, JobOutcome> rows(
      pool, {.threads = threads,
             .workers = workers,
             .stop = options.stop,
             .progress = options.progress,
             .failed = [&](const std::string& game, const std::string& error) {
               if (options.warning) options.warning("census: " + game + " failed: " + error);
             }});
  // The distinct games the jobs computed (a game continued by the second pass is two jobs).
  std::set<std::string> computed_games;

  // Runs `jobs` (in order) on this process's threads and the other ranks, storing each result
  // under the job's budget as it arrives.
  const auto run_jobs = [&](std::vector<CensusJob> jobs) {
    std::map<std::string, CensusBudget> budgets;
    for (const CensusJob& j : jobs) budgets[j.game] = j.budget;
    rows.run(jobs, [&](JobOutcome& o) {
      // A game continued by the second pass is one game computed, not two.
      const std::uint64_t games_computed =
          computed_games.size() + (computed_games.count(o.game) == 0 ? 1 : 0);
      database.store_result(summary.run, *o.result, budgets.at(o.game), games_computed);
      computed_games.insert(o.game);
      summary.computed = computed_games.size();
    });
  };

  // 1. Every game at the budget, hardest first.
  std::vector<CensusJob> jobs;
  for (const auto& [h, g] : to_compute)
    jobs.push_back({g, database.sequence_path(g), options.budget});
  run_jobs(std::move(jobs));

  // 2. Open take-and-break games whose values look bounded (few rare values, the largest value
  // reached early), continued up to the extended budget:
  // first one game of each set of games with equal values so far, then the others of a set whose
  // first game got a proof (each to the values its proof needs; the others stay open).
  if (!rows.interrupted()) {
    CensusBudget extended = options.budget;
    extended.values = options.budget.extended_values;
    extended.seconds = options.budget.extended_seconds;
    std::map<std::pair<std::uint64_t, std::uint64_t>, std::vector<std::string>> sets;
    for (const std::string& g : games) {
      if (derived_games.count(g) != 0) continue;
      const std::optional<StoredResult> stored = database.result(g);
      if (!stored || stored->result.census_class != CensusClass::open) continue;
      const auto game = Engine::game(g);
      if (!looks_bounded(*game, stored->result) ||
          options.budget.values_for(*game) != options.budget.values || settled(*stored, extended)) {
        continue;
      }
      const auto path = database.sequence_path(g);
      if (!std::filesystem::exists(path)) continue;
      sets[values_fingerprint(path)].push_back(g);
    }
    // The likeliest first: the fewest rare values per value computed (a period follows once the
    // rare values stop appearing), so a census stopped midway has spent its time on those.
    std::vector<std::pair<double, std::string>> order;
    for (const auto& [key, set] : sets) {
      const std::optional<StoredResult> stored = database.result(set.front());
      order.emplace_back(
          static_cast<double>(stored->result.rare_count) /
              static_cast<double>(std::max<std::uint64_t>(stored->result.values_computed, 1)),
          set.front());
    }
    std::stable_sort(order.begin(), order.end());
    std::vector<CensusJob> firsts;
    for (const auto& [likelihood, game] : order) {
      firsts.push_back({game, database.sequence_path(game), extended});
    }
    run_jobs(std::move(firsts));
    std::vector<CensusJob> others;
    for (const auto& [key, set] : sets) {
      const std::optional<StoredResult> first = database.result(set.front());
      if (!first || first->result.census_class == CensusClass::open) continue;
      CensusBudget enough = extended;
      enough.values = std::max(first->result.values_computed, options.budget.values);
      for (std::size_t k = 1; k < set.size(); ++k) {
        others.push_back({set[k], database.sequence_path(set[k]), enough});
      }
    }
    if (!rows.stopping()) run_jobs(std::move(others));
  }
  if (workers != nullptr) workers->finish();
  if (rows.interrupted()) {
    throw Interrupted("interrupted: " + std::to_string(rows.done()) + " of " +
                      std::to_string(rows.total()) + " games of " + summary.family +
                      " computed and stored in '" + database.path().string() +
                      "'; the same command continues the census");
  }

  std::vector<std::string> failures = rows.failures();
  // Offset codes from their representatives (a chain: the end of it first).
  std::map<std::string, std::shared_ptr<const CensusValues>> values;
  const auto values_of = [&](const std::string& g) -> std::shared_ptr<const CensusValues> {
    if (auto it = values.find(g); it != values.end()) return it->second;
    std::shared_ptr<const CensusValues> v;
    if (auto stored = database.result(g)) {
      if (auto sv = stored_values(*stored, database)) {
        v = std::make_shared<const CensusValues>(std::move(*sv));
      }
    }
    values[g] = v;
    return v;
  };
  std::set<std::string> done;
  std::function<bool(const std::string&, int)> derive = [&](const std::string& g, int depth) {
    if (done.count(g) != 0 || offset_of.count(g) == 0) return true;
    const std::string& rep = offset_of[g];
    if (depth > 64 || !derive(rep, depth + 1)) return false;
    const std::optional<StoredResult> stored = database.result(rep);
    const std::shared_ptr<const CensusValues> rv = values_of(rep);
    if (!stored || !rv) return false;
    const int shift = shift_of.at(g);
    const GameResult r = derived_result(g, stored->result, *rv, shift);
    database.store_result(summary.run, r, options.budget);
    values.erase(g);
    if (r.census_class == CensusClass::open) {
      values[g] = shift == 0 ? rv : std::make_shared<const CensusValues>(CensusValues::offset(rv));
    }
    done.insert(g);
    ++summary.derived;
    return true;
  };
  for (const std::string& g : derived_games) {
    const std::string& rep = offset_of.at(g);
    if (!derive(g, 0)) failures.push_back(g + ": its representative " + rep + " has no result");
  }

  // Equivalences from the values, and the classes of the distinct games. Games computed come
  // first, so that a class's representative is never an offset code (whose values are already
  // its own representative's).
  std::vector<std::string> compared;
  for (const std::string& g : games) {
    if (derived_games.count(g) == 0) compared.push_back(g);
  }
  compared.insert(compared.end(), derived_games.begin(), derived_games.end());
  std::vector<ValueEquivalence> equivalences;
  std::vector<NearMiss> near_misses;
  value_equivalences(
      compared, [&](const std::string& g) { return values_of(g).get(); }, equivalences,
      near_misses);
  database.store_equivalences(summary.family, equivalences, near_misses);
  for (const ValueEquivalence& e : equivalences) {
    ++(e.relation == Relation::proven_equal ? summary.proven_equivalences
                                            : summary.observed_equivalences);
  }
  summary.near_misses = near_misses.size();
  for (const std::string& g : games) {
    if (auto stored = database.result(g)) {
      switch (stored->result.census_class) {
        case CensusClass::trivial:
          ++summary.trivial;
          break;
        case CensusClass::solved:
          ++summary.solved;
          break;
        case CensusClass::open:
          ++summary.open;
          break;
      }
    }
  }
  // Each game counted once: computed in this run (either pass), kept, or derived.
  for (const std::string& g : kept_games) summary.kept += computed_games.count(g) == 0 ? 1 : 0;
  database.finish_run(summary.run, summary.computed);
  summary.seconds = elapsed();
  if (!failures.empty()) {
    throw Error(std::to_string(failures.size()) + " game(s) of " + summary.family +
                " failed; the first: " + failures.front());
  }
  return summary;
}

}  // namespace grundy
