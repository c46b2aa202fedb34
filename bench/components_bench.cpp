// The component search (issue #15): Node-Kayles, Arc-Kayles and Cram, timed in one process: the
// board search (cells as bits, shapes turned by the square's symmetries) with and without
// canonical forms and with and without pruning (deciding g = 0 instead of computing g), side by
// side with the graph search (nauty); and long runs: 3 x n, 4 x n and n x n Node-Kayles, queens'
// graphs and Cram rectangles, each timed.
//
//   components_bench                 the side-by-side table (a few seconds to minutes)
//   components_bench --check         the variants agree on small cases (a test runs this)
//   components_bench --nodekayles R N   g(R x n) for n = 1..N, one table, each n timed
//   components_bench --nodekayles-square N   g(n x n) for n = 1..N
//   components_bench --queens N      Node-Kayles on the queens' graph of n x n for n = 1..N
//   components_bench --cram-cells N  Cram on every rectangle of at most N cells, each timed
//   components_bench --graph         the long runs with the graph search instead
//   components_bench --outcome-first the long runs decide g = 0 with pruning first, and compute g
//                                    only when it is not 0
//   components_bench --threads T     threads of the long runs (default 2)
//   components_bench --max-memory GB the tables' bound (default: what the machine has)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "grundy/rules/graph_notation.hpp"
#include "grundy/solve/board_search.hpp"
#include "grundy/solve/graph_search.hpp"

namespace {

using grundy::BoardAdjacency;
using grundy::BoardCells;
using grundy::BoardSearch;
using grundy::ComponentSearchOptions;
using grundy::DeletionRule;
using grundy::GraphSearch;
using grundy::SimpleGraph;
using Clock = std::chrono::steady_clock;

struct Case {
  const char* name;
  DeletionRule rule;
  BoardAdjacency adjacency;
  std::size_t rows;
  std::size_t columns;
};

BoardCells full_board(BoardAdjacency adjacency, std::size_t rows, std::size_t columns) {
  BoardCells b{.adjacency = adjacency, .rows = rows, .columns = columns, .cells = {}};
  for (std::size_t i = 0; i < rows * columns; ++i) b.cells.set(i);
  return b;
}

SimpleGraph graph_of(const Case& c) {
  return c.adjacency == BoardAdjacency::queens ? grundy::queens_graph(c.rows)
                                               : grundy::grid_graph(c.rows, c.columns);
}

struct Run {
  double seconds = 0;
  std::uint64_t nodes = 0;
  bool p_position = false;
};

template <class Search, class Position>
Run timed(Search& search, const Position& p) {
  const auto start = Clock::now();
  Run r;
  r.p_position = search.has_value(p, 0);
  r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
  r.nodes = search.nodes();
  return r;
}

Run board_run(const Case& c, bool canonical, bool pruning) {
  BoardSearch search(c.rule, c.adjacency,
                     ComponentSearchOptions{.canonical_forms = canonical, .pruning = pruning});
  return timed(search, full_board(c.adjacency, c.rows, c.columns));
}

Run graph_run(const Case& c) {
  GraphSearch search(c.rule, ComponentSearchOptions{});
  return timed(search, graph_of(c));
}

std::vector<Case> cases(bool small) {
  const auto grid = BoardAdjacency::grid;
  const auto queens = BoardAdjacency::queens;
  if (small) {
    return {{"cram 3x4", DeletionRule::arc, grid, 3, 4},
            {"nodekayles 3x5", DeletionRule::node, grid, 3, 5},
            {"nodekayles queens(4)", DeletionRule::node, queens, 4, 4}};
  }
  return {{"cram 4x6", DeletionRule::arc, grid, 4, 6},
          {"cram 3x9", DeletionRule::arc, grid, 3, 9},
          {"cram 5x5", DeletionRule::arc, grid, 5, 5},
          {"nodekayles 3x14", DeletionRule::node, grid, 3, 14},
          {"nodekayles 4x9", DeletionRule::node, grid, 4, 9},
          {"nodekayles queens(7)", DeletionRule::node, queens, 7, 7}};
}

double ratio(const Run& slow, const Run& fast) {
  return slow.seconds / std::max(fast.seconds, 1e-9);
}

/// Every variant decides whether the position is a P-position; the board search with symmetries
/// and pruning is the baseline the others are divided by.
int side_by_side(bool check) {
  std::printf("%-22s %3s | %11s %11s %11s %11s | %11s | canon x prune x  nauty x\n", "position",
              "P?", "board", "no prune", "no canon", "neither", "graph");
  bool agree = true;
  for (const Case& c : cases(check)) {
    const Run both = board_run(c, true, true);
    const Run unpruned = board_run(c, true, false);
    const Run uncanonical = board_run(c, false, true);
    const Run plain = board_run(c, false, false);
    const Run graph = graph_run(c);
    for (const Run* r : {&unpruned, &uncanonical, &plain, &graph}) {
      agree = agree && r->p_position == both.p_position;
    }
    std::printf("%-22s %3s | %10.4fs %10.4fs %10.4fs %10.4fs | %10.4fs | %7.1f %7.1f %8.1f\n",
                c.name, both.p_position ? "P" : "N", both.seconds, unpruned.seconds,
                uncanonical.seconds, plain.seconds, graph.seconds, ratio(uncanonical, both),
                ratio(unpruned, both), ratio(graph, both));
    std::printf("%-22s %3s | %11llu %11llu %11llu %11llu | %11llu | (components searched)\n", "",
                "", static_cast<unsigned long long>(both.nodes),
                static_cast<unsigned long long>(unpruned.nodes),
                static_cast<unsigned long long>(uncanonical.nodes),
                static_cast<unsigned long long>(plain.nodes),
                static_cast<unsigned long long>(graph.nodes));
    std::fflush(stdout);
  }
  if (!agree) {
    std::printf("MISMATCH: the variants disagree\n");
    return 1;
  }
  return 0;
}

struct LongRun {
  DeletionRule rule = DeletionRule::node;
  BoardAdjacency adjacency = BoardAdjacency::grid;
  bool graph = false;
  /// Decide g = 0 with pruning first; compute g only when it is not 0.
  bool outcome_first = false;
  ComponentSearchOptions options;
};

/// g of each board in turn, one table for all, each timed.
int timed_values(const LongRun& how,
                 const std::vector<std::pair<std::size_t, std::size_t>>& boards) {
  BoardSearch board(how.rule, how.adjacency, how.options);
  GraphSearch graph(how.rule, how.options);
  const auto start = Clock::now();
  for (const auto& [r, c] : boards) {
    const auto t0 = Clock::now();
    grundy::Value v = 0;
    if (how.graph) {
      v = graph.value(how.adjacency == BoardAdjacency::queens ? grundy::queens_graph(r)
                                                              : grundy::grid_graph(r, c));
    } else if (how.outcome_first && board.has_value(full_board(how.adjacency, r, c), 0)) {
      v = 0;  // decided with pruning: no option is a P-position
    } else {
      v = board.value(full_board(how.adjacency, r, c));
    }
    const auto now = Clock::now();
    std::printf(
        "%s %zux%-3zu g = %-3llu %10.3f s  (total %10.3f s, table %llu entries, %llu "
        "searched)\n",
        how.rule == DeletionRule::arc ? "cram      " : "nodekayles", r, c,
        static_cast<unsigned long long>(v), std::chrono::duration<double>(now - t0).count(),
        std::chrono::duration<double>(now - start).count(),
        static_cast<unsigned long long>(how.graph ? graph.search().table().size()
                                                  : board.table_size()),
        static_cast<unsigned long long>(how.graph ? graph.nodes() : board.nodes()));
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  LongRun how;
  how.options.threads = 2;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--graph") == 0) how.graph = true;
    if (std::strcmp(argv[i], "--outcome-first") == 0) how.outcome_first = true;
    if (i + 1 < argc && std::strcmp(argv[i], "--threads") == 0) {
      how.options.threads = static_cast<unsigned>(std::atoi(argv[i + 1]));
    }
    if (i + 1 < argc && std::strcmp(argv[i], "--cache") == 0) {
      how.options.cache_directory = std::filesystem::path(argv[i + 1]);
    }
    if (i + 1 < argc && std::strcmp(argv[i], "--max-memory") == 0) {
      how.options.limits.max_memory_bytes =
          static_cast<std::uint64_t>(std::atof(argv[i + 1]) * 1024 * 1024 * 1024);
    }
  }
  std::vector<std::pair<std::size_t, std::size_t>> boards;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--check") return side_by_side(true);
    if (a == "--nodekayles" && i + 2 < argc) {
      const auto rows = static_cast<std::size_t>(std::atoi(argv[i + 1]));
      for (int n = 1; n <= std::atoi(argv[i + 2]); ++n) boards.emplace_back(rows, n);
      return timed_values(how, boards);
    }
    if (a == "--nodekayles-square" && i + 1 < argc) {
      for (int n = 1; n <= std::atoi(argv[i + 1]); ++n) boards.emplace_back(n, n);
      return timed_values(how, boards);
    }
    if (a == "--queens" && i + 1 < argc) {
      how.adjacency = BoardAdjacency::queens;
      for (int n = 1; n <= std::atoi(argv[i + 1]); ++n) boards.emplace_back(n, n);
      return timed_values(how, boards);
    }
    if (a == "--cram" && i + 2 < argc) {
      how.rule = DeletionRule::arc;
      boards.emplace_back(std::atoi(argv[i + 1]), std::atoi(argv[i + 2]));
      return timed_values(how, boards);
    }
    if (a == "--cram-cells" && i + 1 < argc) {
      how.rule = DeletionRule::arc;
      const int cells = std::atoi(argv[i + 1]);
      for (int r = 1; r * r <= cells; ++r) {
        for (int c = r; r * c <= cells; ++c) boards.emplace_back(r, c);
      }
      return timed_values(how, boards);
    }
  }
  return side_by_side(false);
}
