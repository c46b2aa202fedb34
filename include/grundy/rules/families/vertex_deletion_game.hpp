#pragma once
/// \file Node-Kayles, Arc-Kayles and Cram as games of the spec language: a position is a graph
/// (vertex_deletion.hpp for the moves, graph_notation.hpp for the text) and the pieces played on
/// it: `3x4-b2-b3` is the 3 x 4 board with a domino on b2 and b3, `cycle(9)-4` the cycle with
/// vertex 4 taken. Positions are kept in the game, each under a number (Position{id, 0}).
///
/// Options are the actual moves, one per vertex (Node-Kayles) or edge (Arc-Kayles, Cram), each
/// leaving its own position: what `solve`, `explain` and `play` list and count. The searches
/// that give values play one move per automorphism orbit on canonical components instead
/// (component_search.hpp, board_search.hpp); that economy is theirs, not the rules'.

#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "grundy/rules/canonical_graph.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/graph_notation.hpp"
#include "grundy/rules/vertex_deletion.hpp"

namespace grundy {

class VertexDeletionGame final : public Game {
 public:
  VertexDeletionGame(std::string name, DeletionRule rule, GraphNotations notations);

  DeletionRule rule() const noexcept { return rule_; }
  /// The graph of what is left of a position this game made (its vertices numbered in the order
  /// of the graph played on); throws Error for any other position.
  SimpleGraph graph_of(const Position& p) const;
  /// The vertices of the graph played on that are still there (bits of set_words(n) words).
  VertexSet alive(const Position& p) const;
  /// The cells still free of a position on a board that fits a CellSet (graph_notation.hpp): the
  /// board search plays them without the graph.
  std::optional<BoardCells> board_of(const Position& p) const;
  /// The vertices left, without building the graph.
  std::size_t vertices_left(const Position& p) const;

  Position parse_position(Scanner& in) const override;
  std::string format_position(const Position& p) const override;
  /// One option per move: each vertex left (node rule) or edge left (arc rule), in increasing
  /// order, the option the one position that move leaves (never split, so moves that leave
  /// isomorphic graphs are still two options).
  void options(const Position& p, OptionVisitor& visit) const override;
  /// For the exhaustive searches (misère play, remoteness): one move per orbit of the graph's
  /// automorphisms, what it leaves as its connected components with moves, each in canonical
  /// form (`g6(...)`), each distinct multiset once. Moves at two vertices of one orbit leave
  /// isomorphic graphs, so these are the options up to isomorphism.
  void search_options(const Position& p, OptionVisitor& visit) const override;
  std::string move_name(const Position& p, std::span<const Position> to) const override;
  std::string drawing(const Position& p) const override;
  std::vector<Position> sample_positions(std::size_t count) const override;

  /// The most positions one game keeps: a request past it is refused.
  static constexpr std::size_t kMaxPositions = 10'000'000;

 private:
  /// A graph as the user wrote it: what the pieces are played on.
  struct Base {
    std::string text;
    SimpleGraph graph;
    std::optional<BoardCells> board;
    std::optional<BoardLayout> layout;
    /// The vertex at each cell of the layout's frame (-1: not a vertex).
    std::vector<std::int32_t> vertex_at;
  };
  struct Kept {
    std::shared_ptr<const Base> base;
    /// The vertices played, increasing: taken (node rule) or covered (arc rule).
    std::vector<std::uint32_t> played;
    VertexSet alive;
    std::string text;
  };
  const Kept& kept(const Position& p) const;
  /// The position of `played` (increasing) on `base`, kept once per text.
  Position keep(const std::shared_ptr<const Base>& base, std::vector<std::uint32_t> played) const;
  /// The graph written `text`, kept once: `make()` builds it when it is not kept yet.
  template <class Make>
  std::shared_ptr<const Base> kept_base(const std::string& text, Make&& make) const;
  /// The position of a component in canonical form, printed `g6(KEY)`.
  Position canonical_part(CanonicalGraph c) const;
  /// How vertex v of `base` is written: a cell name on a board, else its number.
  static std::string vertex_name(const Base& base, std::uint32_t v);

  DeletionRule rule_;
  GraphNotations notations_;
  mutable std::mutex mutex_;
  mutable std::deque<Kept> kept_;  // a deque: references stay valid as it grows
  mutable std::unordered_map<std::string, std::uint64_t> by_text_;
  mutable std::unordered_map<std::string, std::shared_ptr<const Base>> bases_;
};

}  // namespace grundy
