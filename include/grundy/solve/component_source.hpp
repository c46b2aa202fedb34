#pragma once
/// \file The value source of the vertex-deletion games (Node-Kayles, Arc-Kayles, Cram): values
/// from the component search, and the options of one value (a sum's winning moves) decided with
/// its pruning, without every option's value. Positions on a board of at most 256 cells go to the
/// board search, the rest to the graph search.

#include <array>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "grundy/rules/families/vertex_deletion_game.hpp"
#include "grundy/solve/board_search.hpp"
#include "grundy/solve/graph_search.hpp"
#include "grundy/solve/value_source.hpp"

namespace grundy {

/// What a component source is made with: the search's options, the table file kept between runs
/// (ComponentSource below) and where a failure to save it is told.
struct ComponentSourceOptions {
  ComponentSearchOptions search = {};
  std::optional<std::filesystem::path> table_file = {};
  std::function<void(const std::string&)> warning = {};
};

class ComponentSource final : public ValueSource {
 public:
  /// `game` must be a VertexDeletionGame (layout components). With `table_file`, the table is
  /// loaded from it when it exists (refused with Error when foreign or corrupt) and saved to it
  /// by save_table(), when the search is stopped, and when the source goes away (a failure then
  /// goes to `warning`).
  ComponentSource(std::shared_ptr<const Game> game, ComponentSearchOptions options,
                  std::optional<std::filesystem::path> table_file = std::nullopt,
                  std::function<void(const std::string&)> warning = {});
  ~ComponentSource() override;
  // Its board searches call back into it (the memory bound they share): it stays where it is.
  ComponentSource(const ComponentSource&) = delete;
  ComponentSource& operator=(const ComponentSource&) = delete;

  Value value(const Position& p) override;
  /// Answers from the search: every option is decided by has_value (pruned), the first `limit`
  /// of value `target` given to `visit` in the game's order, all of them counted.
  OptionSearch options_with_value(const Position& p, Value target, std::size_t limit,
                                  OptionVisitor& visit) override;

  /// The search of graphs that are not boards, made on first use.
  GraphSearch& search();
  /// The board search of one adjacency, made on first use.
  BoardSearch& board_search(BoardAdjacency adjacency);
  /// Writes the table to the table file (nothing without one).
  void save_table();

 private:
  template <class Work>
  auto saving_on_stop(Work&& work) -> decltype(work());
  Value part_value(const Position& part);
  bool part_has_value(const Position& part, Value target);
  /// Adds the entries of a table file to the searches.
  void load_table();
  /// The bytes the searches other than `search` hold against the memory bound.
  std::uint64_t bytes_beside(const void* search) const;
  /// The tables of the searches other than `search` grow no more.
  void stop_growing_beside(const void* search);

  std::shared_ptr<const Game> game_;
  const VertexDeletionGame& rules_;
  ComponentSearchOptions options_;
  // The searches share the memory bound: one made later gets the bound less what the others
  // hold, and their tables grow no more (a request of a grid, a queens' graph and another
  // graph once kept three tables, each up to the whole bound).
  std::unique_ptr<GraphSearch> graph_;
  std::array<std::unique_ptr<BoardSearch>, 2> boards_;
  std::optional<std::filesystem::path> table_file_;
  std::function<void(const std::string&)> warning_;
  /// Components searched over every search (what changes the tables).
  std::uint64_t nodes() const;
  /// nodes() when the table file was last written: when nothing was searched since, the file
  /// holds the tables as they are and is not written again when the source goes away (a table of
  /// a long search takes minutes to write).
  std::optional<std::uint64_t> saved_at_;
};

}  // namespace grundy
