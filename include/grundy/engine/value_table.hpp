#pragma once
/// \file `grundy table`: the Grundy values of a two-coordinate game over a grid of positions
/// (Wythoff's game, the corner and cutting games, tartans, two-row Chomp, ...), the request's
/// ranges and its answer. Engine::table fills it; document.hpp gives its JSON document and
/// table_plot.hpp its heat map.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/value.hpp"

namespace grundy {

/// The coordinates from..to of the rows or the columns of a table, both included.
struct CoordinateRange {
  std::uint64_t from = 0;
  std::uint64_t to = 0;

  /// How many coordinates: to - from + 1 (coordinates stop at 2^63-1, so it fits).
  std::uint64_t count() const noexcept { return to - from + 1; }
  friend bool operator==(const CoordinateRange&, const CoordinateRange&) = default;

  /// from..to, checked as the command checks `--rows` (`option` names it in errors): each at
  /// most 2^63-1, and from <= to.
  static CoordinateRange checked(std::uint64_t from, std::uint64_t to, std::string_view option);
  /// `N` (0..N) or `A..B` (A..B), the text of `--rows` and `--cols`; Error naming `option`.
  static CoordinateRange parse(std::string_view text, std::string_view option);
};

/// g over rows x cols: the cell (r, c) is the position written `position` with ROW = r and
/// COL = c (`ROW,COL`: wythoff:3,5; `ROWxCOL`: cut:5x7), and holds exactly what `grundy value
/// GAME <that text>` gives. A cell whose text is not a position of the game (cut:1x5, chomp:2,3,
/// welter:4,4) holds no value.
struct TableAnswer {
  std::string game;
  std::string position;  // "ROW,COL" or "ROWxCOL"
  CoordinateRange rows;
  CoordinateRange cols;
  /// Row-major, rows.count() x cols.count(); a cell that is not a position holds 0 and is false
  /// in `is_position`.
  std::vector<Value> values;
  std::vector<bool> is_position;

  std::size_t index(std::uint64_t row, std::uint64_t col) const noexcept {
    return static_cast<std::size_t>((row - rows.from) * cols.count() + (col - cols.from));
  }
  /// Whether cell (row, col), in coordinates, is a position; its value when it is.
  bool has_value(std::uint64_t row, std::uint64_t col) const noexcept {
    return is_position[index(row, col)];
  }
  Value value(std::uint64_t row, std::uint64_t col) const noexcept {
    return values[index(row, col)];
  }
  /// Cell (row, col) is a P-position: a position of value 0.
  bool is_p_position(std::uint64_t row, std::uint64_t col) const noexcept {
    return has_value(row, col) && value(row, col) == 0;
  }
  /// The coordinates' names in `position`: "ROW" and "COL".
  std::string row_name() const { return position.substr(0, 3); }
  std::string col_name() const { return position.substr(position.size() - 3); }
  /// `GAME: g(ROW,COL) for ROW = a..b, COL = c..d`: the grid's and the heat map's title.
  std::string title() const {
    return game + ": g(" + position + ") for " + row_name() + " = " + std::to_string(rows.from) +
           ".." + std::to_string(rows.to) + ", " + col_name() + " = " + std::to_string(cols.from) +
           ".." + std::to_string(cols.to);
  }
};

class Game;

/// Whether Engine::table takes `game`: its positions are points (a grid-ordered game), or its
/// parser takes two numbers `a,b` for at least one of the cells 0..2 x 0..2.
bool has_two_coordinates(const Game& game);

/// The most cells a table holds: its document and text stay a few hundred MB at most, and the
/// values of the cells (parsing each position, looking it up) about a minute of work.
inline constexpr std::uint64_t kMaxTableCells = std::uint64_t{1} << 24;

}  // namespace grundy
