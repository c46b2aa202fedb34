#pragma once
/// \file The other ranks of an MPI census, seen from the manager (rank 0), for one kind of job:
/// the normal-play census's (CensusWorkers, census_run.hpp) and the misère census's
/// (MisereWorkers, misere_census.hpp). The MPI implementation is census_mpi.cpp's; a census run
/// with none computes on its own threads only.

#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace grundy {

template <class Job, class Outcome>
class RankWorkers {
 public:
  virtual ~RankWorkers() = default;
  /// Ranks in all, the manager included.
  virtual unsigned ranks() const = 0;
  /// One round, never blocking long: hands jobs from `next` (nothing: none left) to workers with
  /// room, and returns the outcomes that came back.
  virtual std::vector<Outcome> exchange(const std::function<std::optional<Job>()>& next) = 0;
  /// Jobs handed out and not yet back.
  virtual std::uint64_t in_flight() const = 0;
  /// Tells every worker that no job is left (they exit).
  virtual void finish() = 0;
};

}  // namespace grundy
