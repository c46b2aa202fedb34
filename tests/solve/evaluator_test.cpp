#include "grundy/solve/evaluator.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "grundy/solve/graph_solver.hpp"
#include "grundy/spec/parser.hpp"
#include "temp_file.hpp"

namespace grundy {
namespace {

/// A random graph on `n` vertices: edges i -> j with j < i only when `acyclic`.
std::string random_graph(std::mt19937_64& rng, int n, int edges, bool acyclic) {
  std::string text;
  for (int v = 0; v < n; ++v) text += "v" + std::to_string(v) + "\n";
  for (int e = 0; e < edges; ++e) {
    int from = static_cast<int>(rng() % n);
    int to = static_cast<int>(rng() % n);
    if (acyclic) {
      if (from == to) continue;
      if (from < to) std::swap(from, to);
    }
    text += "v" + std::to_string(from) + " v" + std::to_string(to) + "\n";
  }
  return text;
}

TEST(Evaluator, GraphValuesAreSmithsGammaWithOrWithoutCycles) {
  // Acyclic graphs take the linear path; the values must be Fraenkel-Yesha's gamma all the same.
  std::mt19937_64 rng(17);
  for (int round = 0; round < 200; ++round) {
    const bool acyclic = round % 2 == 0;
    const int n = 2 + static_cast<int>(rng() % 30);
    test::TempFile file(random_graph(rng, n, static_cast<int>(rng() % (3 * n)), acyclic));
    const auto game = parse_game("graph(" + file.path() + ")");
    const auto& graph = static_cast<const GraphGame&>(*game);
    const LoopyValues expected = generalised_sprague_grundy(graph);
    if (acyclic) {
      EXPECT_TRUE(acyclic_values(graph));
    }
    Evaluator evaluator(game, Limits{});
    for (std::size_t v = 0; v < graph.vertex_count(); ++v) {
      ASSERT_EQ(evaluator.value({v, 0}), expected.gamma[v]) << round << " v" << v;
    }
  }
  test::TempFile cycle("a b\nb a\n");
  EXPECT_FALSE(acyclic_values(GraphGame(cycle.path())));
}

}  // namespace
}  // namespace grundy
