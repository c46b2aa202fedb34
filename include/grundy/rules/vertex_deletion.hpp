#pragma once
/// \file The moves of games played by deleting vertices of a graph: Node-Kayles (take a vertex,
/// delete it and its neighbours) and Arc-Kayles (take an edge, delete both its ends; Cram is
/// Arc-Kayles on the graph of a board's free cells, a domino covering two adjacent cells). What a
/// move leaves falls apart into connected components, played as a sum.

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "grundy/core/value.hpp"
#include "grundy/rules/simple_graph.hpp"

namespace grundy {

enum class DeletionRule {
  /// Node-Kayles: a vertex and its neighbours.
  node,
  /// Arc-Kayles: the two ends of an edge.
  arc,
};

/// The rule's name in files: "node" or "arc".
inline const char* rule_name(DeletionRule rule) noexcept {
  return rule == DeletionRule::node ? "node" : "arc";
}

/// The value of a connected graph of at most two vertices, without search: under the node rule a
/// vertex or an edge is *1 (one move leaves nothing); under the arc rule a lone vertex is 0 (no
/// edge) and an edge *1. Nothing for larger graphs.
inline std::optional<Value> tiny_component_value(DeletionRule rule, std::size_t vertices) {
  if (vertices == 2) return 1;
  if (vertices == 1) return rule == DeletionRule::node ? 1 : 0;
  if (vertices == 0) return 0;
  return std::nullopt;
}

/// Calls `f(alive)` with the vertices a move leaves, for one move per choice among `choices`: under
/// the node rule each chosen vertex is taken; under the arc rule each edge with an end among the
/// choices (once per edge). Passing one vertex per automorphism orbit reaches every move up to
/// isomorphism: an edge {u, v} with u in the orbit of a choice r is carried to an edge at r.
template <class F>
void for_each_deletion(const SimpleGraph& g, DeletionRule rule,
                       std::span<const std::uint32_t> choices, F&& f) {
  const std::size_t n = g.vertex_count();
  const std::size_t m = g.words();
  VertexSet all(m, 0);
  for (std::size_t v = 0; v < n; ++v) set_insert(all, v);
  VertexSet alive(m);
  if (rule == DeletionRule::node) {
    for (const std::uint32_t v : choices) {
      const auto row = g.row(v);
      for (std::size_t k = 0; k < m; ++k) alive[k] = all[k] & ~row[k];
      set_erase(alive, v);
      f(std::span<const std::uint64_t>(alive));
    }
    return;
  }
  VertexSet chosen(m, 0);
  for (const std::uint32_t v : choices) set_insert(chosen, v);
  for (const std::uint32_t v : choices) {
    const auto row = g.row(v);
    for (std::size_t w = 0; w < n; ++w) {
      if (!set_contains(row, w)) continue;
      if (w < v && set_contains(chosen, w)) continue;  // the edge was played from w
      alive = all;
      set_erase(alive, v);
      set_erase(alive, w);
      f(std::span<const std::uint64_t>(alive));
    }
  }
}

}  // namespace grundy
