#pragma once
/// \file Canonical forms of graphs by nauty's canonical labelling (B. D. McKay and A. Piperno,
/// "Practical graph isomorphism, II", J. Symbolic Computation 60 (2014)): two graphs get the same
/// form exactly when they are isomorphic, so a component's nimber is looked up under its form.

#include <cstdint>
#include <string>
#include <vector>

#include "grundy/rules/simple_graph.hpp"

namespace grundy {

struct CanonicalGraph {
  /// The graph relabelled canonically.
  SimpleGraph graph;
  /// graph6 of `graph`: the key isomorphic graphs share, and the component's printed form.
  std::string key;
  /// One vertex of each orbit of the automorphism group (canonical labels, increasing): moves
  /// from vertices of one orbit leave isomorphic positions, so only these need playing.
  std::vector<std::uint32_t> orbit_representatives;
};

/// The canonical form of `g` (any graph; the empty graph too). In the page's WebAssembly build
/// (GRUNDY_WITHOUT_NAUTY: no nauty there) it is labelled_graph(g): a correct key, but isomorphic
/// graphs no longer share it.
CanonicalGraph canonical_graph(const SimpleGraph& g);

/// Frees nauty's workspace of the calling thread (nauty keeps it per thread between calls): a
/// thread that used canonical_graph calls this before it ends, or the workspace leaks.
void release_canonical_workspace() noexcept;

/// `g` as it is, keyed by its own graph6 and with every vertex its own orbit: what a search
/// without canonical forms uses (for measuring what canonical forms gain).
CanonicalGraph labelled_graph(SimpleGraph g);

}  // namespace grundy
