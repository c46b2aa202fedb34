// The misère census (misere_census.hpp).
#include "grundy/census/misere_census.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/analysis/sequence_run.hpp"
#include "grundy/core/error.hpp"
#include "grundy/spec/parser.hpp"
#include "grundy/version.hpp"

namespace grundy {
namespace {

/// Thrown from a quotient's progress callback when the census is asked to stop.
struct Stopped {};

/// Whether a stored row answers this run's question without more work.
bool settled(const MisereRow& r, const MisereCensusOptions& options) {
  if (r.engine != kEngineVersion || r.max_heap != options.max_heap) return false;
  return r.complete || r.max_work >= options.max_work;
}

MisereRow compute(const Game& game, const MisereCensusOptions& options) {
  MisereRow row;
  row.game = game.name();
  row.max_heap = options.max_heap;
  row.max_work = options.max_work;
  row.engine = kEngineVersion;
  QuotientOptions q;
  q.max_heap = options.max_heap;
  q.max_work = options.max_work;
  q.limits = options.limits;
  // The last quotient verified: the heaps below the one being tried.
  std::uint64_t heap = 0, order = 1;
  q.progress = [&](const QuotientProgress& p) {
    if (options.stop && options.stop->load()) throw Stopped{};
    heap = p.heap;
    order = p.order;
  };
  const auto started = std::chrono::steady_clock::now();
  try {
    const MisereQuotient quotient = misere_quotient(game, q);
    row.complete = true;
    row.reached = quotient.max_heap;
    row.order = quotient.monoid.order;
    row.p_count = quotient.monoid.p_count();
    row.stable_from = quotient.stable_from;
    row.tame = quotient.tame.tame ? "T" + std::to_string(quotient.tame.k) : "wild";
  } catch (const ResourceError&) {
    row.complete = false;
    row.reached = heap == 0 ? 0 : heap - 1;
    row.order = static_cast<std::uint32_t>(order);
  }
  row.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return row;
}

}  // namespace

MisereCensusSummary run_misere_census(const CensusFamily& family, CensusDatabase& database,
                                      const MisereCensusOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  MisereCensusSummary summary;
  summary.family = family.name();
  std::vector<std::string> codes = family.codes();
  if (options.slice) {
    const auto [first, count] = *options.slice;
    if (first >= codes.size() || count == 0) {
      throw Error("--slice " + std::to_string(first) + "," + std::to_string(count) +
                  " is outside the family's " + std::to_string(codes.size()) + " members");
    }
    codes = std::vector<std::string>(
        codes.begin() + static_cast<std::ptrdiff_t>(first),
        codes.begin() +
            static_cast<std::ptrdiff_t>(std::min<std::uint64_t>(codes.size(), first + count)));
  }
  summary.members = codes.size();
  // The distinct games (codes with trailing zeros are the same game), in the family's order.
  std::vector<std::shared_ptr<const Game>> games;
  std::set<std::string> seen;
  for (const std::string& code : codes) {
    auto game = parse_game(code);
    if (seen.insert(game->name()).second) games.push_back(std::move(game));
  }
  summary.games = games.size();
  std::map<std::string, MisereRow> stored;
  for (MisereRow& r : database.misere_rows()) stored.emplace(r.game, std::move(r));
  std::vector<std::shared_ptr<const Game>> to_compute;
  for (const auto& g : games) {
    const auto it = stored.find(g->name());
    if (it != stored.end() && settled(it->second, options)) {
      ++summary.kept;
    } else {
      to_compute.push_back(g);
    }
  }
  const unsigned threads =
      options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  summary.threads = threads;
  std::mutex mutex;  // the database, the progress, the shared counters
  std::size_t next = 0;
  std::uint64_t done = 0;
  std::vector<std::string> current;
  bool stopped = false;
  std::string failure;
  const auto report = [&] {
    if (!options.progress) return;
    CensusProgress p;
    p.done = done;
    p.total = to_compute.size();
    p.current = current;
    p.elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    if (done > 0) {
      p.eta = p.elapsed / static_cast<double>(done) * static_cast<double>(to_compute.size() - done);
    }
    options.progress(p);
  };
  const auto work = [&] {
    while (true) {
      std::shared_ptr<const Game> game;
      {
        const std::lock_guard lock(mutex);
        if (next >= to_compute.size() || stopped || !failure.empty()) return;
        game = to_compute[next++];
        current.push_back(game->name());
        report();
      }
      try {
        const MisereRow row = compute(*game, options);
        const std::lock_guard lock(mutex);
        database.store_misere(row);
        stored[row.game] = row;
        ++done;
        std::erase(current, game->name());
        report();
      } catch (const Stopped&) {
        const std::lock_guard lock(mutex);
        stopped = true;
        return;
      } catch (const Error& e) {
        const std::lock_guard lock(mutex);
        if (failure.empty()) failure = game->name() + ": " + e.what();
        return;
      }
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (!failure.empty()) throw Error(failure);
  if (stopped || (options.stop && options.stop->load())) {
    throw Interrupted("interrupted: " + std::to_string(done) + " misère quotients stored in " +
                      database.path().string() + "; run the command again to continue");
  }
  summary.computed = done;
  for (const auto& g : games) {
    const MisereRow& r = stored.at(g->name());
    if (!r.complete) {
      ++summary.not_stabilised;
    } else if (r.tame == "wild") {
      ++summary.wild;
    } else {
      ++summary.tame;
    }
  }
  summary.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  return summary;
}

}  // namespace grundy
