#pragma once
/// \file Values of graph games: Grundy values of an acyclic graph in topological order, and for
/// graphs with cycles Smith's generalised Sprague–Grundy function and retrograde outcomes.

#include <cstdint>
#include <optional>
#include <vector>

#include "grundy/core/outcome.hpp"
#include "grundy/core/value.hpp"
#include "grundy/rules/families/graph.hpp"

namespace grundy {

/// g(v) for every vertex, sinks first (Kahn's algorithm on the reversed edges): linear in the
/// edges. Throws Error naming a vertex on a cycle when the graph has one.
std::vector<Value> solve_acyclic_graph(const GraphGame& graph);
/// The same, or nothing when the graph has a cycle.
std::optional<std::vector<Value>> acyclic_values(const GraphGame& graph);

/// The value of a loopy position that is not a finite nimber: "infinity" (Smith 1966; Fraenkel
/// & Yesha 1986). Finite values never have the top bit set, so no XOR of finite values equals it.
inline constexpr Value kInfiniteValue = ~Value{0};

/// Smith's generalised Sprague–Grundy function gamma of every vertex, with Smith's counter.
struct LoopyValues {
  /// gamma(v): a finite nimber, or kInfiniteValue. An infinite vertex's escape set K(v) is the set
  /// of finite gamma values of its followers (escape_set).
  std::vector<Value> gamma;
  /// For a finite gamma(v): the order in which v was labelled within its value level. A vertex
  /// of value a that has a follower w of infinite value with a in K(w) is answered from w by a
  /// move to a follower of value a with a smaller counter, so play cannot cycle.
  std::vector<std::uint64_t> counter;
};

/// Fraenkel–Yesha's algorithm for gamma (Fraenkel & Yesha, "The generalized Sprague–Grundy
/// function and its invariance under certain mappings", JCTA 1986), one pass per value level i:
/// label i, while any exists, an unlabelled vertex with no follower labelled i each of whose
/// unlabelled or infinite followers has a follower labelled i; then mark infinite every unlabelled
/// vertex with no follower labelled i. Each pass is linear in the edges (counts of the followers
/// still lacking a follower labelled i, as in retrograde analysis).
LoopyValues generalised_sprague_grundy(const GraphGame& graph);

/// K(v): the finite gamma values of v's followers, increasing, each once.
std::vector<Value> escape_set(const GraphGame& graph, const std::vector<Value>& gamma,
                              std::size_t v);

/// Win / loss / draw of every vertex by retrograde analysis (linear in the edges): a sink is lost
/// for the player to move, a vertex with a lost follower is won, a vertex all of whose followers
/// are won is lost, and whatever is left is a draw. `remoteness[v]` is the number of moves of
/// perfect play (the winner hurrying, the loser delaying) for won and lost vertices, 0 for draws.
struct RetrogradeResult {
  std::vector<Outcome> outcome;
  std::vector<std::uint64_t> remoteness;
};
RetrogradeResult retrograde_outcomes(const GraphGame& graph);

}  // namespace grundy
