#pragma once
/// \file Safe points: the threads of one search each pass through them (at every node), so one
/// thread can have the others wait there while it does work nobody may overlap (the search table
/// doubling). The fast path is one relaxed atomic load; nothing is locked while nobody asks.

#include <atomic>
#include <condition_variable>
#include <mutex>

namespace grundy {

class SafePoints {
 public:
  /// A thread starts working (it waits first if another thread holds everyone).
  void join() {
    std::unique_lock lock(mutex_);
    ++workers_;
    wait_while_held(lock);
  }
  /// A thread stops working.
  void leave() {
    const std::lock_guard lock(mutex_);
    --workers_;
    all_parked_.notify_all();
  }
  /// A safe point: waits here while another thread holds everyone.
  void poll() {
    if (!held_.load(std::memory_order_relaxed)) return;
    std::unique_lock lock(mutex_);
    wait_while_held(lock);
  }
  /// Runs `work` once every other working thread waits at a safe point. When another thread is
  /// already doing so, this one waits for it instead and returns false without running `work`.
  template <class Work>
  bool exclusively(Work&& work) {
    std::unique_lock lock(mutex_);
    if (held_.load(std::memory_order_relaxed)) {
      wait_while_held(lock);
      return false;
    }
    held_.store(true, std::memory_order_relaxed);
    all_parked_.wait(lock, [&] { return parked_ + 1 >= workers_; });
    try {
      work();
    } catch (...) {
      release();
      throw;
    }
    release();
    return true;
  }

 private:
  void wait_while_held(std::unique_lock<std::mutex>& lock) {
    if (!held_.load(std::memory_order_relaxed)) return;
    ++parked_;
    all_parked_.notify_all();
    resumed_.wait(lock, [&] { return !held_.load(std::memory_order_relaxed); });
    --parked_;
  }
  void release() {
    held_.store(false, std::memory_order_relaxed);
    resumed_.notify_all();
  }

  std::mutex mutex_;
  std::condition_variable all_parked_;
  std::condition_variable resumed_;
  std::atomic<bool> held_{false};
  int workers_ = 0;
  int parked_ = 0;
};

}  // namespace grundy
