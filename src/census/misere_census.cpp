// The misère census (misere_census.hpp).
#include "grundy/census/misere_census.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <vector>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/analysis/quotient_periodicity.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/version.hpp"
#include "job_dispatch.hpp"

namespace grundy {
namespace {

using nlohmann::json;

/// Thrown from a quotient's progress callback when the census is asked to stop.
struct Stopped {};

/// Whether a stored row answers this run's question without more work.
bool settled(const MisereRow& r, const MisereCensusOptions& options) {
  if (r.engine != kEngineVersion || r.max_heap != options.max_heap) return false;
  // A complete row stored before schema 3 does not say whether Φ's period is proven: computed
  // again (complete quotients are the quick ones).
  if (r.complete && r.periodicity.empty()) return false;
  return r.complete || r.max_work >= options.max_work;
}

MisereRow compute(const std::shared_ptr<const Game>& game, const MisereJob& job,
                  const Engine& engine, const std::atomic<bool>* stop) {
  MisereRow row;
  row.game = game->name();
  row.max_heap = job.max_heap;
  row.max_work = job.max_work;
  row.engine = kEngineVersion;
  const auto progress = [&](const QuotientProgress&) {
    if (stop && stop->load()) throw Stopped{};
  };
  const auto started = std::chrono::steady_clock::now();
  QuotientAnswer answer;
  try {
    answer = engine.quotient_verified(game, job.max_heap, job.max_work, progress);
  } catch (const ResourceError&) {
    // Refused before any heap was verified (the limits allow nothing): the empty quotient.
    row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    return row;
  }
  const MisereQuotient& quotient = answer.quotient;
  row.reached = quotient.max_heap;
  row.order = quotient.monoid.order;
  row.complete = !quotient.stopped;
  if (const std::optional<QuotientStop>& stopped = quotient.stopped) {
    // Stopped while a new element was sought: what the failed trials proved at the next heap,
    // and at least that the heap is in no class of the heaps below (so |Q| grows there).
    if (stopped->copies > 1 || stopped->grows) {
      row.powers_at_least = std::max<std::uint64_t>(stopped->distinct_powers, 1);
      row.order_at_least = std::max<std::uint64_t>(
          stopped->order_at_least, stopped->grows ? std::uint64_t{row.order} + 1 : 0);
    }
  }
  // Of the heaps verified, complete or not: a stopped quotient that had not grown for a while
  // (a long preperiod of Φ, the budget ended before its proof) says so.
  row.p_count = quotient.monoid.p_count();
  row.stable_from = quotient.stable_from;
  row.tame = quotient.tame.tame ? "T" + std::to_string(quotient.tame.k) : "wild";
  const QuotientPeriodicity& period = answer.periodicity;
  row.periodicity = !period.periodic ? "none" : period.proven ? "proven" : "observed";
  if (period.periodic) {
    row.phi_preperiod = period.preperiod;
    row.phi_period = period.period;
  }
  row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return row;
}

json row_json(const MisereRow& r) {
  return {{"game", r.game},
          {"max_heap", r.max_heap},
          {"max_work", r.max_work},
          {"reached", r.reached},
          {"complete", r.complete},
          {"order", r.order},
          {"p_count", r.p_count},
          {"stable_from", r.stable_from},
          {"tame", r.tame},
          {"periodicity", r.periodicity},
          {"phi_preperiod", r.phi_preperiod},
          {"phi_period", r.phi_period},
          {"powers_at_least", r.powers_at_least},
          {"order_at_least", r.order_at_least},
          {"seconds", r.seconds},
          {"engine", r.engine}};
}

MisereRow row_from(const json& j) {
  MisereRow r;
  r.game = j.at("game").get<std::string>();
  r.max_heap = j.at("max_heap").get<std::uint64_t>();
  r.max_work = j.at("max_work").get<std::uint64_t>();
  r.reached = j.at("reached").get<std::uint64_t>();
  r.complete = j.at("complete").get<bool>();
  r.order = j.at("order").get<std::uint32_t>();
  r.p_count = j.at("p_count").get<std::uint64_t>();
  r.stable_from = j.at("stable_from").get<std::uint64_t>();
  r.tame = j.at("tame").get<std::string>();
  r.periodicity = j.at("periodicity").get<std::string>();
  r.phi_preperiod = j.at("phi_preperiod").get<std::uint64_t>();
  r.phi_period = j.at("phi_period").get<std::uint64_t>();
  r.powers_at_least = j.at("powers_at_least").get<std::uint64_t>();
  r.order_at_least = j.at("order_at_least").get<std::uint64_t>();
  r.seconds = j.at("seconds").get<double>();
  r.engine = j.at("engine").get<std::string>();
  return r;
}

}  // namespace

std::string misere_job_to_json(const MisereJob& job) {
  return json{{"game", job.game}, {"max_heap", job.max_heap}, {"max_work", job.max_work}}.dump();
}

MisereJob misere_job_from_json(std::string_view text) {
  try {
    const json j = json::parse(text);
    return MisereJob{j.at("game").get<std::string>(), j.at("max_heap").get<std::uint64_t>(),
                     j.at("max_work").get<std::uint64_t>()};
  } catch (const json::exception& e) {
    throw Error(std::string("a misère census job message is malformed: ") + e.what());
  }
}

std::string misere_outcome_to_json(const MisereOutcome& o) {
  json j{{"game", o.game}, {"error", o.error}, {"interrupted", o.interrupted}};
  j["row"] = o.row ? row_json(*o.row) : json(nullptr);
  return j.dump();
}

MisereOutcome misere_outcome_from_json(std::string_view text) {
  try {
    const json j = json::parse(text);
    MisereOutcome o;
    o.game = j.at("game").get<std::string>();
    o.error = j.at("error").get<std::string>();
    o.interrupted = j.at("interrupted").get<bool>();
    if (!j.at("row").is_null()) o.row = row_from(j.at("row"));
    return o;
  } catch (const json::exception& e) {
    throw Error(std::string("a misère census result message is malformed: ") + e.what());
  }
}

MisereOutcome run_misere_job(const MisereJob& job, const Engine& engine,
                             const std::atomic<bool>* stop) {
  MisereOutcome outcome;
  outcome.game = job.game;
  try {
    if (stop && stop->load()) throw Stopped{};
    outcome.row = compute(Engine::game(job.game), job, engine, stop);
  } catch (const Stopped&) {
    outcome.interrupted = true;
  } catch (const std::exception& e) {
    outcome.error = e.what();
  }
  return outcome;
}

std::vector<std::string> misere_census_codes(
    const CensusFamily& family,
    const std::optional<std::pair<std::uint64_t, std::uint64_t>>& slice) {
  std::vector<std::string> codes = family.codes();
  if (!slice) return codes;
  const auto [first, count] = *slice;
  if (first >= codes.size() || count == 0) {
    throw Error("--slice " + std::to_string(first) + "," + std::to_string(count) +
                " is outside the family's " + std::to_string(codes.size()) + " members");
  }
  return std::vector<std::string>(
      codes.begin() + static_cast<std::ptrdiff_t>(first),
      codes.begin() +
          static_cast<std::ptrdiff_t>(std::min<std::uint64_t>(codes.size(), first + count)));
}

MisereCensusSummary run_misere_census(const CensusFamily& family, CensusDatabase& database,
                                      const MisereCensusOptions& options, MisereWorkers* workers) {
  using Clock = std::chrono::steady_clock;
  const auto started = Clock::now();
  const auto elapsed = [&] {
    return std::chrono::duration<double>(Clock::now() - started).count();
  };
  MisereCensusSummary summary;
  summary.family = family.name();
  const std::vector<std::string> codes = misere_census_codes(family, options.slice);
  summary.members = codes.size();
  // The distinct games (codes with trailing zeros are the same game), in the family's order.
  std::vector<std::string> games;
  std::set<std::string> seen;
  for (const std::string& code : codes) {
    const std::string game = Engine::game(code)->name();
    if (seen.insert(game).second) games.push_back(game);
  }
  summary.games = games.size();
  std::map<std::string, MisereRow> stored;
  for (MisereRow& r : database.misere_rows()) stored.emplace(r.game, std::move(r));
  std::vector<MisereJob> jobs;  // in the family's order
  for (const std::string& g : games) {
    const auto it = stored.find(g);
    if (it != stored.end() && settled(it->second, options)) {
      ++summary.kept;
    } else {
      jobs.push_back({g, options.max_heap, options.max_work});
    }
  }
  const unsigned threads = census_threads(options.threads);
  summary.threads = threads;
  summary.ranks = workers != nullptr ? workers->ranks() : 1;

  // The games are handed out in order to this process's threads and the other ranks; each row is
  // stored as it arrives. A failure stops the handing out; the games in flight are still stored.
  const Engine engine = census_engine(options.limits);
  GamePool<MisereJob, MisereOutcome> pool(
      threads, [&](const MisereJob& job) { return run_misere_job(job, engine, options.stop); });
  CensusRows<MisereJob, MisereOutcome> rows(pool, {.threads = threads,
                                                   .workers = workers,
                                                   .stop = options.stop,
                                                   .progress = options.progress,
                                                   .failed = {},
                                                   .stop_at_failure = true});
  rows.run(jobs, [&](MisereOutcome& o) {
    database.store_misere(*o.row);
    stored[o.game] = std::move(*o.row);
  });
  if (workers != nullptr) workers->finish();
  if (!rows.failures().empty()) throw Error(rows.failures().front());
  if (rows.interrupted()) {
    throw Interrupted("interrupted: " + std::to_string(rows.done()) +
                      " misère quotients stored in " + database.path().string() +
                      "; run the command again to continue");
  }
  summary.computed = rows.done();
  for (const std::string& g : games) {
    const MisereRow& r = stored.at(g);
    if (!r.complete) {
      ++summary.not_stabilised;
    } else if (r.tame == "wild") {
      ++summary.wild;
    } else {
      ++summary.tame;
    }
    if (r.every_heap_size()) ++summary.proven;
  }
  summary.seconds = elapsed();
  return summary;
}

}  // namespace grundy
