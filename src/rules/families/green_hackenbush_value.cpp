#include <numeric>
#include <stdexcept>

#include "grundy/rules/families/green_hackenbush.hpp"

namespace grundy {
namespace {

/// Bridges by Tarjan's low-link DFS, iterative; parallel edges and loops are never bridges (the
/// DFS skips only the edge it came by, by its number).
std::vector<bool> find_bridges(
    std::size_t n, std::span<const HackenbushEdge> edges,
    const std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>>& adjacent) {
  std::vector<bool> bridge(edges.size(), false);
  std::vector<std::uint32_t> order(n, 0), low(n, 0);  // 0: not visited
  std::uint32_t clock = 0;
  struct Frame {
    std::uint32_t vertex;
    std::uint32_t via;  // the edge it was reached by (edges.size() for a root)
    std::size_t next;   // the next adjacency to look at
  };
  std::vector<Frame> stack;
  for (std::uint32_t root = 0; root < n; ++root) {
    if (order[root] != 0) continue;
    order[root] = low[root] = ++clock;
    stack.push_back({root, static_cast<std::uint32_t>(edges.size()), 0});
    while (!stack.empty()) {
      Frame& f = stack.back();
      if (f.next < adjacent[f.vertex].size()) {
        const auto [to, edge] = adjacent[f.vertex][f.next++];
        if (edge == f.via) continue;
        if (order[to] == 0) {
          order[to] = low[to] = ++clock;
          stack.push_back({to, edge, 0});
        } else {
          low[f.vertex] = std::min(low[f.vertex], order[to]);
        }
        continue;
      }
      const Frame done = f;
      stack.pop_back();
      if (!stack.empty()) {
        const std::uint32_t parent = stack.back().vertex;
        low[parent] = std::min(low[parent], low[done.vertex]);
        if (low[done.vertex] > order[parent]) bridge[done.via] = true;
      }
    }
  }
  return bridge;
}

std::uint32_t find_root(std::vector<std::uint32_t>& parent, std::uint32_t v) {
  while (parent[v] != v) v = parent[v] = parent[parent[v]];
  return v;
}

}  // namespace

Value green_hackenbush_value(std::size_t n, std::span<const HackenbushEdge> edges) {
  if (n == 0) return 0;
  std::vector<std::vector<std::pair<std::uint32_t, std::uint32_t>>> adjacent(n);
  for (std::uint32_t e = 0; e < edges.size(); ++e) {
    const auto [u, v] = edges[e];
    if (u >= n || v >= n) throw std::logic_error("green_hackenbush_value: vertex out of range");
    if (u == v) continue;  // a loop is never a bridge and joins nothing
    adjacent[u].push_back({v, e});
    adjacent[v].push_back({u, e});
  }
  const std::vector<bool> bridge = find_bridges(n, edges, adjacent);

  // Fuse the blocks: union over the non-bridge edges; each becomes a loop of its block.
  std::vector<std::uint32_t> block(n);
  std::iota(block.begin(), block.end(), 0);
  for (std::size_t e = 0; e < edges.size(); ++e) {
    if (bridge[e]) continue;
    const std::uint32_t a = find_root(block, edges[e].first);
    const std::uint32_t b = find_root(block, edges[e].second);
    if (a != b) block[a] = b;
  }
  std::vector<Value> loops(n, 0);
  std::vector<std::vector<std::uint32_t>> tree(n);  // bridges between blocks
  for (std::size_t e = 0; e < edges.size(); ++e) {
    const std::uint32_t a = find_root(block, edges[e].first);
    const std::uint32_t b = find_root(block, edges[e].second);
    if (bridge[e]) {
      tree[a].push_back(b);
      tree[b].push_back(a);
    } else {
      loops[a] ^= 1;
    }
  }

  // The colon principle up the tree of blocks from the ground's block, leaves first.
  const std::uint32_t ground = find_root(block, 0);
  std::vector<std::uint32_t> order{ground};
  std::vector<std::uint32_t> parent(n, static_cast<std::uint32_t>(n));
  parent[ground] = ground;
  for (std::size_t i = 0; i < order.size(); ++i) {
    for (const std::uint32_t c : tree[order[i]]) {
      if (parent[c] != n) continue;
      parent[c] = order[i];
      order.push_back(c);
    }
  }
  std::vector<Value> value = loops;
  for (std::size_t i = order.size(); i-- > 1;) {
    const std::uint32_t b = order[i];
    value[parent[b]] ^= value[b] + 1;
  }
  return value[ground];
}

}  // namespace grundy
