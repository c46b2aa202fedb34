#include "grundy/solve/component_search.hpp"

#include <algorithm>
#include <exception>
#include <string>
#include <thread>

#include "grundy/core/mex.hpp"
#include "grundy/solve/parallel_until.hpp"

namespace grundy {
namespace {

const char* rule_name(DeletionRule rule) {
  return rule == DeletionRule::node ? "node" : "arc";
}

/// Components smaller than this are searched on one thread: starting threads costs more.
constexpr std::size_t kParallelVertices = 16;

/// Nested expansions one thread may hold: each costs a few hundred bytes of its stack (more
/// under the sanitizers), and the threads' stacks are 8 MiB.
constexpr int kMaxDepth = 1000;
thread_local int t_depth = 0;

/// Counts one level of nesting for as long as it lives; refuses past kMaxDepth.
class DepthGuard {
 public:
  DepthGuard() {
    if (++t_depth > kMaxDepth) {
      --t_depth;
      throw ResourceError("the component search would nest more than " + std::to_string(kMaxDepth) +
                          " moves deep (a graph with very long paths of play)");
    }
  }
  ~DepthGuard() { --t_depth; }
  DepthGuard(const DepthGuard&) = delete;
  DepthGuard& operator=(const DepthGuard&) = delete;
};

}  // namespace

ComponentSearch::ComponentSearch(DeletionRule rule, ComponentSearchOptions options)
    : rule_(rule),
      options_(std::move(options)),
      table_(rule_name(rule), options_.limits.max_memory_bytes),
      counter_(options_) {
  if (options_.threads == 0) options_.threads = std::max(1U, std::thread::hardware_concurrency());
}

CanonicalGraph ComponentSearch::form(SimpleGraph g) const {
  return options_.canonical_forms ? canonical_graph(g) : labelled_graph(std::move(g));
}

std::vector<CanonicalGraph> ComponentSearch::split(const SimpleGraph& graph,
                                                   std::span<const std::uint64_t> alive,
                                                   Value& tiny) const {
  std::vector<CanonicalGraph> parts;
  for (const auto& vertices : connected_components(graph, alive)) {
    if (auto v = tiny_component_value(rule_, vertices.size())) {
      tiny ^= *v;
      continue;
    }
    parts.push_back(form(induced_subgraph(graph, vertices)));
  }
  return parts;
}

template <class Body>
bool ComponentSearch::for_each_move(const CanonicalGraph& c, bool top, Body&& body) {
  std::vector<VertexSet> moves;
  for_each_deletion(c.graph, rule_, c.orbit_representatives,
                    [&](std::span<const std::uint64_t> alive) {
                      moves.emplace_back(alive.begin(), alive.end());
                    });
  const unsigned threads =
      top && c.graph.vertex_count() >= kParallelVertices ? options_.threads : 1;
  return parallel_until(
      moves.size(), threads,
      [&](std::size_t i) { return body(i, std::span<const std::uint64_t>(moves[i])); },
      release_canonical_workspace);  // nauty's per-thread workspace dies with the thread
}

std::vector<ComponentSearch::Option> ComponentSearch::options_of(const CanonicalGraph& c,
                                                                 bool top) {
  std::vector<Option> options;
  std::mutex options_mutex;
  for_each_move(c, top, [&](std::size_t, std::span<const std::uint64_t> alive) {
    Option o;
    o.parts = split(c.graph, alive, o.tiny);
    const std::lock_guard lock(options_mutex);
    options.push_back(std::move(o));
    return false;
  });
  return options;
}

bool ComponentSearch::some_option_has_value(const std::vector<Option>& options, Value target,
                                            unsigned threads) {
  // The options the table settles alone first (a transposition cutoff), then the others.
  std::vector<const Option*> open;
  for (const Option& o : options) {
    Value known = o.tiny;
    bool all_known = true;
    for (const CanonicalGraph& part : o.parts) {
      if (auto e = table_.find(part.key); e && e->exact) {
        known ^= e->nimber;
      } else {
        all_known = false;
        break;
      }
    }
    if (!all_known) {
      open.push_back(&o);
    } else if (known == target) {
      return true;
    }
  }
  return parallel_until(
      open.size(), threads,
      [&](std::size_t i) { return parts_have_value(open[i]->parts, open[i]->tiny, target, false); },
      release_canonical_workspace);
}

Value ComponentSearch::component_value(const CanonicalGraph& c, bool top) {
  if (auto v = tiny_component_value(rule_, c.graph.vertex_count())) return *v;
  if (auto e = table_.find(c.key); e && e->exact) return e->nimber;
  const DepthGuard depth;
  const std::uint64_t start = nodes();
  counter_.count(table_);
  Value g = 0;
  if (options_.pruning) {
    // The mex found value by value, each search stopping at the first option of that value
    // (docs/theory/component-search.md).
    const std::vector<Option> options = options_of(c, top);
    const unsigned threads =
        top && c.graph.vertex_count() >= kParallelVertices ? options_.threads : 1;
    while (some_option_has_value(options, g, threads)) ++g;
  } else {
    std::vector<Value> values;
    std::mutex values_mutex;
    for_each_move(c, top, [&](std::size_t, std::span<const std::uint64_t> alive) {
      Value tiny = 0;
      const std::vector<CanonicalGraph> parts = split(c.graph, alive, tiny);
      const Value v = parts_value(parts, tiny);
      const std::lock_guard lock(values_mutex);
      values.push_back(v);
      return false;
    });
    g = mex(values);
  }
  table_.set_value(c.key, g, nodes() - start);
  return g;
}

Value ComponentSearch::parts_value(const std::vector<CanonicalGraph>& parts, Value tiny) {
  Value v = tiny;
  for (const CanonicalGraph& part : parts) v ^= component_value(part, false);
  return v;
}

bool ComponentSearch::component_has_value(const CanonicalGraph& c, Value target, bool top) {
  if (auto v = tiny_component_value(rule_, c.graph.vertex_count())) return *v == target;
  if (!options_.pruning) return component_value(c, top) == target;
  if (auto e = table_.find(c.key)) {
    if (e->exact) return e->nimber == target;
    if (target < 64 && ((e->not_values >> target) & 1U) != 0) return false;
  }
  const DepthGuard depth;
  const std::uint64_t start = nodes();
  counter_.count(table_);
  // g = t exactly when no option has value t and every value below t is an option's: an option
  // of value t settles "no" at once, without the other options' values.
  const bool option_has_target =
      for_each_move(c, top, [&](std::size_t, std::span<const std::uint64_t> alive) {
        Value tiny = 0;
        const std::vector<CanonicalGraph> parts = split(c.graph, alive, tiny);
        return parts_have_value(parts, tiny, target, false);
      });
  if (option_has_target) {
    table_.exclude(c.key, target, nodes() - start);
    return false;
  }
  if (target == 0) {
    table_.set_value(c.key, 0, nodes() - start);
    return true;
  }
  // No option has value t > 0: g = t when every s < t is an option's value; the first s that is
  // not is g itself.
  const std::vector<Option> options = options_of(c, false);
  for (Value s = 0; s < target; ++s) {
    if (!some_option_has_value(options, s, 1)) {
      table_.set_value(c.key, s, nodes() - start);
      return false;
    }
  }
  table_.set_value(c.key, target, nodes() - start);
  return true;
}

bool ComponentSearch::parts_have_value(const std::vector<CanonicalGraph>& parts, Value tiny,
                                       Value target, bool top) {
  return sum_has_value(
      parts, tiny, target, [](const CanonicalGraph& p) { return p.graph.vertex_count(); },
      [&](const CanonicalGraph& p) { return component_value(p, top); },
      [&](const CanonicalGraph& p, Value t) { return component_has_value(p, t, top); });
}

Value ComponentSearch::value(const SimpleGraph& graph) {
  VertexSet all(graph.words(), 0);
  for (std::size_t v = 0; v < graph.vertex_count(); ++v) set_insert(all, v);
  Value tiny = 0;
  const std::vector<CanonicalGraph> parts = split(graph, all, tiny);
  Value v = tiny;
  for (const CanonicalGraph& part : parts) v ^= component_value(part, true);
  return v;
}

bool ComponentSearch::has_value(const SimpleGraph& graph, Value target) {
  VertexSet all(graph.words(), 0);
  for (std::size_t v = 0; v < graph.vertex_count(); ++v) set_insert(all, v);
  Value tiny = 0;
  const std::vector<CanonicalGraph> parts = split(graph, all, tiny);
  return parts_have_value(parts, tiny, target, true);
}

}  // namespace grundy
