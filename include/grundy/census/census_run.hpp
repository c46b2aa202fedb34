#pragma once
/// \file Running a census: the members of a family with their proven relations, the games to
/// compute (hardest first), handed to this process's threads and, under MPI, to the other ranks
/// (census_mpi.hpp); each result stored as it arrives; then the results of offset codes derived,
/// and the equivalences found from the values. A rerun skips every game whose stored result
/// needs no more work (proven, or open at a budget at least as large) and continues the others
/// from their sequence files.

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "grundy/census/census_classify.hpp"
#include "grundy/census/census_database.hpp"
#include "grundy/census/census_engine.hpp"
#include "grundy/census/census_family.hpp"
#include "grundy/census/census_workers.hpp"
#include "grundy/core/limits.hpp"

namespace grundy {

struct CensusProgress {
  /// Jobs done in this run, and to do (a game continued by the second pass is two jobs).
  std::uint64_t done = 0, total = 0;
  std::vector<std::string> current;  ///< games being computed now
  double elapsed = 0;                ///< seconds since the run began
  std::optional<double> eta;         ///< seconds left, once some games are done
};

struct CensusOptions {
  CensusBudget budget;
  /// Games computed at once by this process (0: one per core).
  unsigned threads = 0;
  Limits limits;
  std::function<void(const CensusProgress&)> progress;
  std::function<void(const std::string&)> warning;
  /// Only the members first..first+count-1 (in the family's order; the games their offset codes
  /// come from too); nothing: every member.
  std::optional<std::pair<std::uint64_t, std::uint64_t>> slice;
  /// Set (by a signal handler) to stop: games in flight save their values, nothing half-stored.
  const std::atomic<bool>* stop = nullptr;
};

/// A job's outcome as it travels back to the manager: a result, or the error that stopped it.
struct JobOutcome {
  std::string game;
  std::optional<GameResult> result;
  std::string error;
  bool interrupted = false;
};

/// The other ranks of an MPI run, seen from the manager (rank 0).
using CensusWorkers = RankWorkers<CensusJob, JobOutcome>;

struct CensusSummary {
  std::string family;
  std::int64_t run = 0;
  std::uint64_t members = 0;  ///< codes in the family
  std::uint64_t games = 0;    ///< distinct games among them
  /// The games, each counted once: computed + kept + derived = games.
  std::uint64_t computed = 0;  ///< games whose values this run computed (either pass)
  std::uint64_t kept = 0;      ///< the others not derived: their stored result needed no more work
  std::uint64_t derived = 0;   ///< games proven equal or offset, from their representatives
  std::uint64_t trivial = 0, solved = 0, open = 0;  ///< classes of the distinct games
  std::uint64_t observed_equivalences = 0, proven_equivalences = 0, near_misses = 0;
  double seconds = 0;
  unsigned ranks = 1, threads = 1;
};

/// Runs the census of `family` into `database`. Throws Interrupted when stopped (the results
/// stored so far stay), Error when games failed (after storing the others).
CensusSummary run_census(const CensusFamily& family, CensusDatabase& database,
                         const CensusOptions& options, CensusWorkers* workers = nullptr);

/// Runs one job on this process (for the local threads and the MPI workers) with `engine`
/// (census_engine.hpp): never throws.
JobOutcome run_census_job(const CensusJob& job, const Engine& engine,
                          const std::atomic<bool>* stop);

/// A job as JSON text and back (the MPI messages; strict: Error on anything else).
std::string job_to_json(const CensusJob& job);
CensusJob job_from_json(std::string_view text);
std::string outcome_to_json(const JobOutcome& outcome);
JobOutcome outcome_from_json(std::string_view text);

}  // namespace grundy
