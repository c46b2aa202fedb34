#pragma once
/// \file What a family states about itself, once, when its game is made: how its positions are
/// laid out, what it answers in closed form, whether its moves split, how its sums behave, and
/// the structure some solvers exploit. Solvers read these traits, never a family's name or type;
/// solve/solver_choice.hpp says, in one place, which solver serves which traits and why.

#include <cstdint>

namespace grundy {

struct TakeBreakCode;
struct SubtractionSet;

/// How positions are laid out: what decides which table can hold the values.
enum class Layout {
  /// Positions of any shape (a Python game's objects): values by memoised search over options().
  general,
  /// Single integers x (y = 0) whose options need not be smaller (bitcount's numbers, multiply's):
  /// a memo, or a formula.
  integers,
  /// Heap sizes: integers whose option parts are all smaller integers, so values fill a dense
  /// table bottom-up, and periodicity theorems may apply.
  heaps,
  /// Points (x, y) whose option parts all lie in the box below (q.x <= p.x, q.y <= p.y, q != p):
  /// values fill a 2-D table row by row.
  grid,
  /// The vertices of an explicit graph, cycles allowed: Smith's generalised values over the
  /// whole graph (graph_solver.hpp).
  graph,
  /// Graphs played by deleting vertices (VertexDeletionGame: Node-Kayles, Arc-Kayles, Cram):
  /// positions split into components, each valued by the component search
  /// (solve/component_search.hpp) under its canonical form.
  components,
};

/// How a grid table takes each mex.
enum class GridMoves {
  /// Over options(), one by one.
  options,
  /// Over every point reached by moving any positive distance left, down or diagonally
  /// down-left: Wythoff's game as "Corner the Queen" (Isaacs; Winning Ways ch. 3). The table
  /// keeps the row, column and diagonal sets incrementally instead of visiting every option.
  queen,
  /// Over the cuts of a W x H sheet along a grid line into two rectangles whose sides all stay
  /// >= min_side (positions (W, H)): the rectangle-cutting game.
  cuts,
};

struct GameTraits {
  Layout layout = Layout::general;
  /// Grid layout: g(x, y) = g(y, x) for every position, so a table stores one of the two.
  bool symmetric = false;
  GridMoves grid_moves = GridMoves::options;
  /// GridMoves::cuts: the least side a piece keeps.
  std::uint64_t min_side = 0;
  /// Some positions have their value by a formula (Game::formula_value), and the options of a
  /// value by formula (Game::formula_options_with_value): Nim, subtraction games with a closed
  /// form, coin-turning games, the nimber product games.
  bool formula_values = false;
  /// P-positions are told by a theorem without Grundy values (Game::formula_is_p_position, and
  /// formula_options_with_value(p, 0, ...) gives the moves to them): Wythoff's game.
  bool formula_p_positions = false;
  /// A move may leave several components (an option of several parts whose values XOR).
  bool splits = false;
  /// The take-and-break code (octal, hexadecimal, Grundy's game, the polygon game): the
  /// sparse-space engine, the Guy–Smith periodicity theorem and the code's own fast paths.
  const TakeBreakCode* take_break = nullptr;
  /// The subtraction set (sub, allbut, nim): the periodicity theorems of subtraction games.
  const SubtractionSet* subtraction = nullptr;
  /// The components of one game in a sum are heads of one row, not independent games, once
  /// play goes past Grundy values: under misère play, for remoteness and in `play`, the heads of
  /// one coin-turning game form a set (a head reached twice is tails). Under normal play the sum
  /// of the heads has the row's value (coin_turning.hpp).
  bool rows_of_heads = false;
  /// Nim itself: misère Nim has a closed form (Bouton), and a heap of 2 is the game's own *2 in
  /// a genus.
  bool nim = false;

  /// Positions are single integers (heap sizes, numbers).
  bool integer_positions() const noexcept {
    return layout == Layout::integers || layout == Layout::heaps;
  }
};

}  // namespace grundy
