#pragma once
// SVG scatter plots of a nim-sequence, g(n) against n, for `seq --plot` and `period --plot`.

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/atomic_file.hpp"
#include "grundy/core/value.hpp"

namespace grundy::cli {

/// Collects g(from), ..., g(to) as they are computed. When there are more positions than pixel
/// columns, each column keeps the distinct values of its positions (one mark each), so a plot of
/// 10^7 values stays a few thousand marks and still shows every value that occurs.
class SequencePlot {
 public:
  static constexpr std::uint64_t kColumns = 800;

  SequencePlot(std::uint64_t from, std::uint64_t to);

  void add(std::uint64_t n, Value v);
  /// Marks the preperiod (a line) and the first full period after it (a band).
  void mark_period(std::uint64_t preperiod, std::uint64_t period) {
    period_ = Period{preperiod, period};
  }
  /// The number of value marks the SVG will hold.
  std::uint64_t mark_count() const;
  std::string svg(const std::string& title) const;

 private:
  struct Period {
    std::uint64_t preperiod;
    std::uint64_t period;
  };
  std::uint64_t column_of(std::uint64_t n) const;
  /// x of the left edge of position n's column, in pixels (a fraction: columns may be wider).
  double x_of(std::uint64_t n) const;

  std::uint64_t from_;
  std::uint64_t count_;                            // positions from..to
  std::uint64_t columns_;                          // min(count, kColumns)
  std::vector<std::vector<Value>> column_values_;  // sorted, distinct
  Value max_value_ = 0;
  std::optional<Period> period_;
};

/// Throws Error when `path` cannot be a new file (its directory is missing, or it is a directory):
/// checked before a long computation rather than after it.
void check_plot_path(const std::filesystem::path& path);

}  // namespace grundy::cli
