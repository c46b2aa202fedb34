// The component search (issue #15): Node-Kayles, Arc-Kayles and Cram, timed in one process with
// and without canonical forms (nauty) and with and without pruning (deciding g = 0 instead of
// computing g), side by side; and long runs: 3 x n Node-Kayles and Cram rectangles, each timed.
//
//   components_bench                 the side-by-side table (a few seconds to minutes)
//   components_bench --check         the four variants agree on small cases (a test runs this)
//   components_bench --nodekayles-3xn N   g(3 x n) for n = 1..N, one table, each n timed
//   components_bench --cram-cells N  Cram on every rectangle of at most N cells, each timed
//   components_bench --threads T     threads of the long runs (default 2)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "grundy/rules/graph_notation.hpp"
#include "grundy/solve/component_search.hpp"

namespace {

using grundy::ComponentSearch;
using grundy::ComponentSearchOptions;
using grundy::DeletionRule;
using grundy::SimpleGraph;
using Clock = std::chrono::steady_clock;

struct Case {
  const char* name;
  DeletionRule rule;
  SimpleGraph graph;
};

struct Run {
  double seconds = 0;
  std::uint64_t nodes = 0;
  bool p_position = false;
};

Run run(const Case& c, bool canonical, bool pruning) {
  ComponentSearch search(c.rule,
                         ComponentSearchOptions{.canonical_forms = canonical, .pruning = pruning});
  const auto start = Clock::now();
  Run r;
  r.p_position = search.has_value(c.graph, 0);
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  r.nodes = search.nodes();
  return r;
}

std::vector<Case> cases(bool small) {
  std::vector<Case> out;
  if (small) {
    out.push_back({"cram 3x4", DeletionRule::arc, grundy::grid_graph(3, 4)});
    out.push_back({"nodekayles 3x5", DeletionRule::node, grundy::grid_graph(3, 5)});
    out.push_back({"arckayles queens(3)", DeletionRule::arc, grundy::queens_graph(3)});
    return out;
  }
  out.push_back({"cram 4x4", DeletionRule::arc, grundy::grid_graph(4, 4)});
  out.push_back({"cram 3x7", DeletionRule::arc, grundy::grid_graph(3, 7)});
  out.push_back({"cram 4x5", DeletionRule::arc, grundy::grid_graph(4, 5)});
  out.push_back({"nodekayles 3x8", DeletionRule::node, grundy::grid_graph(3, 8)});
  out.push_back({"nodekayles 4x6", DeletionRule::node, grundy::grid_graph(4, 6)});
  out.push_back({"nodekayles queens(5)", DeletionRule::node, grundy::queens_graph(5)});
  return out;
}

int side_by_side(bool check) {
  std::printf("%-22s %5s | %12s %12s | %12s %12s | canon x  prune x\n", "position", "P?",
              "canon+prune", "canon", "plain+prune", "plain");
  bool agree = true;
  for (const Case& c : cases(check)) {
    const Run both = run(c, true, true);
    const Run canon = run(c, true, false);
    const Run plain_pruned = run(c, false, true);
    const Run plain = run(c, false, false);
    agree = agree && both.p_position == canon.p_position &&
            both.p_position == plain_pruned.p_position && both.p_position == plain.p_position;
    std::printf("%-22s %5s | %11.3fs %11.3fs | %11.3fs %11.3fs | %6.1f  %6.1f\n", c.name,
                both.p_position ? "P" : "N", both.seconds, canon.seconds, plain_pruned.seconds,
                plain.seconds, plain.seconds / canon.seconds, canon.seconds / both.seconds);
    std::printf("%-22s %5s | %12llu %12llu | %12llu %12llu | (components searched)\n", "", "",
                static_cast<unsigned long long>(both.nodes),
                static_cast<unsigned long long>(canon.nodes),
                static_cast<unsigned long long>(plain_pruned.nodes),
                static_cast<unsigned long long>(plain.nodes));
    std::fflush(stdout);
  }
  if (!agree) {
    std::printf("MISMATCH: the variants disagree\n");
    return 1;
  }
  return 0;
}

int nodekayles_3xn(int last, unsigned threads) {
  ComponentSearch search(DeletionRule::node, ComponentSearchOptions{.threads = threads});
  const auto start = Clock::now();
  for (int n = 1; n <= last; ++n) {
    const auto t0 = Clock::now();
    const grundy::Value v = search.value(grundy::grid_graph(3, static_cast<std::size_t>(n)));
    const auto now = Clock::now();
    std::printf("3x%-3d g = %llu   %9.3f s (total %9.3f s, table %llu entries)\n", n,
                static_cast<unsigned long long>(v), std::chrono::duration<double>(now - t0).count(),
                std::chrono::duration<double>(now - start).count(),
                static_cast<unsigned long long>(search.table().size()));
    std::fflush(stdout);
  }
  return 0;
}

int cram_rectangles(int cells, unsigned threads) {
  ComponentSearch search(DeletionRule::arc, ComponentSearchOptions{.threads = threads});
  const auto start = Clock::now();
  for (int r = 1; r * r <= cells; ++r) {
    for (int c = r; r * c <= cells; ++c) {
      const auto t0 = Clock::now();
      const grundy::Value v = search.value(
          grundy::grid_graph(static_cast<std::size_t>(r), static_cast<std::size_t>(c)));
      const auto now = Clock::now();
      std::printf("cram %dx%-3d g = %llu   %9.3f s (total %9.3f s)\n", r, c,
                  static_cast<unsigned long long>(v),
                  std::chrono::duration<double>(now - t0).count(),
                  std::chrono::duration<double>(now - start).count());
      std::fflush(stdout);
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  unsigned threads = 2;
  for (int i = 1; i + 1 < argc; ++i) {
    if (std::strcmp(argv[i], "--threads") == 0)
      threads = static_cast<unsigned>(std::atoi(argv[i + 1]));
  }
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--check") == 0) return side_by_side(true);
    if (std::strcmp(argv[i], "--nodekayles-3xn") == 0 && i + 1 < argc) {
      return nodekayles_3xn(std::atoi(argv[i + 1]), threads);
    }
    if (std::strcmp(argv[i], "--cram-cells") == 0 && i + 1 < argc) {
      return cram_rectangles(std::atoi(argv[i + 1]), threads);
    }
  }
  return side_by_side(false);
}
