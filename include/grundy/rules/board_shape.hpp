#pragma once
/// \file Cells of a board as bits: the positions of the vertex-deletion games played on a board
/// (Node-Kayles and Arc-Kayles or Cram on grid graphs, Node-Kayles on queens' graphs) without a
/// graph. Whether two cells are joined depends only on where they are relative to each other, so
/// a connected set of cells keeps its nimber when it is moved about the board or turned by any of
/// the square's eight symmetries: its canonical form (BoardShape) is the least of its images,
/// each moved into the corner of its bounding box. Finding it takes a few hundred bit operations
/// where a canonical labelling of the graph (nauty) takes tens of microseconds.

#include <array>
#include <bit>
#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/rules/cell_bits.hpp"
#include "grundy/rules/simple_graph.hpp"

namespace grundy {

/// Which cells of a board are joined.
enum class BoardAdjacency : std::uint8_t {
  grid,    ///< cells side by side: the grid graph (Node-Kayles, Arc-Kayles, Cram)
  queens,  ///< cells on one row, column or diagonal: the queens' graph
};

/// The most cells a frame holds.
inline constexpr std::size_t kBoardCells = 256;

/// A set of cells of a frame (BoardFrame): cell (r, c) of an R x C frame is bit r * C + c.
using CellSet = CellBits<kBoardCells / 64>;

/// A connected set of cells in canonical form: in its bounding box of `rows` x `columns` (the
/// frame it is read in, rows <= columns), the least image under the symmetries of that box, the
/// cells read as one number (cell i its bit i).
/// Equal shapes are the same game up to isomorphism (the converse need not hold: a path of
/// cells bent two ways is two shapes).
struct BoardShape {
  CellSet cells;
  std::uint16_t rows = 0;
  std::uint16_t columns = 0;

  friend bool operator==(const BoardShape&, const BoardShape&) = default;
  friend std::strong_ordering operator<=>(const BoardShape&, const BoardShape&) = default;
};

/// The cells of an R x C frame (R * C <= kBoardCells) with their neighbourhoods under one
/// adjacency, and the symmetries that map the frame onto itself.
class BoardFrame {
 public:
  BoardFrame(BoardAdjacency adjacency, std::size_t rows, std::size_t columns);

  BoardAdjacency adjacency() const noexcept { return adjacency_; }
  std::size_t rows() const noexcept { return rows_; }
  std::size_t columns() const noexcept { return columns_; }
  std::size_t cells() const noexcept { return rows_ * columns_; }
  /// Every cell of the frame.
  const CellSet& all() const noexcept { return all_; }
  /// The cells joined to `cell`.
  const CellSet& neighbours(std::size_t cell) const noexcept { return neighbours_[cell]; }
  /// `cell` and the cells joined to it: what taking it removes under the node rule.
  const CellSet& closed_neighbourhood(std::size_t cell) const noexcept { return closed_[cell]; }

  /// The symmetries of the square that map this frame onto itself (four, or eight when it is
  /// square), each as the image of every cell; the first is the identity.
  const std::vector<std::vector<std::uint8_t>>& symmetries() const noexcept { return symmetries_; }
  /// The symmetries other than the identity that are their own inverse (all but the quarter
  /// turns), as indices into symmetries(): the ones that pair cells.
  const std::vector<std::size_t>& involutions() const noexcept { return involutions_; }

  /// The connected component of `cells` that holds `start` (a cell of `cells`).
  CellSet component(const CellSet& cells, std::size_t start) const noexcept;
  /// The canonical form of a non-empty set of cells of this frame (connected, for it to mean one
  /// component). With `turn` false the cells are only moved into the corner of their box, not
  /// turned (the box may then be higher than wide).
  BoardShape canonical(const CellSet& cells, bool turn = true) const;
  /// canonical() cell by cell: the same form, for any frame (canonical() takes a faster way
  /// when the frame is at most 64 cells wide).
  BoardShape canonical_by_cells(const CellSet& cells, bool turn = true) const;
  /// The image of `cells` under the symmetry `s` (an index into symmetries()).
  CellSet image(const CellSet& cells, std::size_t s) const noexcept;

 private:
  BoardAdjacency adjacency_;
  std::size_t rows_;
  std::size_t columns_;
  CellSet all_;
  std::vector<CellSet> neighbours_;
  std::vector<CellSet> closed_;
  std::vector<std::vector<std::uint8_t>> symmetries_;
  std::vector<std::size_t> involutions_;
};

/// The frame of that size under that adjacency, made on first use and kept (thread-safe).
const BoardFrame& board_frame(BoardAdjacency adjacency, std::size_t rows, std::size_t columns);

/// The graph a set of cells of a frame makes, its vertices the cells in increasing order.
SimpleGraph cells_graph(const BoardFrame& frame, const CellSet& cells);

/// A shape as text, `RxC:` then the frame's cells row by row in hexadecimal, four cells a digit
/// (the lowest cell the lowest bit): the key a table file keeps it under.
std::string shape_text(const BoardShape& shape);
/// Reads what shape_text wrote; nothing when `text` is not such a shape in canonical form.
std::optional<BoardShape> parse_shape_text(BoardAdjacency adjacency, std::string_view text);

/// A board to play on: the frame and its free cells, as the notations `RxC`, `queens(N)` and
/// `board(PATH)` describe it (graph_notation.hpp).
struct BoardCells {
  BoardAdjacency adjacency = BoardAdjacency::grid;
  std::size_t rows = 0;
  std::size_t columns = 0;
  CellSet cells;
};

}  // namespace grundy
