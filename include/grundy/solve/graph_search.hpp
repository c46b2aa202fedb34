#pragma once
/// \file The component search on any graph (Node-Kayles, Arc-Kayles): the search of
/// component_search.hpp over graph_space.hpp. Boards go to board_search.hpp instead.

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "grundy/rules/simple_graph.hpp"
#include "grundy/rules/vertex_deletion.hpp"
#include "grundy/solve/component_search.hpp"
#include "grundy/solve/graph_space.hpp"
#include "grundy/solve/table_file.hpp"

namespace grundy {

extern template class ComponentSearch<GraphSpace>;

class GraphSearch {
 public:
  GraphSearch(DeletionRule rule, ComponentSearchOptions options);

  /// g of `graph` (any graph, connected or not): the XOR of its components' nimbers.
  Value value(const SimpleGraph& graph);
  /// Whether g(graph) = target.
  bool has_value(const SimpleGraph& graph, Value target);

  DeletionRule rule() const noexcept { return search_.space().rule(); }
  ComponentSearch<GraphSpace>& search() noexcept { return search_; }
  std::uint64_t nodes() const noexcept { return search_.nodes(); }
  /// The bytes its table takes, counted against the memory bound.
  std::uint64_t bytes() const noexcept { return search_.table().bytes(); }
  /// Its table grows no more (another search of the process gets the rest of the bound).
  void stop_growing() noexcept { search_.table().stop_growing(); }
  /// Calls f(key, fact) for what a table file keeps of the table (table_line_of: every
  /// exact value, the dearer not-values), keyed `graph:` and the 32 hexadecimal digits of the
  /// component's hash, without a copy of them.
  void for_each_fact(const std::function<void(const std::string&, const TableFact&)>& f) const;
  /// The exact values among them, as a list.
  std::vector<std::pair<std::string, Value>> exact_values() const;
  /// Adds a fact keyed as for_each_fact keys them (or by a graph6, the first format's keys);
  /// false when the key is not of that form.
  bool add_fact(const std::string& key, const TableFact& fact);

 private:
  ComponentSearch<GraphSpace> search_;
};

}  // namespace grundy
