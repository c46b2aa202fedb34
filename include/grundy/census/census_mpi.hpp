#pragma once
/// \file A census across machines with MPI (Open MPI): `mpirun -np K grundy census ...`. Rank 0
/// is the manager: it owns the database, hands out games (hardest first) and computes with its
/// own threads too, polling the other ranks with short sleeps (Open MPI would otherwise spin a
/// core). Ranks 1..K-1 are workers: they ask for as many games as they have threads, compute
/// them, and send each result back. Without mpirun the same command runs on one process.

#include <optional>

#include "grundy/census/census_run.hpp"

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

}  // namespace grundy
