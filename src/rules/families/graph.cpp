#include "grundy/rules/families/graph.hpp"

#include <algorithm>
#include <cctype>
#include <memory>
#include <string_view>
#include <utility>

#include "grundy/core/input_file.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {

bool is_vertex_name_char(char c) noexcept {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
}

GraphGame::GraphGame(const std::string& path)
    : Game("graph(" + quote_excerpt(path, path.size()) + ")") {
  set_traits({.layout = Layout::graph});
  // Quoted through quote_excerpt everywhere: a path or a line may hold control bytes (a NUL
  // would cut the message), and a line may be as long as the file.
  const std::string file = "graph file '" + quote_excerpt(path, 200) + "'";
  const std::string text = read_input_file(path, "graph file", kMaxGraphFileBytes);
  auto fail = [&](std::size_t line_no, const std::string& problem) {
    throw Error(file + " line " + std::to_string(line_no) + ": " + problem);
  };
  auto vertex = [&](std::string_view name, std::size_t line_no) -> std::uint32_t {
    auto it = index_.find(std::string(name));
    if (it != index_.end()) return it->second;
    if (names_.size() >= kMaxGraphVertices) {
      fail(line_no, "more than " + std::to_string(kMaxGraphVertices) +
                        " vertices, the most a graph file may have");
    }
    const auto v = static_cast<std::uint32_t>(names_.size());
    names_.emplace_back(name);
    index_.emplace(std::string(name), v);
    return v;
  };
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  std::size_t line_no = 0;
  for (std::size_t at = 0; at < text.size();) {
    ++line_no;
    std::size_t end = text.find('\n', at);
    if (end == std::string::npos) end = text.size();
    std::string_view line(text.data() + at, end - at);
    at = end + 1;
    if (const auto hash = line.find('#'); hash != std::string_view::npos) {
      line = line.substr(0, hash);
    }
    std::string_view tokens[2];
    std::size_t count = 0;
    std::size_t i = 0;
    while (i < line.size()) {
      const char c = line[i];
      if (c == ' ' || c == '\t' || c == '\r') {
        ++i;
        continue;
      }
      if (!is_vertex_name_char(c)) {
        fail(line_no, "'" + quote_excerpt(line.substr(i, 1)) +
                          "' cannot be part of a vertex name (letters, digits, '_', '-', '.')");
      }
      const std::size_t start = i;
      while (i < line.size() && is_vertex_name_char(line[i])) ++i;
      const std::string_view name = line.substr(start, i - start);
      if (name.size() > kMaxVertexNameBytes) {
        fail(line_no, "vertex name '" + quote_excerpt(name) + "' is longer than " +
                          std::to_string(kMaxVertexNameBytes) + " bytes, the most a name may have");
      }
      if (count < 2) tokens[count] = name;
      ++count;
    }
    if (count == 0) continue;
    if (count > 2) {
      fail(line_no,
           "expected 'FROM TO' or one vertex name, found " + std::to_string(count) + " names");
    }
    const std::uint32_t from = vertex(tokens[0], line_no);
    if (count == 2) edges.emplace_back(from, vertex(tokens[1], line_no));
  }
  std::sort(edges.begin(), edges.end());
  edges.erase(std::unique(edges.begin(), edges.end()), edges.end());  // a repeated edge is one move
  offsets_.assign(names_.size() + 1, 0);
  for (auto [from, to] : edges) ++offsets_[from + 1];
  for (std::size_t v = 0; v < names_.size(); ++v) offsets_[v + 1] += offsets_[v];
  targets_.reserve(edges.size());
  for (auto [from, to] : edges) targets_.push_back(to);
}

Position GraphGame::parse_position(Scanner& in) const {
  const std::size_t start = in.offset();
  while (!in.at_end() && is_vertex_name_char(in.peek())) in.get();
  const std::string name(in.text().substr(start, in.offset() - start));
  if (name.empty()) {
    in.fail("expected a vertex name, found " + describe_char(in.text(), in.offset()));
  }
  auto it = index_.find(name);
  if (it == index_.end()) {
    in.fail_at(start,
               "no vertex '" + quote_excerpt(name) + "' in " + quote_excerpt(this->name(), 200));
  }
  return Position{it->second, 0};
}

void GraphGame::require_vertex(const Position& p) const {
  if (p.x >= names_.size() || p.y != 0) {
    throw Error("(" + std::to_string(p.x) + ", " + std::to_string(p.y) + ") is not a vertex of " +
                quote_excerpt(name(), 200) + " (it has " + std::to_string(names_.size()) + ")");
  }
}

std::string GraphGame::format_position(const Position& p) const {
  require_vertex(p);
  return names_[p.x];
}

void GraphGame::options(const Position& p, OptionVisitor& visit) const {
  require_vertex(p);
  for (std::uint32_t w : successors(p.x)) {
    const Position next{w, 0};
    visit.option(std::span<const Position>(&next, 1));
  }
}

std::vector<Position> GraphGame::sample_positions(std::size_t count) const {
  std::vector<Position> out;
  for (std::size_t v = 0; v < names_.size() && v < count; ++v) out.push_back(Position{v, 0});
  return out;
}

namespace {

const FamilyRegistration kGraph{Family{
    .name = "graph",
    .syntax = "graph(path/to/edges.txt)",
    .summary = "a token on a directed graph given as an edge list; a move follows an edge "
               "(position: a vertex name)",
    .arguments = Arguments::required,
    .examples = {},
    .make = [](Scanner* args) -> std::shared_ptr<const Game> {
      if (args == nullptr) throw SpecError(1, "graph needs a file, e.g. graph(edges.txt)");
      args->skip_spaces();
      std::string path(args->rest());
      while (!path.empty() && (path.back() == ' ' || path.back() == '\t')) path.pop_back();
      if (path.empty()) args->fail("expected the path of a graph file");
      // The game's name shows such a byte escaped, so the name would not name the same file (and
      // a NUL would cut the path the system sees).
      for (const char c : path) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
          args->fail("a graph file's path cannot hold a control byte (found " +
                     describe_char(path, path.find(c)) + ")");
        }
      }
      while (!args->at_end()) args->get();
      return std::make_shared<const GraphGame>(path);
    },
}};

}  // namespace
}  // namespace grundy
