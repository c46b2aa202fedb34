#pragma once
// An independent reference for Node-Kayles and Arc-Kayles: a plain memoised search over the sets
// of vertices still there (bitmasks of at most 20 vertices), with no splitting into components,
// no canonical forms and no pruning: g(S) = mex over the moves in S.

#include <cstdint>
#include <set>
#include <vector>

#include "grundy/rules/simple_graph.hpp"
#include "grundy/rules/vertex_deletion.hpp"

namespace grundy::test {

class VertexDeletionBrute {
 public:
  VertexDeletionBrute(const SimpleGraph& g, DeletionRule rule) : rule_(rule) {
    n_ = g.vertex_count();
    if (n_ > 20) throw std::logic_error("VertexDeletionBrute takes at most 20 vertices");
    adjacent_.assign(n_, 0);
    for (std::size_t a = 0; a < n_; ++a) {
      for (std::size_t b = 0; b < n_; ++b) {
        if (a != b && g.adjacent(a, b)) adjacent_[a] |= 1U << b;
      }
    }
    memo_.assign(std::size_t{1} << n_, -1);
  }

  /// g of the subgraph induced by the vertices of `set`.
  std::uint32_t value(std::uint32_t set) {
    if (memo_[set] >= 0) return static_cast<std::uint32_t>(memo_[set]);
    std::set<std::uint32_t> options;
    for (std::size_t v = 0; v < n_; ++v) {
      if ((set >> v & 1U) == 0) continue;
      if (rule_ == DeletionRule::node) {
        options.insert(value(set & ~(adjacent_[v] | 1U << v)));
        continue;
      }
      for (std::size_t w = v + 1; w < n_; ++w) {
        if ((set >> w & 1U) != 0 && (adjacent_[v] >> w & 1U) != 0) {
          options.insert(value(set & ~(1U << v | 1U << w)));
        }
      }
    }
    std::uint32_t m = 0;
    while (options.contains(m)) ++m;
    memo_[set] = static_cast<std::int32_t>(m);
    return m;
  }
  std::uint32_t value() { return value(static_cast<std::uint32_t>((std::uint64_t{1} << n_) - 1)); }

 private:
  DeletionRule rule_;
  std::size_t n_ = 0;
  std::vector<std::uint32_t> adjacent_;
  std::vector<std::int32_t> memo_;
};

}  // namespace grundy::test
