#include "grundy/rules/graph.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <utility>

#include "grundy/rules/registry.hpp"

namespace grundy {

bool is_vertex_name_char(char c) noexcept {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' || c == '.';
}

GraphGame::GraphGame(const std::string& path) : Game("graph(" + path + ")") {
  std::ifstream in(path);
  if (!in) throw Error("cannot read graph file '" + path + "': " + std::strerror(errno));
  auto vertex = [&](const std::string& name) -> std::uint32_t {
    auto [it, added] = index_.try_emplace(name, static_cast<std::uint32_t>(names_.size()));
    if (added) {
      if (names_.size() >= UINT32_MAX)
        throw Error("graph file '" + path + "' has too many vertices");
      names_.push_back(name);
    }
    return it->second;
  };
  std::vector<std::pair<std::uint32_t, std::uint32_t>> edges;
  std::string line;
  for (std::size_t line_no = 1; std::getline(in, line); ++line_no) {
    if (const auto hash = line.find('#'); hash != std::string::npos) line.erase(hash);
    std::vector<std::string> tokens;
    std::size_t i = 0;
    while (i < line.size()) {
      const char c = line[i];
      if (c == ' ' || c == '\t' || c == '\r') {
        ++i;
        continue;
      }
      if (!is_vertex_name_char(c)) {
        throw Error("graph file '" + path + "' line " + std::to_string(line_no) + ": '" +
                    std::string(1, c) +
                    "' cannot be part of a vertex name (letters, digits, '_', '-', '.')");
      }
      const std::size_t start = i;
      while (i < line.size() && is_vertex_name_char(line[i])) ++i;
      tokens.push_back(line.substr(start, i - start));
    }
    if (tokens.empty()) continue;
    if (tokens.size() > 2) {
      throw Error("graph file '" + path + "' line " + std::to_string(line_no) +
                  ": expected 'FROM TO' or one vertex name, found " +
                  std::to_string(tokens.size()) + " names");
    }
    const std::uint32_t from = vertex(tokens[0]);
    if (tokens.size() == 2) edges.emplace_back(from, vertex(tokens[1]));
  }
  if (in.bad()) throw Error("cannot read graph file '" + path + "': read error");
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
  if (it == index_.end()) in.fail_at(start, "no vertex '" + name + "' in " + this->name());
  return Position{it->second, 0};
}

void GraphGame::options(const Position& p, OptionVisitor& visit) const {
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
      while (!args->at_end()) args->get();
      return std::make_shared<const GraphGame>(path);
    },
}};

}  // namespace
}  // namespace grundy
