#pragma once
/// \file The component search on boards (docs/theory/component-search.md): Node-Kayles,
/// Arc-Kayles and Cram on sets of cells of a grid, and Node-Kayles on the queens' graph. One
/// search of component_search.hpp per frame size, over the board space of as few words as the
/// frame needs (board_space.hpp), with the endgame database of its rule (endgame_database.hpp).
/// A board higher than wide is searched turned (the same game).

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "grundy/rules/board_shape.hpp"
#include "grundy/rules/vertex_deletion.hpp"
#include "grundy/solve/board_space.hpp"
#include "grundy/solve/component_search.hpp"
#include "grundy/solve/endgame_database.hpp"
#include "grundy/solve/shape_values.hpp"

namespace grundy {

extern template class ComponentSearch<BoardSpace<1>>;
extern template class ComponentSearch<BoardSpace<2>>;
extern template class ComponentSearch<BoardSpace<4>>;

class BoardSearch {
 public:
  /// `warning` hears about an endgame database file that could not be used or written.
  BoardSearch(DeletionRule rule, BoardAdjacency adjacency, ComponentSearchOptions options,
              std::function<void(const std::string&)> warning = {});
  ~BoardSearch();
  BoardSearch(const BoardSearch&) = delete;
  BoardSearch& operator=(const BoardSearch&) = delete;

  /// g of the free cells of `board` (connected or not): the XOR of its components' nimbers.
  Value value(const BoardCells& board);
  /// Whether g(board) = target.
  bool has_value(const BoardCells& board, Value target);
  /// The same for a shape, in a frame of its own box.
  Value value(const BoardShape& shape);
  bool has_value(const BoardShape& shape, Value target);

  DeletionRule rule() const noexcept { return rule_; }
  BoardAdjacency adjacency() const noexcept { return adjacency_; }
  /// Components expanded so far, over every frame.
  std::uint64_t nodes() const;
  /// Entries of the tables, over every frame.
  std::uint64_t table_size() const;
  std::uint64_t table_bytes() const;
  std::uint64_t table_dropped() const;
  /// What it holds against the memory bound: its tables, the loaded values and the endgame
  /// databases.
  std::uint64_t bytes() const;
  /// Its tables grow no more (a table made elsewhere gets the rest of the bound).
  void stop_growing();
  /// The other searches the memory bound is shared with (a ComponentSource's graph search and
  /// board search of the other adjacency): what they hold, and a call that stops their tables
  /// growing. A table made here gets the bound less what they hold too, and they stop growing.
  struct Beside {
    std::function<std::uint64_t()> bytes;
    std::function<void()> stop_growing;
  };
  void share_bound(Beside beside) { beside_ = std::move(beside); }
  /// Calls f(shape, fact) for what a table file keeps (table_line_of: every exact value,
  /// the dearer not-values), as a shape of its own box, without a copy of them: once a shape
  /// (the first table's fact, or an exact value of a later one), and the loaded facts no table
  /// holds.
  void for_each_fact(const std::function<void(const BoardShape&, const TableFact&)>& f) const;
  /// The exact values among them, as a list.
  std::vector<std::pair<BoardShape, Value>> exact_values() const;
  /// Adds facts (a loaded table file's): each goes to the table of every frame it fits, now and
  /// when a frame is made later. They are kept (compactly) and count against the memory bound:
  /// a frame made later has a table of the bound less what they take.
  void add_facts(ShapeValues facts);
  /// The box of the endgame database of `rule` and `adjacency` (rows, columns): 4 x 6 for the
  /// grid (16 million sets, 8 MiB, half a second to compute), 4 x 5 for the queens' graph.
  static std::pair<std::size_t, std::size_t> database_box(DeletionRule rule,
                                                          BoardAdjacency adjacency);
  /// The larger box a frame of rows x columns uses instead, if any: for Cram (the arc rule on
  /// the grid) on frames of at least kLargeDatabaseCells cells, 3 x 9 on frames of 3 rows (64 MiB,
  /// under 2 s on two cores to compute), 4 x 7 on frames of 4 rows (128 MiB, 3 s), 5 x 6 on
  /// frames of 5 rows or more (a billion sets, 512 MiB, about 15 s); measured in
  /// docs/theory/component-search.md. Used only with a cache directory (computed once, then
  /// mapped from its file in a fraction of a second) and a memory bound of at least
  /// kLargeDatabaseRoom times its size; it counts against the bound.
  static std::optional<std::pair<std::size_t, std::size_t>> large_database_box(
      DeletionRule rule, BoardAdjacency adjacency, std::size_t rows, std::size_t columns);
  static constexpr std::size_t kLargeDatabaseCells = 35;
  static constexpr std::uint64_t kLargeDatabaseRoom = 4;

 private:
  template <std::size_t W>
  using Search = ComponentSearch<BoardSpace<W>>;
  using AnySearch = std::variant<std::unique_ptr<Search<1>>, std::unique_ptr<Search<2>>,
                                 std::unique_ptr<Search<4>>>;
  /// A frame (rows <= columns) and its search.
  struct Frame {
    std::size_t rows;
    std::size_t columns;
    AnySearch search;
  };
  /// The least frame held that a board of rows x columns (rows <= columns) is searched in, if any.
  Frame* frame_for(std::size_t rows, std::size_t columns);
  /// The frame a board of rows x columns (rows <= columns) is searched in, made when needed.
  Frame& search(std::size_t rows, std::size_t columns);
  template <std::size_t W>
  std::unique_ptr<Search<W>> make(std::size_t rows, std::size_t columns);
  /// The endgame database of a frame of rows x columns (opened or built on first use); none
  /// when the options turn it off.
  const EndgameDatabase* database(std::size_t rows, std::size_t columns);
  /// The sum of count(search) over the frames.
  template <class Count>
  std::uint64_t over_frames(Count&& count) const;
  template <class Work>
  auto on_board(const BoardCells& board, Work&& work);
  /// The board's value when no frame holds it yet and no part of it needs a search (a board the
  /// copying strategy answers, such as Cram on an even x even grid): answered without making a
  /// frame, which would open (and the first time compute) its endgame database for nothing.
  std::optional<Value> value_without_frame(const BoardCells& board);

  DeletionRule rule_;
  BoardAdjacency adjacency_;
  ComponentSearchOptions options_;
  std::function<void(const std::string&)> warning_;
  // The endgame databases frames use, by box: database_box's and large_database_box's.
  std::map<std::pair<std::size_t, std::size_t>, std::shared_ptr<const EndgameDatabase>> databases_;
  std::vector<Frame> frames_;       // std::vector: a frame is only used between two searches
  std::uint64_t nodes_before_ = 0;  // of the frames that went
  ShapeValues loaded_;
  Beside beside_;
};

}  // namespace grundy
