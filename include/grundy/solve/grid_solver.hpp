#pragma once
/// \file A table of Grundy values for grid-ordered games (positions are points (x, y) and every
/// option part lies in the box below its position): the cutting game, Wythoff's game.

#include <cstdint>
#include <functional>
#include <utility>
#include <vector>

#include "grundy/core/limits.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/solve/value_source.hpp"

namespace grundy {

class GridSolver final : public ValueSource {
 public:
  /// `game` must be grid-ordered and outlive the solver.
  GridSolver(const Game& game, Limits limits);

  /// Makes g available on the box [0..x] x [0..y] (for a symmetric game, on the box and its
  /// mirror image). Refuses with ResourceError before allocating when the table would pass the
  /// memory limit, and before computing when filling it would take more than kMaxWork steps.
  void extend_to(std::uint64_t x, std::uint64_t y);
  /// Progress of a long fill: (cells done, cells to fill), reported after each row. It may throw
  /// (a face's Ctrl-C check): the table is then dropped, as after any failed fill.
  using Progress = std::function<void(std::uint64_t done, std::uint64_t total)>;
  void set_progress(Progress progress) { progress_ = std::move(progress); }
  /// g(p), extending the table to p first.
  Value value(const Position& p) override;
  /// Bytes a table over `rows` x `columns` takes (the cells, and for queen-move games the line
  /// sets): what the memory limit is checked against. Saturating (checked.hpp).
  std::uint64_t table_bytes(std::uint64_t rows, std::uint64_t columns) const noexcept;

  /// Steps a table may take to fill (an option part looked up; for queen-move games a cell):
  /// about a minute of work. A larger request is refused at once rather than left running for
  /// hours: the memory limit alone does not bound the time when every cell has many options.
  static constexpr std::uint64_t kMaxWork = 20'000'000'000;

  /// The box the table covers: points with x < rows() and y < columns() (for a symmetric game,
  /// in the orientation x <= y).
  std::uint64_t rows() const noexcept { return rows_; }
  std::uint64_t columns() const noexcept { return columns_; }

 private:
  Value at(const Position& q) const noexcept;
  void store(std::uint64_t x, std::uint64_t y, Value v);
  void fill_generic(std::uint64_t old_rows, std::uint64_t old_columns);
  void fill_cutting(std::uint64_t old_rows, std::uint64_t old_columns, std::uint64_t min_side);
  void fill_queen_moves();
  /// Rows 0..x are filled.
  void report_row(std::uint64_t x) const;

  const Game& game_;
  Limits limits_;
  std::uint64_t rows_ = 0;
  std::uint64_t columns_ = 0;
  std::vector<std::uint32_t> table_;  // row-major: g(x, y) at x * columns_ + y
  MexSet mex_;
  std::vector<Value> scratch_;
  Progress progress_;
};

}  // namespace grundy
