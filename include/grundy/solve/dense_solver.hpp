#pragma once
/// \file Bottom-up table of Grundy values for heap-ordered games (every option part of heap n is a
/// heap below n): g(0), g(1), ... each the mex of its options' values.

#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "grundy/core/limits.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/solve/work_budget.hpp"

namespace grundy {

class SubtractionWindows;

class DenseSolver {
 public:
  /// Called now and then during long extensions with (values done, values wanted).
  using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;

  /// `game` must be heap-ordered and outlive the solver.
  DenseSolver(const Game& game, Limits limits);
  ~DenseSolver();
  DenseSolver(const DenseSolver&) = delete;
  DenseSolver& operator=(const DenseSolver&) = delete;

  /// Makes g(0..n) available. Refuses (ResourceError) before allocating when the table would
  /// exceed the memory limit, and before computing when the table would take more than kMaxWork
  /// steps in all (the work of earlier extensions plus work_to(n)).
  void extend_to(std::uint64_t n);
  Value value(std::uint64_t n) {
    extend_to(n);
    return table_[n];
  }
  /// The values computed so far: g(0), ..., g(size()-1).
  std::span<const std::uint32_t> values() const noexcept { return table_; }
  std::uint64_t size() const noexcept { return table_.size(); }

  void set_progress(Progress progress) { progress_ = std::move(progress); }

  /// Bytes the table for g(0..n) takes.
  static std::uint64_t table_bytes(std::uint64_t n);

  /// Steps the whole table may take, all extensions together (work_to): about a minute of work
  /// (a step is about 5 ns).
  static constexpr std::uint64_t kMaxWork = 10'000'000'000;
  /// Estimated steps to extend the table from size() to g(0..n): an option part looked up
  /// through options() is a step, a value's own overhead a few, and the cheaper inner loops (the
  /// splits of take-and-break codes, the updates of subtraction windows) count by what they cost
  /// against it. Counted from the family's structure when the solver knows it, else from the
  /// options of heap n, the heap with the most of them in every family served here.
  std::uint64_t work_to(std::uint64_t n) const;
  /// A budget other than kMaxWork (a library caller who will wait longer, or a test).
  void set_max_work(std::uint64_t steps) noexcept { max_work_ = steps; }

 private:
  Value compute_take_break(std::uint64_t n);
  Value compute_generic(std::uint64_t n);
  void store(std::uint64_t n, Value v);
  std::uint64_t take_break_work(std::uint64_t from, std::uint64_t to) const;

  const Game& game_;
  /// Subtraction sets made of long ranges (and all-but sets): values by sliding windows.
  std::unique_ptr<SubtractionWindows> windows_;
  Limits limits_;
  std::vector<std::uint32_t> table_;
  Value max_value_ = 0;
  MexSet mex_;
  std::vector<Value> scratch_;
  Progress progress_;
  /// Estimated steps of the extensions so far.
  std::uint64_t work_done_ = 0;
  std::uint64_t max_work_ = kMaxWork;
};

}  // namespace grundy
