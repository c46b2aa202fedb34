#include "grundy/rules/graph_notation.hpp"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/input_file.hpp"
#include "grundy/rules/families/graph.hpp"

namespace grundy {
namespace {

/// A count of vertices, refused past kMaxSimpleGraphVertices where it is read.
std::size_t vertex_count(Scanner& in, std::string_view what) {
  return static_cast<std::size_t>(in.unsigned_integer(what, kMaxSimpleGraphVertices));
}

/// The text up to the ')' that closes the '(' just read (nested parentheses allowed), which is
/// consumed too.
std::string_view parenthesised(Scanner& in, std::string_view what) {
  const std::string_view rest = in.rest();
  int depth = 0;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '(') ++depth;
    if (rest[i] == ')' && depth-- == 0) {
      for (std::size_t k = 0; k <= i; ++k) in.get();
      return rest.substr(0, i);
    }
  }
  in.fail_at(in.offset() + rest.size(), "expected ')' to close " + std::string(what));
}

std::size_t checked_cells(std::size_t rows, std::size_t columns) {
  const std::uint64_t cells = saturating_mul(rows, columns);
  if (cells > kMaxSimpleGraphVertices) {
    throw Error("a " + std::to_string(rows) + "x" + std::to_string(columns) + " board has " +
                (cells == kSaturated ? std::string("too many") : std::to_string(cells)) +
                " cells; these games take at most " + std::to_string(kMaxSimpleGraphVertices));
  }
  return static_cast<std::size_t>(cells);
}

SimpleGraph file_graph(const std::string& path) {
  // The format of graph(FILE), read by the same code; each edge is taken both ways.
  const GraphGame directed(path);
  SimpleGraph g(directed.vertex_count());
  for (std::size_t v = 0; v < directed.vertex_count(); ++v) {
    for (const std::uint32_t w : directed.successors(v)) g.add_edge(v, w);
  }
  return g;
}

}  // namespace

std::string column_letters(std::size_t column) {
  // Bijective base 26: a..z are 0..25, aa is 26.
  std::string letters;
  for (std::size_t k = column + 1; k > 0; k = (k - 1) / 26) {
    letters.insert(letters.begin(), static_cast<char>('a' + (k - 1) % 26));
  }
  return letters;
}

std::string cell_name(std::size_t row, std::size_t column) {
  return column_letters(column) + std::to_string(row + 1);
}

std::optional<CellAt> parse_cell_name(Scanner& in) {
  const std::string_view rest = in.rest();
  std::size_t i = 0;
  std::size_t column = 0;
  while (i < rest.size() && rest[i] >= 'a' && rest[i] <= 'z') {
    column = column * 26 + static_cast<std::size_t>(rest[i] - 'a' + 1);
    if (column > kMaxSimpleGraphVertices) return std::nullopt;
    ++i;
  }
  const std::size_t letters = i;
  std::size_t row = 0;
  while (i < rest.size() && rest[i] >= '0' && rest[i] <= '9') {
    row = row * 10 + static_cast<std::size_t>(rest[i] - '0');
    if (row > kMaxSimpleGraphVertices) return std::nullopt;
    ++i;
  }
  if (letters == 0 || i == letters || row == 0) return std::nullopt;
  for (std::size_t k = 0; k < i; ++k) in.get();
  return CellAt{.row = row - 1, .column = column - 1};
}

SimpleGraph grid_graph(std::size_t rows, std::size_t columns) {
  SimpleGraph g(checked_cells(rows, columns));
  for (std::size_t r = 0; r < rows; ++r) {
    for (std::size_t c = 0; c < columns; ++c) {
      const std::size_t v = r * columns + c;
      if (c + 1 < columns) g.add_edge(v, v + 1);
      if (r + 1 < rows) g.add_edge(v, v + columns);
    }
  }
  return g;
}

SimpleGraph queens_graph(std::size_t n) {
  SimpleGraph g(checked_cells(n, n));
  for (std::size_t a = 0; a < n * n; ++a) {
    for (std::size_t b = a + 1; b < n * n; ++b) {
      const auto ra = static_cast<std::int64_t>(a / n), ca = static_cast<std::int64_t>(a % n);
      const auto rb = static_cast<std::int64_t>(b / n), cb = static_cast<std::int64_t>(b % n);
      if (ra == rb || ca == cb || ra - ca == rb - cb || ra + ca == rb + cb) g.add_edge(a, b);
    }
  }
  return g;
}

SimpleGraph path_graph(std::size_t n) {
  SimpleGraph g(n);
  for (std::size_t v = 0; v + 1 < n; ++v) g.add_edge(v, v + 1);
  return g;
}

SimpleGraph cycle_graph(std::size_t n) {
  SimpleGraph g = path_graph(n);
  if (n >= 3) g.add_edge(n - 1, 0);
  return g;
}

SimpleGraph complete_graph(std::size_t n) {
  SimpleGraph g(n);
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = a + 1; b < n; ++b) g.add_edge(a, b);
  }
  return g;
}

SimpleGraph star_graph(std::size_t leaves) {
  if (leaves >= kMaxSimpleGraphVertices) {
    throw Error("a star of " + std::to_string(leaves) + " leaves; these games take at most " +
                std::to_string(kMaxSimpleGraphVertices) + " vertices");
  }
  SimpleGraph g(leaves + 1);
  for (std::size_t v = 1; v <= leaves; ++v) g.add_edge(0, v);
  return g;
}

namespace {

/// A row of a board drawn as text: its cells, and the line of the file it is on (from 1).
struct BoardRow {
  std::string_view cells;
  std::size_t line = 0;
};

/// The rows of a board drawn as text: each line without its end ('\n', "\r\n"), its comment
/// (from ';' on) and trailing spaces and tabs; a line that held only a comment is no row (a
/// blank line is a row without cells), nor are blank lines at the end.
std::vector<BoardRow> board_rows(std::string_view text) {
  std::vector<BoardRow> rows;
  std::size_t line_number = 0;
  for (std::size_t at = 0; at <= text.size();) {
    std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(at, end - at);
    at = end + 1;
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    // `;` for comments: `#` is a blocked cell here, not a comment as in a graph file.
    const std::size_t comment = line.find(';');
    if (comment != std::string_view::npos) line = line.substr(0, comment);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    if (line.empty() && comment != std::string_view::npos) continue;
    rows.push_back({line, line_number});
  }
  while (!rows.empty() && rows.back().cells.empty()) rows.pop_back();
  return rows;
}

/// The cells of a board read already (board_graph checked it), when its frame fits a CellSet.
std::optional<BoardCells> cells_of_board(std::string_view text) {
  const std::vector<BoardRow> lines = board_rows(text);
  std::size_t columns = 0;
  for (const BoardRow& line : lines) columns = std::max(columns, line.cells.size());
  if (lines.empty() || columns == 0 || lines.size() * columns > kBoardCells) return std::nullopt;
  BoardCells board{
      .adjacency = BoardAdjacency::grid, .rows = lines.size(), .columns = columns, .cells = {}};
  for (std::size_t r = 0; r < lines.size(); ++r) {
    for (std::size_t c = 0; c < lines[r].cells.size(); ++c) {
      if (lines[r].cells[c] == '.') board.cells.set(r * columns + c);
    }
  }
  return board;
}

/// Every cell of an R x C frame as a vertex, in order.
BoardLayout full_layout(BoardAdjacency adjacency, std::size_t rows, std::size_t columns) {
  BoardLayout layout{.adjacency = adjacency, .rows = rows, .columns = columns, .cell_of = {}};
  layout.cell_of.resize(rows * columns);
  for (std::size_t v = 0; v < layout.cell_of.size(); ++v) {
    layout.cell_of[v] = static_cast<std::uint32_t>(v);
  }
  return layout;
}

/// The free cells of a board read already (board_graph checked it), in the order board_graph
/// numbers them.
BoardLayout layout_of_board(std::string_view text) {
  const std::vector<BoardRow> lines = board_rows(text);
  BoardLayout layout{
      .adjacency = BoardAdjacency::grid, .rows = lines.size(), .columns = 0, .cell_of = {}};
  for (const BoardRow& line : lines) layout.columns = std::max(layout.columns, line.cells.size());
  for (std::size_t r = 0; r < lines.size(); ++r) {
    for (std::size_t c = 0; c < lines[r].cells.size(); ++c) {
      if (lines[r].cells[c] == '.') {
        layout.cell_of.push_back(static_cast<std::uint32_t>(r * layout.columns + c));
      }
    }
  }
  return layout;
}

/// Every cell of an R x C frame, when it fits a CellSet.
std::optional<BoardCells> full_board(BoardAdjacency adjacency, std::size_t rows,
                                     std::size_t columns) {
  if (rows == 0 || columns == 0 || rows * columns > kBoardCells) return std::nullopt;
  BoardCells board{.adjacency = adjacency, .rows = rows, .columns = columns, .cells = {}};
  board.cells = board_frame(adjacency, rows, columns).all();
  return board;
}

}  // namespace

SimpleGraph board_graph(std::string_view text, std::string_view what) {
  // Cells first, then the graph: the free cells are numbered row by row.
  const std::vector<BoardRow> lines = board_rows(text);
  std::vector<std::vector<std::int64_t>> index(lines.size());
  std::size_t free_cells = 0;
  std::size_t columns = 0;
  auto at = [&](const BoardRow& row, std::size_t c) {
    return std::string(what) + " line " + std::to_string(row.line) + " column " +
           std::to_string(c + 1) + ": ";
  };
  for (std::size_t r = 0; r < lines.size(); ++r) {
    const BoardRow& row = lines[r];
    columns = std::max(columns, row.cells.size());
    for (std::size_t c = 0; c < row.cells.size(); ++c) {
      const char ch = row.cells[c];
      if (ch != '.' && ch != '#') {
        throw Error(at(row, c) + "'" + quote_excerpt(row.cells.substr(c, 1)) +
                    "' is neither '.' (a free cell) nor '#' (a blocked one); ';' starts a "
                    "comment");
      }
      index[r].push_back(ch == '.' ? static_cast<std::int64_t>(free_cells++) : -1);
      if (free_cells > kMaxSimpleGraphVertices) {
        throw Error(at(row, c) + "more than " + std::to_string(kMaxSimpleGraphVertices) +
                    " free cells, the most these games take");
      }
    }
  }
  // The frame (rows by the longest row) is drawn and named cell by cell: bounded too.
  if (saturating_mul(lines.size(), columns) > kMaxBoardFrame) {
    throw Error(std::string(what) + ": " + std::to_string(lines.size()) + " rows of up to " +
                std::to_string(columns) + " cells make a frame of more than " +
                std::to_string(kMaxBoardFrame) + " cells, the most a board may have");
  }
  SimpleGraph g(free_cells);
  for (std::size_t r = 0; r < index.size(); ++r) {
    for (std::size_t c = 0; c < index[r].size(); ++c) {
      const std::int64_t v = index[r][c];
      if (v < 0) continue;
      if (c + 1 < index[r].size() && index[r][c + 1] >= 0) {
        g.add_edge(static_cast<std::size_t>(v), static_cast<std::size_t>(index[r][c + 1]));
      }
      if (r + 1 < index.size() && c < index[r + 1].size() && index[r + 1][c] >= 0) {
        g.add_edge(static_cast<std::size_t>(v), static_cast<std::size_t>(index[r + 1][c]));
      }
    }
  }
  return g;
}

GraphPosition parse_graph_position(Scanner& in, GraphNotations notations) {
  const bool graphs = notations == GraphNotations::graphs;
  const std::string expected =
      graphs ? "a graph: RxC, path(N), cycle(N), complete(N), star(N), queens(N), file(PATH), "
               "board(PATH) or g6(GRAPH6)"
             : "a board: RxC, board(PATH) or g6(GRAPH6)";
  if (std::isdigit(static_cast<unsigned char>(in.peek()))) {
    const std::size_t rows = vertex_count(in, "the rows");
    in.skip_spaces();
    if (!in.accept('x') && !in.accept('X')) {
      in.fail("expected 'x' between the rows and the columns (e.g. 3x10), found " +
              describe_char(in.text(), in.offset()));
    }
    in.skip_spaces();
    const std::size_t columns = vertex_count(in, "the columns");
    SimpleGraph g = grid_graph(rows, columns);
    return {std::move(g), std::to_string(rows) + "x" + std::to_string(columns),
            full_board(BoardAdjacency::grid, rows, columns),
            full_layout(BoardAdjacency::grid, rows, columns)};
  }
  const std::size_t at = in.offset();
  const std::string name(in.identifier());
  in.skip_spaces();
  if (name.empty() || !in.accept('(')) in.fail_at(at, "expected " + expected);
  const std::string_view inside = parenthesised(in, "the " + name + "(...) of the position");
  if (name == "g6") {
    SimpleGraph g = from_graph6(inside);
    return {std::move(g), "g6(" + std::string(inside) + ")"};
  }
  if (name == "board" || (graphs && name == "file")) {
    const std::string path(inside);
    if (path.empty()) in.fail_at(at, "expected a file name inside " + name + "(...)");
    const std::string shown = name + "(" + quote_excerpt(path, path.size()) + ")";
    if (name == "file") return {file_graph(path), shown};
    const std::string what = "board file '" + quote_excerpt(path, 200) + "'";
    const std::string text = read_input_file(path, "board file");
    SimpleGraph g = board_graph(text, what);
    return {std::move(g), shown, cells_of_board(text), layout_of_board(text)};
  }
  if (graphs) {
    Scanner number(inside, in.column() - inside.size() - 1);
    number.skip_spaces();
    const std::size_t n = vertex_count(number, "the size of " + name + "(N)");
    number.skip_spaces();
    number.expect_end("the size of " + name + "(N)");
    const std::string text = name + "(" + std::to_string(n) + ")";
    if (name == "path") {
      return {path_graph(n), text, full_board(BoardAdjacency::grid, 1, n),
              full_layout(BoardAdjacency::grid, 1, n)};
    }
    if (name == "cycle") {
      if (n < 3)
        in.fail_at(at, "a cycle has at least 3 vertices, found cycle(" + std::to_string(n) + ")");
      return {cycle_graph(n), text};
    }
    if (name == "complete") return {complete_graph(n), text};
    if (name == "star") return {star_graph(n), text};
    if (name == "queens") {
      SimpleGraph g = queens_graph(n);
      return {std::move(g), text, full_board(BoardAdjacency::queens, n, n),
              full_layout(BoardAdjacency::queens, n, n)};
    }
  }
  in.fail_at(at, "unknown position '" + quote_excerpt(name) + "(...)': expected " + expected);
}

}  // namespace grundy
