#pragma once
/// \file The component search on a board: the nimbers of Node-Kayles, Arc-Kayles and Cram on
/// sets of cells of a grid, and of Node-Kayles on the queens' graph, with the cells as bits and
/// components in canonical form under translation and the square's symmetries (board_shape.hpp)
/// instead of a graph and nauty. The search is the one of component_search.hpp: what a move
/// leaves is split into components, each looked up in a transposition table or computed, a
/// position's value the XOR of its components'; moves from one orbit of the shape's own
/// symmetries are played once; deciding whether g = t stops at the first option of value t
/// (docs/theory/component-search.md). ComponentSource uses it for every position it knows the
/// cells of, and the graph search for the rest.

#include <atomic>
#include <cstdint>
#include <mutex>
#include <optional>
#include <vector>

#include "grundy/rules/board_shape.hpp"
#include "grundy/rules/vertex_deletion.hpp"
#include "grundy/solve/board_table.hpp"
#include "grundy/solve/component_search.hpp"

namespace grundy {

class BoardSearch {
 public:
  /// ComponentSearchOptions::canonical_forms false: shapes are only moved into the corner of
  /// their box, not turned, and every move is played (for measuring what the symmetries gain).
  BoardSearch(DeletionRule rule, BoardAdjacency adjacency, ComponentSearchOptions options);

  /// g of the free cells of `board` (connected or not): the XOR of its components' nimbers.
  Value value(const BoardCells& board);
  /// Whether g(board) = target, with pruning (ComponentSearchOptions::pruning).
  bool has_value(const BoardCells& board, Value target);
  Value value(const BoardShape& shape);
  bool has_value(const BoardShape& shape, Value target);

  /// The components of `cells` (cells of `frame`) with moves, in canonical form; the XOR of the
  /// tiny ones' values (at most two cells, known without search) goes to `tiny`.
  std::vector<BoardShape> split(const BoardFrame& frame, CellSet cells, Value& tiny) const;
  /// Calls f(cells) with the cells each move leaves, one move per orbit of the symmetries of
  /// `shape` (every move without canonical forms).
  template <class F>
  void for_each_move(const BoardShape& shape, F&& f) const;

  /// Whether the second player wins `shape` by copying: a symmetry of its box that maps it onto
  /// itself, pairs its cells (no cell is its own image), and never pairs a cell with one the
  /// first player's move takes too (no cell is joined to its image under Node-Kayles; no domino
  /// is its own image under Arc-Kayles). Whatever the first player takes, the image is still
  /// there to take, and the position is symmetric again: g = 0 (Winning Ways, ch. 2 and 23).
  bool copied(const BoardShape& shape) const;

  DeletionRule rule() const noexcept { return rule_; }
  BoardAdjacency adjacency() const noexcept { return adjacency_; }
  BoardTable& table() noexcept { return table_; }
  const BoardTable& table() const noexcept { return table_; }
  /// Shapes expanded so far.
  std::uint64_t nodes() const noexcept { return counter_.nodes(); }

 private:
  Value shape_value(const BoardShape& shape, bool top);
  bool shape_has_value(const BoardShape& shape, Value target, bool top);
  bool parts_have_value(const std::vector<BoardShape>& parts, Value tiny, Value target, bool top);
  Value parts_value(const std::vector<BoardShape>& parts, Value tiny, bool top);
  /// What one move leaves: the components with moves, and the XOR of the tiny ones.
  struct Option {
    std::vector<BoardShape> parts;
    Value tiny = 0;
    std::size_t cells = 0;  // left by the move
  };
  std::vector<Option> options_of(const BoardShape& shape) const;
  /// The value of a shape when it is known without a search: in the table, or copied().
  std::optional<Value> known_value(const BoardShape& shape);
  /// Whether some option has value `target`, decided with pruning; the options the table settles
  /// alone first.
  bool some_option_has_value(std::vector<Option>& options, Value target, bool parallel);
  /// Whether the options of `shape` are shared among the threads: at the top, when it is large.
  bool parallel(const BoardShape& shape, bool top) const noexcept;
  /// Runs `body(i)` for i < count, over the threads when `parallel`; stops when a call returns
  /// true and returns true then.
  template <class Body>
  bool until(std::size_t count, bool parallel, Body&& body);

  DeletionRule rule_;
  BoardAdjacency adjacency_;
  ComponentSearchOptions options_;
  BoardTable table_;
  SearchCounter counter_;
};

template <class F>
void BoardSearch::for_each_move(const BoardShape& shape, F&& f) const {
  const BoardFrame& frame = board_frame(adjacency_, shape.rows, shape.columns);
  const CellSet& cells = shape.cells;
  // The symmetries of the box that map the shape onto itself: a move and its images under them
  // leave congruent cells, so only the least of each orbit is played.
  std::vector<const std::vector<std::uint8_t>*> stabiliser;
  if (options_.canonical_forms) {
    for (std::size_t s = 1; s < frame.symmetries().size(); ++s) {
      if (frame.image(cells, s) == cells) stabiliser.push_back(&frame.symmetries()[s]);
    }
  }
  if (rule_ == DeletionRule::node) {
    cells.for_each([&](std::size_t v) {
      for (const auto* map : stabiliser) {
        if ((*map)[v] < v) return;
      }
      f(cells - frame.closed_neighbourhood(v));
    });
    return;
  }
  cells.for_each([&](std::size_t v) {
    (frame.neighbours(v) & cells).for_each([&](std::size_t u) {
      if (u < v) return;  // the edge {u, v} is played from u
      for (const auto* map : stabiliser) {
        const std::size_t a = std::min((*map)[v], (*map)[u]);
        const std::size_t b = std::max((*map)[v], (*map)[u]);
        if (a < v || (a == v && b < u)) return;
      }
      CellSet rest = cells;
      rest.reset(v);
      rest.reset(u);
      f(rest);
    });
  });
}

}  // namespace grundy
