#include "plot.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "grundy/core/error.hpp"

namespace grundy::cli {
namespace {

// Layout of the picture, in pixels: the plot area is one pixel column per SequencePlot column.
constexpr double kLeft = 70;
constexpr double kTop = 40;
constexpr double kWidth = static_cast<double>(SequencePlot::kColumns);
constexpr double kHeight = 360;
constexpr double kPictureWidth = kLeft + kWidth + 30;
constexpr double kPictureHeight = kTop + kHeight + 50;

std::string number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", v);
  return buffer;
}

std::string xml_escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string text_at(double x, double y, const std::string& anchor, const std::string& text) {
  return "<text x=\"" + number(x) + "\" y=\"" + number(y) + "\" text-anchor=\"" + anchor + "\">" +
         xml_escape(text) + "</text>\n";
}

}  // namespace

SequencePlot::SequencePlot(std::uint64_t from, std::uint64_t to)
    : from_(from),
      count_(to - from + 1),
      columns_(std::min(count_, kColumns)),
      column_values_(columns_) {}

std::uint64_t SequencePlot::column_of(std::uint64_t n) const {
  // In floating point: (n - from) * columns can pass 2^64 for heaps near 2^63.
  const double c =
      static_cast<double>(n - from_) * static_cast<double>(columns_) / static_cast<double>(count_);
  return std::min(columns_ - 1, static_cast<std::uint64_t>(c));
}

double SequencePlot::x_of(std::uint64_t n) const {
  return kLeft + static_cast<double>(n - from_) / static_cast<double>(count_) * kWidth;
}

void SequencePlot::add(std::uint64_t n, Value v) {
  std::vector<Value>& values = column_values_[column_of(n)];
  const auto at = std::lower_bound(values.begin(), values.end(), v);
  if (at == values.end() || *at != v) values.insert(at, v);
  max_value_ = std::max(max_value_, v);
}

std::uint64_t SequencePlot::mark_count() const {
  std::uint64_t marks = 0;
  for (const auto& values : column_values_) marks += values.size();
  return marks;
}

std::string SequencePlot::svg(const std::string& title) const {
  const double column_width = kWidth / static_cast<double>(columns_);
  const double top_value = static_cast<double>(std::max<Value>(max_value_, 1));
  auto y_of = [&](Value v) {
    return kTop + kHeight - static_cast<double>(v) / top_value * kHeight;
  };
  const std::uint64_t to = from_ + count_ - 1;

  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
      number(kPictureWidth) + "\" height=\"" + number(kPictureHeight) + "\" viewBox=\"0 0 " +
      number(kPictureWidth) + " " + number(kPictureHeight) +
      "\" font-family=\"sans-serif\" font-size=\"12\">\n"
      "<title>" +
      xml_escape(title) +
      "</title>\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  out += text_at(kLeft + kWidth / 2, 20, "middle", title);

  if (period_ && period_->preperiod <= to) {
    const std::uint64_t start = std::max(period_->preperiod, from_);
    const std::uint64_t end = std::min(to, period_->preperiod + period_->period - 1);
    if (start <= end) {
      const double x0 = x_of(start);
      const double x1 = std::max(x_of(end + 1), x0 + 1);
      out += "<rect class=\"period\" x=\"" + number(x0) + "\" y=\"" + number(kTop) + "\" width=\"" +
             number(x1 - x0) + "\" height=\"" + number(kHeight) + "\" fill=\"#fde8c8\"/>\n";
      out += text_at(x0 + 3, kTop + 12, "start", "period " + std::to_string(period_->period));
    }
    if (period_->preperiod >= from_) {
      const double x = x_of(period_->preperiod);
      out += "<line class=\"preperiod\" x1=\"" + number(x) + "\" y1=\"" + number(kTop) +
             "\" x2=\"" + number(x) + "\" y2=\"" + number(kTop + kHeight) +
             "\" stroke=\"#d0602a\" stroke-width=\"1.5\"/>\n";
      out += text_at(x - 3, kTop - 4, "end", "preperiod " + std::to_string(period_->preperiod));
    }
  }

  // Axes with the range of n and of the values.
  out += "<path d=\"M" + number(kLeft) + " " + number(kTop) + " V" + number(kTop + kHeight) + " H" +
         number(kLeft + kWidth) + "\" fill=\"none\" stroke=\"black\"/>\n";
  out += text_at(kLeft - 6, kTop + kHeight + 4, "end", "0");
  out += text_at(kLeft - 6, kTop + 4, "end", std::to_string(std::max<Value>(max_value_, 1)));
  out += text_at(kLeft, kTop + kHeight + 18, "start", std::to_string(from_));
  out += text_at(kLeft + kWidth, kTop + kHeight + 18, "end", std::to_string(to));
  out += text_at(kLeft + kWidth / 2, kTop + kHeight + 38, "middle", "n");
  out += text_at(16, kTop + kHeight / 2, "middle", "g(n)");

  // One mark per (column, distinct value): a point per position when they fit.
  const double size = std::clamp(column_width * 0.8, 1.0, 4.0);
  out += "<g fill=\"#1f5fa8\">\n";
  for (std::uint64_t c = 0; c < columns_; ++c) {
    const double x = kLeft + (static_cast<double>(c) + 0.5) * column_width - size / 2;
    for (const Value v : column_values_[c]) {
      out += "<rect class=\"m\" x=\"" + number(x) + "\" y=\"" + number(y_of(v) - size / 2) +
             "\" width=\"" + number(size) + "\" height=\"" + number(size) + "\"/>\n";
    }
  }
  out += "</g>\n</svg>\n";
  return out;
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
}

}  // namespace grundy::cli
