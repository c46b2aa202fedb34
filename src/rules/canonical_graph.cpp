#include "grundy/rules/canonical_graph.hpp"

#include <numeric>
#include <stdexcept>

#ifndef GRUNDY_WITHOUT_NAUTY
#include <nauty.h>
#endif

namespace grundy {

#ifdef GRUNDY_WITHOUT_NAUTY
// The page's WebAssembly build (web/): Debian's nauty is a native library only. A graph keyed by
// its own labelling is still a correct key (equal keys are equal graphs), so every value is the
// same; only isomorphic components are no longer found to be one.
CanonicalGraph canonical_graph(const SimpleGraph& g) {
  return labelled_graph(g);
}

void release_canonical_workspace() noexcept {}
#else
static_assert(WORDSIZE == 64, "SimpleGraph rows are nauty graphs with 64-bit setwords");
static_assert(sizeof(setword) == sizeof(std::uint64_t));

CanonicalGraph canonical_graph(const SimpleGraph& g) {
  const std::size_t n = g.vertex_count();
  CanonicalGraph out;
  if (n <= 1) {
    // nauty needs n >= 1; a single vertex or none is already canonical.
    out.graph = g;
    out.key = to_graph6(g);
    if (n == 1) out.orbit_representatives = {0};
    return out;
  }
  const int ni = static_cast<int>(n);
  const int mi = static_cast<int>(g.words());
  std::vector<int> lab(n);
  std::vector<int> ptn(n);
  std::vector<int> orbits(n);
  DEFAULTOPTIONS_GRAPH(options);
  options.getcanon = TRUE;
  statsblk stats;
  out.graph = SimpleGraph(n);
  // densenauty takes the graph as non-const but does not change it.
  std::vector<std::uint64_t> rows = g.rows();
  densenauty(reinterpret_cast<graph*>(rows.data()), lab.data(), ptn.data(), orbits.data(), &options,
             &stats, mi, ni, reinterpret_cast<graph*>(out.graph.rows().data()));
  if (stats.errstatus != 0) {
    throw std::logic_error("nauty failed on a graph of " + std::to_string(n) + " vertices");
  }
  out.key = to_graph6(out.graph);
  // Canonical vertex i is g's vertex lab[i]; orbits[v] is the least vertex of v's orbit in g.
  std::vector<bool> seen(n, false);
  for (std::size_t i = 0; i < n; ++i) {
    const auto orbit = static_cast<std::size_t>(orbits[static_cast<std::size_t>(lab[i])]);
    if (!seen[orbit]) {
      seen[orbit] = true;
      out.orbit_representatives.push_back(static_cast<std::uint32_t>(i));
    }
  }
  return out;
}

void release_canonical_workspace() noexcept {
  nauty_freedyn();
  nautil_freedyn();
  naugraph_freedyn();
}
#endif

CanonicalGraph labelled_graph(SimpleGraph g) {
  CanonicalGraph out;
  out.key = to_graph6(g);
  out.orbit_representatives.resize(g.vertex_count());
  std::iota(out.orbit_representatives.begin(), out.orbit_representatives.end(), 0U);
  out.graph = std::move(g);
  return out;
}

}  // namespace grundy
