#pragma once
/// \file The positions of the component search on a board (docs/theory/component-search.md):
/// Node-Kayles, Arc-Kayles and Cram on the cells of an R x C frame (R <= C, R C <= 64 W cells)
/// with grid adjacency, and Node-Kayles on the queens' graph, the cells as W 64-bit words, cell
/// (r, c) bit r C + c.
///
/// A component's key is its canonical form: its cells moved into the frame's corner and turned by
/// the symmetry of the square that makes them least as a number, read with rows no more than
/// columns (the order and orientation of BoardFrame::canonical). Equal keys are the same game.
///
/// What a move leaves is decomposed into such keys: split into connected components, each with
/// its value known without a search when a theorem gives it (one or two cells, a path: the octal
/// games 0.137 and 0.07; a shape of the endgame database; 0 for a shape the second player wins by
/// copying), two equal components cancelling (G + G = 0). Under the arc rule on the grid (Cram) the
/// cells are first simplified by three rules that keep the value (docs/theory/component-search.md
/// proves each): extra leaves of one cell go (star reduction), a cell whose every neighbour holds a
/// leaf goes (bridges), and in a 2 x 2 square whose two opposite corners have no other neighbours
/// the two horizontal edges go, which may split the component (the square rule).

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <type_traits>
#include <utility>
#include <vector>

#include "grundy/core/checked.hpp"
#include "grundy/core/value.hpp"
#include "grundy/rules/board_shape.hpp"
#include "grundy/rules/cell_bits.hpp"
#include "grundy/rules/vertex_deletion.hpp"
#include "grundy/solve/search_table.hpp"
#include "grundy/solve/split_table.hpp"

namespace grundy {

class EndgameDatabase;

namespace board_space_detail {

/// The low `length` (1..64) bits of v in the opposite order.
inline std::uint64_t reversed(std::uint64_t v, std::size_t length) noexcept {
  v = ((v >> 1) & 0x5555555555555555ULL) | ((v & 0x5555555555555555ULL) << 1);
  v = ((v >> 2) & 0x3333333333333333ULL) | ((v & 0x3333333333333333ULL) << 2);
  v = ((v >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((v & 0x0f0f0f0f0f0f0f0fULL) << 4);
  v = __builtin_bswap64(v);
  return v >> (64 - length);
}

/// Two words as one integer.
using WideBits = uint128;

/// All 128 bits of v in the opposite order.
inline WideBits reversed(WideBits v) noexcept {
  const WideBits low = reversed(static_cast<std::uint64_t>(v), 64);
  const WideBits high = reversed(static_cast<std::uint64_t>(v >> 64), 64);
  return (low << 64) | high;
}
inline std::size_t lowest_bit(std::uint64_t v) noexcept {
  return static_cast<std::size_t>(std::countr_zero(v));
}
inline std::size_t lowest_bit(WideBits v) noexcept {
  const auto low = static_cast<std::uint64_t>(v);
  return low != 0 ? lowest_bit(low) : 64 + lowest_bit(static_cast<std::uint64_t>(v >> 64));
}
inline std::size_t highest_bit(std::uint64_t v) noexcept {
  return static_cast<std::size_t>(63 - std::countl_zero(v));
}
inline std::size_t highest_bit(WideBits v) noexcept {
  const auto high = static_cast<std::uint64_t>(v >> 64);
  return high != 0 ? 64 + highest_bit(high) : highest_bit(static_cast<std::uint64_t>(v));
}

/// A shape in the corner of its box as its rows (each a number of `w` bits, column c its bit c),
/// and the rows reversed. Rows <= 16: a frame of at most 256 cells with rows <= columns.
struct Grid {
  // Only the first h rows are meaningful (and set): the arrays are not cleared.
  std::array<std::uint64_t, 16> row;
  std::array<std::uint64_t, 16> rev;
  std::size_t h = 0;
  std::size_t w = 0;

  void reverse_rows() noexcept {
    for (std::size_t i = 0; i < h; ++i) rev[i] = reversed(row[i], w);
  }
  /// Row i of the image under the flips (the box kept).
  std::uint64_t image_row(bool flip_rows, bool flip_columns, std::size_t i) const noexcept {
    const std::size_t j = flip_rows ? h - 1 - i : i;
    return flip_columns ? rev[j] : row[j];
  }
  Grid transposed() const noexcept {
    Grid t;
    t.h = w;
    t.w = h;
    for (std::size_t i = 0; i < w; ++i) t.row[i] = 0;
    for (std::size_t i = 0; i < h; ++i) {
      for (std::uint64_t v = row[i]; v != 0; v &= v - 1) {
        t.row[static_cast<std::size_t>(std::countr_zero(v))] |= std::uint64_t{1} << i;
      }
    }
    t.reverse_rows();
    return t;
  }
};

}  // namespace board_space_detail

template <std::size_t W>
class BoardSpace {
 public:
  using Cells = CellBits<W>;
  using Key = CellBits<W>;
  /// One word: one table; more: the keys that lie in their first word in a table of their own.
  using Table = std::conditional_t<W == 1, SearchTable<1>, SplitTable<W>>;

  /// rows <= columns, rows * columns <= 64 W. `database` (may be null) must outlive the space.
  /// Without `simplify`: no rule that changes the cells, no value from a theorem but for one or
  /// two cells, keys only moved into the corner (not turned), every move played: the plain
  /// search, for measuring what the rest gains and as the tests' reference.
  BoardSpace(DeletionRule rule, BoardAdjacency adjacency, std::size_t rows, std::size_t columns,
             const EndgameDatabase* database = nullptr, bool simplify = true);

  DeletionRule rule() const noexcept { return rule_; }
  BoardAdjacency adjacency() const noexcept { return adjacency_; }
  std::size_t rows() const noexcept { return rows_; }
  std::size_t columns() const noexcept { return columns_; }
  const Cells& all() const noexcept { return all_; }

  /// Nothing to release when a thread of the search ends.
  void at_thread_end() const noexcept {}
  /// The table key of a component: the key itself.
  const Key& table_key(const Key& c) const noexcept { return c; }
  /// The cells of a component: what move ordering and the choice of the largest part weigh.
  std::size_t size(const Key& c) const noexcept { return c.count(); }

  /// Appends to `out` the canonical components of `cells` whose values are not known without a
  /// search, a component equal to one already appended from out[from] on cancelling it; returns
  /// the XOR of the values that are known.
  Value decompose(const Cells& cells, std::vector<Key>& out, std::size_t from) const;

  /// Calls start(n) with the number n of moves of `c`, one per orbit of the symmetries that map
  /// `c` onto itself (Node-Kayles: the least cell of each orbit; arc rule: the least edge), then
  /// f(rest) with the cells each leaves until f returns true.
  template <class Start, class F>
  void for_each_move(const Key& c, Start&& start, F&& f) const;

  /// Whether the second player wins `c` by copying, so g(c) = 0: a symmetry of its box maps it
  /// onto itself, pairing its cells so that a cell's image is never taken by the cell's own move
  /// (Winning Ways ch. 2 and 23). decompose() drops such components.
  bool copied(const Key& c) const;

  /// The canonical form of a connected set of cells; `symmetric` (when given) is set false when
  /// no symmetry other than the identity maps the cells onto themselves (true: maybe one does).
  Key canonical(const Cells& component, bool* symmetric = nullptr) const;
  /// The component `c` as a shape of its own box (what table files keep).
  BoardShape shape(const Key& c) const;
  /// The key of a shape in canonical form (from a table file), nothing when it does not fit the
  /// frame.
  std::optional<Key> key_of(const BoardShape& shape) const;
  /// The cells of a board of the same rows and columns as this frame (4-word cells).
  Cells cells_of(const CellSet& cells) const noexcept { return cells.template resized<W>(); }

  /// Star reduction and bridges (arc rule on the grid): cells whose removal keeps the value.
  Cells reduced(Cells p) const noexcept;
  /// The connected component of `cells` holding the cells of `seed`; with `cut` the horizontal
  /// edges whose left cell is in `cut` do not join.
  Cells component(const Cells& cells, Cells seed, const Cells& cut) const noexcept;

 private:
  // Moves of the grid by one cell; cells leaving the frame are lost.
  Cells east(const Cells& x) const noexcept { return (x - last_column_).shifted_up(1); }
  Cells west(const Cells& x) const noexcept { return (x - first_column_).shifted_down(1); }
  Cells south(const Cells& x) const noexcept {
    return (columns_ < 64 ? x.shifted_up(columns_) : x.shifted_up_far(columns_)) & all_;
  }
  Cells north(const Cells& x) const noexcept {
    return columns_ < 64 ? x.shifted_down(columns_) : x.shifted_down_far(columns_);
  }
  /// The grid's moves on cell sets, and on two-word cells as one 128-bit integer (frames narrower
  /// than 128): what the simplification and the path test are written over once.
  struct CellMoves {
    const BoardSpace& space;
    Cells east(const Cells& x) const noexcept { return space.east(x); }
    Cells west(const Cells& x) const noexcept { return space.west(x); }
    Cells north(const Cells& x) const noexcept { return space.north(x); }
    Cells south(const Cells& x) const noexcept { return space.south(x); }
  };
  auto word_moves() const noexcept;
  using Grid = board_space_detail::Grid;
  /// Star reduction and bridges until nothing changes, then the square rule's cuts (the
  /// horizontal edges it removes, each by its left cell) of what is left.
  Cells simplified(Cells p, Cells& cuts) const noexcept;
  void decompose_into(Cells cells, std::vector<Key>& out, std::size_t from, Value& known) const;
  /// decompose_into for cells already simplified, with the square rule's cuts.
  void split(const Cells& cells, const Cells& cut, std::vector<Key>& out, std::size_t from,
             Value& known) const;
  /// Adds one component to a decomposition: its value when known, else its canonical form.
  void add_component(const Cells& comp, std::vector<Key>& out, std::size_t from,
                     Value& known) const;

  /// Appends a canonical component to a decomposition, or cancels it against an equal one, or
  /// drops it when the second player copies (`symmetric`: a symmetry may map it onto itself).
  void file_component(const Key& k, bool symmetric, std::vector<Key>& out, std::size_t from) const;

  /// The rows of a set of cells in the corner of its box (frames at most 64 cells wide).
  Grid grid_of(const Cells& x) const noexcept;
  /// One or two words as one integer: the word forms of a set of cells.
  using Word = std::conditional_t<W == 1, std::uint64_t, board_space_detail::WideBits>;
  static Word word_of(const Cells& x) noexcept {
    Word b = x.words[0];
    if constexpr (W >= 2) b |= Word{x.words[1]} << 64;
    return b;
  }
  static Key key_of_word(Word b) noexcept {
    Key k;
    k.words[0] = static_cast<std::uint64_t>(b);
    if constexpr (W >= 2) k.words[1] = static_cast<std::uint64_t>(b >> 64);
    return k;
  }
  /// Whether a shape is done on the word (one or two words, a frame at most 64 wide).
  bool word_forms() const noexcept { return W <= 2 && columns_ <= 64; }
  /// The cells `x` moved into the corner of their box, h x w, as a number.
  Word corner_word(Word x, std::size_t& h, std::size_t& w) const noexcept;
  /// The endgame database's value of a shape in the corner (box h x w).
  std::optional<Value> database_word_value(Word k, std::size_t h, std::size_t w) const noexcept;
  /// The canonical form of a shape in the corner of a box wider than high (h < w), and whether a
  /// symmetry maps it onto itself.
  Word canonical_word(Word k, std::size_t h, std::size_t w, bool& symmetric) const noexcept;
  /// The endgame database's value of a shape whose box fits its box either way round.
  std::optional<Value> database_value(const Grid& g) const noexcept;
  Key canonical_of(Grid& g, bool* symmetric) const;
  /// Whether a connected set of grid cells is a path: a known value (0.137, 0.07).
  bool is_path(const Cells& component, std::size_t count) const noexcept;

  /// The symmetries of a key's box (h x w, h <= w) that map it onto itself, other than the
  /// identity: each as where it sends (r, c).
  struct Turn {
    bool transpose;
    bool flip_rows;
    bool flip_columns;
  };
  struct Stabiliser {
    std::array<Turn, 7> turns;
    std::size_t count = 0;
    std::size_t h = 0;
    std::size_t w = 0;
  };
  Stabiliser stabiliser(const Key& c) const;
  /// The image of cell `v` of a shape in the corner (box h x w) under `t`: transposed first (the
  /// box turned to w x h), then its rows and columns flipped in that box.
  std::size_t image(std::size_t v, const Turn& t, std::size_t h, std::size_t w) const noexcept {
    std::size_t r = v / columns_;
    std::size_t col = v % columns_;
    if (t.transpose) {
      std::swap(r, col);
      std::swap(h, w);
    }
    if (t.flip_rows) r = h - 1 - r;
    if (t.flip_columns) col = w - 1 - col;
    return r * columns_ + col;
  }
  Key canonical_by_cells(const Cells& component) const;

  DeletionRule rule_;
  BoardAdjacency adjacency_;
  std::size_t rows_;
  std::size_t columns_;
  const EndgameDatabase* database_;
  bool simplify_;
  Cells all_;
  Cells first_column_;
  Cells last_column_;
  std::vector<Cells> row_cells_;      // the cells of each row of the frame
  std::vector<Cells> column_cells_;   // the cells of each column
  std::vector<Cells> neighbourhood_;  // queens: the cells joined to each cell
  std::vector<Cells> closed_;         // each cell and its neighbours
  /// g of a path of n cells: 0.137 (node rule) or 0.07 (arc rule), n <= 64 W.
  std::vector<Value> path_values_;
};

template <std::size_t W>
template <class Start, class F>
void BoardSpace<W>::for_each_move(const Key& c, Start&& start, F&& f) const {
  const Stabiliser s = simplify_ ? stabiliser(c) : Stabiliser{};
  // The moves as (v, u): a cell (u = v) or an edge; an edge whose image under a symmetry of the
  // shape is less is played from there, a cell likewise.
  std::array<std::uint32_t, 2 * 64 * W> moves;
  std::size_t count = 0;
  auto least_of_orbit = [&](std::size_t v, std::size_t u) {
    for (std::size_t i = 0; i < s.count; ++i) {
      const std::size_t a = image(v, s.turns[i], s.h, s.w);
      const std::size_t b = image(u, s.turns[i], s.h, s.w);
      const std::size_t lo = a < b ? a : b;
      const std::size_t hi = a < b ? b : a;
      if (lo < v || (lo == v && hi < u)) return false;
    }
    return true;
  };
  auto add = [&](std::size_t v, std::size_t u) {
    if (least_of_orbit(v, u)) moves[count++] = static_cast<std::uint32_t>((v << 10) | u);
  };
  if (rule_ == DeletionRule::node) {
    c.for_each([&](std::size_t v) { add(v, v); });
  } else if (adjacency_ == BoardAdjacency::grid) {
    // Vertical dominoes from the middle column outwards, then horizontal ones from the middle row
    // outwards (Beling's order): a move near the middle tends to split the shape into balanced
    // parts. The search orders options by their parts' sizes and keeps this order among equals.
    std::size_t h = s.h;
    std::size_t w = s.w;
    if (h == 0) {
      h = c.last() / columns_ + 1;
      c.for_each([&](std::size_t v) { w = std::max(w, v % columns_ + 1); });
    }
    // The lines (columns or rows) of the box from the middle one or two outwards.
    auto by_bands = [&](const Cells& starts, const std::vector<Cells>& lines, std::size_t size,
                        std::size_t step) {
      std::size_t lo = (size - 1) / 2;
      std::size_t hi = size / 2;
      for (;;) {
        (starts & (lines[lo] | lines[hi])).for_each([&](std::size_t v) { add(v, v + step); });
        if (lo == 0) break;
        --lo;
        ++hi;
      }
    };
    by_bands(c & north(c), column_cells_, w, columns_);
    by_bands(c & west(c), row_cells_, h, 1);
  } else {
    c.for_each([&](std::size_t v) {
      (neighbourhood_[v] & c).for_each([&](std::size_t u) {
        if (u > v) add(v, u);
      });
    });
  }
  start(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::size_t v = moves[i] >> 10;
    const std::size_t u = moves[i] & 1023;
    Cells rest = c;
    if (u == v) {
      rest -= closed_[v];
    } else {
      rest.reset(v);
      rest.reset(u);
    }
    if (f(rest)) return;
  }
}

extern template class BoardSpace<1>;
extern template class BoardSpace<2>;
extern template class BoardSpace<4>;

}  // namespace grundy
