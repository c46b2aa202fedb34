#pragma once
/// \file Grundy values of every vertex of an acyclic graph game, in topological order.

#include <vector>

#include "grundy/core/value.hpp"
#include "grundy/rules/graph.hpp"

namespace grundy {

/// g(v) for every vertex, sinks first (Kahn's algorithm on the reversed edges): linear in the
/// edges. Throws Error naming a vertex on a cycle when the graph has one.
std::vector<Value> solve_acyclic_graph(const GraphGame& graph);

}  // namespace grundy
