#include "grundy/solve/graph_solver.hpp"

#include <algorithm>
#include <cstdint>
#include <span>

#include "grundy/core/error.hpp"
#include "grundy/core/mex.hpp"

namespace grundy {
namespace {

/// The reversed edges (CSR): predecessors of w are preds[offsets[w]..offsets[w+1]).
struct Predecessors {
  std::vector<std::uint64_t> offsets;
  std::vector<std::uint32_t> preds;

  explicit Predecessors(const GraphGame& graph) : offsets(graph.vertex_count() + 1, 0) {
    const std::size_t n = graph.vertex_count();
    for (std::size_t v = 0; v < n; ++v) {
      for (std::uint32_t w : graph.successors(v)) ++offsets[w + 1];
    }
    for (std::size_t v = 0; v < n; ++v) offsets[v + 1] += offsets[v];
    preds.resize(offsets[n]);
    std::vector<std::uint64_t> fill(offsets.begin(), offsets.end() - 1);
    for (std::size_t v = 0; v < n; ++v) {
      for (std::uint32_t w : graph.successors(v)) preds[fill[w]++] = static_cast<std::uint32_t>(v);
    }
  }
  std::span<const std::uint32_t> of(std::size_t w) const {
    return {preds.data() + offsets[w], preds.data() + offsets[w + 1]};
  }
};

}  // namespace

namespace {

/// Kahn's algorithm on the reversed edges: g of every vertex that reaches no cycle, sinks first.
/// `unsolved[v]` ends as the number of successors of v left unsolved (0 for the solved ones).
struct AcyclicPart {
  std::vector<Value> values;
  std::vector<std::uint32_t> unsolved;
  std::size_t solved = 0;
};

AcyclicPart solve_acyclic_part(const GraphGame& graph) {
  const std::size_t n = graph.vertex_count();
  const Predecessors reversed(graph);
  const auto& pred_offsets = reversed.offsets;
  const auto& preds = reversed.preds;
  AcyclicPart out{std::vector<Value>(n, 0), std::vector<std::uint32_t>(n, 0), 0};
  for (std::size_t v = 0; v < n; ++v) {
    out.unsolved[v] = static_cast<std::uint32_t>(graph.successors(v).size());
  }
  std::vector<std::uint32_t> ready;
  for (std::size_t v = 0; v < n; ++v) {
    if (out.unsolved[v] == 0) ready.push_back(static_cast<std::uint32_t>(v));
  }
  std::vector<Value> option_values;
  MexSet scratch;
  while (!ready.empty()) {
    const std::uint32_t v = ready.back();
    ready.pop_back();
    option_values.clear();
    for (std::uint32_t w : graph.successors(v)) option_values.push_back(out.values[w]);
    out.values[v] = mex(option_values, scratch);
    ++out.solved;
    for (std::uint64_t i = pred_offsets[v]; i < pred_offsets[v + 1]; ++i) {
      if (--out.unsolved[preds[i]] == 0) ready.push_back(preds[i]);
    }
  }
  return out;
}

}  // namespace

std::optional<std::vector<Value>> acyclic_values(const GraphGame& graph) {
  AcyclicPart part = solve_acyclic_part(graph);
  if (part.solved < graph.vertex_count()) return std::nullopt;
  return std::move(part.values);
}

std::vector<Value> solve_acyclic_graph(const GraphGame& graph) {
  const std::size_t n = graph.vertex_count();
  AcyclicPart part = solve_acyclic_part(graph);
  const std::vector<std::uint32_t>& unsolved = part.unsolved;
  if (part.solved < n) {
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
  return std::move(part.values);
}

LoopyValues generalised_sprague_grundy(const GraphGame& graph) {
  const std::size_t n = graph.vertex_count();
  const Predecessors reversed(graph);
  enum class Label : std::uint8_t { unlabelled, finite, infinite };
  std::vector<Label> label(n, Label::unlabelled);
  LoopyValues out{std::vector<Value>(n, kInfiniteValue), std::vector<std::uint64_t>(n, 0)};
  // Per level i: has_i[v] = v has a follower labelled i; lacking[q] = followers of q that are
  // unlabelled or infinite and have no follower labelled i yet.
  std::vector<std::uint8_t> has_i(n);
  std::vector<std::uint32_t> lacking(n);
  std::vector<std::uint32_t> queue;
  std::size_t unlabelled = n;
  for (Value i = 0; unlabelled > 0; ++i) {
    std::fill(has_i.begin(), has_i.end(), 0);
    queue.clear();
    std::uint64_t counter = 0;
    auto label_i = [&](std::uint32_t u) {
      label[u] = Label::finite;
      out.gamma[u] = i;
      out.counter[u] = counter++;
      --unlabelled;
      queue.push_back(u);
    };
    for (std::size_t q = 0; q < n; ++q) {
      if (label[q] != Label::unlabelled) continue;
      std::uint32_t count = 0;
      for (std::uint32_t w : graph.successors(q)) count += label[w] != Label::finite ? 1 : 0;
      lacking[q] = count;
    }
    for (std::size_t q = 0; q < n; ++q) {
      if (label[q] == Label::unlabelled && lacking[q] == 0) label_i(static_cast<std::uint32_t>(q));
    }
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const std::uint32_t u = queue[head];
      for (std::uint32_t q : reversed.of(u)) {
        // u was an unlabelled follower of q without a follower labelled i; now it is finite.
        if (label[q] == Label::unlabelled) --lacking[q];
        if (label[q] == Label::finite || has_i[q]) continue;
        has_i[q] = 1;  // q may no longer be labelled i, and now counts as answered for its preds
        for (std::uint32_t r : reversed.of(q)) {
          if (label[r] != Label::unlabelled) continue;
          if (--lacking[r] == 0 && !has_i[r]) label_i(r);
        }
      }
    }
    for (std::size_t v = 0; v < n; ++v) {
      if (label[v] == Label::unlabelled && !has_i[v]) {
        label[v] = Label::infinite;
        --unlabelled;
      }
    }
  }
  return out;
}

std::vector<Value> escape_set(const GraphGame& graph, const std::vector<Value>& gamma,
                              std::size_t v) {
  std::vector<Value> k;
  for (std::uint32_t w : graph.successors(v)) {
    if (gamma[w] != kInfiniteValue) k.push_back(gamma[w]);
  }
  std::sort(k.begin(), k.end());
  k.erase(std::unique(k.begin(), k.end()), k.end());
  return k;
}

RetrogradeResult retrograde_outcomes(const GraphGame& graph) {
  const std::size_t n = graph.vertex_count();
  const Predecessors reversed(graph);
  RetrogradeResult out{std::vector<Outcome>(n, Outcome::D), std::vector<std::uint64_t>(n, 0)};
  std::vector<std::uint8_t> decided(n, 0);
  std::vector<std::uint64_t> undecided_followers(n);
  std::vector<std::uint32_t> queue;
  for (std::size_t v = 0; v < n; ++v) {
    undecided_followers[v] = graph.successors(v).size();
    if (undecided_followers[v] == 0) {
      out.outcome[v] = Outcome::P;
      decided[v] = 1;
      queue.push_back(static_cast<std::uint32_t>(v));
    }
  }
  // Breadth first: vertices leave the queue in non-decreasing remoteness, so the first lost
  // follower seen gives a won vertex its least remoteness and the last won follower gives a lost
  // vertex its largest.
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t u = queue[head];
    for (std::uint32_t q : reversed.of(u)) {
      if (decided[q]) continue;
      if (out.outcome[u] == Outcome::P) {
        out.outcome[q] = Outcome::N;
      } else if (--undecided_followers[q] == 0) {
        out.outcome[q] = Outcome::P;
      } else {
        continue;
      }
      decided[q] = 1;
      out.remoteness[q] = out.remoteness[u] + 1;
      queue.push_back(q);
    }
  }
  return out;
}

}  // namespace grundy
