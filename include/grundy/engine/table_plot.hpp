#pragma once
/// \file The heat map of a table of Grundy values (`grundy table --plot`): one square per cell,
/// the value as a colour, P-positions in a colour of their own, with axes and a legend.

#include <cstdint>
#include <string>

#include "grundy/engine/value_table.hpp"

namespace grundy {

/// The most rows, and the most columns, a heat map draws: one SVG square per cell, so a plot of
/// 400 x 400 cells is about 10 MB.
inline constexpr std::uint64_t kMaxPlotSide = 400;

/// Throws Error when a heat map of rows x cols would pass kMaxPlotSide: checked before the
/// table is computed.
void check_table_plot_size(const CoordinateRange& rows, const CoordinateRange& cols);

/// The SVG text of the heat map. Cells are `<rect>`s of class "p" (P-positions, value 0), "v"
/// (another value, its colour on a scale from 1 to the largest value) or "n" (not a position).
std::string table_plot(const TableAnswer& table);

}  // namespace grundy
