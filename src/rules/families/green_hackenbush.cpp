// Green Hackenbush (Winning Ways ch. 7) as a game of the spec language. A position is a graph
// standing on the ground, written as its edges: `hackenbush:0-1,1-2,1-3` (vertex 0 is the ground;
// `2-2` is a loop; an edge may repeat), or `0` for the bare ground. Every edge must be connected
// to the ground. The text is normalised: vertices renumbered 0, 1, 2, ... in the order of their
// numbers, each edge written smaller end first, edges sorted. A move deletes one edge and drops
// what no longer reaches the ground. Values: green_hackenbush.hpp.
#include "grundy/rules/families/green_hackenbush.hpp"

#include <algorithm>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/rules/registry.hpp"
#include "grundy/rules/tuple_positions.hpp"

namespace grundy {
namespace {

constexpr std::size_t kMaxHackenbushEdges = 65536;
constexpr std::size_t kMaxHackenbushVertices = 4096;
/// Vertex numbers as written (renumbered afterwards).
constexpr std::uint64_t kMaxVertexNumber = 1'000'000'000;
/// Winning moves value every option (each O(edges)) and keep the distinct ones of the value
/// sought: refused past this many edges squared.
constexpr std::uint64_t kMaxHackenbushMoveWork = std::uint64_t{1} << 22;

/// The edges that still reach the ground, renumbered and sorted (the normal form), flattened
/// u0, v0, u1, v1, ...
NumberList grounded_normal_form(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& edges) {
  std::vector<std::uint64_t> names;
  for (const auto& [u, v] : edges) {
    names.push_back(u);
    names.push_back(v);
  }
  names.push_back(0);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  const auto number = [&](std::uint64_t name) {
    return static_cast<std::size_t>(std::lower_bound(names.begin(), names.end(), name) -
                                    names.begin());
  };
  std::vector<std::vector<std::size_t>> adjacent(names.size());
  for (const auto& [u, v] : edges) {
    adjacent[number(u)].push_back(number(v));
    adjacent[number(v)].push_back(number(u));
  }
  std::vector<bool> grounded(names.size(), false);
  std::vector<std::size_t> queue{0};
  grounded[0] = true;
  for (std::size_t i = 0; i < queue.size(); ++i) {
    for (const std::size_t w : adjacent[queue[i]]) {
      if (!grounded[w]) {
        grounded[w] = true;
        queue.push_back(w);
      }
    }
  }
  std::vector<std::uint64_t> renumber(names.size(), 0);
  std::uint64_t next = 0;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (grounded[i]) renumber[i] = next++;
  }
  std::vector<std::pair<std::uint64_t, std::uint64_t>> kept;
  for (const auto& [u, v] : edges) {
    if (!grounded[number(u)]) continue;
    const std::uint64_t a = renumber[number(u)], b = renumber[number(v)];
    kept.emplace_back(std::min(a, b), std::max(a, b));
  }
  std::sort(kept.begin(), kept.end());
  NumberList flat;
  for (const auto& [a, b] : kept) {
    flat.push_back(a);
    flat.push_back(b);
  }
  return flat;
}

class GreenHackenbush final : public Game {
 public:
  GreenHackenbush() : Game("hackenbush"), kept_("hackenbush") {
    set_traits({.layout = Layout::general, .formula_values = true});
  }

  Position parse_position(Scanner& in) const override {
    // Every number is read (and checked for size) before the shape is: `u-v` joined by commas.
    const std::size_t start = in.offset();
    std::vector<std::uint64_t> ends;
    std::vector<std::pair<char, std::size_t>> separators;  // each with its offset
    while (true) {
      if (ends.size() == 2 * kMaxHackenbushEdges) {
        in.fail("more than " + std::to_string(kMaxHackenbushEdges) +
                " edges is too large a position");
      }
      ends.push_back(in.unsigned_integer("a vertex", kMaxVertexNumber));
      in.skip_spaces();
      const std::size_t at = in.offset();
      if (!in.accept('-') && !in.accept(',')) break;
      separators.emplace_back(in.text()[at], at);
      in.skip_spaces();
    }
    if (ends.size() == 1 && ends[0] == 0) return kept_.keep({});  // the bare ground
    for (std::size_t i = 0; i < separators.size(); ++i) {
      const char expected = i % 2 == 0 ? '-' : ',';
      if (separators[i].first != expected) {
        in.fail_at(separators[i].second,
                   expected == '-' ? "expected '-' between the two ends of an edge, found ','"
                                   : "expected ',' between two edges, found '-'");
      }
    }
    if (ends.size() % 2 != 0) {
      in.fail("expected '-' and the other end of the edge, found " +
              describe_char(in.text(), in.offset()));
    }
    std::vector<std::pair<std::uint64_t, std::uint64_t>> edges;
    for (std::size_t i = 0; i < ends.size(); i += 2) edges.emplace_back(ends[i], ends[i + 1]);
    const NumberList flat = grounded_normal_form(edges);
    if (flat.size() != 2 * edges.size()) {
      in.fail_at(start,
                 "an edge of the position is not connected to the ground (vertex 0): "
                 "it would fall at once");
    }
    if (!flat.empty() && *std::max_element(flat.begin(), flat.end()) >= kMaxHackenbushVertices) {
      in.fail_at(start, "more than " + std::to_string(kMaxHackenbushVertices) +
                            " vertices is too large a position");
    }
    return kept_.keep(flat);
  }

  std::string format_position(const Position& p) const override {
    const NumberList& flat = kept_.list_of(p);
    if (flat.empty()) return "0";
    std::string out;
    for (std::size_t i = 0; i < flat.size(); i += 2) {
      if (i > 0) out += ',';
      out += std::to_string(flat[i]) + "-" + std::to_string(flat[i + 1]);
    }
    return out;
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    const NumberList flat = kept_.list_of(p);
    TuplePositions::require_listable(flat.size() / 2, flat.size(),
                                     "hackenbush:" + format_position(p));
    std::vector<Position> parts;
    for (const NumberList& q : distinct_options(flat, std::nullopt)) parts.push_back(kept_.keep(q));
    std::sort(parts.begin(), parts.end());
    for (const Position& q : parts) visit_single(q, visit);
  }

  std::optional<std::uint64_t> formula_options_with_value(const Position& p, Value target,
                                                          std::size_t limit,
                                                          OptionVisitor& visit) const override {
    const NumberList flat = kept_.list_of(p);
    const std::uint64_t edges = flat.size() / 2;
    if (edges * edges > kMaxHackenbushMoveWork) {
      throw ResourceError("the moves of " + quote_excerpt("hackenbush:" + format_position(p), 80) +
                          " to a given value value every one of its " + std::to_string(edges) +
                          " options, refused past " + std::to_string(std::uint64_t{1} << 11) +
                          " edges (its value is still given)");
    }
    const std::set<NumberList> found = distinct_options(flat, target);
    std::vector<Position> parts;
    for (const NumberList& q : found) {
      if (parts.size() == limit) break;
      parts.push_back(kept_.keep(q));
    }
    std::sort(parts.begin(), parts.end());
    for (const Position& q : parts) visit_single(q, visit);
    return found.size();
  }

  std::optional<Value> formula_value(const Position& p) const override {
    return value_of(kept_.list_of(p));
  }

  std::vector<Position> sample_positions(std::size_t count) const override {
    // Every graph of up to 3 edges on the ground and 3 more vertices (loops and repeated edges
    // included), by number of edges, normalised and each once.
    std::vector<std::pair<std::uint64_t, std::uint64_t>> pairs;
    for (std::uint64_t u = 0; u < 4; ++u) {
      for (std::uint64_t v = u; v < 4; ++v) pairs.emplace_back(u, v);
    }
    std::vector<Position> out;
    std::set<NumberList> seen;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> edges;
    for (std::size_t size = 0; size <= 3 && out.size() < count; ++size) {
      add_samples(pairs, 0, size, edges, seen, count, out);
    }
    return out;
  }

 private:
  /// The graphs left by deleting one edge, normalised, each once (parallel edges and symmetric
  /// ones leave equal graphs); only those of value `target` when one is given.
  static std::set<NumberList> distinct_options(const NumberList& flat,
                                               std::optional<Value> target) {
    std::set<NumberList> seen;
    std::vector<std::pair<std::uint64_t, std::uint64_t>> rest;
    for (std::size_t cut = 0; cut < flat.size(); cut += 2) {
      rest.clear();
      for (std::size_t i = 0; i < flat.size(); i += 2) {
        if (i != cut) rest.emplace_back(flat[i], flat[i + 1]);
      }
      NumberList q = grounded_normal_form(rest);
      if (target && value_of(q) != *target) continue;
      seen.insert(std::move(q));
    }
    return seen;
  }

  static Value value_of(const NumberList& flat) {
    std::vector<HackenbushEdge> edges;
    std::size_t vertices = 1;
    for (std::size_t i = 0; i < flat.size(); i += 2) {
      edges.emplace_back(static_cast<std::uint32_t>(flat[i]),
                         static_cast<std::uint32_t>(flat[i + 1]));
      vertices = std::max<std::size_t>(vertices, flat[i + 1] + 1);
    }
    return green_hackenbush_value(vertices, edges);
  }

  void add_samples(const std::vector<std::pair<std::uint64_t, std::uint64_t>>& pairs,
                   std::size_t from, std::size_t left,
                   std::vector<std::pair<std::uint64_t, std::uint64_t>>& edges,
                   std::set<NumberList>& seen, std::size_t count,
                   std::vector<Position>& out) const {
    if (out.size() == count) return;
    if (left == 0) {
      const NumberList flat = grounded_normal_form(edges);
      if (flat.size() == 2 * edges.size() && seen.insert(flat).second) {
        out.push_back(kept_.keep(flat));
      }
      return;
    }
    for (std::size_t i = from; i < pairs.size(); ++i) {  // repeats allowed: from i, not i + 1
      edges.push_back(pairs[i]);
      add_samples(pairs, i, left - 1, edges, seen, count, out);
      edges.pop_back();
    }
  }

  TuplePositions kept_;
};

const FamilyRegistration kGreenHackenbush{Family{
    .name = "hackenbush",
    .syntax = "hackenbush",
    .summary = "Green Hackenbush: delete an edge; what no longer reaches the ground falls "
               "(position: edges u-v, vertex 0 the ground, e.g. 0-1,1-2,1-3)",
    .arguments = Arguments::none,
    .examples = {"hackenbush"},
    .make = [](Scanner*) { return std::make_shared<const GreenHackenbush>(); },
}};

}  // namespace
}  // namespace grundy
