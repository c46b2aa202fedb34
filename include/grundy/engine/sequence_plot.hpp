#pragma once
// SVG scatter plots of a nim-sequence, g(n) against n, for `seq --plot` and `period --plot`.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/atomic_file.hpp"
#include "grundy/core/value.hpp"

namespace grundy {

/// How the n axis is drawn: linear, or x = log(1 + n) (`--log-x`).
enum class PlotScale { linear, log };

/// Collects g(from), ..., g(to) as they are computed. When there are more positions than pixel
/// columns, each column keeps the distinct values of its positions (one mark each, or one per pixel
/// row when values pass the plot's height), so a plot of 10^7 values stays a few thousand marks
/// and still shows every value that occurs.
///
/// Rare positions are drawn in their own colour: the positions whose value is rare under the
/// sparse-space mask that leaves the fewest rare positions among the plotted values
/// (grundy/analysis/sparse_mask.hpp), with a legend naming the mask and the rare count.
class SequencePlot {
 public:
  static constexpr std::uint64_t kColumns = 800;
  /// Rare positions are marked while every value is below this (the histogram of values, one
  /// counter per value, stays at most 8 MB); beyond it the legend says they are not marked.
  static constexpr Value kMaxHistogramValue = Value{1} << 20;

  SequencePlot(std::uint64_t from, std::uint64_t to, PlotScale scale = PlotScale::linear);

  void add(std::uint64_t n, Value v);
  /// Marks the preperiod (a line) and the first full period after it (a band).
  void mark_period(std::uint64_t preperiod, std::uint64_t period) {
    period_ = Period{preperiod, period};
  }
  std::string svg(const std::string& title) const;

 private:
  struct Period {
    std::uint64_t preperiod;
    std::uint64_t period;
  };
  struct Rare {
    Value mask;
    std::uint64_t positions;  // positions whose value is rare under mask
  };
  /// Where position n's span starts on the n axis, as a fraction 0..1 of the axis (n may be
  /// to + 1: the right end).
  double fraction_of(std::uint64_t n) const;
  std::uint64_t column_of(std::uint64_t n) const;
  /// The left and right edges of column c, as fractions of the axis.
  std::pair<double, double> column_span(std::uint64_t c) const;
  /// The sparse-space mask of the plotted values, when the histogram was kept.
  std::optional<Rare> rare() const;

  std::uint64_t from_;
  std::uint64_t count_;  // positions from..to
  PlotScale scale_;
  std::uint64_t columns_;                          // min(count, kColumns)
  double log_start_;                               // log(1 + from), for PlotScale::log
  double log_span_;                                // log(1 + to + 1) - log(1 + from)
  std::vector<std::vector<Value>> column_values_;  // sorted, distinct
  std::vector<std::uint64_t> histogram_;           // positions per value, while values are small
  bool histogram_kept_ = true;
  Value max_value_ = 0;
  std::optional<Period> period_;
};

/// `GAME: g(n) for n = FROM..TO`, the title of a sequence's plot.
std::string sequence_plot_title(const std::string& game, std::uint64_t from, std::uint64_t to);

/// Throws Error when `path` cannot be a new file (its directory is missing, or it is a directory):
/// checked before a long computation rather than after it.
void check_plot_path(const std::filesystem::path& path);

}  // namespace grundy
