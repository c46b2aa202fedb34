#pragma once
/// \file Green Hackenbush: a graph standing on the ground; a move deletes one edge, and whatever
/// is no longer connected to the ground falls and is gone. Its value by the colon and fusion
/// principles.

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "grundy/core/value.hpp"

namespace grundy {

/// An edge between two vertices; vertex 0 is the ground. u == v is a loop; an edge may repeat.
using HackenbushEdge = std::pair<std::uint32_t, std::uint32_t>;

/// The value of a Green Hackenbush graph on vertices 0..vertex_count-1 (0 the ground), every
/// edge connected to the ground:
/// - fusion principle (Winning Ways ch. 7): the vertices of a cycle may be fused into one vertex
///   without changing the value, the cycle's edges becoming loops (the ground fuses too). Fusing
///   every 2-edge-connected block (the parts joined by non-bridge edges) leaves a tree of bridges
///   with loops at its vertices.
/// - colon principle (Winning Ways ch. 7): branches at a vertex may be replaced by one stalk of
///   their nim-sum, so a vertex above which hang branches through edges to children c has value
///   XOR over c of (value(c) + 1), and a loop counts as an edge to a leaf (1).
/// O(vertices + edges), no recursion.
Value green_hackenbush_value(std::size_t vertex_count, std::span<const HackenbushEdge> edges);

}  // namespace grundy
