#pragma once
/// \file The positions of the vertex-deletion games written as text (docs/cli.md): generated
/// graphs (`3x10` grids, `path(n)`, `cycle(n)`, `complete(n)`, `star(n)`, `queens(n)`), graphs
/// and boards from files (`file(PATH)`, `board(PATH)`) and any graph in graph6 (`g6(...)`), the
/// form the components a move leaves are printed in.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "grundy/core/scanner.hpp"
#include "grundy/rules/board_shape.hpp"
#include "grundy/rules/simple_graph.hpp"

namespace grundy {

struct GraphPosition {
  SimpleGraph graph;
  /// The position's text, normalised (`3x10`, `path(7)`, `g6(Bw)`): how it is printed back.
  std::string text;
  /// The cells of a board, for the positions that are one (`RxC`, `path(N)`, `queens(N)`,
  /// `board(PATH)`) and fit a CellSet: the board search plays them without the graph.
  std::optional<BoardCells> board = std::nullopt;
};

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
/// The grid graph of the free cells (`.`) of a board drawn as text, one row a line; `#` is a
/// blocked cell; rows may differ in length (missing cells are blocked). `what` names the source
/// in errors.
SimpleGraph board_graph(std::string_view text, std::string_view what);

}  // namespace grundy
