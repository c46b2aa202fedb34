// The component search (Node-Kayles, Arc-Kayles, Cram) against independent references: a plain
// search over vertex sets on every graph of at most 8 vertices (nauty's geng lists them), random
// graphs to 16 vertices and every sub-board of the 4x4 board; the octal games Node-Kayles and
// Arc-Kayles are on paths; and theorems on stars, cycles, complete graphs and Cram's symmetric
// boards.
#include "grundy/solve/graph_search.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/atomic_file.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/families/vertex_deletion_game.hpp"
#include "grundy/rules/graph_notation.hpp"
#include "grundy/solve/component_source.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/solve/table_file.hpp"
#include "grundy/spec/parser.hpp"
#include "temp_file.hpp"
#include "vertex_deletion_brute.hpp"

namespace grundy {
namespace {

constexpr DeletionRule kRules[] = {DeletionRule::node, DeletionRule::arc};

const char* rule_text(DeletionRule rule) {
  return rule == DeletionRule::node ? "node" : "arc";
}

/// Every graph on n vertices up to isomorphism, as graph6 lines from nauty's geng.
std::vector<std::string> all_graphs(int n) {
  const std::string command = "nauty-geng -q " + std::to_string(n);
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) throw std::runtime_error("cannot run " + command);
  std::vector<std::string> out;
  char line[256];
  while (std::fgets(line, sizeof line, pipe) != nullptr) {
    std::string s(line);
    while (!s.empty() && (s.back() == '\n' || s.back() == '\r')) s.pop_back();
    out.push_back(s);
  }
  pclose(pipe);
  return out;
}

SimpleGraph random_graph(std::mt19937_64& rng, std::size_t n, double p) {
  SimpleGraph g(n);
  std::bernoulli_distribution edge(p);
  for (std::size_t a = 0; a < n; ++a) {
    for (std::size_t b = a + 1; b < n; ++b) {
      if (edge(rng)) g.add_edge(a, b);
    }
  }
  return g;
}

SimpleGraph relabelled(const SimpleGraph& g, const std::vector<std::size_t>& to) {
  SimpleGraph h(g.vertex_count());
  for (std::size_t a = 0; a < g.vertex_count(); ++a) {
    for (std::size_t b = a + 1; b < g.vertex_count(); ++b) {
      if (g.adjacent(a, b)) h.add_edge(to[a], to[b]);
    }
  }
  return h;
}

TEST(Graph6, GengCountsGraphsOfFourVerticesByEdges) {
  // The 11 graphs on 4 vertices have 0, 1, 2, 2, 3, 3, 3, 4, 4, 5, 6 edges.
  std::vector<int> by_edges(7, 0);
  for (const std::string& line : all_graphs(4)) ++by_edges.at(from_graph6(line).edge_count());
  EXPECT_EQ(by_edges, (std::vector<int>{1, 1, 2, 3, 2, 1, 1}));
  EXPECT_EQ(to_graph6(path_graph(3)), "Bg");  // edges 01 and 12: bits 1,0,1 of (01),(02),(12)
  EXPECT_EQ(to_graph6(complete_graph(3)), "Bw");
}

TEST(Graph6, RoundTripsRandomGraphsSmallAndLarge) {
  std::mt19937_64 rng(6);
  for (std::size_t n : {0, 1, 2, 5, 62, 63, 64, 65, 130}) {
    const SimpleGraph g = random_graph(rng, n, 0.3);
    EXPECT_EQ(from_graph6(to_graph6(g)), g) << n;
  }
}

TEST(Graph6, RefusesBadText) {
  for (const char* bad : {"", "B", "Bgg", "B(", "D~~~", "Bh"}) {
    EXPECT_THROW(from_graph6(bad), Error) << bad;
  }
}

TEST(CanonicalGraph, IsomorphicGraphsShareTheKeyOthersDoNot) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 50; ++trial) {
    const std::size_t n = 2 + trial % 20;
    const SimpleGraph g = random_graph(rng, n, 0.35);
    std::vector<std::size_t> to(n);
    for (std::size_t i = 0; i < n; ++i) to[i] = i;
    std::shuffle(to.begin(), to.end(), rng);
    EXPECT_EQ(canonical_graph(g).key, canonical_graph(relabelled(g, to)).key);
  }
  EXPECT_NE(canonical_graph(path_graph(4)).key, canonical_graph(star_graph(3)).key);
  // A path's automorphisms swap its ends: orbits {0,3}, {1,2}.
  EXPECT_EQ(canonical_graph(path_graph(4)).orbit_representatives.size(), 2u);
  EXPECT_EQ(canonical_graph(complete_graph(6)).orbit_representatives.size(), 1u);
}

/// The engine's value and has_value against the brute force on `g`.
void expect_agrees(GraphSearch& search, const SimpleGraph& g, const std::string& what) {
  test::VertexDeletionBrute brute(g, search.rule());
  const Value expected = brute.value();
  ASSERT_EQ(search.value(g), expected) << what << " (" << rule_text(search.rule()) << ")";
}

TEST(GraphSearch, AgreesWithBruteForceOnEveryGraphOfAtMostEightVertices) {
  for (const DeletionRule rule : kRules) {
    GraphSearch search(rule, {});
    GraphSearch pruned(rule, {});
    for (int n = 1; n <= 8; ++n) {
      for (const std::string& line : all_graphs(n)) {
        const SimpleGraph g = from_graph6(line);
        expect_agrees(search, g, line);
        test::VertexDeletionBrute brute(g, rule);
        const Value expected = brute.value();
        for (Value t = 0; t <= 3; ++t) {
          ASSERT_EQ(pruned.has_value(g, t), expected == t) << line << " t=" << t;
        }
      }
    }
  }
}

TEST(GraphSearch, WithoutCanonicalFormsAgreesOnEveryGraphOfAtMostSevenVertices) {
  for (const DeletionRule rule : kRules) {
    GraphSearch plain(rule, {.canonical_forms = false, .pruning = false});
    for (int n = 1; n <= 7; ++n) {
      for (const std::string& line : all_graphs(n)) expect_agrees(plain, from_graph6(line), line);
    }
  }
}

TEST(GraphSearch, AgreesWithBruteForceOnRandomGraphsToSixteenVertices) {
  std::mt19937_64 rng(15);
  for (const DeletionRule rule : kRules) {
    GraphSearch search(rule, {});
    GraphSearch two_threads(rule, {.threads = 2});
    for (std::size_t n = 9; n <= 16; ++n) {
      for (const double p : {0.12, 0.2, 0.3, 0.5}) {
        const SimpleGraph g = random_graph(rng, n, p);
        const std::string what = to_graph6(g);
        expect_agrees(search, g, what);
        test::VertexDeletionBrute brute(g, rule);
        const Value expected = brute.value();
        EXPECT_EQ(two_threads.value(g), expected) << what;
        EXPECT_EQ(two_threads.has_value(g, 0), expected == 0) << what;
      }
    }
  }
}

TEST(GraphSearch, AgreesWithBruteForceOnEverySubBoardOfTheFourByFourBoard) {
  // One brute-force table over the 16 cells holds every sub-board: cell (r, c) is bit 4r + c.
  const SimpleGraph board = grid_graph(4, 4);
  for (const DeletionRule rule : kRules) {
    test::VertexDeletionBrute brute(board, rule);
    GraphSearch search(rule, {});
    for (std::uint32_t set = 0; set < (1U << 16); ++set) {
      std::vector<std::uint32_t> cells;
      for (std::uint32_t v = 0; v < 16; ++v) {
        if ((set >> v & 1U) != 0) cells.push_back(v);
      }
      ASSERT_EQ(search.value(induced_subgraph(board, cells)), brute.value(set))
          << "cells " << set << " (" << rule_text(rule) << ")";
    }
  }
}

TEST(GraphSearch, PathsAreOctalGames) {
  // Node-Kayles on a path of n vertices is 0.137 at n; Arc-Kayles on it (Cram on 1 x n) is 0.07
  // at n: the offsets are 0 (the family files say why).
  Evaluator dawson(parse_game("0.137"), Limits{});
  Evaluator dawson_kayles(parse_game("0.07"), Limits{});
  GraphSearch node(DeletionRule::node, {});
  GraphSearch arc(DeletionRule::arc, {});
  for (std::uint64_t n = 0; n <= 120; ++n) {
    EXPECT_EQ(node.value(path_graph(n)), dawson.value(Position{n, 0})) << n;
    EXPECT_EQ(arc.value(path_graph(n)), dawson_kayles.value(Position{n, 0})) << n;
    EXPECT_EQ(arc.value(grid_graph(1, n)), dawson_kayles.value(Position{n, 0})) << n;
  }
}

TEST(GraphSearch, StarsCyclesAndCompleteGraphsFollowTheirFormulas) {
  GraphSearch node(DeletionRule::node, {});
  GraphSearch arc(DeletionRule::arc, {});
  for (std::size_t n = 1; n <= 40; ++n) {
    // Node-Kayles on K(1,n): the centre leaves nothing, a leaf leaves n-1 lone vertices.
    EXPECT_EQ(node.value(star_graph(n)), n % 2 == 1 ? 1u : 2u) << n;
    // Arc-Kayles on K(1,n): every edge leaves lone vertices only.
    EXPECT_EQ(arc.value(star_graph(n)), 1u) << n;
    EXPECT_EQ(node.value(complete_graph(n)), 1u) << n;
    // Arc-Kayles on K_n leaves K_(n-2): the values alternate.
    EXPECT_EQ(arc.value(complete_graph(n)), (n / 2) % 2) << n;
  }
  for (std::size_t n = 3; n <= 60; ++n) {
    // Every move on a cycle leaves a path: of n - 3 vertices (Node-Kayles), n - 2 (Arc-Kayles).
    EXPECT_EQ(node.value(cycle_graph(n)), node.value(path_graph(n - 3)) == 0 ? 1u : 0u) << n;
    EXPECT_EQ(arc.value(cycle_graph(n)), arc.value(path_graph(n - 2)) == 0 ? 1u : 0u) << n;
  }
}

TEST(GraphSearch, NodeKaylesOnGridsMatchesThePublishedValues) {
  // OEIS A316632 (Brown, Daugherty, Fiorini et al., "Nimber sequences of Node-Kayles games",
  // J. Integer Sequences 23 (2020), Article 20.3.5): g(3 x n) for n = 1..16, of which the first
  // 12 here (all 16: bench/components_bench --nodekayles-3xn 16); the ladders 2 x n alternate
  // 1, 0 (same source).
  const Value published[] = {2, 1, 1, 0, 3, 3, 2, 2, 2, 3, 3, 5, 2, 4, 1, 3};
  GraphSearch search(DeletionRule::node, {.threads = 2});
  for (std::size_t n = 1; n <= 12; ++n) {
    EXPECT_EQ(search.value(grid_graph(3, n)), published[n - 1]) << "3x" << n;
    EXPECT_EQ(search.value(grid_graph(n, 3)), published[n - 1]) << n << "x3";
  }
  for (std::size_t n = 1; n <= 20; ++n) EXPECT_EQ(search.value(grid_graph(2, n)), n % 2) << n;
}

TEST(GraphSearch, CramOnSymmetricBoards) {
  // Winning Ways ch. 23: on an even x even board the second player wins by copying through the
  // centre; on even x odd the first player takes the two central cells and then copies.
  GraphSearch cram(DeletionRule::arc, {});
  for (std::size_t r = 1; r <= 4; ++r) {
    for (std::size_t c = r; r * c <= 20; ++c) {
      const Value v = cram.value(grid_graph(r, c));
      if (r % 2 == 0 && c % 2 == 0) {
        EXPECT_EQ(v, 0u) << r << "x" << c;
      }
      if ((r + c) % 2 == 1) {
        EXPECT_NE(v, 0u) << r << "x" << c;
      }
    }
  }
}

TEST(GraphSearch, ABoundedTableDropsEntriesAndStaysRight) {
  std::mt19937_64 rng(3);
  // The least table (search_table.hpp): 1024 clusters of four two-word entries.
  constexpr std::uint64_t kBytes = SearchTable<2>::kMinBytes;
  GraphSearch small(DeletionRule::node, {.limits = Limits{.max_memory_bytes = kBytes}});
  for (int trial = 0; trial < 40; ++trial) {
    const SimpleGraph g = random_graph(rng, 20, 0.12);
    expect_agrees(small, g, to_graph6(g));
    EXPECT_LE(small.search().table().bytes(), kBytes);
  }
  EXPECT_GT(small.search().table().dropped(), 0u);
}

/// What a table file of the search keeps (GraphSearch::for_each_fact), as a list.
TableEntries facts_of(const GraphSearch& search) {
  TableEntries out;
  search.for_each_fact(
      [&](const std::string& key, const TableFact& fact) { out.emplace_back(key, fact); });
  return out;
}

TEST(GraphSearch, ItsTableSavesAndLoadsAndForeignOrCorruptFilesAreRefused) {
  const test::TempFile file("");
  GraphSearch first(DeletionRule::arc, {});
  const Value v = first.value(grid_graph(3, 5));
  save_table_file(file.path(), "arc", facts_of(first));

  GraphSearch second(DeletionRule::arc, {});
  const TableEntries entries = load_table_file(file.path(), "arc", 1 << 20);
  for (const auto& [key, fact] : entries) EXPECT_TRUE(second.add_fact(key, fact)) << key;
  EXPECT_EQ(second.search().table().size(), facts_of(first).size());
  EXPECT_EQ(second.value(grid_graph(3, 5)), v);
  EXPECT_EQ(second.nodes(), 0u) << "the loaded table answers without search";
  // A key of the first format (graph6 of the canonical form) is read too.
  GraphSearch third(DeletionRule::arc, {});
  EXPECT_TRUE(third.add_fact(canonical_graph(grid_graph(3, 5)).key, TableFact::exact(v)));
  EXPECT_EQ(third.value(grid_graph(3, 5)), v);
  EXPECT_EQ(third.nodes(), 0u);
  EXPECT_FALSE(third.add_fact("graph:zz", TableFact::exact(1)));

  EXPECT_THROW(load_table_file(file.path(), "node", 1 << 20), Error);  // another rule's nimbers

  std::string text;
  {
    std::ifstream in(file.path());
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  auto refused = [&](const std::string& content, const std::string& why) {
    const test::TempFile bad(content);
    EXPECT_THROW(load_table_file(bad.path(), "arc", 1 << 20), Error) << why;
  };
  std::string flipped = text;
  flipped[flipped.size() - 2] = flipped[flipped.size() - 2] == '1' ? '2' : '1';
  refused(flipped, "a value edited");
  refused(text.substr(0, text.size() - 5), "cut short");
  refused("not a table\n", "another file");
  refused("", "empty");
}

TEST(TableFile, AFactsTextParsesBackAndMalformedTextsAreRefused) {
  std::mt19937_64 rng(11);
  for (int i = 0; i < 2000; ++i) {
    const TableFact f = i % 2 == 0 ? TableFact::exact(rng() % (i % 10 == 0 ? 1000000 : 64))
                                   : TableFact::excluding({rng() >> (rng() % 64) | 1});
    const std::optional<TableFact> back = parse_table_fact(table_fact_text(f));
    ASSERT_TRUE(back) << table_fact_text(f);
    EXPECT_EQ(*back, f) << table_fact_text(f);
  }
  EXPECT_EQ(table_fact_text(TableFact::exact(7)), "7");
  EXPECT_EQ(table_fact_text(TableFact::excluding({0b100101})), "!0,2,5");
  for (const char* bad : {"", "!", "!,1", "!1,", "!2,1", "!1,1", "!64", "x", "3x", "-1", "! 1",
                          "!1,,2", "!0x1", " 3", "3 "}) {
    EXPECT_FALSE(parse_table_fact(bad)) << '"' << bad << '"';
  }
}

TEST(GraphSearch, LoadedNotValuesAnswerWithoutSearch) {
  // Node-Kayles on the 5 x 7 grid has value 2; "is it 1?" is answered no by an option of value 1,
  // found after more than kTableFileNotValuesWork nodes: a line of the table file, so a search
  // that loads the file answers the same question at once (one without it searches again).
  const SimpleGraph g = grid_graph(5, 7);
  GraphSearch asked(DeletionRule::node, {});
  EXPECT_FALSE(asked.has_value(g, 1));
  ASSERT_GE(asked.nodes(), kTableFileNotValuesWork);
  const TableEntries facts = facts_of(asked);
  EXPECT_TRUE(std::any_of(facts.begin(), facts.end(), [](const auto& e) {
    return !e.second.value && e.second.not_values.contains(1);
  }));
  const test::TempFile file("");
  save_table_file(file.path(), "node", facts);
  GraphSearch resumed(DeletionRule::node, {});
  for (const auto& [key, fact] : load_table_file(file.path(), "node", 1 << 30)) {
    EXPECT_TRUE(resumed.add_fact(key, fact)) << key;
  }
  EXPECT_FALSE(resumed.has_value(g, 1));
  EXPECT_EQ(resumed.nodes(), 0u) << "the loaded not-value answers";
  GraphSearch exact_only(DeletionRule::node, {});
  for (const auto& [key, fact] : facts) {
    if (fact.value) exact_only.add_fact(key, fact);
  }
  EXPECT_FALSE(exact_only.has_value(g, 1));
  EXPECT_GT(exact_only.nodes(), 0u) << "without the not-values it searches again";
  EXPECT_EQ(resumed.value(g), 2u);
}

TEST(GraphSearch, ALoadedFactOfNotValuesIsInItsTable) {
  // As a table file gives it: `graph:` and the key's two words in hexadecimal, high word first.
  GraphSearch search(DeletionRule::node, {});
  CellBits<2> key;
  key.words[1] = 0x0123456789abcdefULL;
  key.words[0] = 0x00000000000000ffULL;
  const std::string text = "graph:0123456789abcdef00000000000000ff";
  ASSERT_TRUE(search.add_fact(text, TableFact::excluding({0b1010})));
  const auto entry = search.search().table().find(key);
  ASSERT_TRUE(entry);
  EXPECT_FALSE(entry->value);
  EXPECT_EQ(entry->not_values, ValueSet{0b1010});
  // Loaded facts count as dear work: a table file keeps them again.
  const TableEntries facts = facts_of(search);
  ASSERT_EQ(facts.size(), 1u);
  EXPECT_EQ(facts[0].first, text);
  EXPECT_EQ(facts[0].second, TableFact::excluding({0b1010}));
}

TEST(TableFile, AStreamedSaveIsTheFileOfItsEntriesAndAFailedOneLeavesNothing) {
  GraphSearch search(DeletionRule::arc, {});
  (void)search.value(grid_graph(3, 5));
  TableEntries entries = facts_of(search);
  // Lines of both kinds: values, and values a component is not.
  entries.emplace_back("graph:000000000000000000000000000000ff", TableFact::excluding({0b101}));
  entries.emplace_back("graph:000000000000000000000000000001ff", TableFact::excluding({1}));
  std::sort(entries.begin(), entries.end());
  const test::TempFile listed("");
  save_table_file(listed.path(), "arc", entries);
  const test::TempFile streamed("");
  std::uint64_t calls = 0;
  save_table_file(streamed.path(), "arc", [&](const auto& put) {
    ++calls;
    for (const auto& [key, fact] : entries) put(key, fact);
  });
  EXPECT_EQ(calls, 1u) << "the entries are read once (the header is written over at the end)";
  auto text = [](const std::string& path) {
    std::ifstream in(path);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  EXPECT_EQ(text(streamed.path()), text(listed.path()));
  EXPECT_EQ(load_table_file(streamed.path(), "arc", 1 << 20), entries);

  // The header's count and checksum at full width (what makes writing it over itself safe), and
  // a header of the earlier forms, without the leading zeros, and of the first format (exact
  // values only), is read too.
  std::string body;
  TableEntries exact;
  std::string exact_body;
  for (const auto& [key, fact] : entries) {
    std::string line = key + " ";
    if (fact.value) {
      line += std::to_string(*fact.value);
    } else {
      std::string sep = "!";
      for (Value u = 0; u < 64; ++u) {
        if (fact.not_values.contains(u)) line += std::exchange(sep, ",") + std::to_string(u);
      }
    }
    line += "\n";
    body += line;
    if (fact.value) {
      exact.emplace_back(key, fact);
      exact_body += line;
    }
  }
  auto header = [](const std::string& magic, const std::string& lines, std::size_t n, bool wide) {
    Fnv1a sum;
    sum.add(lines);
    char hex[17];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(sum.digest()));
    char count[21];
    std::snprintf(count, sizeof count, "%020zu", n);
    const std::string h = hex;
    return magic + "\nrule arc\nentries " + (wide ? count : std::to_string(n)) + "\nchecksum " +
           (wide ? h : h.substr(h.find_first_not_of('0'))) + "\n";
  };
  EXPECT_EQ(text(streamed.path()),
            header("grundy-component-table 2", body, entries.size(), true) + body);
  const test::TempFile earlier(header("grundy-component-table 2", body, entries.size(), false) +
                               body);
  EXPECT_EQ(load_table_file(earlier.path(), "arc", 1 << 20), entries);
  const test::TempFile first_format(
      header("grundy-component-table 1", exact_body, exact.size(), false) + exact_body);
  EXPECT_EQ(load_table_file(first_format.path(), "arc", 1 << 20), exact);

  // A source that fails, or a head longer than the file written: the old file stays, and no
  // temporary file is left beside it.
  const std::string before = text(streamed.path());
  EXPECT_THROW(save_table_file(streamed.path(), "arc",
                               [&](const auto& put) {
                                 put("graph:00", TableFact::exact(1));
                                 throw Error("stopped");
                               }),
               Error);
  EXPECT_THROW(write_file_atomically(
                   streamed.path(), [](const auto& put) { put("ab"); },
                   [] { return std::string("abc"); }),
               std::logic_error);
  EXPECT_EQ(text(streamed.path()), before);
  const std::filesystem::path saved(streamed.path());
  const std::string temporary = "." + saved.filename().string() + ".tmp-";
  for (const auto& f : std::filesystem::directory_iterator(saved.parent_path())) {
    EXPECT_FALSE(f.path().filename().string().starts_with(temporary)) << f.path();
  }
}

TEST(GraphSearch, StopsWhenTold) {
  std::atomic<bool> stop{true};
  GraphSearch search(DeletionRule::node, {.stop = &stop});
  EXPECT_THROW(search.value(grid_graph(3, 8)), SearchStopped);
  stop = false;
  test::VertexDeletionBrute brute(grid_graph(3, 6), DeletionRule::node);
  EXPECT_EQ(search.value(grid_graph(3, 6)), brute.value());
}

TEST(VertexDeletionGame, PositionsAndOptions) {
  const auto game = parse_game("nodekayles");
  const auto& rules = static_cast<const VertexDeletionGame&>(*game);
  EXPECT_EQ(rules.graph_of(parse_position(*game, "3x10")), grid_graph(3, 10));
  EXPECT_EQ(rules.graph_of(parse_position(*game, "queens(4)")).edge_count(), 76u);
  EXPECT_EQ(game->format_position(parse_position(*game, " 3 x 4 ")), "3x4");
  // Node-Kayles on a path of 5: one option per vertex, each the path with that vertex taken
  // (the two ends are one orbit, and still two moves).
  std::vector<std::string> options;
  for_each_option(*game, parse_position(*game, "path(5)"), [&](std::span<const Position> parts) {
    ASSERT_EQ(parts.size(), 1U);
    options.push_back(game->format_position(parts[0]));
  });
  EXPECT_EQ(options, (std::vector<std::string>{"path(5)-a1", "path(5)-b1", "path(5)-c1",
                                               "path(5)-d1", "path(5)-e1"}));
  // Pieces played parse back, in any order, to one position printed in cell order.
  EXPECT_EQ(parse_position(*game, "3x4-c3-a1"), parse_position(*game, "3x4-a1-c3"));
  EXPECT_EQ(game->format_position(parse_position(*game, "3x4-c3-a1")), "3x4-a1-c3");
  EXPECT_EQ(rules.graph_of(parse_position(*game, "3x4-a1")).vertex_count(), 9U);
  EXPECT_EQ(game->format_position(parse_position(*game, "cycle(6)-4-1")), "cycle(6)-1-4");
  for (const char* bad : {"3x4-a1-b1", "3x4-a1-a1", "3x4-e1", "3x4-a4", "3x4-", "3x4-1",
                          "cycle(5)-5", "cycle(5)-a1", "path(3)-d1"}) {
    EXPECT_THROW(parse_position(*game, bad), Error) << bad;
  }
  for (const char* bad : {"cycle(2)", "5000x5000", "tree(3)", "g6(B()", "path(x)", "3x", "",
                          "file()", "queens(65)"}) {
    EXPECT_THROW(parse_position(*game, bad), Error) << bad;
  }
  const auto cram = parse_game("cram");
  EXPECT_THROW(parse_position(*cram, "path(4)"), Error);
  const test::TempFile board("..#\n...\n");
  const Position p = parse_position(*cram, "board(" + board.path() + ")");
  EXPECT_EQ(static_cast<const VertexDeletionGame&>(*cram).graph_of(p).edge_count(), 5u);
  const test::TempFile bad_board("..x\n");
  EXPECT_THROW(parse_position(*cram, "board(" + bad_board.path() + ")"), Error);
}

TEST(ComponentSource, WinningOptionsMatchTheirValues) {
  const auto game = parse_game("cram");
  ComponentSource source(game, {});
  const Position p = parse_position(*game, "3x4");
  std::vector<std::vector<Position>> winning;
  OptionFunction visit(
      [&](std::span<const Position> parts) { winning.emplace_back(parts.begin(), parts.end()); });
  const OptionSearch search = source.options_with_value(p, 0, 100, visit);
  ASSERT_TRUE(search.answered);
  std::uint64_t expected = 0;
  for_each_option(*game, p, [&](std::span<const Position> parts) {
    Value v = 0;
    for (const Position& part : parts) v ^= source.value(part);
    if (v == 0) ++expected;
  });
  EXPECT_EQ(search.count, expected);
  EXPECT_EQ(winning.size(), expected);
}

}  // namespace
}  // namespace grundy
