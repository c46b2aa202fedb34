#pragma once
/// \file Runs body(i) for i = 0, 1, ..., count - 1 over several threads until one returns true:
/// how the component searches share the options of a large component between the cores.

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace grundy {

/// Calls body(i) for every i < count, over `threads` threads (this one among them), each taking
/// the next index not taken; stops once a call returns true (the others before their next index)
/// and returns true then. An exception thrown by a call stops the others and is rethrown here.
/// `at_thread_end` runs on each extra thread before it ends (nauty's workspace is per thread).
template <class Body, class End = void (*)()>
bool parallel_until(
    std::size_t count, unsigned threads, Body&& body, End at_thread_end = [] {}) {
  threads = static_cast<unsigned>(std::min<std::size_t>(threads, count));
  if (threads <= 1) {
    for (std::size_t i = 0; i < count; ++i) {
      if (body(i)) return true;
    }
    return false;
  }
  std::atomic<std::size_t> next{0};
  std::atomic<bool> done{false};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto work = [&] {
    try {
      for (std::size_t i = next++; i < count && !done.load(); i = next++) {
        if (body(i)) done = true;
      }
    } catch (...) {
      const std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next = count;
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) {
    pool.emplace_back([&] {
      work();
      at_thread_end();
    });
  }
  work();
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return done.load();
}

}  // namespace grundy
