#include "grundy/rules/families/vertex_deletion_game.hpp"

#include <algorithm>
#include <bit>
#include <set>

#include "grundy/core/error.hpp"
#include "grundy/rules/canonical_graph.hpp"

namespace grundy {

VertexDeletionGame::VertexDeletionGame(std::string name, DeletionRule rule,
                                       GraphNotations notations)
    : Game(std::move(name)), rule_(rule), notations_(notations) {
  // An option is the one position a move leaves, never split: the searches split it.
  set_traits({.layout = Layout::components, .splits = false});
}

const VertexDeletionGame::Kept& VertexDeletionGame::kept(const Position& p) const {
  const std::lock_guard lock(mutex_);
  if (p.y != 0 || p.x >= kept_.size()) {
    throw Error("position (" + std::to_string(p.x) + ", " + std::to_string(p.y) +
                ") is not a position of " + name());
  }
  return kept_[static_cast<std::size_t>(p.x)];
}

std::string VertexDeletionGame::vertex_name(const Base& base, std::uint32_t v) {
  if (!base.layout) return std::to_string(v);
  const std::uint32_t cell = base.layout->cell_of[v];
  return cell_name(cell / base.layout->columns, cell % base.layout->columns);
}

template <class Make>
std::shared_ptr<const VertexDeletionGame::Base> VertexDeletionGame::kept_base(
    const std::string& text, Make&& make) const {
  {
    const std::lock_guard lock(mutex_);
    if (auto it = bases_.find(text); it != bases_.end()) return it->second;
  }
  // Made outside the lock; a base another thread kept meanwhile wins.
  auto made = std::make_shared<const Base>(make());
  const std::lock_guard lock(mutex_);
  return bases_.emplace(text, std::move(made)).first->second;
}

Position VertexDeletionGame::keep(const std::shared_ptr<const Base>& base,
                                  std::vector<std::uint32_t> played) const {
  std::string text = base->text;
  for (const std::uint32_t v : played) text += "-" + vertex_name(*base, v);
  {
    const std::lock_guard lock(mutex_);
    if (auto it = by_text_.find(text); it != by_text_.end()) return Position{it->second, 0};
  }
  const SimpleGraph& g = base->graph;
  VertexSet alive(g.words(), 0);
  for (std::size_t v = 0; v < g.vertex_count(); ++v) set_insert(alive, v);
  for (const std::uint32_t v : played) {
    if (rule_ == DeletionRule::node) {
      const auto row = g.row(v);
      for (std::size_t k = 0; k < alive.size(); ++k) alive[k] &= ~row[k];
    }
    set_erase(alive, v);
  }
  const std::lock_guard lock(mutex_);
  if (auto it = by_text_.find(text); it != by_text_.end()) return Position{it->second, 0};
  if (kept_.size() >= kMaxPositions) {
    throw ResourceError(name() + " keeps at most " + std::to_string(kMaxPositions) +
                        " positions, and this request needs more");
  }
  const std::uint64_t id = kept_.size();
  kept_.push_back(Kept{base, std::move(played), std::move(alive), text});
  by_text_.emplace(std::move(text), id);
  return Position{id, 0};
}

SimpleGraph VertexDeletionGame::graph_of(const Position& p) const {
  const Kept& k = kept(p);
  std::vector<std::uint32_t> vertices;
  for (std::size_t v = 0; v < k.base->graph.vertex_count(); ++v) {
    if (set_contains(k.alive, v)) vertices.push_back(static_cast<std::uint32_t>(v));
  }
  return induced_subgraph(k.base->graph, vertices);
}

VertexSet VertexDeletionGame::alive(const Position& p) const {
  return kept(p).alive;
}

std::size_t VertexDeletionGame::vertices_left(const Position& p) const {
  std::size_t n = 0;
  for (const std::uint64_t w : kept(p).alive) n += static_cast<std::size_t>(std::popcount(w));
  return n;
}

std::optional<BoardCells> VertexDeletionGame::board_of(const Position& p) const {
  const Kept& k = kept(p);
  if (!k.base->board) return std::nullopt;
  BoardCells board = *k.base->board;
  board.cells = CellSet{};
  for (std::size_t v = 0; v < k.base->graph.vertex_count(); ++v) {
    if (set_contains(k.alive, v)) board.cells.set(k.base->layout->cell_of[v]);
  }
  return board;
}

Position VertexDeletionGame::parse_position(Scanner& in) const {
  GraphPosition parsed = parse_graph_position(in, notations_);
  const std::shared_ptr<const Base> base = kept_base(parsed.text, [&] {
    Base made{parsed.text,
              std::move(parsed.graph),
              std::move(parsed.board),
              std::move(parsed.layout),
              {}};
    if (made.layout) {
      made.vertex_at.assign(made.layout->rows * made.layout->columns, -1);
      for (std::size_t v = 0; v < made.layout->cell_of.size(); ++v) {
        made.vertex_at[made.layout->cell_of[v]] = static_cast<std::int32_t>(v);
      }
    }
    return made;
  });
  // The pieces played: `-CELL` on a board, `-VERTEX` (a number) on a graph.
  const SimpleGraph& g = base->graph;
  std::vector<std::uint32_t> played;
  while (in.peek() == '-') {
    in.get();
    const std::size_t at = in.offset();
    std::uint32_t v = 0;
    if (base->layout) {
      const BoardLayout& layout = *base->layout;
      const std::optional<CellAt> cell = parse_cell_name(in);
      if (!cell) {
        in.fail("expected a cell after '-': its column as letters, then its row (e.g. b3)");
      }
      const std::string shown = cell_name(cell->row, cell->column);
      if (cell->row >= layout.rows || cell->column >= layout.columns ||
          base->vertex_at[cell->row * layout.columns + cell->column] < 0) {
        in.fail_at(at, "cell " + shown + " is not a free cell of " + base->text + " (columns a.." +
                           column_letters(layout.columns - 1) + ", rows 1.." +
                           std::to_string(layout.rows) + ")");
      }
      v = static_cast<std::uint32_t>(base->vertex_at[cell->row * layout.columns + cell->column]);
    } else {
      if (g.vertex_count() == 0) in.fail_at(at, base->text + " has no vertex to take");
      v = static_cast<std::uint32_t>(in.unsigned_integer("a vertex", g.vertex_count() - 1));
    }
    const std::string shown = vertex_name(*base, v);
    for (const std::uint32_t w : played) {
      if (w == v) in.fail_at(at, shown + " is played twice");
      // Under the node rule a vertex next to one taken was taken with it.
      if (rule_ == DeletionRule::node && g.adjacent(v, w)) {
        in.fail_at(at, shown + " is next to " + vertex_name(*base, w) +
                           ", taken already (a vertex takes its neighbours with it)");
      }
    }
    played.push_back(v);
  }
  std::sort(played.begin(), played.end());
  return keep(base, std::move(played));
}

std::string VertexDeletionGame::format_position(const Position& p) const {
  return kept(p).text;
}

void VertexDeletionGame::options(const Position& p, OptionVisitor& visit) const {
  const Kept& k = kept(p);
  const SimpleGraph& g = k.base->graph;
  auto with = [&](std::initializer_list<std::uint32_t> move) {
    std::vector<std::uint32_t> played = k.played;
    played.insert(played.end(), move);
    std::sort(played.begin(), played.end());
    visit_single(keep(k.base, std::move(played)), visit);
  };
  for (std::size_t v = 0; v < g.vertex_count(); ++v) {
    if (!set_contains(k.alive, v)) continue;
    if (rule_ == DeletionRule::node) {
      with({static_cast<std::uint32_t>(v)});
      continue;
    }
    const auto row = g.row(v);
    for (std::size_t w = v + 1; w < g.vertex_count(); ++w) {
      if (set_contains(row, w) && set_contains(k.alive, w)) {
        with({static_cast<std::uint32_t>(v), static_cast<std::uint32_t>(w)});
      }
    }
  }
}

void VertexDeletionGame::search_options(const Position& p, OptionVisitor& visit) const {
  const CanonicalGraph whole = canonical_graph(graph_of(p));
  std::set<std::vector<Position>> seen;
  for_each_deletion(whole.graph, rule_, whole.orbit_representatives,
                    [&](std::span<const std::uint64_t> alive) {
                      std::vector<Position> parts;
                      for (const auto& vertices : connected_components(whole.graph, alive)) {
                        if (tiny_component_value(rule_, vertices.size()) == Value{0}) continue;
                        CanonicalGraph c = canonical_graph(induced_subgraph(whole.graph, vertices));
                        parts.push_back(canonical_part(std::move(c)));
                      }
                      std::sort(parts.begin(), parts.end());
                      seen.insert(std::move(parts));
                    });
  for (const auto& parts : seen) visit.option(parts);
}

Position VertexDeletionGame::canonical_part(CanonicalGraph c) const {
  const std::string text = "g6(" + c.key + ")";
  return keep(kept_base(text, [&] { return Base{text, std::move(c.graph), {}, {}, {}}; }), {});
}

std::string VertexDeletionGame::move_name(const Position& p, std::span<const Position> to) const {
  if (to.size() != 1) return {};
  const Kept& from = kept(p);
  const Kept& after = kept(to[0]);
  if (after.base != from.base) return {};
  std::vector<std::uint32_t> move;
  std::set_difference(after.played.begin(), after.played.end(), from.played.begin(),
                      from.played.end(), std::back_inserter(move));
  std::string out;
  for (const std::uint32_t v : move) out += (out.empty() ? "" : "-") + vertex_name(*from.base, v);
  return out;
}

std::string VertexDeletionGame::drawing(const Position& p) const {
  const Kept& k = kept(p);
  if (!k.base->layout) return {};
  const BoardLayout& layout = *k.base->layout;
  const std::size_t label = std::to_string(layout.rows).size();
  const std::size_t width = column_letters(layout.columns - 1).size();
  auto cell_text = [&](const std::string& s) { return std::string(width + 1 - s.size(), ' ') + s; };
  std::string out(label, ' ');
  for (std::size_t c = 0; c < layout.columns; ++c) out += cell_text(column_letters(c));
  out += '\n';
  for (std::size_t r = 0; r < layout.rows; ++r) {
    const std::string number = std::to_string(r + 1);
    out += std::string(label - number.size(), ' ') + number;
    for (std::size_t c = 0; c < layout.columns; ++c) {
      // `.` free, `#` not on the board, `X` a piece played, `x` taken away with a neighbour.
      const std::int32_t v = k.base->vertex_at[r * layout.columns + c];
      std::string mark = "#";
      if (v >= 0) {
        const auto u = static_cast<std::uint32_t>(v);
        if (set_contains(k.alive, u)) {
          mark = ".";
        } else if (std::binary_search(k.played.begin(), k.played.end(), u)) {
          mark = "X";
        } else {
          mark = "x";
        }
      }
      out += cell_text(mark);
    }
    out += '\n';
  }
  return out;
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
  // Boards with pieces on them.
  for (const char* t : rule_ == DeletionRule::node
                           ? std::vector<const char*>{"3x4-b2", "3x4-a1-c3"}
                           : std::vector<const char*>{"3x4-b2-b3", "3x4-a1-a2-c3-d3"}) {
    texts.push_back(t);
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
