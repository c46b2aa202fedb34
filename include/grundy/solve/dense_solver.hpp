#pragma once
/// \file Bottom-up table of Grundy values for heap-ordered games (every option part of heap n is a
/// heap below n): g(0), g(1), ... each the mex of its options' values.

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "grundy/core/limits.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/rules/game.hpp"

namespace grundy {

class DenseSolver {
 public:
  /// Called now and then during long extensions with (values done, values wanted).
  using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;

  /// `game` must be heap-ordered and outlive the solver.
  DenseSolver(const Game& game, Limits limits);

  /// Makes g(0..n) available. Refuses (ResourceError) before allocating when the table would
  /// exceed the memory limit.
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

 private:
  Value compute_take_break(std::uint64_t n);
  Value compute_generic(std::uint64_t n);
  void store(std::uint64_t n, Value v);

  const Game& game_;
  Limits limits_;
  std::vector<std::uint32_t> table_;
  Value max_value_ = 0;
  MexSet mex_;
  std::vector<Value> scratch_;
  Progress progress_;
};

}  // namespace grundy
