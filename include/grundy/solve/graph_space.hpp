#pragma once
/// \file The positions of the component search on any graph (docs/theory/component-search.md):
/// a component is its canonical form by nauty (canonical_graph.hpp), whose moves are played one
/// per automorphism orbit. The table keys it by a 128-bit hash of its graph6 (two different
/// canonical graphs share a key with probability about 2^-128 per pair: below 2^-60 for every
/// table that fits in memory); boards use exact keys (board_space.hpp).

#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "grundy/core/value.hpp"
#include "grundy/rules/canonical_graph.hpp"
#include "grundy/rules/cell_bits.hpp"
#include "grundy/rules/simple_graph.hpp"
#include "grundy/rules/vertex_deletion.hpp"
#include "grundy/solve/search_table.hpp"

namespace grundy {

class GraphSpace {
 public:
  using Table = SearchTable<2>;
  struct Key {
    std::shared_ptr<const CanonicalGraph> graph;
    CellBits<2> hash;
    friend bool operator==(const Key& a, const Key& b) noexcept { return a.hash == b.hash; }
  };
  /// What a move leaves: the vertices of a graph still there.
  struct Rest {
    const SimpleGraph& graph;
    std::span<const std::uint64_t> alive;
  };

  /// Without `canonical_forms`: components keyed as labelled, every move played.
  GraphSpace(DeletionRule rule, bool canonical_forms = true)
      : rule_(rule), canonical_forms_(canonical_forms) {}

  DeletionRule rule() const noexcept { return rule_; }
  const CellBits<2>& table_key(const Key& c) const noexcept { return c.hash; }
  std::size_t size(const Key& c) const noexcept { return c.graph->graph.vertex_count(); }
  /// nauty keeps a workspace per thread: a thread of the search frees it before it ends.
  void at_thread_end() const noexcept { release_canonical_workspace(); }

  /// The components of `rest` with moves beyond the tiny ones, appended to `out` (one equal to a
  /// part appended from out[from] on cancels it); returns the XOR of the tiny ones' values.
  Value decompose(const Rest& rest, std::vector<Key>& out, std::size_t from) const;
  /// The same for a whole graph.
  Value decompose(const SimpleGraph& graph, std::vector<Key>& out) const;

  /// Calls start(n) with the number n of moves of `c`, one per automorphism orbit, then f(rest)
  /// with what each leaves until f returns true.
  template <class Start, class F>
  void for_each_move(const Key& c, Start&& start, F&& f) const {
    std::size_t count = 0;
    for_each_deletion(c.graph->graph, rule_, c.graph->orbit_representatives,
                      [&](std::span<const std::uint64_t>) { ++count; });
    start(count);
    bool stopped = false;
    for_each_deletion(c.graph->graph, rule_, c.graph->orbit_representatives,
                      [&](std::span<const std::uint64_t> alive) {
                        if (!stopped) stopped = f(Rest{c.graph->graph, alive});
                      });
  }

  /// The 128-bit key of a graph6 string.
  static CellBits<2> hash_of(const std::string& graph6) noexcept;

 private:
  DeletionRule rule_;
  bool canonical_forms_;
};

}  // namespace grundy
