#pragma once
/// \file The component search: nimbers of games played by deleting vertices of a graph
/// (Node-Kayles, Arc-Kayles, Cram). What a move leaves is split into connected components; each
/// is put in canonical form (nauty) and its nimber looked up in a transposition table or
/// computed by the same search; a position's value is the XOR of its components' (Sprague–Grundy).
/// Moves from one automorphism orbit are played once. Deciding whether g = t (has_value) prunes:
/// it stops at the first option of value t and otherwise needs only the options, not their
/// values, when t = 0 (docs/theory/component-search.md).

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <span>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/rules/canonical_graph.hpp"
#include "grundy/rules/vertex_deletion.hpp"
#include "grundy/solve/component_recursion.hpp"
#include "grundy/solve/component_table.hpp"

namespace grundy {

class ComponentSearch {
 public:
  ComponentSearch(DeletionRule rule, ComponentSearchOptions options);

  /// g of `graph` (any graph, connected or not): the XOR of its components' nimbers.
  Value value(const SimpleGraph& graph);
  /// Whether g(graph) = target, with pruning (ComponentSearchOptions::pruning).
  bool has_value(const SimpleGraph& graph, Value target);

  DeletionRule rule() const noexcept { return rule_; }
  ComponentTable& table() noexcept { return table_; }
  const ComponentTable& table() const noexcept { return table_; }
  /// Components expanded so far.
  std::uint64_t nodes() const noexcept { return counter_.nodes(); }

  /// The components of `graph` restricted to `alive` with moves, in canonical form (or as
  /// labelled without canonical forms); the XOR of the tiny ones' values (at most two vertices,
  /// known without search) goes to `tiny`.
  std::vector<CanonicalGraph> split(const SimpleGraph& graph, std::span<const std::uint64_t> alive,
                                    Value& tiny) const;

 private:
  CanonicalGraph form(SimpleGraph g) const;
  Value component_value(const CanonicalGraph& c, bool top);
  bool component_has_value(const CanonicalGraph& c, Value target, bool top);
  /// g(parts) xor tiny == target: the nimbers of all parts but the largest, then has_value of
  /// the largest (Lemoine and Viennot's way with sums).
  bool parts_have_value(const std::vector<CanonicalGraph>& parts, Value tiny, Value target,
                        bool top);
  Value parts_value(const std::vector<CanonicalGraph>& parts, Value tiny);
  /// What one move leaves: the components with moves, and the XOR of the tiny ones.
  struct Option {
    std::vector<CanonicalGraph> parts;
    Value tiny = 0;
  };
  std::vector<Option> options_of(const CanonicalGraph& c, bool top);
  /// Whether some option has value `target`, decided with pruning; the options the table
  /// settles alone first.
  bool some_option_has_value(const std::vector<Option>& options, Value target, unsigned threads);
  /// Runs `body(index, alive)` for every move of `c` (index: the move's place in order), over the
  /// threads when `top` and the component is large; stops when a call returns true and returns
  /// true then.
  template <class Body>
  bool for_each_move(const CanonicalGraph& c, bool top, Body&& body);

  DeletionRule rule_;
  ComponentSearchOptions options_;
  ComponentTable table_;
  SearchCounter counter_;
};

}  // namespace grundy
