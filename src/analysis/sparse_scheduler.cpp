// The sparse-space adaptive scheduler, and the loop over blocks of work that it drives.

#include "sparse_scheduler.hpp"

#include <algorithm>
#include <chrono>
#include <string>
#include <thread>

#include "grundy/core/checked.hpp"
#include "sparse_space_state.hpp"

namespace grundy::detail {

void BlockScheduler::set_threads(unsigned threads, bool adaptive) {
  adaptive_ = adaptive;
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  threads_ = std::min(threads, 64u);
}

bool BlockScheduler::next_on_all() {
  if (threads_ <= 1) return false;
  if (!adaptive_) return true;
  if (rate_[0] == 0) return false;
  if (rate_[1] == 0) return true;
  return (rate_[1] >= rate_[0]) != (++blocks_ % 16 == 0);
}

void BlockScheduler::finished(bool on_all, std::uint64_t values, double seconds) {
  if (seconds > 0.02) rate_[on_all ? 1 : 0] = static_cast<double>(values) / seconds;
  if (seconds < 0.1) block_ = std::min<std::uint64_t>(block_ * 2, std::uint64_t{1} << 24);
  if (seconds > 0.4) block_ = std::max<std::uint64_t>(block_ / 2, std::uint64_t{1} << 10);
}

void SparseSpace::extend_to(std::uint64_t n) {
  if (n < size_) return;
  // Room for g(0..n) before anything is computed: every block below writes into it.
  store_->reserve(add_or_refuse(n, 1, "a table of g(0.." + std::to_string(n) + ")"), kSlack);
  const std::uint64_t start = size_;
  while (size_ <= n) {
    const auto began = std::chrono::steady_clock::now();
    const std::uint64_t first = size_;
    const std::uint64_t last = std::min(n, saturating_add(size_, scheduler_.block() - 1));
    const bool many = scheduler_.next_on_all();
    const unsigned threads = many ? scheduler_.threads() : 1;
    bool whole = true;
    if (store_->width() == 1)
      whole = run_block<std::uint8_t>(last, threads);
    else if (store_->width() == 2)
      whole = run_block<std::uint16_t>(last, threads);
    else
      whole = run_block<std::uint32_t>(last, threads);
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    if (whole) scheduler_.finished(many, size_ - first, seconds);
    if (progress_) progress_(size_ - start, n + 1 - start);
  }
}

}  // namespace grundy::detail
