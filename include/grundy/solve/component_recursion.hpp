#pragma once
/// \file What the two component searches (component_search.hpp on graphs, board_search.hpp on a
/// board's cells) share: their options, the node counter that stops them on Ctrl-C and reports
/// progress, and how a sum of components is asked whether its value is t.

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/core/value.hpp"

namespace grundy {

/// The search was told to stop (Ctrl-C); what it found is in its table.
class SearchStopped : public Error {
 public:
  SearchStopped() : Error("the search was stopped") {}
};

struct ComponentSearchProgress {
  std::uint64_t nodes = 0;  ///< components expanded (their moves played)
  std::uint64_t table_entries = 0;
  std::uint64_t table_bytes = 0;
  std::uint64_t max_bytes = 0;
};

struct ComponentSearchOptions {
  /// The table's bound is limits.max_memory_bytes.
  Limits limits = {};
  /// Canonical forms and orbits (nauty); false: components keyed as labelled, every move played
  /// (slower; for measuring what canonical forms gain).
  bool canonical_forms = true;
  /// has_value stops at the first option of the value asked; false: it computes the nimber.
  bool pruning = true;
  /// Threads over the moves of a large component; 0: one per core.
  unsigned threads = 1;
  /// Called about every kProgressNodes nodes (from one thread at a time); may throw to stop.
  std::function<void(const ComponentSearchProgress&)> progress = {};
  /// Set (e.g. by a Ctrl-C handler) to stop the search with SearchStopped.
  const std::atomic<bool>* stop = nullptr;

  static constexpr std::uint64_t kProgressNodes = 4096;
};

/// Counts the components a search expands; throws SearchStopped once told to stop, and calls
/// the progress callback about every kProgressNodes nodes (from one thread at a time).
class SearchCounter {
 public:
  explicit SearchCounter(const ComponentSearchOptions& options)
      : stop_(options.stop), progress_(options.progress) {}

  /// One more node; `table` (size(), bytes(), max_bytes()) is what the progress shows.
  template <class Table>
  void count(const Table& table) {
    if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) throw SearchStopped();
    const std::uint64_t n = nodes_.fetch_add(1, std::memory_order_relaxed) + 1;
    if (progress_ && n % ComponentSearchOptions::kProgressNodes == 0) {
      const std::unique_lock lock(mutex_, std::try_to_lock);
      if (lock.owns_lock()) {
        progress_(ComponentSearchProgress{
            .nodes = n,
            .table_entries = table.size(),
            .table_bytes = table.bytes(),
            .max_bytes = table.max_bytes(),
        });
      }
    }
  }
  std::uint64_t nodes() const noexcept { return nodes_.load(std::memory_order_relaxed); }

 private:
  const std::atomic<bool>* stop_;
  std::function<void(const ComponentSearchProgress&)> progress_;
  std::atomic<std::uint64_t> nodes_{0};
  std::mutex mutex_;
};

/// Whether parts[0] + ... + parts[k-1] + *tiny has value `target`, as Lemoine and Viennot ask it
/// of sums: the values of all parts but the largest (by `size`), x their XOR with tiny, then only
/// whether the largest has value target xor x (XOR with x is a bijection).
template <class Part, class Size, class ValueOf, class HasValue>
bool sum_has_value(const std::vector<Part>& parts, Value tiny, Value target, Size&& size,
                   ValueOf&& value_of, HasValue&& has_value) {
  if (parts.empty()) return tiny == target;
  std::size_t largest = 0;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    if (size(parts[i]) > size(parts[largest])) largest = i;
  }
  Value rest = tiny;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i != largest) rest ^= value_of(parts[i]);
  }
  return has_value(parts[largest], target ^ rest);
}

}  // namespace grundy
