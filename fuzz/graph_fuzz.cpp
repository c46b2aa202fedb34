// Harness: graph files (`graph(FILE)`).
// Properties: anything but grundy::Error escaping is a defect; a file that reads gives successor
// lists that are sorted, distinct and in range, vertex names that round-trip as positions, and
// the same graph again when written canonically and read back; Smith's generalised
// Sprague-Grundy function satisfies Fraenkel-Yesha's conditions A, B, C with its counter;
// retrograde outcomes and remoteness satisfy their defining recurrences and agree with gamma
// (P iff gamma = 0, draw iff gamma infinite with 0 outside its escape set); and on an acyclic
// graph the plain solver gives the same values.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/rules/families/graph.hpp"
#include "grundy/solve/graph_solver.hpp"
#include "grundy/spec/parser.hpp"
#include "support.hpp"

namespace {

using grundy::GraphGame;
using grundy::kInfiniteValue;
using grundy::Outcome;
using grundy::Value;

std::unique_ptr<GraphGame> read_graph(const std::string& name, std::string_view bytes) {
  return std::make_unique<GraphGame>(grundy::fuzz::write_temp_file(name, bytes).string());
}

void check_structure(const GraphGame& g) {
  const std::size_t n = g.vertex_count();
  for (std::size_t v = 0; v < n; ++v) {
    const auto next = g.successors(v);
    for (std::size_t i = 0; i < next.size(); ++i) {
      FUZZ_CHECK(next[i] < n, "a successor out of range");
      FUZZ_CHECK(i == 0 || next[i - 1] < next[i], "successors not sorted and distinct");
    }
    const std::string& name = g.vertex_name(v);
    FUZZ_CHECK(!name.empty() && std::all_of(name.begin(), name.end(), grundy::is_vertex_name_char),
               "vertex name '" + name + "'");
    grundy::Position p;
    try {
      p = grundy::parse_position(g, name);
    } catch (const grundy::Error& e) {
      grundy::fuzz::fail("vertex '" + name + "' does not parse as a position: " + e.what());
    }
    FUZZ_CHECK(p.x == v && p.y == 0 && g.format_position(p) == name, name);
  }
}

/// The graph written canonically (every vertex declared in index order, then every edge) reads
/// back as the same graph.
void check_canonical_text(const GraphGame& g) {
  std::string text;
  for (std::size_t v = 0; v < g.vertex_count(); ++v) text += g.vertex_name(v) + "\n";
  for (std::size_t v = 0; v < g.vertex_count(); ++v) {
    for (std::uint32_t w : g.successors(v))
      text += g.vertex_name(v) + " " + g.vertex_name(w) + "\n";
  }
  std::unique_ptr<GraphGame> again;
  try {
    again = read_graph("canonical.txt", text);
  } catch (const grundy::Error& e) {
    grundy::fuzz::fail(std::string("the canonical text does not read: ") + e.what());
  }
  FUZZ_CHECK(again->vertex_count() == g.vertex_count(), "vertex count after a round trip");
  for (std::size_t v = 0; v < g.vertex_count(); ++v) {
    FUZZ_CHECK(again->vertex_name(v) == g.vertex_name(v), "names after a round trip");
    const auto a = g.successors(v);
    const auto b = again->successors(v);
    FUZZ_CHECK(std::equal(a.begin(), a.end(), b.begin(), b.end()), "edges after a round trip");
  }
}

Value mex_of_finite(const GraphGame& g, const std::vector<Value>& gamma, std::size_t v) {
  std::vector<Value> seen;
  for (std::uint32_t w : g.successors(v)) {
    if (gamma[w] != kInfiniteValue) seen.push_back(gamma[w]);
  }
  std::sort(seen.begin(), seen.end());
  Value m = 0;
  for (Value s : seen) {
    if (s == m) ++m;
    if (s > m) break;
  }
  return m;
}

bool has_follower_valued(const GraphGame& g, const std::vector<Value>& gamma, std::size_t v,
                         Value a) {
  const auto next = g.successors(v);
  return std::any_of(next.begin(), next.end(), [&](std::uint32_t w) { return gamma[w] == a; });
}

/// Fraenkel & Yesha (JCTA 1986): gamma is the generalised Sprague-Grundy function iff, with some
/// counter c, (A) a finite gamma(u) is the mex of the finite values of u's followers; (B) if
/// gamma(u) is finite and a follower v has gamma(v) > gamma(u) (infinity included), v has a
/// follower w with gamma(w) = gamma(u) and c(w) < c(u); (C) if gamma(u) is infinite, some
/// follower v has gamma(v) infinite and no follower of value mex(finite values of u's followers).
void check_loopy_values(const GraphGame& g, const grundy::LoopyValues& values) {
  const std::vector<Value>& gamma = values.gamma;
  const std::size_t n = g.vertex_count();
  FUZZ_CHECK(gamma.size() == n && values.counter.size() == n, "one value per vertex");
  for (std::size_t u = 0; u < n; ++u) {
    const Value m = mex_of_finite(g, gamma, u);
    const std::string at = "vertex '" + g.vertex_name(u) + "'";
    if (gamma[u] != kInfiniteValue) {
      FUZZ_CHECK(gamma[u] == m, at + ": (A) a finite value is the mex of its followers'");
      for (std::uint32_t v : g.successors(u)) {
        if (gamma[v] <= gamma[u]) continue;
        const auto next = g.successors(v);
        FUZZ_CHECK(std::any_of(next.begin(), next.end(),
                               [&](std::uint32_t w) {
                                 return gamma[w] == gamma[u] &&
                                        values.counter[w] < values.counter[u];
                               }),
                   at + ": (B) follower '" + g.vertex_name(v) + "' has no earlier answer");
      }
    } else {
      const auto next = g.successors(u);
      FUZZ_CHECK(std::any_of(next.begin(), next.end(),
                             [&](std::uint32_t v) {
                               return gamma[v] == kInfiniteValue &&
                                      !has_follower_valued(g, gamma, v, m);
                             }),
                 at + ": (C) an infinite value without an infinite follower to stay on");
    }
  }
}

/// Retrograde analysis: a P-position has only N followers (none: a sink) and lasts 1 + the most
/// remoteness among them; an N-position has a P follower and lasts 1 + the least remoteness among
/// those; a draw has neither. Smith's theorem ties them to gamma.
void check_outcomes(const GraphGame& g, const grundy::LoopyValues& values,
                    const grundy::RetrogradeResult& r) {
  const std::size_t n = g.vertex_count();
  FUZZ_CHECK(r.outcome.size() == n && r.remoteness.size() == n, "one outcome per vertex");
  for (std::size_t u = 0; u < n; ++u) {
    const std::string at = "vertex '" + g.vertex_name(u) + "'";
    bool any_p = false, all_n = true;
    std::uint64_t least_p = UINT64_MAX, most_n = 0;
    for (std::uint32_t v : g.successors(u)) {
      if (r.outcome[v] == Outcome::P) {
        any_p = true;
        least_p = std::min(least_p, r.remoteness[v]);
      }
      if (r.outcome[v] != Outcome::N) all_n = false;
      if (r.outcome[v] == Outcome::N) most_n = std::max(most_n, r.remoteness[v]);
    }
    const Value gamma = values.gamma[u];
    switch (r.outcome[u]) {
      case Outcome::P:
        FUZZ_CHECK(all_n, at + ": a P-position with a follower that is not N");
        FUZZ_CHECK(r.remoteness[u] == (g.successors(u).empty() ? 0 : 1 + most_n), at);
        FUZZ_CHECK(gamma == 0, at + ": P but gamma is not 0");
        break;
      case Outcome::N:
        FUZZ_CHECK(any_p && r.remoteness[u] == 1 + least_p, at + ": N without its P follower");
        FUZZ_CHECK(
            gamma != 0 && (gamma != kInfiniteValue || has_follower_valued(g, values.gamma, u, 0)),
            at + ": N but gamma says otherwise");
        break;
      case Outcome::D:
        FUZZ_CHECK(!any_p && !all_n && r.remoteness[u] == 0, at + ": a draw that is decided");
        FUZZ_CHECK(gamma == kInfiniteValue && !has_follower_valued(g, values.gamma, u, 0),
                   at + ": a draw but gamma says otherwise");
        break;
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::unique_ptr<GraphGame> g;
  try {
    g = read_graph("graph.txt", grundy::fuzz::as_text(data, size));
  } catch (const grundy::Error&) {
    return 0;
  }
  check_structure(*g);
  check_canonical_text(*g);
  const grundy::LoopyValues values = grundy::generalised_sprague_grundy(*g);
  check_loopy_values(*g, values);
  check_outcomes(*g, values, grundy::retrograde_outcomes(*g));
  try {
    FUZZ_CHECK(grundy::solve_acyclic_graph(*g) == values.gamma, "acyclic values differ from gamma");
  } catch (const grundy::Error&) {
    // A cycle: only Smith's function applies.
    FUZZ_CHECK(g->vertex_count() > 0, "a cycle in an empty graph");
  }
  return 0;
}
