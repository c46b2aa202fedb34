#pragma once
/// \file This process's share of a census: threads that each classify one game at a time, fed by
/// a queue of jobs and returning outcomes (the manager and every MPI worker have one).

#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "grundy/census/census_run.hpp"

namespace grundy {

class GamePool {
 public:
  GamePool(unsigned threads, Limits limits, const std::atomic<bool>* stop);
  ~GamePool();
  GamePool(const GamePool&) = delete;
  GamePool& operator=(const GamePool&) = delete;

  unsigned threads() const noexcept { return static_cast<unsigned>(threads_.size()); }
  void push(CensusJob job);
  /// Outcomes finished since the last call (waits up to `wait` for one when there is none).
  std::vector<JobOutcome> take(std::chrono::milliseconds wait);
  /// Jobs queued or being computed.
  std::uint64_t busy() const;
  /// The games being computed now.
  std::vector<std::string> current() const;

 private:
  void work();

  Limits limits_;
  const std::atomic<bool>* stop_;
  mutable std::mutex mutex_;
  std::condition_variable jobs_ready_, outcomes_ready_;
  std::deque<CensusJob> jobs_;
  std::vector<JobOutcome> outcomes_;
  std::vector<std::string> current_;
  std::uint64_t running_ = 0;
  bool closing_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace grundy
