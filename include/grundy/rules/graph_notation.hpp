#pragma once
/// \file The positions of the vertex-deletion games written as text (docs/cli.md): generated
/// graphs (`3x10` grids, `path(n)`, `cycle(n)`, `complete(n)`, `star(n)`, `queens(n)`), graphs
/// and boards from files (`file(PATH)`, `board(PATH)`) and any graph in graph6 (`g6(...)`), the
/// form the components a move leaves are printed in.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/core/scanner.hpp"
#include "grundy/rules/board_shape.hpp"
#include "grundy/rules/simple_graph.hpp"

namespace grundy {

/// Where the vertices of a board lie: an R x C frame of cells and the cell of each vertex, so
/// that moves and positions can be written by their cells (`b2-b3`) and the board drawn.
struct BoardLayout {
  BoardAdjacency adjacency = BoardAdjacency::grid;
  std::size_t rows = 0;
  std::size_t columns = 0;
  /// Vertex v is cell cell_of[v] = r * columns + c (increasing: vertices are numbered row by row).
  std::vector<std::uint32_t> cell_of;
};

struct GraphPosition {
  SimpleGraph graph;
  /// The position's text, normalised (`3x10`, `path(7)`, `g6(Bw)`): how it is printed back.
  std::string text;
  /// The cells of a board, for the positions that are one (`RxC`, `path(N)`, `queens(N)`,
  /// `board(PATH)`) and fit a CellSet: the board search plays them without the graph.
  std::optional<BoardCells> board = std::nullopt;
  /// The cells of the vertices, for every board (`RxC`, `path(N)`, `queens(N)`, `board(PATH)`),
  /// however large.
  std::optional<BoardLayout> layout = std::nullopt;
};

/// A cell's name for a person: its column as letters from the left (`a`..`z`, then `aa`, `ab`,
/// ... as in a spreadsheet), then its row as a number from 1 at the top (`b3`: second column,
/// third row).
std::string cell_name(std::size_t row, std::size_t column);
/// The column letters of cell_name.
std::string column_letters(std::size_t column);
/// Reads a cell name (letters, then digits); nothing, and `in` unmoved, when the text there is
/// not one. Rows and columns from 0; at most kMaxSimpleGraphVertices each.
struct CellAt {
  std::size_t row = 0;
  std::size_t column = 0;
};
std::optional<CellAt> parse_cell_name(Scanner& in);

/// Which notations a family takes: every graph, or only boards (Cram: `RxC`, `board(PATH)`, and
/// `g6(...)` for the components a move leaves).
enum class GraphNotations { graphs, boards };

/// Reads one position; throws SpecError (bad text) or Error (a file that cannot be read, a graph
/// too large).
GraphPosition parse_graph_position(Scanner& in, GraphNotations notations);

/// The R x C grid graph: cell (r, c) is vertex r * C + c, joined to the cells beside it.
SimpleGraph grid_graph(std::size_t rows, std::size_t columns);
/// The graph of queen moves on an n x n board: two squares on one row, column or diagonal.
SimpleGraph queens_graph(std::size_t n);
SimpleGraph path_graph(std::size_t n);
SimpleGraph cycle_graph(std::size_t n);
SimpleGraph complete_graph(std::size_t n);
/// K(1,n): a centre and n leaves.
SimpleGraph star_graph(std::size_t leaves);
/// The most cells (free or blocked) of a board file's frame, its rows by its longest row.
inline constexpr std::size_t kMaxBoardFrame = std::size_t{1} << 20;

/// The grid graph of the free cells (`.`) of a board drawn as text, one row a line; `#` is a
/// blocked cell; rows may differ in length (missing cells are blocked); `;` starts a comment to
/// the end of the line (a line holding only one is no row), and trailing spaces and tabs do not
/// count. `what` names the source in errors, which give the line and column.
SimpleGraph board_graph(std::string_view text, std::string_view what);

}  // namespace grundy
