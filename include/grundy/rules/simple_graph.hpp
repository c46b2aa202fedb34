#pragma once
/// \file Undirected simple graphs for games played by deleting vertices (Node-Kayles, Arc-Kayles,
/// Cram): dense adjacency rows in nauty's layout, connected components, induced subgraphs and
/// the graph6 text form (B. McKay, "Description of graph6, sparse6 and digraph6 encodings").

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace grundy {

/// The most vertices a graph of these games may have: a search over a larger one would never end,
/// and each vertex costs a row of n bits.
inline constexpr std::size_t kMaxSimpleGraphVertices = 4096;

/// A set of vertices 0..n-1 as words in nauty's order: vertex v is bit 63 - v % 64 of word v / 64.
using VertexSet = std::vector<std::uint64_t>;

inline std::uint64_t vertex_bit(std::size_t v) noexcept {
  return std::uint64_t{1} << (63 - v % 64);
}
inline bool set_contains(std::span<const std::uint64_t> set, std::size_t v) noexcept {
  return (set[v / 64] & vertex_bit(v)) != 0;
}
inline void set_insert(std::span<std::uint64_t> set, std::size_t v) noexcept {
  set[v / 64] |= vertex_bit(v);
}
inline void set_erase(std::span<std::uint64_t> set, std::size_t v) noexcept {
  set[v / 64] &= ~vertex_bit(v);
}
/// Words a set of n vertices takes (nauty's m; at least 1).
inline std::size_t set_words(std::size_t n) noexcept {
  return n == 0 ? 1 : (n + 63) / 64;
}

class SimpleGraph {
 public:
  SimpleGraph() : SimpleGraph(0) {}
  /// n isolated vertices; throws Error above kMaxSimpleGraphVertices.
  explicit SimpleGraph(std::size_t n);

  std::size_t vertex_count() const noexcept { return n_; }
  /// Words per row (nauty's m).
  std::size_t words() const noexcept { return m_; }
  /// Adds the edge {a, b}; a loop (a == b) is ignored: these games never move along one.
  void add_edge(std::size_t a, std::size_t b) noexcept;
  bool adjacent(std::size_t a, std::size_t b) const noexcept { return set_contains(row(a), b); }
  std::span<const std::uint64_t> row(std::size_t v) const noexcept {
    return {rows_.data() + v * m_, m_};
  }
  std::size_t degree(std::size_t v) const noexcept;
  std::uint64_t edge_count() const noexcept;
  /// The rows, n * m words: what densenauty reads.
  const std::vector<std::uint64_t>& rows() const noexcept { return rows_; }
  std::vector<std::uint64_t>& rows() noexcept { return rows_; }

  friend bool operator==(const SimpleGraph&, const SimpleGraph&) = default;

 private:
  std::size_t n_ = 0;
  std::size_t m_ = 1;
  std::vector<std::uint64_t> rows_;
};

/// The connected components of `g` among the vertices of `alive`, each a list of vertices in
/// increasing order; components in order of their least vertex.
std::vector<std::vector<std::uint32_t>> connected_components(const SimpleGraph& g,
                                                             std::span<const std::uint64_t> alive);

/// The subgraph induced by `vertices`: vertex i of the result is vertices[i].
SimpleGraph induced_subgraph(const SimpleGraph& g, std::span<const std::uint32_t> vertices);

/// The graph6 string of `g` (printable ASCII 63..126, no spaces, parentheses, '+' or ':').
std::string to_graph6(const SimpleGraph& g);
/// Reads a graph6 string; throws Error naming the problem (a bad character, a wrong length,
/// more than kMaxSimpleGraphVertices vertices).
SimpleGraph from_graph6(std::string_view text);

}  // namespace grundy
