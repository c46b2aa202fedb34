#pragma once
/// \file The messages of a census across MPI ranks (census_mpi.hpp), for any kind of job (the
/// normal-play census's and the misère census's): a worker asks rank 0 for as many jobs as it has
/// free threads, rank 0 answers with a batch of jobs when it has some, the worker sends each
/// outcome back, and rank 0 ends with a stop. Jobs and outcomes travel as JSON text (their own
/// to_json/from_json). Every rank polls with short sleeps: Open MPI's blocking calls would keep a
/// core spinning. Only in builds with MPI (GRUNDY_WITH_MPI); MPI is initialised by the caller,
/// through calls().

#ifdef GRUNDY_WITH_MPI

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <utility>
#include <vector>

#include "game_pool.hpp"
#include "grundy/census/census_workers.hpp"
#include "mpi_module.hpp"

namespace grundy::mpi {

/// The MPI calls, from the module (mpi_module.hpp) loaded at the first use: the installed one,
/// beside the installed command, else the build tree's. Throws Error when it cannot be loaded.
const GrundyMpiCalls& calls();

/// How long an idle rank sleeps between two polls.
constexpr std::chrono::milliseconds kPollSleep{2};

/// Rank 0's side: hands jobs to the workers that asked, takes the outcomes back.
class Manager {
 public:
  /// `size`: ranks in all, rank 0 included.
  explicit Manager(int size) : size_(size) {}
  unsigned ranks() const { return static_cast<unsigned>(size_); }
  std::uint64_t in_flight() const { return in_flight_; }
  /// One round, never blocking long: the outcomes that came back; each waiting request answered
  /// with jobs from `next` while it gives some; a short sleep when nothing came.
  std::vector<std::string> exchange(const std::function<std::optional<std::string>()>& next);
  /// Tells every worker to stop (once: a second call does nothing).
  void finish();

 private:
  int size_;
  std::uint64_t in_flight_ = 0;
  bool finished_ = false;
  std::vector<std::pair<int, std::uint64_t>> waiting_;  // (rank, free threads)
};

/// A Manager seen as the census's RankWorkers: jobs and outcomes converted to and from text.
template <class Job, class Outcome>
class Workers final : public RankWorkers<Job, Outcome> {
 public:
  Workers(int size, std::string (*job_to_text)(const Job&),
          Outcome (*outcome_from_text)(std::string_view))
      : manager_(size), job_to_text_(job_to_text), outcome_from_text_(outcome_from_text) {}
  unsigned ranks() const override { return manager_.ranks(); }
  std::uint64_t in_flight() const override { return manager_.in_flight(); }
  std::vector<Outcome> exchange(const std::function<std::optional<Job>()>& next) override {
    std::vector<Outcome> out;
    for (const std::string& text : manager_.exchange([&]() -> std::optional<std::string> {
           std::optional<Job> job = next();
           if (!job) return std::nullopt;
           return job_to_text_(*job);
         })) {
      out.push_back(outcome_from_text_(text));
    }
    return out;
  }
  void finish() override { manager_.finish(); }

 private:
  Manager manager_;
  std::string (*job_to_text_)(const Job&);
  Outcome (*outcome_from_text_)(std::string_view);
};

// A worker's side, one message at a time (serve below puts them together).

/// Asks rank 0 for up to `free_threads` jobs.
void ask_for_jobs(std::uint64_t free_threads);

/// What rank 0 sent: a batch of jobs, or the stop.
struct Orders {
  bool stop = false;
  std::vector<std::string> jobs;
};
/// The next message from rank 0, when one waits (Error for one that is not a batch or a stop).
std::optional<Orders> receive_orders();

/// Sends one outcome to rank 0.
void send_outcome(const std::string& text);

/// A worker rank: asks for as many jobs as `pool` has free threads (none once `*stop` is set),
/// computes them and returns each outcome, until rank 0 says stop.
template <class Job, class Outcome>
void serve(GamePool<Job, Outcome>& pool, const std::atomic<bool>* stop,
           Job (*job_from_text)(std::string_view), std::string (*outcome_to_text)(const Outcome&)) {
  const unsigned threads = pool.threads();
  bool asked = false;
  while (true) {
    const std::uint64_t busy = pool.busy();
    const bool stopping = stop != nullptr && stop->load();
    if (!asked && !stopping && busy < threads) {
      ask_for_jobs(threads - busy);
      asked = true;
    }
    bool quiet = true;
    while (std::optional<Orders> orders = receive_orders()) {
      quiet = false;
      if (orders->stop) return;
      asked = false;
      for (const std::string& job : orders->jobs) pool.push(job_from_text(job));
    }
    for (const Outcome& o : pool.take(std::chrono::milliseconds(0))) {
      quiet = false;
      send_outcome(outcome_to_text(o));
    }
    if (quiet) std::this_thread::sleep_for(kPollSleep);
  }
}

}  // namespace grundy::mpi

#endif
