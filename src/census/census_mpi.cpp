#include "grundy/census/census_mpi.hpp"

#include <cstdlib>
#include <string>

#include "grundy/core/error.hpp"

#ifdef GRUNDY_WITH_MPI
// MPI itself is in a module loaded only when a census runs on several ranks (mpi_module.hpp,
// reached through mpi::calls()).
#include <cstdio>
#include <functional>
#include <string_view>

#include "game_pool.hpp"
#include "mpi_messages.hpp"
#endif

namespace grundy {

unsigned launched_ranks() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE"}) {
    if (const char* v = std::getenv(name); v != nullptr) {
      const long n = std::strtol(v, nullptr, 10);
      if (n >= 1 && n < 1'000'000) return static_cast<unsigned>(n);
    }
  }
  return 1;
}

#ifndef GRUNDY_WITH_MPI

namespace {

void refuse_ranks() {
  if (launched_ranks() > 1) {
    throw Error("this grundy was built without MPI: a census cannot run across " +
                std::to_string(launched_ranks()) + " ranks (install libopenmpi-dev and rebuild)");
  }
}

}  // namespace

bool census_mpi_available() {
  return false;
}

std::optional<CensusSummary> run_census_on_ranks(const CensusFamily& family,
                                                 const std::filesystem::path& database,
                                                 const CensusOptions& options) {
  refuse_ranks();
  CensusDatabase db(database);
  return run_census(family, db, options);
}

std::optional<MisereCensusSummary> run_misere_census_on_ranks(const CensusFamily& family,
                                                              const std::filesystem::path& database,
                                                              const MisereCensusOptions& options) {
  refuse_ranks();
  CensusDatabase db(database);
  return run_misere_census(family, db, options);
}

#else

namespace {

/// MPI_Init_thread and MPI_Finalize around the census.
class MpiSession {
 public:
  MpiSession() { mpi::calls().init(&rank_, &size_); }
  ~MpiSession() { mpi::calls().finalize(); }
  MpiSession(const MpiSession&) = delete;
  MpiSession& operator=(const MpiSession&) = delete;
  int rank() const { return rank_; }
  int size() const { return size_; }

 private:
  int rank_ = 0, size_ = 1;
};

/// One census across the ranks of an mpirun: `manage(workers)` on rank 0 (its summary), `serve()`
/// on the others (nothing). Stopped by a signal, rank 0 tells the workers before it throws
/// Interrupted; any other error is printed and ends every rank (a rank that fails cannot leave
/// the others waiting).
template <class Job, class Outcome, class Summary>
std::optional<Summary> on_ranks(const std::function<Summary(RankWorkers<Job, Outcome>&)>& manage,
                                const std::function<void()>& serve,
                                std::string (*job_to_text)(const Job&),
                                Outcome (*outcome_from_text)(std::string_view)) {
  MpiSession mpi;
  try {
    if (mpi.rank() != 0) {
      serve();
      return std::nullopt;
    }
    mpi::Workers<Job, Outcome> workers(mpi.size(), job_to_text, outcome_from_text);
    try {
      return manage(workers);
    } catch (const Interrupted&) {
      workers.finish();
      throw;
    }
  } catch (const Interrupted&) {
    throw;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "grundy: error: rank %d: %s\n", mpi.rank(), e.what());
    mpi::calls().abort_all(2);
    throw;
  }
}

}  // namespace

bool census_mpi_available() {
  return true;
}

std::optional<CensusSummary> run_census_on_ranks(const CensusFamily& family,
                                                 const std::filesystem::path& database,
                                                 const CensusOptions& options) {
  if (launched_ranks() <= 1) {
    CensusDatabase db(database);
    return run_census(family, db, options);
  }
  return on_ranks<CensusJob, JobOutcome, CensusSummary>(
      [&](CensusWorkers& workers) {
        CensusDatabase db(database);
        return run_census(family, db, options, &workers);
      },
      [&] {
        const Engine engine = census_engine(options.limits);
        GamePool<CensusJob, JobOutcome> pool(
            census_threads(options.threads),
            [&](const CensusJob& j) { return run_census_job(j, engine, options.stop); });
        mpi::serve(pool, options.stop, job_from_json, outcome_to_json);
      },
      job_to_json, outcome_from_json);
}

std::optional<MisereCensusSummary> run_misere_census_on_ranks(const CensusFamily& family,
                                                              const std::filesystem::path& database,
                                                              const MisereCensusOptions& options) {
  if (launched_ranks() <= 1) {
    CensusDatabase db(database);
    return run_misere_census(family, db, options);
  }
  // Refused on every rank before MPI starts: one line and exit 2, not an abort of the job.
  misere_census_codes(family, options.slice);
  return on_ranks<MisereJob, MisereOutcome, MisereCensusSummary>(
      [&](MisereWorkers& workers) {
        CensusDatabase db(database);
        return run_misere_census(family, db, options, &workers);
      },
      [&] {
        const Engine engine = census_engine(options.limits);
        GamePool<MisereJob, MisereOutcome> pool(
            census_threads(options.threads),
            [&](const MisereJob& j) { return run_misere_job(j, engine, options.stop); });
        mpi::serve(pool, options.stop, misere_job_from_json, misere_outcome_to_json);
      },
      misere_job_to_json, misere_outcome_from_json);
}

#endif

}  // namespace grundy
