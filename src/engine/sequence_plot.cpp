#include "grundy/engine/sequence_plot.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>

#include "grundy/analysis/sparse_mask.hpp"
#include "grundy/core/atomic_file.hpp"
#include "grundy/core/error.hpp"
#include "svg_text.hpp"

namespace grundy {
namespace {

// Layout of the picture, in pixels: the plot area is one pixel column per SequencePlot column;
// below it the n axis labels, then a legend row.
constexpr double kLeft = 70;
constexpr double kTop = 40;
constexpr double kWidth = static_cast<double>(SequencePlot::kColumns);
constexpr double kHeight = 360;
constexpr double kPictureWidth = kLeft + kWidth + 30;
constexpr double kLegendY = kTop + kHeight + 62;
constexpr double kPictureHeight = kLegendY + 14;

constexpr const char* kCommonColour = "#1f5fa8";
constexpr const char* kRareColour = "#d81b60";

using svg::number;
using svg::text_at;
using svg::tick_step;
using svg::xml_escape;

std::string binary(Value v) {
  std::string digits;
  do {
    digits.insert(digits.begin(), static_cast<char>('0' + (v & 1)));
    v >>= 1;
  } while (v != 0);
  return digits;
}

/// Candidate ticks on the n axis, most important first: multiples of a round step (linear), or
/// 0 and the powers of ten, then 2 and 5 times them (log). The drawing keeps those whose label
/// does not overlap one already kept.
std::vector<std::uint64_t> n_ticks(std::uint64_t from, std::uint64_t to, PlotScale scale) {
  std::vector<std::uint64_t> ticks;
  if (scale == PlotScale::log) {
    if (from == 0) ticks.push_back(0);
    for (const std::uint64_t k : {1, 2, 5}) {
      for (std::uint64_t t = 1;; t *= 10) {
        if (t * k >= from && t * k <= to) ticks.push_back(t * k);
        if (t > to / 10) break;
      }
    }
    return ticks;
  }
  const std::uint64_t step = tick_step(to - from, 8);
  for (std::uint64_t t = (from + step - 1) / step * step; t <= to; t += step) {
    ticks.push_back(t);
    if (t > to - step) break;
  }
  return ticks;
}

/// A label of the n axis, centred at x.
struct AxisLabel {
  double x;
  std::string text;
  /// About 7 pixels per character at font size 12, and a gap of 10 pixels.
  bool overlaps(const AxisLabel& other) const {
    return std::abs(x - other.x) < 3.5 * static_cast<double>(text.size() + other.text.size()) + 10;
  }
};

}  // namespace

SequencePlot::SequencePlot(std::uint64_t from, std::uint64_t to, PlotScale scale)
    : from_(from),
      count_(to - from + 1),
      scale_(scale),
      columns_(std::min(count_, kColumns)),
      log_start_(std::log1p(static_cast<double>(from))),
      log_span_(std::log1p(static_cast<double>(from + count_)) - log_start_),
      column_values_(columns_) {}

double SequencePlot::fraction_of(std::uint64_t n) const {
  // In floating point: (n - from) * columns can pass 2^64 for heaps near 2^63.
  if (scale_ == PlotScale::linear) {
    return static_cast<double>(n - from_) / static_cast<double>(count_);
  }
  return (std::log1p(static_cast<double>(n)) - log_start_) / log_span_;
}

std::uint64_t SequencePlot::column_of(std::uint64_t n) const {
  if (count_ <= kColumns) return n - from_;  // one column per position
  // On a log axis the first positions are wider than a column: each goes to the column under
  // its middle, where its tick is. On a linear axis a position is at most a column wide.
  const double at =
      scale_ == PlotScale::log ? (fraction_of(n) + fraction_of(n + 1)) / 2 : fraction_of(n);
  const double c = at * static_cast<double>(columns_);
  return std::min(columns_ - 1, static_cast<std::uint64_t>(std::max(c, 0.0)));
}

std::pair<double, double> SequencePlot::column_span(std::uint64_t c) const {
  if (count_ <= kColumns) return {fraction_of(from_ + c), fraction_of(from_ + c + 1)};
  const double columns = static_cast<double>(columns_);
  return {static_cast<double>(c) / columns, static_cast<double>(c + 1) / columns};
}

void SequencePlot::add(std::uint64_t n, Value v) {
  std::vector<Value>& values = column_values_[column_of(n)];
  const auto at = std::lower_bound(values.begin(), values.end(), v);
  if (at == values.end() || *at != v) values.insert(at, v);
  max_value_ = std::max(max_value_, v);
  if (histogram_kept_ && v >= kMaxHistogramValue) {
    histogram_kept_ = false;
    histogram_ = {};
  }
  if (histogram_kept_) {
    if (v >= histogram_.size()) histogram_.resize(v + 1);
    ++histogram_[v];
  }
}

std::optional<SequencePlot::Rare> SequencePlot::rare() const {
  if (!histogram_kept_) return std::nullopt;
  std::vector<std::uint64_t> histogram = histogram_;
  histogram.resize(std::bit_ceil(std::max<std::size_t>(histogram.size(), 1)));
  Rare rare{best_sparse_mask(histogram), 0};
  for (Value v = 0; v < histogram.size(); ++v) {
    if (is_rare_value(v, rare.mask)) rare.positions += histogram[v];
  }
  return rare;
}

std::string SequencePlot::svg(const std::string& title) const {
  const double top_value = static_cast<double>(std::max<Value>(max_value_, 1));
  // Values span the plot's height less a margin, so marks at 0 stay clear of the n axis.
  constexpr double kMargin = 5;
  auto y_of = [&](Value v) {
    return kTop + kHeight - kMargin - static_cast<double>(v) / top_value * (kHeight - 2 * kMargin);
  };
  auto x_at = [](double fraction) { return kLeft + fraction * kWidth; };
  const std::uint64_t to = from_ + count_ - 1;
  const std::optional<Rare> rare_values = rare();

  std::string out = svg::document_start(kPictureWidth, kPictureHeight, title);
  out += text_at(kLeft + kWidth / 2, 20, "middle", title);

  if (period_ && period_->preperiod <= to) {
    const std::uint64_t start = std::max(period_->preperiod, from_);
    const std::uint64_t end = std::min(to, period_->preperiod + period_->period - 1);
    if (start <= end) {
      const double x0 = x_at(fraction_of(start));
      const double x1 = std::max(x_at(fraction_of(end + 1)), x0 + 1);
      out += "<rect class=\"period\" x=\"" + number(x0) + "\" y=\"" + number(kTop) + "\" width=\"" +
             number(x1 - x0) + "\" height=\"" + number(kHeight) + "\" fill=\"#fde8c8\"/>\n";
      out += text_at(x0 + 3, kTop + 12, "start", "period " + std::to_string(period_->period));
    }
    if (period_->preperiod >= from_) {
      const double x = x_at(fraction_of(period_->preperiod));
      out += "<line class=\"preperiod\" x1=\"" + number(x) + "\" y1=\"" + number(kTop) +
             "\" x2=\"" + number(x) + "\" y2=\"" + number(kTop + kHeight) +
             "\" stroke=\"#d0602a\" stroke-width=\"1.5\"/>\n";
      out += text_at(x - 3, kTop - 4, "end", "preperiod " + std::to_string(period_->preperiod));
    }
  }

  // Value ticks with light grid lines, then the axes.
  const std::uint64_t value_step = tick_step(static_cast<std::uint64_t>(top_value), 6);
  for (std::uint64_t v = 0; v <= static_cast<std::uint64_t>(top_value); v += value_step) {
    const double y = y_of(v);
    out += "<line class=\"tick\" x1=\"" + number(kLeft - 4) + "\" y1=\"" + number(y) + "\" x2=\"" +
           number(kLeft + kWidth) + "\" y2=\"" + number(y) + "\" stroke=\"#e4e4e4\"/>\n";
    out += text_at(kLeft - 6, y + 4, "end", std::to_string(v));
    if (v > static_cast<std::uint64_t>(top_value) - value_step) break;
  }
  // n ticks at the middle of their position's span; the ends of the range are labelled too
  // when no tick is near them.
  std::vector<AxisLabel> labels;
  auto fits = [&](const AxisLabel& label) {
    return std::none_of(labels.begin(), labels.end(),
                        [&](const AxisLabel& kept) { return kept.overlaps(label); });
  };
  for (const std::uint64_t t : n_ticks(from_, to, scale_)) {
    const AxisLabel label{x_at((fraction_of(t) + fraction_of(t + 1)) / 2), std::to_string(t)};
    if (fits(label)) labels.push_back(label);
  }
  for (const AxisLabel& label : labels) {
    out += "<line class=\"tick\" x1=\"" + number(label.x) + "\" y1=\"" + number(kTop + kHeight) +
           "\" x2=\"" + number(label.x) + "\" y2=\"" + number(kTop + kHeight + 4) +
           "\" stroke=\"black\"/>\n";
    out += text_at(label.x, kTop + kHeight + 18, "middle", label.text);
  }
  // The ends of the range, when they are not ticks and there is room.
  const AxisLabel first{kLeft + 3.5 * static_cast<double>(std::to_string(from_).size()),
                        std::to_string(from_)};
  const AxisLabel last{kLeft + kWidth - 3.5 * static_cast<double>(std::to_string(to).size()),
                       std::to_string(to)};
  auto is_tick = [&](const AxisLabel& end) {
    return std::any_of(labels.begin(), labels.end(),
                       [&](const AxisLabel& kept) { return kept.text == end.text; });
  };
  if (!is_tick(first) && fits(first))
    out += text_at(kLeft, kTop + kHeight + 18, "start", first.text);
  if (!is_tick(last) && fits(last))
    out += text_at(kLeft + kWidth, kTop + kHeight + 18, "end", last.text);
  out += "<path d=\"M" + number(kLeft) + " " + number(kTop) + " V" + number(kTop + kHeight) + " H" +
         number(kLeft + kWidth) + "\" fill=\"none\" stroke=\"black\"/>\n";
  out += text_at(kLeft + kWidth / 2, kTop + kHeight + 38, "middle",
                 scale_ == PlotScale::log ? "n (log scale: x = log(1 + n))" : "n");
  out += "<text x=\"16\" y=\"" + number(kTop + kHeight / 2) +
         "\" text-anchor=\"middle\" transform=\"rotate(-90 16 " + number(kTop + kHeight / 2) +
         ")\">g(n)</text>\n";

  // One mark per (column, distinct value): a point per position when they fit. Values that fall
  // in the same pixel row of a column share a mark (only when the values pass kHeight), which
  // bounds the marks by columns * rows however many distinct values there are. Rare values
  // (under the sparse-space mask) get class "r" and their own colour, the others class "m".
  auto is_rare = [&](Value v) { return rare_values && is_rare_value(v, rare_values->mask); };
  auto row_of = [&](Value v) {
    return static_cast<std::int64_t>(std::floor(static_cast<double>(v) / top_value * kHeight));
  };
  std::string common_marks;
  std::string rare_marks;
  for (std::uint64_t c = 0; c < columns_; ++c) {
    const auto [left, right] = column_span(c);
    // Square marks while columns are wide; in narrow columns at least 2.5 pixels high, so that
    // a value that occurs in only a few columns still shows.
    const double width = std::clamp((right - left) * kWidth * 0.8, 1.0, 4.0);
    const double height = std::max(width, 2.5);
    const double x = x_at((left + right) / 2) - width / 2;
    std::int64_t last_row[2] = {-1, -1};  // the last row marked, common and rare (values ascend)
    for (const Value v : column_values_[c]) {
      const bool rare_mark = is_rare(v);
      const std::int64_t row = row_of(v);
      if (last_row[rare_mark] == row) continue;
      last_row[rare_mark] = row;
      (rare_mark ? rare_marks : common_marks) +=
          std::string("<rect class=\"") + (rare_mark ? "r" : "m") + "\" x=\"" + number(x) +
          "\" y=\"" + number(y_of(v) - height / 2) + "\" width=\"" + number(width) +
          "\" height=\"" + number(height) + "\"/>\n";
    }
  }
  out += std::string("<g fill=\"") + kCommonColour + "\">\n" + common_marks + "</g>\n";
  out += std::string("<g fill=\"") + kRareColour + "\">\n" + rare_marks + "</g>\n";

  // The legend: what the colours mean, with the mask and the rare count.
  out += "<g class=\"legend\">\n";
  out += "<rect x=\"" + number(kLeft) + "\" y=\"" + number(kLegendY - 9) +
         "\" width=\"8\" height=\"8\" fill=\"" + kCommonColour + "\"/>\n";
  out += text_at(kLeft + 12, kLegendY, "start", "g(n)");
  std::string rare_text;
  if (rare_values) {
    rare_text = "rare under the sparse-space mask " + std::to_string(rare_values->mask) +
                " (binary " + binary(rare_values->mask) +
                "): " + std::to_string(rare_values->positions) + " of " + std::to_string(count_) +
                " positions";
  } else {
    rare_text = "rare positions not marked: values reach " + std::to_string(max_value_) +
                ", the mask is sought only for values below " + std::to_string(kMaxHistogramValue);
  }
  out += "<rect x=\"" + number(kLeft + 60) + "\" y=\"" + number(kLegendY - 9) +
         "\" width=\"8\" height=\"8\" fill=\"" + kRareColour + "\"/>\n";
  out += text_at(kLeft + 72, kLegendY, "start", rare_text);
  out += "</g>\n</svg>\n";
  return out;
}

std::string sequence_plot_title(const std::string& game, std::uint64_t from, std::uint64_t to) {
  return game + ": g(n) for n = " + std::to_string(from) + ".." + std::to_string(to);
}

void check_plot_path(const std::filesystem::path& path) {
  const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : ".";
  std::error_code error;
  if (!std::filesystem::is_directory(dir, error)) {
    throw Error("--plot '" + path.string() + "': no such directory '" + dir.string() + "'");
  }
  if (std::filesystem::is_directory(path, error)) {
    throw Error("--plot '" + path.string() + "': is a directory");
  }
  // A folder that takes no file (/proc, no permission) is refused now, not after the work.
  require_atomically_writable(path);
}

}  // namespace grundy
