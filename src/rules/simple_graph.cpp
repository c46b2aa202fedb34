#include "grundy/rules/simple_graph.hpp"

#include <algorithm>
#include <bit>

#include "grundy/core/error.hpp"

namespace grundy {

SimpleGraph::SimpleGraph(std::size_t n) : n_(n), m_(set_words(n)) {
  if (n > kMaxSimpleGraphVertices) {
    throw Error("a graph of " + std::to_string(n) + " vertices; these games take at most " +
                std::to_string(kMaxSimpleGraphVertices));
  }
  rows_.assign(n_ * m_, 0);
}

void SimpleGraph::add_edge(std::size_t a, std::size_t b) noexcept {
  if (a == b) return;
  set_insert(std::span<std::uint64_t>(rows_.data() + a * m_, m_), b);
  set_insert(std::span<std::uint64_t>(rows_.data() + b * m_, m_), a);
}

std::size_t SimpleGraph::degree(std::size_t v) const noexcept {
  std::size_t d = 0;
  for (const std::uint64_t w : row(v)) d += static_cast<std::size_t>(std::popcount(w));
  return d;
}

std::uint64_t SimpleGraph::edge_count() const noexcept {
  std::uint64_t twice = 0;
  for (const std::uint64_t w : rows_) twice += static_cast<std::uint64_t>(std::popcount(w));
  return twice / 2;
}

std::vector<std::vector<std::uint32_t>> connected_components(const SimpleGraph& g,
                                                             std::span<const std::uint64_t> alive) {
  const std::size_t m = g.words();
  VertexSet left(alive.begin(), alive.end());
  VertexSet frontier(m);
  std::vector<std::vector<std::uint32_t>> out;
  for (std::size_t w = 0; w < m; ++w) {
    while (left[w] != 0) {
      const auto start = static_cast<std::uint32_t>(w * 64 + std::countl_zero(left[w]));
      std::vector<std::uint32_t> component;
      std::fill(frontier.begin(), frontier.end(), 0);
      set_insert(frontier, start);
      set_erase(left, start);
      // Breadth first by whole words: the frontier's neighbours still left join it.
      bool any = true;
      while (any) {
        any = false;
        VertexSet next(m);
        for (std::size_t fw = 0; fw < m; ++fw) {
          // Vertex order is from the highest bit down (nauty's), so the highest is cleared.
          for (std::uint64_t bits = frontier[fw]; bits != 0;) {
            const auto high = static_cast<std::size_t>(std::countl_zero(bits));
            bits &= ~(std::uint64_t{1} << (63 - high));
            const std::size_t v = fw * 64 + high;
            component.push_back(static_cast<std::uint32_t>(v));
            const auto row = g.row(v);
            for (std::size_t k = 0; k < m; ++k) next[k] |= row[k] & left[k];
          }
        }
        for (std::size_t k = 0; k < m; ++k) {
          left[k] &= ~next[k];
          any = any || next[k] != 0;
        }
        frontier.swap(next);
      }
      std::sort(component.begin(), component.end());
      out.push_back(std::move(component));
    }
  }
  return out;
}

SimpleGraph induced_subgraph(const SimpleGraph& g, std::span<const std::uint32_t> vertices) {
  SimpleGraph h(vertices.size());
  for (std::size_t i = 0; i < vertices.size(); ++i) {
    const auto row = g.row(vertices[i]);
    for (std::size_t j = i + 1; j < vertices.size(); ++j) {
      if (set_contains(row, vertices[j])) h.add_edge(i, j);
    }
  }
  return h;
}

std::string to_graph6(const SimpleGraph& g) {
  const std::size_t n = g.vertex_count();
  std::string out;
  if (n <= 62) {
    out.push_back(static_cast<char>(63 + n));
  } else {
    // n <= 258047 (kMaxSimpleGraphVertices is far below): 126 and three 6-bit groups.
    out.push_back(static_cast<char>(126));
    for (int shift = 12; shift >= 0; shift -= 6) {
      out.push_back(static_cast<char>(63 + ((n >> shift) & 63)));
    }
  }
  // The upper triangle column by column, (0,1), (0,2), (1,2), (0,3), ..., six bits a character,
  // first bit highest, the last character padded with zeros.
  unsigned group = 0;
  int bits = 0;
  for (std::size_t j = 1; j < n; ++j) {
    for (std::size_t i = 0; i < j; ++i) {
      group = (group << 1) | (g.adjacent(i, j) ? 1U : 0U);
      if (++bits == 6) {
        out.push_back(static_cast<char>(63 + group));
        group = 0;
        bits = 0;
      }
    }
  }
  if (bits > 0) out.push_back(static_cast<char>(63 + (group << (6 - bits))));
  return out;
}

SimpleGraph from_graph6(std::string_view text) {
  auto bad = [&](const std::string& problem) {
    return Error("graph6 '" + quote_excerpt(text) + "': " + problem);
  };
  for (const char c : text) {
    if (c < 63 || c > 126) {
      throw bad("'" + quote_excerpt(std::string_view(&c, 1)) +
                "' is not a graph6 character (they run from '?' to '~')");
    }
  }
  if (text.empty()) throw bad("empty");
  std::size_t n = 0;
  std::size_t at = 0;
  if (text[0] != 126) {
    n = static_cast<std::size_t>(text[0] - 63);
    at = 1;
  } else {
    if (text.size() < 4) throw bad("too short for its vertex count");
    if (text[1] == 126) throw bad("more than 258047 vertices");
    for (std::size_t k = 1; k <= 3; ++k) n = (n << 6) | static_cast<std::size_t>(text[k] - 63);
    at = 4;
  }
  if (n > kMaxSimpleGraphVertices) {
    throw bad(std::to_string(n) + " vertices; these games take at most " +
              std::to_string(kMaxSimpleGraphVertices));
  }
  const std::size_t pairs = n * (n - (n > 0 ? 1 : 0)) / 2;
  const std::size_t chars = (pairs + 5) / 6;
  if (text.size() - at != chars) {
    throw bad("expected " + std::to_string(chars) + " characters of edges for " +
              std::to_string(n) + " vertices, found " + std::to_string(text.size() - at));
  }
  SimpleGraph g(n);
  std::size_t k = 0;
  for (std::size_t j = 1; j < n; ++j) {
    for (std::size_t i = 0; i < j; ++i, ++k) {
      const unsigned group = static_cast<unsigned>(text[at + k / 6] - 63);
      if (((group >> (5 - k % 6)) & 1U) != 0) g.add_edge(i, j);
    }
  }
  if (pairs % 6 != 0) {
    const unsigned last = static_cast<unsigned>(text.back() - 63);
    if ((last & ((1U << (6 - pairs % 6)) - 1)) != 0) throw bad("the padding bits are not zero");
  }
  return g;
}

}  // namespace grundy
