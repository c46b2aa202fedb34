#pragma once
/// \file A census across machines with MPI (Open MPI): `mpirun -np K grundy census ...`, the
/// normal-play census and the misère one (`--misere`) alike. Rank 0 is the manager: it owns the
/// database, hands out games (the normal-play census hardest first, the misère one in the
/// family's order) and computes with its own threads too, polling the other ranks with short
/// sleeps (Open MPI would otherwise spin a core). Ranks 1..K-1 are workers: they ask for as many
/// games as they have threads, compute them, and send each result back (the messages:
/// src/census/mpi_messages.hpp). Without mpirun the same command runs on one process.

#include <optional>

#include "grundy/census/census_run.hpp"
#include "grundy/census/misere_census.hpp"

namespace grundy {

/// Ranks in the job when this process was started by mpirun (from the launcher's environment:
/// OMPI_COMM_WORLD_SIZE, PMI_SIZE), else 1.
unsigned launched_ranks();

/// Whether this build can run a census across ranks.
bool census_mpi_available();

/// run_census on this process, or across the ranks of an mpirun: the summary on rank 0, nothing
/// on the workers. Throws Error when started by mpirun with several ranks in a build without MPI.
std::optional<CensusSummary> run_census_on_ranks(const CensusFamily& family,
                                                 const std::filesystem::path& database,
                                                 const CensusOptions& options);

/// run_misere_census in the same way: the rows are those of a run on one process (but their
/// seconds), each computed by whichever rank took the game and stored by rank 0.
std::optional<MisereCensusSummary> run_misere_census_on_ranks(const CensusFamily& family,
                                                              const std::filesystem::path& database,
                                                              const MisereCensusOptions& options);

}  // namespace grundy
