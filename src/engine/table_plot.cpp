// The heat map of `grundy table --plot` (table_plot.hpp).
#include "grundy/engine/table_plot.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "grundy/core/error.hpp"
#include "svg_text.hpp"

namespace grundy {
namespace {

using svg::number;
using svg::text_at;
using svg::tick_step;
using svg::xml_escape;

// Layout, in pixels: the title, the column axis above the cells (row 0 at the top, as the text
// grid prints it), the row axis on their left, the legend below.
constexpr double kCellsLeft = 80;
constexpr double kCellsTop = 72;
constexpr double kArea = 640;      // the longer side of the cells' area, at most
constexpr double kMaxCell = 24;    // a small table's squares stop growing here
constexpr double kLabelCell = 16;  // squares at least this wide show their value
constexpr double kLegendWidth = 240;

constexpr const char* kPColour = "#e41a1c";            // red: absent from the value scale
constexpr const char* kNotPositionColour = "#d9d9d9";  // light grey

/// Viridis (the perceptually uniform scale of matplotlib), at nine stops: values 1..max are
/// spread over it, dark for small values, yellow for the largest.
constexpr std::array<std::array<int, 3>, 9> kScale{{{0x44, 0x01, 0x54},
                                                    {0x47, 0x2d, 0x7b},
                                                    {0x3b, 0x52, 0x8b},
                                                    {0x2c, 0x72, 0x8e},
                                                    {0x21, 0x91, 0x8c},
                                                    {0x28, 0xae, 0x80},
                                                    {0x5e, 0xc9, 0x62},
                                                    {0xad, 0xdc, 0x30},
                                                    {0xfd, 0xe7, 0x25}}};

/// The colour at t in 0..1 on the scale, as #rrggbb; `light` is set when black text reads
/// better on it than white (its Rec. 601 luma above about 60%).
std::string scale_colour(double t, bool* light = nullptr) {
  const double at = std::clamp(t, 0.0, 1.0) * static_cast<double>(kScale.size() - 1);
  const auto low = std::min(static_cast<std::size_t>(at), kScale.size() - 2);
  const double f = at - static_cast<double>(low);
  std::array<int, 3> rgb{};
  for (std::size_t i = 0; i < 3; ++i) {
    rgb[i] =
        static_cast<int>(std::lround(kScale[low][i] + f * (kScale[low + 1][i] - kScale[low][i])));
  }
  if (light != nullptr) *light = 0.299 * rgb[0] + 0.587 * rgb[1] + 0.114 * rgb[2] > 150;
  char buffer[8];
  std::snprintf(buffer, sizeof buffer, "#%02x%02x%02x", rgb[0], rgb[1], rgb[2]);
  return buffer;
}

/// Where value v (1..top) sits on the scale.
double scale_position(Value v, Value top) {
  return top <= 1 ? 0.0 : static_cast<double>(v - 1) / static_cast<double>(top - 1);
}

/// The coordinates labelled on an axis: the first, then the multiples of a round step.
std::vector<std::uint64_t> axis_ticks(const CoordinateRange& range, double cell) {
  // Labels of up to 6 digits need about 40 pixels apart.
  const auto fit =
      static_cast<std::uint64_t>(std::max(1.0, static_cast<double>(range.count()) * cell / 40.0));
  const std::uint64_t step = tick_step(range.count() - 1, std::min<std::uint64_t>(fit, 12));
  std::vector<std::uint64_t> ticks{range.from};
  for (std::uint64_t t = (range.from / step + 1) * step; t <= range.to; t += step) {
    // The first label and one a step later than a fraction of a step would overlap.
    if ((t - range.from) * 2 >= step) ticks.push_back(t);
    if (t > range.to - step) break;
  }
  return ticks;
}

}  // namespace

void check_table_plot_size(const CoordinateRange& rows, const CoordinateRange& cols) {
  if (rows.count() > kMaxPlotSide || cols.count() > kMaxPlotSide) {
    throw Error("--plot draws at most " + std::to_string(kMaxPlotSide) + " rows and " +
                std::to_string(kMaxPlotSide) + " columns, one square per cell; this table has " +
                std::to_string(rows.count()) + " x " + std::to_string(cols.count()));
  }
}

std::string table_plot(const TableAnswer& table) {
  check_table_plot_size(table.rows, table.cols);
  const std::uint64_t row_count = table.rows.count();
  const std::uint64_t col_count = table.cols.count();
  const double cell =
      std::min(kMaxCell, kArea / static_cast<double>(std::max(row_count, col_count)));
  const double width = cell * static_cast<double>(col_count);
  const double height = cell * static_cast<double>(row_count);
  const double picture_width = kCellsLeft + std::max(width, kLegendWidth + 260) + 30;
  const double legend_y = kCellsTop + height + 34;
  const double picture_height = legend_y + 44;

  Value top = 0;
  bool blanks = false;
  std::uint64_t p_count = 0;
  for (std::size_t i = 0; i < table.values.size(); ++i) {
    if (!table.is_position[i]) {
      blanks = true;
    } else {
      top = std::max(top, table.values[i]);
      if (table.values[i] == 0) ++p_count;
    }
  }

  // "ROW,COL" -> "ROW" and "COL", the axes' names.
  const std::string row_name = table.row_name();
  const std::string col_name = table.col_name();
  const std::string title = table.title();

  std::string out = svg::document_start(picture_width, picture_height, title);
  out += text_at(picture_width / 2, 20, "middle", title);

  // The cells, row by row: P-positions in one group of their own colour, the others each in
  // its colour, non-positions grey.
  std::string p_cells;
  std::string value_cells;
  std::string blank_cells;
  std::string labels;
  const bool label_cells = cell >= kLabelCell;
  const double font = std::floor(cell * 0.45);
  for (std::uint64_t r = 0; r < row_count; ++r) {
    for (std::uint64_t c = 0; c < col_count; ++c) {
      const std::size_t i = static_cast<std::size_t>(r * col_count + c);
      const double x = kCellsLeft + cell * static_cast<double>(c);
      const double y = kCellsTop + cell * static_cast<double>(r);
      const std::string place = "x=\"" + number(x) + "\" y=\"" + number(y) + "\" width=\"" +
                                number(cell) + "\" height=\"" + number(cell) + "\"";
      if (!table.is_position[i]) {
        blank_cells += "<rect class=\"n\" " + place + "/>\n";
        continue;
      }
      const Value v = table.values[i];
      bool light = false;
      if (v == 0) {
        p_cells += "<rect class=\"p\" " + place + "/>\n";
      } else {
        value_cells += "<rect class=\"v\" " + place + " fill=\"" +
                       scale_colour(scale_position(v, top), &light) + "\"/>\n";
      }
      if (label_cells) {
        labels += "<text x=\"" + number(x + cell / 2) + "\" y=\"" +
                  number(y + cell / 2 + font * 0.35) + "\" fill=\"" +
                  (light || v == 0 ? "black" : "white") + "\">" + std::to_string(v) + "</text>\n";
      }
    }
  }
  // Crisp edges: squares at fractional coordinates would otherwise show anti-aliased seams.
  const std::string crisp = " shape-rendering=\"crispEdges\"";
  out += "<g" + crisp + " fill=\"" + kNotPositionColour + "\">\n" + blank_cells + "</g>\n";
  out += "<g" + crisp + ">\n" + value_cells + "</g>\n";
  out += "<g" + crisp + " fill=\"" + kPColour + "\">\n" + p_cells + "</g>\n";
  if (label_cells) {
    out += "<g text-anchor=\"middle\" font-size=\"" + number(font) + "\">\n" + labels + "</g>\n";
  }

  // Axes: the columns' coordinates above the cells, the rows' on their left, each label at the
  // middle of its cell.
  out += "<path d=\"M" + number(kCellsLeft) + " " + number(kCellsTop + height) + " V" +
         number(kCellsTop) + " H" + number(kCellsLeft + width) +
         "\" fill=\"none\" stroke=\"black\"/>\n";
  for (const std::uint64_t t : axis_ticks(table.cols, cell)) {
    const double x = kCellsLeft + cell * (static_cast<double>(t - table.cols.from) + 0.5);
    out += "<line class=\"tick\" x1=\"" + number(x) + "\" y1=\"" + number(kCellsTop - 4) +
           "\" x2=\"" + number(x) + "\" y2=\"" + number(kCellsTop) + "\" stroke=\"black\"/>\n";
    out += text_at(x, kCellsTop - 8, "middle", std::to_string(t));
  }
  for (const std::uint64_t t : axis_ticks(table.rows, cell)) {
    const double y = kCellsTop + cell * (static_cast<double>(t - table.rows.from) + 0.5);
    out += "<line class=\"tick\" x1=\"" + number(kCellsLeft - 4) + "\" y1=\"" + number(y) +
           "\" x2=\"" + number(kCellsLeft) + "\" y2=\"" + number(y) + "\" stroke=\"black\"/>\n";
    out += text_at(kCellsLeft - 7, y + 4, "end", std::to_string(t));
  }
  out += text_at(kCellsLeft + width / 2, kCellsTop - 28, "middle", col_name + " (columns)");
  const double middle = kCellsTop + height / 2;
  out += "<text x=\"20\" y=\"" + number(middle) +
         "\" text-anchor=\"middle\" transform=\"rotate(-90 20 " + number(middle) + ")\">" +
         xml_escape(row_name + " (rows)") + "</text>\n";

  // The legend: P-positions, non-positions (when the table has any), and the scale of values.
  out += "<g class=\"legend\">\n";
  double x = kCellsLeft;
  out += "<rect x=\"" + number(x) + "\" y=\"" + number(legend_y - 10) +
         "\" width=\"10\" height=\"10\" fill=\"" + kPColour + "\"/>\n";
  const std::string p_text = "P-position (g = 0): " + std::to_string(p_count);
  out += text_at(x + 14, legend_y, "start", p_text);
  x += 14 + 7 * static_cast<double>(p_text.size()) + 16;
  if (blanks) {
    out += "<rect x=\"" + number(x) + "\" y=\"" + number(legend_y - 10) +
           "\" width=\"10\" height=\"10\" fill=\"" + kNotPositionColour + "\"/>\n";
    out += text_at(x + 14, legend_y, "start", "not a position");
    x += 14 + 7 * 14 + 16;
  }
  const double bar_y = legend_y + 12;
  if (top >= 1) {
    // The scale as a gradient over 1..top.
    out += "<defs><linearGradient id=\"scale\">";
    for (std::size_t s = 0; s < kScale.size(); ++s) {
      const double t = static_cast<double>(s) / static_cast<double>(kScale.size() - 1);
      out += "<stop offset=\"" + number(t) + "\" stop-color=\"" + scale_colour(t) + "\"/>";
    }
    out += "</linearGradient></defs>\n";
    out += "<rect x=\"" + number(kCellsLeft + 24) + "\" y=\"" + number(bar_y) + "\" width=\"" +
           number(kLegendWidth) + "\" height=\"10\" fill=\"url(#scale)\"/>\n";
    out += text_at(kCellsLeft + 20, bar_y + 10, "end", "1");
    out += text_at(kCellsLeft + 28 + kLegendWidth, bar_y + 10, "start",
                   std::to_string(top) + " (g, the largest in the table)");
  } else {
    out += text_at(
        kCellsLeft, bar_y + 10, "start",
        p_count > 0 ? "every position is a P-position" : "no cell is a position of " + table.game);
  }
  out += "</g>\n</svg>\n";
  return out;
}

}  // namespace grundy
