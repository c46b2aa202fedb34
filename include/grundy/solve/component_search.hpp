#pragma once
/// \file The component search: nimbers of games whose positions fall apart into components that
/// are played as a sum (Node-Kayles, Arc-Kayles and Cram, on boards and on any graph). Written
/// once over a position space: BoardSpace (cells of a board as bits, board_space.hpp) or
/// GraphSpace (any graph, canonical by nauty, graph_space.hpp). The space says what a component's
/// options leave, decomposed into canonical components with the values a theorem gives folded
/// in; the search asks the questions and keeps the answers in one table (search_table.hpp).
///
/// The questions are Beling and Rogalski's ("On pruning search trees of impartial games",
/// Artificial Intelligence 283, 2020): "g(C) if it is in the set R, else only that it is not",
/// which needs far fewer values of options than the plain mex, and at the top the mex found by
/// asking each option whether its value is 0, 1, 2, ... (aspiration sets). An option of several
/// components is asked as Lemoine and Viennot ask sums: the values of all parts but the largest,
/// then the question about the largest. docs/theory/component-search.md proves every step.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/core/value.hpp"
#include "grundy/solve/safe_points.hpp"
#include "grundy/solve/value_set.hpp"

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
  /// At the top (the component whose value is asked), the round under way: whether some option
  /// has value `top_value`; `top_answered` of its `top_options` options (those not known at once
  /// from the table) answered so far, an option already valued by an earlier round at once.
  /// top_options 0: no round under way.
  std::uint64_t top_value = 0;
  std::uint64_t top_answered = 0;
  std::uint64_t top_options = 0;
  /// The round's pass under way (1, 2, ...; 0: no round) and the nodes each option gets in it
  /// (ComponentSearchOptions::top_budget, growing from pass to pass; 0: no bound).
  std::uint64_t top_pass = 0;
  std::uint64_t top_budget = 0;
  /// While the board search computes an endgame database (before it searches; seconds, once per
  /// cache directory): the sets computed so far, of `database_sets` (0: none being computed).
  std::uint64_t database_done = 0;
  std::uint64_t database_sets = 0;
};

struct ComponentSearchOptions {
  /// The table's bound is limits.max_memory_bytes.
  Limits limits = {};
  /// Canonical forms, orbits and the theorems that give values without a search; false: the
  /// plain search of every move on labelled positions (for measuring what they gain, and as the
  /// tests' reference).
  bool canonical_forms = true;
  /// Questions about sets of values (and the aspiration loop at the top); false: every
  /// component's value by the plain mex of its options' values (the tests' reference).
  bool pruning = true;
  /// The nodes an option at the top gets in the first pass of a round (each pass gives four
  /// times more; the last option left gets no bound); 0: every option searched to its answer
  /// in turn.
  std::uint64_t top_budget = std::uint64_t{1} << 16;
  /// Threads over the options at the top; 0: one per core.
  unsigned threads = 1;
  /// Where the endgame databases are kept (built on first use); none: built in memory each time.
  std::optional<std::filesystem::path> cache_directory = {};
  /// Whether boards use an endgame database (board_search.hpp says which).
  bool endgame_database = true;
  /// Called about every kProgressNodes nodes (from one thread at a time); may throw to stop.
  std::function<void(const ComponentSearchProgress&)> progress = {};
  /// Set (e.g. by a Ctrl-C handler) to stop the search with SearchStopped.
  const std::atomic<bool>* stop = nullptr;

  static constexpr std::uint64_t kProgressNodes = 4096;
};

/// Counts the components a search expands, in batches from each thread; throws SearchStopped
/// once told to stop, and calls the progress callback about every kProgressNodes nodes (from one
/// thread at a time).
class SearchCounter {
 public:
  explicit SearchCounter(const ComponentSearchOptions& options)
      : stop_(options.stop), progress_(options.progress) {}

  /// `count` more nodes; `table` (size(), bytes(), max_bytes()) is what the progress shows.
  template <class Table>
  void add(std::uint64_t count, const Table& table) {
    if (stop_ != nullptr && stop_->load(std::memory_order_relaxed)) throw SearchStopped();
    const std::uint64_t before = nodes_.fetch_add(count, std::memory_order_relaxed);
    const std::uint64_t n = before + count;
    if (progress_ && n / ComponentSearchOptions::kProgressNodes !=
                         before / ComponentSearchOptions::kProgressNodes) {
      const std::unique_lock lock(mutex_, std::try_to_lock);
      if (lock.owns_lock()) {
        progress_(ComponentSearchProgress{
            .nodes = n,
            .table_entries = table.size(),
            .table_bytes = table.bytes(),
            .max_bytes = table.max_bytes(),
            .top_value = top_value_.load(std::memory_order_relaxed),
            .top_answered = top_answered_.load(std::memory_order_relaxed),
            .top_options = top_options_.load(std::memory_order_relaxed),
            .top_pass = top_pass_.load(std::memory_order_relaxed),
            .top_budget = top_budget_.load(std::memory_order_relaxed),
        });
      }
    }
  }
  /// `count` more nodes, without looking at the stop flag or reporting (a worker's last batch).
  void count_only(std::uint64_t count) noexcept {
    nodes_.fetch_add(count, std::memory_order_relaxed);
  }
  std::uint64_t nodes() const noexcept { return nodes_.load(std::memory_order_relaxed); }

  /// A round at the top begins: whether some of `options` options has value `value`.
  void top_round(std::uint64_t value, std::uint64_t options) noexcept {
    top_value_.store(value, std::memory_order_relaxed);
    top_answered_.store(0, std::memory_order_relaxed);
    top_options_.store(options, std::memory_order_relaxed);
    top_pass_.store(0, std::memory_order_relaxed);
    top_budget_.store(0, std::memory_order_relaxed);
  }
  /// The round's pass `pass` begins, each option with `budget` nodes (0: no bound).
  void top_pass(std::uint64_t pass, std::uint64_t budget) noexcept {
    top_pass_.store(pass, std::memory_order_relaxed);
    top_budget_.store(budget, std::memory_order_relaxed);
  }
  /// One more option of the round at the top answered.
  void top_answered() noexcept { top_answered_.fetch_add(1, std::memory_order_relaxed); }

 private:
  const std::atomic<bool>* stop_;
  std::function<void(const ComponentSearchProgress&)> progress_;
  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<std::uint64_t> top_value_{0};
  std::atomic<std::uint64_t> top_answered_{0};
  std::atomic<std::uint64_t> top_options_{0};
  std::atomic<std::uint64_t> top_pass_{0};
  std::atomic<std::uint64_t> top_budget_{0};
  std::mutex mutex_;
};

/// The search over one space. One caller at a time; the search uses options.threads threads of
/// its own at the top.
template <class Space>
class ComponentSearch {
 public:
  using Key = typename Space::Key;
  using Table = typename Space::Table;

  ComponentSearch(Space space, ComponentSearchOptions options);
  ~ComponentSearch();
  ComponentSearch(const ComponentSearch&) = delete;
  ComponentSearch& operator=(const ComponentSearch&) = delete;

  /// g(parts[0] + ... + parts[k-1] + *known).
  Value value(std::span<const Key> parts, Value known = 0);
  /// Whether g(parts[0] + ... + parts[k-1] + *known) = target.
  bool has_value(std::span<const Key> parts, Value known, Value target);
  Value value(const Key& c) { return value(std::span<const Key>(&c, 1)); }
  bool has_value(const Key& c, Value target) {
    return has_value(std::span<const Key>(&c, 1), 0, target);
  }

  const Space& space() const noexcept { return space_; }
  Table& table() noexcept { return table_; }
  const Table& table() const noexcept { return table_; }
  /// Components expanded so far.
  std::uint64_t nodes() const noexcept { return counter_.nodes(); }
  const ComponentSearchOptions& options() const noexcept { return options_; }

  /// Per-thread state of the search: its buffers, one per depth.
  class Worker;

 private:
  friend class Worker;
  class Working;
  /// Throws SearchStopped when the stop flag is set (the workers look at it every batch).
  void stop_when_told() const;
  Value root_value(const Key& c);
  bool root_has_value(const Key& c, Value target);
  struct Top;
  /// Expands `c` at the top into `top`.
  void expand_top(const Key& c, Top& top);
  /// Whether some option at the top has value r, over the threads.
  bool some_option_has(Top& top, Value r);
  /// One pass over the options `open` (positions in top.order), each asked with at most `limit`
  /// nodes (0: no bound), shared among `threads` (the caller's among them); leaves in `open` the
  /// options put off (past their budget) and returns whether some option has value r.
  template <class Ask>
  bool share_top(Top& top, Value r, unsigned threads, std::vector<std::size_t>& open,
                 std::uint64_t limit, Ask& ask);
  Worker& worker(std::size_t slot);

  Space space_;
  ComponentSearchOptions options_;
  Table table_;
  SearchCounter counter_;
  SafePoints safe_points_;
  std::vector<std::unique_ptr<Worker>> workers_;
};

/// The value a question answers when the value is not in the set asked about.
inline constexpr Value kNotInSet = ~Value{0};

}  // namespace grundy
