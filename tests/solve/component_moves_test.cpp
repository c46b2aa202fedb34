// The moves of Node-Kayles, Arc-Kayles and Cram as the faces list and count them, against a
// brute force written here from the rules (cells or vertices as bits, no move generation of the
// library): every option is one move (a vertex, an edge, a domino) even when symmetry makes two
// moves equal, the winning ones are exactly the moves to P-positions, and they are all counted.
// Sub-boards of 3 x 4 (every set of free cells; for Node-Kayles, drawn in files, every rectangle
// and random sets) and 4 x 4 (every rectangle and random sets), and random graphs up to 9
// vertices, with the positions one move in.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "grundy/rules/families/vertex_deletion_game.hpp"
#include "grundy/rules/graph_notation.hpp"
#include "grundy/solve/component_source.hpp"
#include "grundy/solve/misere_search.hpp"
#include "grundy/spec/parser.hpp"
#include "temp_file.hpp"

namespace grundy {
namespace {

/// Vertices 0..n-1 as bits, each with the bits of its neighbours; values by mex, memoised.
class Brute {
 public:
  Brute(std::vector<std::uint32_t> adjacent, bool node_rule)
      : adjacent_(std::move(adjacent)),
        node_(node_rule),
        memo_(std::size_t{1} << adjacent_.size(), -1) {}

  /// What each move from `set` leaves, one entry per move (a vertex, or an edge v < w).
  std::vector<std::uint32_t> moves(std::uint32_t set) const {
    std::vector<std::uint32_t> out;
    for (std::size_t v = 0; v < adjacent_.size(); ++v) {
      if ((set >> v & 1U) == 0) continue;
      if (node_) {
        out.push_back(set & ~(adjacent_[v] | 1U << v));
        continue;
      }
      for (std::size_t w = v + 1; w < adjacent_.size(); ++w) {
        if ((set >> w & 1U) != 0 && (adjacent_[v] >> w & 1U) != 0) {
          out.push_back(set & ~(1U << v | 1U << w));
        }
      }
    }
    return out;
  }
  std::uint32_t value(std::uint32_t set) {
    if (memo_[set] >= 0) return static_cast<std::uint32_t>(memo_[set]);
    std::vector<bool> seen(adjacent_.size() + 2, false);
    for (const std::uint32_t after : moves(set)) {
      const std::uint32_t g = value(after);
      if (g < seen.size()) seen[g] = true;
    }
    std::uint32_t m = 0;
    while (seen[m]) ++m;
    memo_[set] = static_cast<std::int32_t>(m);
    return m;
  }

 private:
  std::vector<std::uint32_t> adjacent_;
  bool node_;
  std::vector<std::int32_t> memo_;
};

/// The cells of an R x C grid, cell r * C + c, joined side by side.
std::vector<std::uint32_t> grid_adjacency(int rows, int columns) {
  std::vector<std::uint32_t> adjacent(static_cast<std::size_t>(rows * columns), 0);
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < columns; ++c) {
      const int v = r * columns + c;
      if (c + 1 < columns) {
        adjacent[v] |= 1U << (v + 1);
        adjacent[v + 1] |= 1U << v;
      }
      if (r + 1 < rows) {
        adjacent[v] |= 1U << (v + columns);
        adjacent[v + columns] |= 1U << v;
      }
    }
  }
  return adjacent;
}

/// A game, its source and the brute force, checked on positions one after another.
class Checker {
 public:
  Checker(const std::string& game, std::vector<std::uint32_t> adjacent)
      : game_(parse_game(game)),
        rules_(static_cast<const VertexDeletionGame&>(*game_)),
        source_(game_, {.threads = 1}),
        brute_(std::move(adjacent), rules_.rule() == DeletionRule::node) {}

  /// Checks position `p`, whose free vertices are `set`; `bits(q)` gives an option's free ones.
  template <class Bits>
  void check(const Position& p, std::uint32_t set, Bits bits) {
    const std::string text = game_->format_position(p);
    ASSERT_EQ(source_.value(p), brute_.value(set)) << text;
    std::vector<std::uint32_t> all;
    std::vector<std::uint32_t> expected_winning;
    for (const std::uint32_t after : brute_.moves(set)) {
      all.push_back(after);
      if (brute_.value(after) == 0) expected_winning.push_back(after);
    }
    std::vector<std::uint32_t> options;
    for_each_option(*game_, p, [&](std::span<const Position> parts) {
      ASSERT_EQ(parts.size(), 1U) << text;
      options.push_back(bits(parts[0]));
      // An option's text parses back to it.
      EXPECT_EQ(parse_position(*game_, game_->format_position(parts[0])), parts[0]);
    });
    std::vector<std::uint32_t> winning;
    OptionFunction visit(
        [&](std::span<const Position> parts) { winning.push_back(bits(parts[0])); });
    const OptionSearch search = source_.options_with_value(p, 0, 1000, visit);
    ASSERT_TRUE(search.answered);
    std::sort(all.begin(), all.end());
    std::sort(options.begin(), options.end());
    std::sort(expected_winning.begin(), expected_winning.end());
    std::sort(winning.begin(), winning.end());
    EXPECT_EQ(options, all) << text;
    EXPECT_EQ(winning, expected_winning) << text;
    EXPECT_EQ(search.count, expected_winning.size()) << text;
  }

  const Game& game() const { return *game_; }
  const VertexDeletionGame& rules() const { return rules_; }

 private:
  std::shared_ptr<const Game> game_;
  const VertexDeletionGame& rules_;
  ComponentSource source_;
  Brute brute_;
};

/// The free cells of a board position as bits r * C + c.
std::uint32_t board_bits(const VertexDeletionGame& rules, const Position& p) {
  const std::optional<BoardCells> board = rules.board_of(p);
  EXPECT_TRUE(board.has_value());
  return board ? static_cast<std::uint32_t>(board->cells.words[0]) : 0;
}

/// The cells not in `set` as `-CELL` pieces: a position of Arc-Kayles or Cram whose free cells
/// are `set` (covered cells are gone under the arc rule, whatever covered them).
std::string covered(int rows, int columns, std::uint32_t set) {
  std::string out = std::to_string(rows) + "x" + std::to_string(columns);
  for (int v = 0; v < rows * columns; ++v) {
    if ((set >> v & 1U) == 0) out += "-" + cell_name(v / columns, v % columns);
  }
  return out;
}

/// The board drawn in a file with the cells not in `set` blocked: a Node-Kayles position.
std::string board_text(int rows, int columns, std::uint32_t set) {
  std::string out;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < columns; ++c) out += (set >> (r * columns + c) & 1U) != 0 ? '.' : '#';
    out += '\n';
  }
  return out;
}

/// The sub-boards to check: with `every`, every set of cells of a board of at most 12 cells;
/// else every rectangle and `random` random sets.
std::vector<std::uint32_t> sub_boards(int rows, int columns, int random, bool every) {
  const int n = rows * columns;
  std::vector<std::uint32_t> out;
  if (every && n <= 12) {
    for (std::uint32_t s = 0; s < (1U << n); ++s) out.push_back(s);
    return out;
  }
  for (int r0 = 0; r0 < rows; ++r0) {
    for (int r1 = r0; r1 < rows; ++r1) {
      for (int c0 = 0; c0 < columns; ++c0) {
        for (int c1 = c0; c1 < columns; ++c1) {
          std::uint32_t s = 0;
          for (int r = r0; r <= r1; ++r) {
            for (int c = c0; c <= c1; ++c) s |= 1U << (r * columns + c);
          }
          out.push_back(s);
        }
      }
    }
  }
  std::mt19937 rng(20261204);
  for (int i = 0; i < random; ++i) out.push_back(rng() & ((1U << n) - 1));
  return out;
}

class BoardMoves : public ::testing::TestWithParam<std::pair<int, int>> {};

TEST_P(BoardMoves, CramAndArcKaylesListEveryDomino) {
  const auto [rows, columns] = GetParam();
  for (const char* name : {"cram", "arckayles"}) {
    Checker checker(name, grid_adjacency(rows, columns));
    for (const std::uint32_t set : sub_boards(rows, columns, 300, true)) {
      const Position p = parse_position(checker.game(), covered(rows, columns, set));
      checker.check(p, set, [&](const Position& q) { return board_bits(checker.rules(), q); });
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST_P(BoardMoves, NodeKaylesListsEveryCell) {
  const auto [rows, columns] = GetParam();
  Checker checker("nodekayles", grid_adjacency(rows, columns));
  // A board file each (blocked cells are drawn, not played): a few hundred, not every set.
  for (const std::uint32_t set : sub_boards(rows, columns, 300, false)) {
    const test::TempFile file(board_text(rows, columns, set));
    const Position p = parse_position(checker.game(), "board(" + file.path() + ")");
    checker.check(p, set, [&](const Position& q) { return board_bits(checker.rules(), q); });
    if (::testing::Test::HasFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(SubBoards, BoardMoves,
                         ::testing::Values(std::pair{3, 4}, std::pair{4, 4}));

TEST(GraphMoves, NodeAndArcKaylesOnRandomGraphsListEveryVertexAndEdge) {
  std::mt19937 rng(7);
  for (const char* name : {"nodekayles", "arckayles"}) {
    for (int trial = 0; trial < 150; ++trial) {
      const std::size_t n = 1 + rng() % 9;
      SimpleGraph g(n);
      std::vector<std::uint32_t> adjacent(n, 0);
      for (std::size_t a = 0; a < n; ++a) {
        for (std::size_t b = a + 1; b < n; ++b) {
          if (rng() % 100 < 45) {
            g.add_edge(a, b);
            adjacent[a] |= 1U << b;
            adjacent[b] |= 1U << a;
          }
        }
      }
      Checker checker(name, adjacent);
      const Position p = parse_position(checker.game(), "g6(" + to_graph6(g) + ")");
      auto bits = [&](const Position& q) {
        const VertexSet alive = checker.rules().alive(q);
        std::uint32_t s = 0;
        for (std::size_t v = 0; v < n; ++v) s |= set_contains(alive, v) ? 1U << v : 0U;
        return s;
      };
      checker.check(p, (1U << n) - 1, bits);
      // And one move in: the position after each first move.
      for_each_option(checker.game(), p, [&](std::span<const Position> parts) {
        checker.check(parts[0], bits(parts[0]), bits);
      });
      if (::testing::Test::HasFailure()) return;
    }
  }
}

TEST(GraphMoves, MovesEqualBySymmetryAreStillMoves) {
  // Every vertex of K5 leaves nothing: five moves, all winning, though one orbit.
  const auto game = parse_game("nodekayles");
  ComponentSource source(game, {});
  std::vector<std::string> winning;
  OptionFunction visit(
      [&](std::span<const Position> parts) { winning.push_back(game->format_position(parts[0])); });
  EXPECT_EQ(source.options_with_value(parse_position(*game, "complete(5)"), 0, 100, visit).count,
            5U);
  EXPECT_EQ(winning, (std::vector<std::string>{"complete(5)-0", "complete(5)-1", "complete(5)-2",
                                               "complete(5)-3", "complete(5)-4"}));
  // Cram on 3 x 4: 17 dominoes, 7 of them winning.
  const auto cram = parse_game("cram");
  ComponentSource cram_source(cram, {});
  const Position board = parse_position(*cram, "3x4");
  std::size_t options = 0;
  for_each_option(*cram, board, [&](std::span<const Position>) { ++options; });
  EXPECT_EQ(options, 17U);
  OptionFunction none([](std::span<const Position>) {});
  EXPECT_EQ(cram_source.options_with_value(board, 0, 0, none).count, 7U);
}

/// Misère outcomes by brute force: whoever cannot move wins, so a position without moves is a win
/// for the player to move.
class MisereBrute {
 public:
  explicit MisereBrute(const Brute& moves, std::size_t vertices)
      : moves_(moves), memo_(std::size_t{1} << vertices, -1) {}
  bool wins(std::uint32_t set) {
    if (memo_[set] >= 0) return memo_[set] != 0;
    bool win = true;  // no move: a win under misère play
    const std::vector<std::uint32_t> after = moves_.moves(set);
    if (!after.empty()) {
      win = false;
      for (const std::uint32_t a : after) win = win || !wins(a);
    }
    memo_[set] = win ? 1 : 0;
    return win;
  }

 private:
  const Brute& moves_;
  std::vector<std::int8_t> memo_;
};

TEST(MisereMoves, TheExhaustiveSearchListsEveryWinningMove) {
  // The exhaustive search expands one move per orbit on canonical components, but the moves it
  // lists and counts are every move to a position lost for the player to move.
  const int rows = 3;
  const int columns = 4;
  for (const char* name : {"cram", "nodekayles"}) {
    const bool node = std::string(name) == "nodekayles";
    const Brute brute(grid_adjacency(rows, columns), node);
    MisereBrute misere(brute, 12);
    const auto game = parse_game(name);
    const auto& rules = static_cast<const VertexDeletionGame&>(*game);
    std::mt19937 rng(5);
    for (int trial = 0; trial < 150; ++trial) {
      const std::uint32_t set = trial == 0 ? 0xfffU : rng() & 0xfffU;
      const test::TempFile file(board_text(rows, columns, set));
      const std::string text = node ? "board(" + file.path() + ")" : covered(rows, columns, set);
      Sum sum;
      sum.components.push_back(Component{game, parse_position(*game, text)});
      SearchOptions options;
      options.max_moves = 1000;
      const SearchSolution solved = solve_by_search(sum, options);
      std::vector<std::uint32_t> expected;
      for (const std::uint32_t after : brute.moves(set)) {
        if (!misere.wins(after)) expected.push_back(after);
      }
      std::vector<std::uint32_t> listed;
      for (const Move& m : solved.winning_moves) {
        ASSERT_EQ(m.to.size(), 1U);
        listed.push_back(board_bits(rules, m.to[0]));
      }
      std::sort(expected.begin(), expected.end());
      std::sort(listed.begin(), listed.end());
      EXPECT_EQ(solved.outcome == Outcome::N, misere.wins(set)) << name << " " << text;
      EXPECT_EQ(listed, expected) << name << " " << text;
      EXPECT_EQ(solved.winning_move_count, expected.size()) << name << " " << text;
    }
  }
}

TEST(BoardNotation, PositionsAfterMovesParseBackToThemselves) {
  // Random games on boards and graphs: each position's text, read by another game object (no
  // text kept from before), is the same position: the same cells left, the same text.
  const test::TempFile file("..#.\n....\n.#..\n");
  std::mt19937 rng(11);
  for (const char* name : {"nodekayles", "arckayles", "cram"}) {
    const bool cram = std::string(name) == "cram";
    std::vector<std::string> starts = {"3x4", "4x4", "1x9", "board(" + file.path() + ")"};
    if (!cram) {
      for (const char* s :
           {"queens(4)", "path(7)", "cycle(7)", "complete(4)", "star(5)", "g6(Dhc)"}) {
        starts.emplace_back(s);
      }
    }
    const auto game = parse_game(name);
    const auto& rules = static_cast<const VertexDeletionGame&>(*game);
    for (const std::string& start : starts) {
      for (int trial = 0; trial < 20; ++trial) {
        Position p = parse_position(*game, start);
        while (true) {
          const std::string text = game->format_position(p);
          const auto fresh = parse_game(name);
          const Position again = parse_position(*fresh, text);
          EXPECT_EQ(fresh->format_position(again), text);
          EXPECT_EQ(static_cast<const VertexDeletionGame&>(*fresh).alive(again), rules.alive(p))
              << text;
          EXPECT_EQ(parse_position(*game, text), p) << text;
          std::vector<Position> next;
          for_each_option(*game, p,
                          [&](std::span<const Position> parts) { next.push_back(parts[0]); });
          if (next.empty()) break;
          const Position q = next[rng() % next.size()];
          // The move's name is the cells it adds: the text grows by exactly them.
          EXPECT_FALSE(game->move_name(p, std::span<const Position>(&q, 1)).empty());
          p = q;
        }
      }
    }
  }
}

}  // namespace
}  // namespace grundy
