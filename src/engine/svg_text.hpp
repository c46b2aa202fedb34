#pragma once
// The pieces of SVG text the plots share (sequence_plot.cpp, table_plot.cpp): numbers, escaped
// text, labels and round tick steps.

#include <cstdint>
#include <cstdio>
#include <string>

#include "grundy/core/xml_escape.hpp"

namespace grundy::svg {

/// A coordinate or size, to two decimals.
inline std::string number(double v) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "%.2f", v);
  return buffer;
}

using grundy::xml_escape;

inline std::string text_at(double x, double y, const std::string& anchor, const std::string& text) {
  return "<text x=\"" + number(x) + "\" y=\"" + number(y) + "\" text-anchor=\"" + anchor + "\">" +
         xml_escape(text) + "</text>\n";
}

/// The start of a picture `width` x `height` with its title (for tools) and a white ground;
/// the caller adds the rest and `</svg>`.
inline std::string document_start(double width, double height, const std::string& title) {
  return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
         "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" +
         number(width) + "\" height=\"" + number(height) + "\" viewBox=\"0 0 " + number(width) +
         " " + number(height) +
         "\" font-family=\"sans-serif\" font-size=\"12\">\n"
         "<title>" +
         xml_escape(title) +
         "</title>\n"
         "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
}

/// A round step (1, 2 or 5 times a power of ten) giving at most about `ticks` ticks over `span`.
inline std::uint64_t tick_step(std::uint64_t span, std::uint64_t ticks) {
  std::uint64_t step = 1;
  while (true) {
    for (const std::uint64_t k : {1, 2, 5}) {
      if (span / (step * k) < ticks) return step * k;
    }
    if (step > ~std::uint64_t{0} / 100) return step * 10;
    step *= 10;
  }
}

}  // namespace grundy::svg
