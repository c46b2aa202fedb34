#include "game_pool.hpp"

#include <algorithm>

namespace grundy {

GamePool::GamePool(unsigned threads, Limits limits, const std::atomic<bool>* stop)
    : limits_(limits), stop_(stop) {
  for (unsigned k = 0; k < std::max(threads, 1u); ++k) threads_.emplace_back([this] { work(); });
}

GamePool::~GamePool() {
  {
    std::lock_guard lock(mutex_);
    closing_ = true;
  }
  jobs_ready_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void GamePool::push(CensusJob job) {
  {
    std::lock_guard lock(mutex_);
    jobs_.push_back(std::move(job));
  }
  jobs_ready_.notify_one();
}

std::vector<JobOutcome> GamePool::take(std::chrono::milliseconds wait) {
  std::unique_lock lock(mutex_);
  if (outcomes_.empty() && (running_ > 0 || !jobs_.empty())) {
    outcomes_ready_.wait_for(lock, wait, [&] { return !outcomes_.empty(); });
  }
  std::vector<JobOutcome> out;
  out.swap(outcomes_);
  return out;
}

std::uint64_t GamePool::busy() const {
  std::lock_guard lock(mutex_);
  return jobs_.size() + running_;
}

std::vector<std::string> GamePool::current() const {
  std::lock_guard lock(mutex_);
  return current_;
}

void GamePool::work() {
  while (true) {
    CensusJob job;
    {
      std::unique_lock lock(mutex_);
      jobs_ready_.wait(lock, [&] { return closing_ || !jobs_.empty(); });
      if (jobs_.empty()) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
      ++running_;
      current_.push_back(job.game);
    }
    JobOutcome outcome = run_census_job(job, limits_, stop_);
    {
      std::lock_guard lock(mutex_);
      --running_;
      current_.erase(std::find(current_.begin(), current_.end(), job.game));
      outcomes_.push_back(std::move(outcome));
    }
    outcomes_ready_.notify_all();
  }
}

}  // namespace grundy
