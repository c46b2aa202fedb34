#pragma once
// The pictures the functions return (plot, plot_period, plot_table).
#include <string>

namespace grundy::python {

/// An SVG picture that Jupyter shows inline (`_repr_svg_`); str() is the SVG text.
struct Svg {
  std::string text;
};

}  // namespace grundy::python
