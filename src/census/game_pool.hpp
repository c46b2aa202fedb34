#pragma once
/// \file This process's share of a census: threads that each compute one game at a time, fed by
/// a queue of jobs and returning outcomes (the manager and every MPI worker have one). A job is
/// the normal-play census's (CensusJob -> JobOutcome) or the misère census's (MisereJob ->
/// MisereOutcome); `run` computes one and never throws.

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace grundy {

/// The threads a census asks for: `threads`, or one per core for 0.
inline unsigned census_threads(unsigned threads) {
  return threads != 0 ? threads : std::max(1u, std::thread::hardware_concurrency());
}

template <class Job, class Outcome>
class GamePool {
 public:
  using Run = std::function<Outcome(const Job&)>;

  GamePool(unsigned threads, Run run) : run_(std::move(run)) {
    for (unsigned k = 0; k < std::max(threads, 1u); ++k) {
      threads_.emplace_back([this] { work(); });
    }
  }
  ~GamePool() {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
    }
    jobs_ready_.notify_all();
    for (std::thread& t : threads_) t.join();
  }
  GamePool(const GamePool&) = delete;
  GamePool& operator=(const GamePool&) = delete;

  unsigned threads() const noexcept { return static_cast<unsigned>(threads_.size()); }

  void push(Job job) {
    {
      std::lock_guard lock(mutex_);
      jobs_.push_back(std::move(job));
    }
    jobs_ready_.notify_one();
  }

  /// Outcomes finished since the last call (waits up to `wait` for one when there is none).
  std::vector<Outcome> take(std::chrono::milliseconds wait) {
    std::unique_lock lock(mutex_);
    if (outcomes_.empty() && (running_ > 0 || !jobs_.empty())) {
      outcomes_ready_.wait_for(lock, wait, [&] { return !outcomes_.empty(); });
    }
    std::vector<Outcome> out;
    out.swap(outcomes_);
    return out;
  }

  /// Jobs queued or being computed.
  std::uint64_t busy() const {
    std::lock_guard lock(mutex_);
    return jobs_.size() + running_;
  }

  /// The games being computed now.
  std::vector<std::string> current() const {
    std::lock_guard lock(mutex_);
    return current_;
  }

 private:
  void work() {
    while (true) {
      Job job;
      {
        std::unique_lock lock(mutex_);
        jobs_ready_.wait(lock, [&] { return closing_ || !jobs_.empty(); });
        if (jobs_.empty()) return;
        job = std::move(jobs_.front());
        jobs_.pop_front();
        ++running_;
        current_.push_back(job.game);
      }
      Outcome outcome = run_(job);
      {
        std::lock_guard lock(mutex_);
        --running_;
        current_.erase(std::find(current_.begin(), current_.end(), job.game));
        outcomes_.push_back(std::move(outcome));
      }
      outcomes_ready_.notify_all();
    }
  }

  Run run_;
  mutable std::mutex mutex_;
  std::condition_variable jobs_ready_, outcomes_ready_;
  std::deque<Job> jobs_;
  std::vector<Outcome> outcomes_;
  std::vector<std::string> current_;
  std::uint64_t running_ = 0;
  bool closing_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace grundy
