#pragma once
/// \file How rank 0 of a census runs a list of jobs (either census's): on this process's pool of
/// threads and, when mpirun started several ranks, on the other ranks too, each outcome handled as
/// it comes back.

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "game_pool.hpp"
#include "grundy/census/census_run.hpp"
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

/// The one way both censuses run their rows (the normal-play census's GameResults, the misère
/// census's MisereRows): batches of jobs dispatched as above, every outcome that holds a row
/// stored as it arrives (on the calling thread: one database connection), an interrupted one
/// marking the run interrupted, a failed one kept with its game; the progress — jobs back of all
/// the jobs announced, the games in flight, the time left — reported as they go. An outcome has
/// `game`, `error` and `interrupted`; `store` takes one that has neither.
template <class Job, class Outcome>
class CensusRows {
 public:
  using Store = std::function<void(Outcome&)>;
  struct Options {
    unsigned threads = 1;
    RankWorkers<Job, Outcome>* workers = nullptr;
    const std::atomic<bool>* stop = nullptr;
    std::function<void(const CensusProgress&)> progress;
    /// Called with the game and its error for each failure as it comes back.
    std::function<void(const std::string& game, const std::string& error)> failed;
    /// No job is handed out after the first failure (the ones in flight still come back).
    bool stop_at_failure = false;
  };

  CensusRows(GamePool<Job, Outcome>& pool, Options options)
      : pool_(pool), options_(std::move(options)), started_(Clock::now()) {}

  /// Runs `jobs` in order; `total` jobs are announced to the progress from now on (a later
  /// batch adds its own).
  void run(const std::vector<Job>& jobs, const Store& store) {
    total_ += jobs.size();
    const auto handle = [&](Outcome& o) {
      if (o.interrupted) {
        interrupted_ = true;
      } else if (!o.error.empty()) {
        failures_.push_back(o.game + ": " + o.error);
        if (options_.failed) options_.failed(o.game, o.error);
      } else {
        store(o);
        ++done_;
      }
    };
    const auto report = [&] {
      if (!options_.progress) return;
      CensusProgress p;
      p.done = done_;
      p.total = total_;
      p.current = pool_.current();
      p.elapsed = elapsed();
      if (done_ > 0) {
        p.eta = p.elapsed / static_cast<double>(done_) *
                static_cast<double>(total_ - std::min(total_, done_));
      }
      options_.progress(p);
    };
    const auto halt = [&] {
      return stopping() || (options_.stop_at_failure && !failures_.empty());
    };
    dispatch_jobs<Job, Outcome>(jobs, pool_, options_.threads, options_.workers, halt, handle,
                                report);
  }

  /// Told to stop (the stop flag), or an outcome came back interrupted.
  bool interrupted() const { return interrupted_ || stopping(); }
  bool stopping() const { return options_.stop != nullptr && options_.stop->load(); }
  /// Rows stored, and jobs announced.
  std::uint64_t done() const { return done_; }
  std::uint64_t total() const { return total_; }
  const std::vector<std::string>& failures() const { return failures_; }
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - started_).count(); }

 private:
  using Clock = std::chrono::steady_clock;
  GamePool<Job, Outcome>& pool_;
  Options options_;
  Clock::time_point started_;
  std::uint64_t done_ = 0, total_ = 0;
  bool interrupted_ = false;
  std::vector<std::string> failures_;
};

}  // namespace grundy
