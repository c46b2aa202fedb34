#pragma once
/// \file Node-Kayles, Arc-Kayles and Cram as games of the spec language: a position is a graph
/// (vertex_deletion.hpp for the moves, graph_notation.hpp for the text). Positions are kept in
/// the game, each under a number (Position{id, 0}); the components an option leaves are the
/// canonical forms of its connected components, so equal components are one position however a
/// move reached them.

#include <cstdint>
#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "grundy/rules/game.hpp"
#include "grundy/rules/graph_notation.hpp"
#include "grundy/rules/vertex_deletion.hpp"

namespace grundy {

class VertexDeletionGame final : public Game {
 public:
  VertexDeletionGame(std::string name, DeletionRule rule, GraphNotations notations);

  DeletionRule rule() const noexcept { return rule_; }
  /// The graph of a position this game made; throws Error for any other position.
  const SimpleGraph& graph_of(const Position& p) const;
  /// The cells of a position that is a board (graph_notation.hpp), or of a component a move on
  /// a board left (attach_board): its graph is the graph of these cells up to isomorphism.
  std::optional<BoardCells> board_of(const Position& p) const;
  /// Records that `p` is, up to isomorphism, the graph of `board`'s cells (a position without
  /// cells only: the first board attached stays).
  void attach_board(const Position& p, const BoardCells& board) const;

  Position parse_position(Scanner& in) const override;
  std::string format_position(const Position& p) const override;
  /// One option per distinct multiset of components left, parts the canonical components that
  /// still have moves (a component without moves, value 0, is left out).
  void options(const Position& p, OptionVisitor& visit) const override;
  std::vector<Position> sample_positions(std::size_t count) const override;

  /// The position of a graph already in canonical form, printed `g6(...)`.
  Position canonical_component(const std::string& key, const SimpleGraph& graph) const;

  /// The most positions one game keeps (each costs its graph): a request past it is refused.
  static constexpr std::size_t kMaxPositions = 10'000'000;

 private:
  Position keep(const std::string& text, const SimpleGraph& graph,
                std::optional<BoardCells> board = std::nullopt) const;

  DeletionRule rule_;
  GraphNotations notations_;
  struct Kept {
    std::string text;
    SimpleGraph graph;
    std::optional<BoardCells> board;
  };
  mutable std::mutex mutex_;
  mutable std::deque<Kept> kept_;  // a deque: references stay valid as it grows
  mutable std::unordered_map<std::string, std::uint64_t> by_text_;
};

}  // namespace grundy
