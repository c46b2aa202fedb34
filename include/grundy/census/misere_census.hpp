#pragma once
/// \file The misère census (`grundy census FAMILY --misere`): the misère quotient
/// (misere_quotient.hpp) of every code of a family, each to a heap bound within a work budget,
/// stored in the census database (table misere_quotients) as it is found: its order, |P|, where
/// it last grew and whether it is tame — or, stopped by the budget, the last heap verified and
/// the order there ("not stabilised by heap N": wild means not tame, and says nothing of size).

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/census/census_database.hpp"
#include "grundy/census/census_engine.hpp"
#include "grundy/census/census_family.hpp"
#include "grundy/census/census_report.hpp"
#include "grundy/census/census_run.hpp"
#include "grundy/census/census_workers.hpp"
#include "grundy/core/limits.hpp"

namespace grundy {

struct MisereCensusOptions {
  /// The quotient of the heaps 0..max_heap of each game; kMaxQuotientHeap (the default): until
  /// Φ's period is proven, the quotient of every heap size (a row ends there).
  std::uint64_t max_heap = kMaxQuotientHeap;
  /// Elementary steps per game (QuotientOptions::max_work); beyond, the game is stored as not
  /// stabilised at the last heap verified.
  std::uint64_t max_work = 200'000'000;
  /// Games computed at once (0: one per core).
  unsigned threads = 0;
  Limits limits;
  std::function<void(const CensusProgress&)> progress;
  /// Only the members first..first+count-1 (in the family's order).
  std::optional<std::pair<std::uint64_t, std::uint64_t>> slice;
  /// Set (by a signal handler) to stop: the games in flight are dropped, the stored ones stay.
  const std::atomic<bool>* stop = nullptr;
};

struct MisereCensusSummary {
  std::string family;
  std::uint64_t members = 0;  ///< codes in the family (or the slice)
  std::uint64_t games = 0;    ///< distinct games among them
  std::uint64_t computed = 0, kept = 0;
  /// Of the distinct games: complete to max_heap (tame or wild), or stopped by the budget.
  std::uint64_t tame = 0, wild = 0, not_stabilised = 0;
  /// Of the complete ones: those whose Φ has a proven period (the quotient of every heap size).
  std::uint64_t proven = 0;
  double seconds = 0;
  unsigned ranks = 1, threads = 1;
};

/// One game's quotient to compute, with its budget (what a worker rank is sent).
struct MisereJob {
  std::string game;  ///< the canonical spec
  std::uint64_t max_heap = kMaxQuotientHeap;
  std::uint64_t max_work = 200'000'000;
};

/// A job's outcome as it travels back to the manager: its row, or the error that stopped it.
struct MisereOutcome {
  std::string game;
  std::optional<MisereRow> row;
  std::string error;
  bool interrupted = false;
};

/// The other ranks of an MPI run, seen from the manager (rank 0).
using MisereWorkers = RankWorkers<MisereJob, MisereOutcome>;

/// The codes of `family` a misère census covers: the slice's (in the family's order), or all.
/// Throws Error for a slice outside the family.
std::vector<std::string> misere_census_codes(
    const CensusFamily& family,
    const std::optional<std::pair<std::uint64_t, std::uint64_t>>& slice);

/// Runs the misère census of `family` into `database`: on this process's threads and, with
/// `workers`, on the other ranks of an MPI run too (the rows are the same). A game already
/// stored at this max_heap (complete, or stopped under a budget at least as large) is kept.
/// Throws Interrupted when stopped (the rows stored so far stay), Error when a game failed (after
/// the games in flight are stored).
MisereCensusSummary run_misere_census(const CensusFamily& family, CensusDatabase& database,
                                      const MisereCensusOptions& options,
                                      MisereWorkers* workers = nullptr);

/// Computes one job's row on this process (for the local threads and the MPI workers) by
/// `engine`'s quotient_verified (census_engine.hpp: the engine's limits on each quotient): never
/// throws; `*stop` set: an interrupted outcome.
MisereOutcome run_misere_job(const MisereJob& job, const Engine& engine,
                             const std::atomic<bool>* stop);

/// A job and an outcome as JSON text and back (the MPI messages; strict: Error on anything else).
std::string misere_job_to_json(const MisereJob& job);
MisereJob misere_job_from_json(std::string_view text);
std::string misere_outcome_to_json(const MisereOutcome& outcome);
MisereOutcome misere_outcome_from_json(std::string_view text);

/// `census report --misere`: one row per code of `family`, in its order — code, game, and its
/// quotient's order, |P|, where it last grew (observed up to the heap bound) and tame kind, or
/// "not stabilised by heap N" with the order there, or "not computed". Markdown, CSV or a
/// self-contained HTML table.
std::string misere_census_report(const CensusDatabase& database, const CensusFamily& family,
                                 ReportFormat format);

}  // namespace grundy
