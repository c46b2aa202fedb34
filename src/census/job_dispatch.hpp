#pragma once
/// \file How rank 0 of a census runs a list of jobs (either census's): on this process's pool of
/// threads and, when mpirun started several ranks, on the other ranks too, each outcome handled as
/// it comes back.

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <vector>

#include "game_pool.hpp"
#include "grundy/census/census_workers.hpp"

namespace grundy {

/// Hands `jobs` out in order — to `pool`, at most `threads` queued or running at once, and to
/// `workers` (the other ranks; null for none) — and passes every outcome to `handle` as it
/// arrives, until every job handed out is back. No job is handed out once `stop()` is true (the
/// ones in flight still come back). `report` is called about every 500 ms (progress).
template <class Job, class Outcome>
void dispatch_jobs(const std::vector<Job>& jobs, GamePool<Job, Outcome>& pool, unsigned threads,
                   RankWorkers<Job, Outcome>* workers, const std::function<bool()>& stop,
                   const std::function<void(Outcome&)>& handle,
                   const std::function<void()>& report) {
  using Clock = std::chrono::steady_clock;
  std::size_t next = 0;
  const auto next_job = [&]() -> std::optional<Job> {
    if (next >= jobs.size() || stop()) return std::nullopt;
    return jobs[next++];
  };
  auto last_report = Clock::now() - std::chrono::seconds(10);
  while (true) {
    while (pool.busy() < threads) {
      std::optional<Job> job = next_job();
      if (!job) break;
      pool.push(std::move(*job));
    }
    if (workers != nullptr) {
      for (Outcome& o : workers->exchange(next_job)) handle(o);
    }
    for (Outcome& o : pool.take(std::chrono::milliseconds(workers != nullptr ? 2 : 200))) {
      handle(o);
    }
    const bool remote = workers != nullptr && workers->in_flight() > 0;
    const bool left = next < jobs.size() && !stop();
    if (!left && pool.busy() == 0 && !remote) {
      // Every job is done, its outcome pushed before it stopped counting as busy: take the ones
      // that came after the last take.
      for (Outcome& o : pool.take(std::chrono::milliseconds(0))) handle(o);
      return;
    }
    if (Clock::now() - last_report >= std::chrono::milliseconds(500)) {
      last_report = Clock::now();
      report();
    }
  }
}

}  // namespace grundy
