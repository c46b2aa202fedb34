#include "grundy/solve/graph_search.hpp"

#include <algorithm>
#include <charconv>

#include "component_search_impl.hpp"

namespace grundy {
namespace {

constexpr std::uint64_t kGraphHashMul = 0x9e3779b97f4a7c15ULL;

std::uint64_t graph_hash_mix(std::uint64_t k) noexcept {
  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdULL;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ULL;
  k ^= k >> 33;
  return k;
}

constexpr std::string_view kGraphKeyPrefix = "graph:";

std::string graph_key_hex(std::uint64_t v) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) out[static_cast<std::size_t>(i)] = kDigits[v & 15];
  return out;
}

}  // namespace

CellBits<2> GraphSpace::hash_of(const std::string& graph6) noexcept {
  // Two 64-bit hashes of the string, each a chain of murmur3's finaliser over 8-byte pieces with
  // its own seed and the length folded in.
  CellBits<2> h;
  std::uint64_t a = 0x243f6a8885a308d3ULL ^ graph6.size();
  std::uint64_t b = 0x13198a2e03707344ULL ^ (graph6.size() * kGraphHashMul);
  for (std::size_t i = 0; i < graph6.size(); i += 8) {
    std::uint64_t piece = 0;
    for (std::size_t j = 0; j < 8 && i + j < graph6.size(); ++j) {
      piece |= static_cast<std::uint64_t>(static_cast<unsigned char>(graph6[i + j])) << (8 * j);
    }
    a = graph_hash_mix(a ^ piece) * kGraphHashMul;
    b = graph_hash_mix(b + piece * kGraphHashMul) ^ (b >> 29);
  }
  h.words[0] = graph_hash_mix(a);
  h.words[1] = graph_hash_mix(b ^ 0xa4093822299f31d0ULL);
  return h;
}

Value GraphSpace::decompose(const Rest& rest, std::vector<Key>& out, std::size_t from) const {
  Value known = 0;
  for (const auto& vertices : connected_components(rest.graph, rest.alive)) {
    if (auto v = tiny_component_value(rule_, vertices.size())) {
      known ^= *v;
      continue;
    }
    SimpleGraph part = induced_subgraph(rest.graph, vertices);
    auto c = std::make_shared<const CanonicalGraph>(
        canonical_forms_ ? canonical_graph(part) : labelled_graph(std::move(part)));
    Key k{c, hash_of(c->key)};
    auto same = std::find(out.begin() + static_cast<std::ptrdiff_t>(from), out.end(), k);
    if (canonical_forms_ && same != out.end()) {
      *same = out.back();  // G + G = 0
      out.pop_back();
    } else {
      out.push_back(std::move(k));
    }
  }
  return known;
}

Value GraphSpace::decompose(const SimpleGraph& graph, std::vector<Key>& out) const {
  VertexSet all(graph.words(), 0);
  for (std::size_t v = 0; v < graph.vertex_count(); ++v) set_insert(all, v);
  return decompose(Rest{graph, all}, out, out.size());
}

template class ComponentSearch<GraphSpace>;

GraphSearch::GraphSearch(DeletionRule rule, ComponentSearchOptions options)
    : search_(GraphSpace(rule, options.canonical_forms), options) {}

Value GraphSearch::value(const SimpleGraph& graph) {
  std::vector<GraphSpace::Key> parts;
  const Value known = search_.space().decompose(graph, parts);
  return search_.value(parts, known);
}

bool GraphSearch::has_value(const SimpleGraph& graph, Value target) {
  std::vector<GraphSpace::Key> parts;
  const Value known = search_.space().decompose(graph, parts);
  return search_.has_value(parts, known, target);
}

void GraphSearch::for_each_fact(
    const std::function<void(const std::string&, const TableFact&)>& f) const {
  search_.table().for_each_entry([&](const auto& key, const auto& entry) {
    const std::optional<TableFact> fact = table_line_of(entry);
    if (!fact) return;
    f(std::string(kGraphKeyPrefix) + graph_key_hex(key.words[1]) + graph_key_hex(key.words[0]),
      *fact);
  });
}

std::vector<std::pair<std::string, Value>> GraphSearch::exact_values() const {
  std::vector<std::pair<std::string, Value>> out;
  for_each_fact([&](const std::string& key, const TableFact& fact) {
    if (fact.value) out.emplace_back(key, *fact.value);
  });
  return out;
}

bool GraphSearch::add_fact(const std::string& key, const TableFact& fact) {
  if (!key.starts_with(kGraphKeyPrefix)) {
    // A file of the first format keyed graph components by their canonical graph6.
    if (key.empty() || !std::all_of(key.begin(), key.end(), [](char ch) {
          return static_cast<unsigned char>(ch) >= 63 && static_cast<unsigned char>(ch) <= 126;
        })) {
      return false;
    }
    search_.table().record(GraphSpace::hash_of(key), fact.value, fact.not_values,
                           SearchTable<2>::kLoadedWork);
    return true;
  }
  if (key.size() != kGraphKeyPrefix.size() + 32) return false;
  CellBits<2> k;
  for (std::size_t i = 0; i < 2; ++i) {
    const char* p = key.data() + kGraphKeyPrefix.size() + 16 * i;
    std::uint64_t w = 0;
    const auto r = std::from_chars(p, p + 16, w, 16);
    if (r.ec != std::errc{} || r.ptr != p + 16) return false;
    k.words[1 - i] = w;
  }
  search_.table().record(k, fact.value, fact.not_values, SearchTable<2>::kLoadedWork);
  return true;
}

}  // namespace grundy
