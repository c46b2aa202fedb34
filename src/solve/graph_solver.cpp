#include "grundy/solve/graph_solver.hpp"

#include <cstdint>

#include "grundy/core/error.hpp"
#include "grundy/core/mex.hpp"

namespace grundy {

std::vector<Value> solve_acyclic_graph(const GraphGame& graph) {
  const std::size_t n = graph.vertex_count();
  // Predecessor lists (CSR) and the number of successors still unsolved.
  std::vector<std::uint64_t> pred_offsets(n + 1, 0);
  std::vector<std::uint32_t> unsolved(n, 0);
  for (std::size_t v = 0; v < n; ++v) {
    unsolved[v] = static_cast<std::uint32_t>(graph.successors(v).size());
    for (std::uint32_t w : graph.successors(v)) ++pred_offsets[w + 1];
  }
  for (std::size_t v = 0; v < n; ++v) pred_offsets[v + 1] += pred_offsets[v];
  std::vector<std::uint32_t> preds(pred_offsets[n]);
  {
    std::vector<std::uint64_t> fill(pred_offsets.begin(), pred_offsets.end() - 1);
    for (std::size_t v = 0; v < n; ++v) {
      for (std::uint32_t w : graph.successors(v)) preds[fill[w]++] = static_cast<std::uint32_t>(v);
    }
  }
  std::vector<Value> values(n, 0);
  std::vector<std::uint32_t> ready;
  for (std::size_t v = 0; v < n; ++v) {
    if (unsolved[v] == 0) ready.push_back(static_cast<std::uint32_t>(v));
  }
  std::size_t solved = 0;
  std::vector<Value> option_values;
  MexSet scratch;
  while (!ready.empty()) {
    const std::uint32_t v = ready.back();
    ready.pop_back();
    option_values.clear();
    for (std::uint32_t w : graph.successors(v)) option_values.push_back(values[w]);
    values[v] = mex(option_values, scratch);
    ++solved;
    for (std::uint64_t i = pred_offsets[v]; i < pred_offsets[v + 1]; ++i) {
      if (--unsolved[preds[i]] == 0) ready.push_back(preds[i]);
    }
  }
  if (solved < n) {
    // Every unsolved vertex has an unsolved successor; following them must revisit a vertex.
    std::size_t v = 0;
    while (unsolved[v] == 0) ++v;
    std::vector<bool> seen(n, false);
    while (!seen[v]) {
      seen[v] = true;
      for (std::uint32_t w : graph.successors(v)) {
        if (unsolved[w] != 0) {
          v = w;
          break;
        }
      }
    }
    throw Error(graph.name() + " has a cycle (through vertex '" + graph.vertex_name(v) +
                "'); loopy games are not supported yet");
  }
  return values;
}

}  // namespace grundy
