#include "grundy/rules/vertex_deletion_game.hpp"

#include <algorithm>
#include <set>

#include "grundy/core/error.hpp"
#include "grundy/rules/canonical_graph.hpp"

namespace grundy {

VertexDeletionGame::VertexDeletionGame(std::string name, DeletionRule rule,
                                       GraphNotations notations)
    : Game(std::move(name)), rule_(rule), notations_(notations) {
  set_traits({.layout = Layout::components, .splits = true});
}

Position VertexDeletionGame::keep(const std::string& text, const SimpleGraph& graph,
                                  std::optional<BoardCells> board) const {
  const std::lock_guard lock(mutex_);
  if (auto it = by_text_.find(text); it != by_text_.end()) return Position{it->second, 0};
  if (kept_.size() >= kMaxPositions) {
    throw ResourceError(name() + " keeps at most " + std::to_string(kMaxPositions) +
                        " positions, and this request needs more");
  }
  const std::uint64_t id = kept_.size();
  kept_.push_back(Kept{text, graph, std::move(board)});
  by_text_.emplace(text, id);
  return Position{id, 0};
}

const SimpleGraph& VertexDeletionGame::graph_of(const Position& p) const {
  const std::lock_guard lock(mutex_);
  if (p.y != 0 || p.x >= kept_.size()) {
    throw Error("position (" + std::to_string(p.x) + ", " + std::to_string(p.y) +
                ") is not a position of " + name());
  }
  return kept_[static_cast<std::size_t>(p.x)].graph;
}

std::optional<BoardCells> VertexDeletionGame::board_of(const Position& p) const {
  graph_of(p);  // throws for a position not made here
  const std::lock_guard lock(mutex_);
  return kept_[static_cast<std::size_t>(p.x)].board;
}

void VertexDeletionGame::attach_board(const Position& p, const BoardCells& board) const {
  graph_of(p);
  const std::lock_guard lock(mutex_);
  Kept& kept = kept_[static_cast<std::size_t>(p.x)];
  if (!kept.board) kept.board = board;
}

Position VertexDeletionGame::parse_position(Scanner& in) const {
  GraphPosition parsed = parse_graph_position(in, notations_);
  return keep(parsed.text, parsed.graph, std::move(parsed.board));
}

std::string VertexDeletionGame::format_position(const Position& p) const {
  graph_of(p);  // throws for a position not made here
  const std::lock_guard lock(mutex_);
  return kept_[static_cast<std::size_t>(p.x)].text;
}

Position VertexDeletionGame::canonical_component(const std::string& key,
                                                 const SimpleGraph& graph) const {
  return keep("g6(" + key + ")", graph);
}

void VertexDeletionGame::options(const Position& p, OptionVisitor& visit) const {
  // Moves from one orbit of the whole graph's automorphisms leave the same components; other
  // moves may too, so the options are collected as sets of parts first, each given once.
  const CanonicalGraph whole = canonical_graph(graph_of(p));
  std::set<std::vector<Position>> seen;
  for_each_deletion(
      whole.graph, rule_, whole.orbit_representatives, [&](std::span<const std::uint64_t> alive) {
        std::vector<Position> parts;
        for (const auto& vertices : connected_components(whole.graph, alive)) {
          if (tiny_component_value(rule_, vertices.size()) == Value{0}) continue;
          const CanonicalGraph c = canonical_graph(induced_subgraph(whole.graph, vertices));
          parts.push_back(canonical_component(c.key, c.graph));
        }
        std::sort(parts.begin(), parts.end());
        seen.insert(std::move(parts));
      });
  for (const auto& parts : seen) visit.option(parts);
}

std::vector<Position> VertexDeletionGame::sample_positions(std::size_t count) const {
  std::vector<std::string> texts;
  if (notations_ == GraphNotations::graphs) {
    for (std::size_t n = 1; n <= 9; ++n) texts.push_back("path(" + std::to_string(n) + ")");
    for (std::size_t n = 3; n <= 8; ++n) texts.push_back("cycle(" + std::to_string(n) + ")");
    for (std::size_t n = 1; n <= 6; ++n) texts.push_back("star(" + std::to_string(n) + ")");
    for (std::size_t n = 1; n <= 6; ++n) texts.push_back("complete(" + std::to_string(n) + ")");
    for (const char* t : {"queens(2)", "queens(3)", "g6(Dhc)", "g6(EQjO)"}) texts.push_back(t);
  }
  // Rectangles by area, both ways round.
  for (std::size_t area = 1; area <= 16; ++area) {
    for (std::size_t r = 1; r <= area; ++r) {
      if (area % r == 0 && r <= 4 && area / r <= 6) {
        texts.push_back(std::to_string(r) + "x" + std::to_string(area / r));
      }
    }
  }
  std::vector<Position> out;
  for (const std::string& t : texts) {
    if (out.size() == count) break;
    Scanner in(t);
    out.push_back(parse_position(in));
  }
  return out;
}

}  // namespace grundy
