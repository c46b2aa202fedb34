#include "grundy/solve/board_space.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>
#include <type_traits>

#include "grundy/solve/endgame_database.hpp"

namespace grundy {
namespace {

using board_space_detail::Grid;

/// One image of a shape: a grid (as it is or transposed) under two flips.
struct BoardImage {
  const Grid* grid;
  bool flip_rows;
  bool flip_columns;
};

/// The order canonical forms are least in: the cells read as one number, so the rows compared
/// last row first, each as a number.
bool board_image_less(const BoardImage& a, const BoardImage& b) noexcept {
  for (std::size_t i = a.grid->h; i-- > 0;) {
    const std::uint64_t x = a.grid->image_row(a.flip_rows, a.flip_columns, i);
    const std::uint64_t y = b.grid->image_row(b.flip_rows, b.flip_columns, i);
    if (x != y) return x < y;
  }
  return false;
}

bool board_image_equal(const BoardImage& a, const Grid& g) noexcept {
  for (std::size_t i = 0; i < g.h; ++i) {
    if (a.grid->image_row(a.flip_rows, a.flip_columns, i) != g.row[i]) return false;
  }
  return true;
}

/// g(n) of a path of n vertices: under the node rule taking a vertex removes it and its
/// neighbours (the octal game 0.137), under the arc rule an edge removes its two ends (0.07).
std::vector<Value> board_path_values(DeletionRule rule, std::size_t up_to) {
  std::vector<Value> g(up_to + 1, 0);
  std::vector<bool> seen;
  for (std::size_t n = 1; n <= up_to; ++n) {
    seen.assign(n + 2, false);
    if (rule == DeletionRule::arc) {
      for (std::size_t a = 0; a + 2 <= n; ++a) {
        const Value v = g[a] ^ g[n - 2 - a];
        if (v < seen.size()) seen[v] = true;
      }
    } else if (n == 1) {
      seen[0] = true;
    } else {
      if (g[n - 2] < seen.size()) seen[g[n - 2]] = true;  // an end vertex: n - 2 left
      for (std::size_t i = 1; i + 1 < n; ++i) {
        const Value v = g[i - 1] ^ g[n - i - 2];
        if (v < seen.size()) seen[v] = true;
      }
    }
    Value m = 0;
    while (m < seen.size() && seen[m]) ++m;
    g[n] = m;
  }
  return g;
}

}  // namespace

namespace {

/// All the bits of a word form in the opposite order.
std::uint64_t reversed_bits(std::uint64_t v) noexcept {
  return board_space_detail::reversed(v, 64);
}
board_space_detail::WideBits reversed_bits(board_space_detail::WideBits v) noexcept {
  return board_space_detail::reversed(v);
}

}  // namespace

template <std::size_t W>
BoardSpace<W>::BoardSpace(DeletionRule rule, BoardAdjacency adjacency, std::size_t rows,
                          std::size_t columns, const EndgameDatabase* database, bool simplify)
    : rule_(rule),
      adjacency_(adjacency),
      rows_(rows),
      columns_(columns),
      database_(database),
      simplify_(simplify),
      path_values_(board_path_values(rule, 64 * W)) {
  if (rows == 0 || rows > columns || rows * columns > 64 * W) {
    throw std::logic_error("a board space of " + std::to_string(rows) + "x" +
                           std::to_string(columns) + " cells in " + std::to_string(W) + " words");
  }
  const BoardFrame& frame = board_frame(adjacency, rows, columns);
  const std::size_t n = rows * columns;
  neighbourhood_.resize(n);
  closed_.resize(n);
  row_cells_.resize(rows);
  column_cells_.resize(columns);
  for (std::size_t v = 0; v < n; ++v) {
    all_.set(v);
    row_cells_[v / columns].set(v);
    column_cells_[v % columns].set(v);
    if (v % columns == 0) first_column_.set(v);
    if (v % columns == columns - 1) last_column_.set(v);
    neighbourhood_[v] = frame.neighbours(v).template resized<W>();
    closed_[v] = frame.closed_neighbourhood(v).template resized<W>();
  }
}

template <std::size_t W>
typename BoardSpace<W>::Cells BoardSpace<W>::component(const Cells& cells, Cells seed,
                                                       const Cells& cut) const noexcept {
  if constexpr (W <= 2) {
    if (adjacency_ == BoardAdjacency::grid) {
      // One or two words, as one integer (two words: GCC's 128 bits, each operation two
      // instructions): each round grows east along whole rows at once, by a carry. In `lane`
      // (the cells whose east edge is there and not cut) x + s clears each run of lane cells from
      // its seed up and carries into the cell after it, so lane & ~(lane + s) is the run from the
      // seed east; the cell after a run joins too when it is a cell of x (its west edge is
      // open). Then one step north, south and west. Seeds in the same run are cleared by the
      // first one's carry and set again by their own bit, without a carry: `| s` keeps them.
      constexpr std::size_t kBits = 64 * W;
      const Word x = word_of(cells);
      const Word cuts = word_of(cut);
      const Word lane = x & ~(word_of(last_column_) | cuts);
      const Word first = word_of(first_column_);
      const Word all = word_of(all_);
      const std::size_t n = columns_;
      Word s = word_of(seed);
      for (;;) {
        Word f = (lane & ~(lane + (s & lane))) | s;
        f |= ((f & lane) << 1) & x;
        const Word north = n < kBits ? f >> n : 0;
        const Word south = n < kBits ? (f << n) & all : 0;
        const Word west = ((f & ~first) >> 1) & ~cuts;
        const Word next = (f | north | south | west) & x;
        // Done when nothing was added, or at once when every cell is in (the last component of
        // a split, and most moves split nothing): no round to find that nothing more joins.
        if (next == s || next == x) return key_of_word(next);
        s = next;
      }
    }
  }
  if (adjacency_ == BoardAdjacency::grid) {
    // Grown by whole steps of the grid: a cut edge does not join its left cell to the right.
    for (;;) {
      const Cells next =
          (seed | north(seed) | south(seed) | east(seed - cut) | (west(seed) - cut)) & cells;
      if (next == seed || next == cells) return next;
      seed = next;
    }
  }
  Cells frontier = seed;
  while (!frontier.empty()) {
    Cells next;
    frontier.for_each([&](std::size_t v) { next |= neighbourhood_[v]; });
    next &= cells;
    next -= seed;
    seed |= next;
    frontier = next;
  }
  return seed;
}

namespace {

/// The moves of the grid by one cell, on a set of cells held as one integer T (a one- or
/// two-word frame at most 64 wide): the same as BoardSpace's east, west, north and south, with
/// a shift of the whole integer where the cell sets shift word by word.
template <class T>
struct WordMoves {
  T all, first_column, last_column;
  unsigned columns;
  T east(T x) const noexcept { return (x & ~last_column) << 1; }
  T west(T x) const noexcept { return (x & ~first_column) >> 1; }
  T south(T x) const noexcept { return (x << columns) & all; }
  T north(T x) const noexcept { return x >> columns; }
};

/// BoardSpace::simplified (below), written once over any representation of the cells: `Set`
/// with & | - and empty-test as for cell sets, and `moves` giving east, west, north and south.
template <class Set, class Moves, class Minus, class Empty>
Set simplify_cells(Set p, Set& cuts, const Moves& moves, Minus minus, Empty empty) noexcept {
  const auto east = [&](const Set& x) { return moves.east(x); };
  const auto west = [&](const Set& x) { return moves.west(x); };
  const auto north = [&](const Set& x) { return moves.north(x); };
  const auto south = [&](const Set& x) { return moves.south(x); };
  for (;;) {
    const Set right = p & west(p), left = p & east(p), down = p & north(p), up = p & south(p);
    const Set horizontal = right | left;
    const Set vertical = down | up;
    const Set two = (right & left) | (down & up) | (horizontal & vertical);
    const Set leaves = minus(horizontal | vertical, two);
    Set next = p;
    if (!empty(leaves)) {
      // Star reduction: every cell keeps one of its leaves; each further leaf of it goes. The
      // leaves are met direction by direction, and a cell has one neighbour in each.
      Set centres{};
      Set extra{};
      Set c = south(leaves & down);
      extra = extra | north(c & centres);
      centres = centres | c;
      c = east(leaves & right);
      extra = extra | west(c & centres);
      centres = centres | c;
      c = north(leaves & up);
      extra = extra | south(c & centres);
      centres = centres | c;
      c = west(leaves & left);
      extra = extra | east(c & centres);
      centres = centres | c;
      // Bridges: a cell, neither leaf nor centre, whose every neighbour is a centre (a
      // neighbour that is a leaf would make it a centre).
      const Set rest = minus(minus(p, leaves), centres);
      const Set bridges = minus(rest, north(rest) | south(rest) | east(rest) | west(rest));
      next = minus(minus(p, extra), bridges);
    }
    if (next != p) {
      p = next;
      continue;
    }
    // The square rule on what is left. A 2 x 2 square whose top-left corner joins only the
    // square (no left or upper neighbour) and whose bottom-right corner too (no right or lower
    // neighbour) ...
    const Set top_left = minus(minus(right & down, left), up);
    const Set bottom_right = minus(minus(left & up, right), down);
    const Set a = top_left & north(west(bottom_right));
    // ... or whose top-right and bottom-left corners do.
    const Set top_right = minus(minus(left & down, right), up);
    const Set bottom_left = minus(minus(right & up, left), down);
    const Set b = top_right & north(east(bottom_left));
    // The square's horizontal edges, each by its left cell: the top edge and the one below it.
    const Set top = a | west(b);
    cuts = top | south(top);
    return p;
  }
}

}  // namespace

template <std::size_t W>
auto BoardSpace<W>::word_moves() const noexcept {
  return WordMoves<Word>{word_of(all_), word_of(first_column_), word_of(last_column_),
                         static_cast<unsigned>(columns_)};
}

template <std::size_t W>
typename BoardSpace<W>::Cells BoardSpace<W>::simplified(Cells p, Cells& cuts) const noexcept {
  if constexpr (W == 2) {
    // Two words in one 128-bit integer: a shift of the whole where the cell sets shift word by
    // word (a row of 128 cells, 1 x 128, would shift past the integer: the cell sets then).
    if (columns_ < 128) {
      Word cut_word = 0;
      const Word q = simplify_cells(
          word_of(p), cut_word, word_moves(), [](Word x, Word y) { return x & ~y; },
          [](Word x) { return x == 0; });
      cuts = key_of_word(cut_word);
      return key_of_word(q);
    }
  }
  return simplify_cells(
      p, cuts, CellMoves{*this}, [](const Cells& x, const Cells& y) { return x - y; },
      [](const Cells& x) { return x.empty(); });
}

template <std::size_t W>
typename BoardSpace<W>::Cells BoardSpace<W>::reduced(Cells p) const noexcept {
  Cells cuts;
  return simplified(p, cuts);
}

template <std::size_t W>
bool BoardSpace<W>::is_path(const Cells& c, std::size_t count) const noexcept {
  if (adjacency_ != BoardAdjacency::grid) return false;
  // Connected, no vertex of degree 3 or 4, and two ends: a path (a cycle has no end).
  const auto path = [count](const auto& p, const auto& moves, auto minus, auto popcount) {
    const auto right = p & moves.west(p), left = p & moves.east(p);
    const auto down = p & moves.north(p), up = p & moves.south(p);
    const auto horizontal = right | left;
    const auto vertical = down | up;
    const auto three = (right & left & vertical) | (down & up & horizontal);
    if (popcount(three) != 0) return false;
    const auto two = (right & left) | (down & up) | (horizontal & vertical);
    return count <= 2 || popcount(minus(horizontal | vertical, two)) == 2;
  };
  if constexpr (W == 2) {
    if (columns_ < 128) {
      return path(
          word_of(c), word_moves(), [](Word x, Word y) { return x & ~y; },
          [](Word x) {
            return std::popcount(static_cast<std::uint64_t>(x)) +
                   std::popcount(static_cast<std::uint64_t>(x >> 64));
          });
    }
  }
  return path(
      c, CellMoves{*this}, [](const Cells& x, const Cells& y) { return x - y; },
      [](const Cells& x) { return x.count(); });
}

template <std::size_t W>
void BoardSpace<W>::decompose_into(Cells cells, std::vector<Key>& out, std::size_t from,
                                   Value& known) const {
  Cells cut;
  if (simplify_ && rule_ == DeletionRule::arc && adjacency_ == BoardAdjacency::grid) {
    cells = simplified(cells, cut);
  }
  split(cells, cut, out, from, known);
}

template <std::size_t W>
void BoardSpace<W>::split(const Cells& cells, const Cells& cut, std::vector<Key>& out,
                          std::size_t from, Value& known) const {
  Cells rest = cells;
  while (!rest.empty()) {
    const Cells comp = component(rest, rest.lowest(), cut);
    rest -= comp;
    if (!cut.empty() && comp != cells) {
      // Cut off by the square rule: its corners may be leaves now, simplified again.
      decompose_into(comp, out, from, known);
      continue;
    }
    add_component(comp, out, from, known);
  }
}

template <std::size_t W>
void BoardSpace<W>::add_component(const Cells& comp, std::vector<Key>& out, std::size_t from,
                                  Value& known) const {
  const std::size_t count = comp.count();
  if (auto v = tiny_component_value(rule_, count)) {
    known ^= *v;
    return;
  }
  Key k;
  bool symmetric = true;
  if constexpr (W <= 2) {
    if (simplify_ && word_forms()) {
      // One or two words: the shape moved into the corner and turned as a number (corner_word,
      // canonical_word), rows as a Grid only for a square box or one higher than wide.
      std::size_t h = 0;
      std::size_t w = 0;
      const Word corner = corner_word(word_of(comp), h, w);
      if (auto v = database_word_value(corner, h, w)) {
        known ^= *v;
        return;
      }
      if (is_path(comp, count)) {
        known ^= path_values_[count];
        return;
      }
      if (h < w) {
        k = key_of_word(canonical_word(corner, h, w, symmetric));
      } else {
        Grid g = grid_of(comp);
        k = canonical_of(g, &symmetric);
      }
      file_component(k, symmetric, out, from);
      return;
    }
  }
  if (!simplify_ || columns_ > 64) {
    k = canonical(comp, &symmetric);
  } else {
    Grid g = grid_of(comp);
    if (auto v = database_value(g)) {
      known ^= *v;
      return;
    }
    if (is_path(comp, count)) {
      known ^= path_values_[count];
      return;
    }
    k = canonical_of(g, &symmetric);
  }
  file_component(k, symmetric, out, from);
}

template <std::size_t W>
void BoardSpace<W>::file_component(const Key& k, bool symmetric, std::vector<Key>& out,
                                   std::size_t from) const {
  if (symmetric && copied(k)) return;  // 0: the second player copies
  auto same = std::find(out.begin() + static_cast<std::ptrdiff_t>(from), out.end(), k);
  if (same != out.end()) {
    *same = out.back();  // G + G = 0
    out.pop_back();
  } else {
    out.push_back(k);
  }
}

template <std::size_t W>
Value BoardSpace<W>::decompose(const Cells& cells, std::vector<Key>& out, std::size_t from) const {
  Value known = 0;
  decompose_into(cells, out, from, known);
  return known;
}

template <std::size_t W>
typename BoardSpace<W>::Grid BoardSpace<W>::grid_of(const Cells& x) const noexcept {
  Grid a;
  const std::size_t r0 = x.first() / columns_;
  a.h = x.last() / columns_ - r0 + 1;
  std::uint64_t used = 0;
  for (std::size_t i = 0; i < a.h; ++i) {
    a.row[i] = x.bits_at((r0 + i) * columns_, columns_);
    used |= a.row[i];
  }
  const auto c0 = static_cast<std::size_t>(std::countr_zero(used));
  a.w = static_cast<std::size_t>(std::bit_width(used)) - c0;
  if (c0 != 0) {
    for (std::size_t i = 0; i < a.h; ++i) a.row[i] >>= c0;
  }
  return a;
}

template <std::size_t W>
auto BoardSpace<W>::corner_word(Word x, std::size_t& h, std::size_t& w) const noexcept -> Word {
  const std::size_t n = columns_;
  const std::size_t r0 = board_space_detail::lowest_bit(x) / n;
  h = board_space_detail::highest_bit(x) / n - r0 + 1;
  const Word k = x >> (r0 * n);
  const std::uint64_t row = n >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  std::uint64_t used = 0;
  for (std::size_t i = 0; i < h; ++i) used |= static_cast<std::uint64_t>(k >> (i * n)) & row;
  const auto c0 = static_cast<std::size_t>(std::countr_zero(used));
  w = static_cast<std::size_t>(std::bit_width(used)) - c0;
  return k >> c0;  // no cell crosses into the row below: c0 is the least column
}

template <std::size_t W>
std::optional<Value> BoardSpace<W>::database_word_value(Word k, std::size_t h,
                                                        std::size_t w) const noexcept {
  if (database_ == nullptr) return std::nullopt;
  const std::size_t rows = database_->rows();
  const std::size_t columns = database_->columns();
  if (h <= rows && w <= columns) {
    if (columns == columns_) return database_->at(static_cast<std::uint64_t>(k));
    const std::uint64_t row = (std::uint64_t{1} << w) - 1;
    std::uint64_t index = 0;
    for (std::size_t i = 0; i < h; ++i) {
      index |= (static_cast<std::uint64_t>(k >> (i * columns_)) & row) << (i * columns);
    }
    return database_->at(index);
  }
  if (w <= rows && h <= columns) {
    std::uint64_t index = 0;
    for (Word v = k; v != 0; v &= v - 1) {
      const std::size_t cell = board_space_detail::lowest_bit(v);
      index |= std::uint64_t{1} << (cell % columns_ * columns + cell / columns_);
    }
    return database_->at(index);
  }
  return std::nullopt;
}

template <std::size_t W>
auto BoardSpace<W>::canonical_word(Word k, std::size_t h, std::size_t w,
                                   bool& symmetric) const noexcept -> Word {
  // The four images of a box wider than high, as numbers: as it is, rows flipped, and those two
  // read backwards (the whole word reversed turns the box by half a turn: rows flipped and
  // columns flipped; shifted back into the corner).
  constexpr std::size_t kBits = 8 * sizeof(Word);
  const std::size_t n = columns_;
  const Word row = n >= 64 ? Word{~std::uint64_t{0}} : (Word{1} << n) - 1;
  Word flipped = 0;
  for (std::size_t i = 0; i < h; ++i) flipped |= ((k >> (i * n)) & row) << ((h - 1 - i) * n);
  const std::size_t back = kBits - h * n + (n - w);
  const Word half_turn = reversed_bits(k) >> back;
  const Word mirrored = reversed_bits(flipped) >> back;
  const Word least = std::min(std::min(k, flipped), std::min(half_turn, mirrored));
  // Two equal images: a symmetry maps the shape onto itself.
  symmetric = (k == least) + (flipped == least) + (half_turn == least) + (mirrored == least) > 1;
  return least;
}

template <std::size_t W>
std::optional<Value> BoardSpace<W>::database_value(const Grid& g) const noexcept {
  if (database_ == nullptr) return std::nullopt;
  const std::size_t rows = database_->rows();
  const std::size_t columns = database_->columns();
  std::uint64_t index = 0;
  if (g.h <= rows && g.w <= columns) {
    for (std::size_t i = 0; i < g.h; ++i) index |= g.row[i] << (i * columns);
  } else if (g.w <= rows && g.h <= columns) {
    // Read with rows and columns exchanged: the same game (the symmetries keep adjacency).
    for (std::size_t i = 0; i < g.h; ++i) {
      for (std::uint64_t v = g.row[i]; v != 0; v &= v - 1) {
        index |= std::uint64_t{1} << (static_cast<std::size_t>(std::countr_zero(v)) * columns + i);
      }
    }
  } else {
    return std::nullopt;
  }
  return database_->at(index);
}

template <std::size_t W>
typename BoardSpace<W>::Key BoardSpace<W>::canonical(const Cells& x, bool* symmetric) const {
  if (symmetric != nullptr) *symmetric = true;  // unknown: to be checked
  if (!simplify_) {
    // Only moved into the corner: the least row and column to 0.
    std::size_t c0 = columns_;
    x.for_each([&](std::size_t v) { c0 = std::min(c0, v % columns_); });
    return x.shifted_down_far(x.first() / columns_ * columns_ + c0);
  }
  if (columns_ > 64) return canonical_by_cells(x);
  if constexpr (W <= 2) {
    std::size_t h = 0;
    std::size_t w = 0;
    const Word corner = corner_word(word_of(x), h, w);
    if (h < w) {
      bool tie = false;
      const Key k = key_of_word(canonical_word(corner, h, w, tie));
      if (symmetric != nullptr) *symmetric = tie;
      return k;
    }
  }
  Grid g = grid_of(x);
  return canonical_of(g, symmetric);
}

template <std::size_t W>
typename BoardSpace<W>::Key BoardSpace<W>::canonical_of(Grid& a, bool* symmetric) const {
  a.reverse_rows();
  // The candidates: the rows as they are (a box no higher than wide), its columns as rows (a box
  // no wider than high), each under the four flips of its box.
  Grid t;
  std::array<const Grid*, 2> grids{};
  std::size_t count = 0;
  if (a.h <= a.w) grids[count++] = &a;
  if (a.w <= a.h) {
    t = a.transposed();
    grids[count++] = &t;
  }
  BoardImage best{grids[0], false, false};
  bool tie = false;
  for (std::size_t g = 0; g < count; ++g) {
    for (int flips = g == 0 ? 1 : 0; flips < 4; ++flips) {
      const BoardImage candidate{grids[g], (flips & 2) != 0, (flips & 1) != 0};
      if (board_image_less(candidate, best)) {
        best = candidate;
        tie = false;
      } else if (!board_image_less(best, candidate)) {
        tie = true;  // two images are equal: a symmetry maps the shape onto itself
      }
    }
  }
  if (symmetric != nullptr) *symmetric = tie;
  Key key;
  for (std::size_t i = 0; i < best.grid->h; ++i) {
    key.put_bits(i * columns_, best.grid->image_row(best.flip_rows, best.flip_columns, i),
                 best.grid->w);
  }
  return key;
}

template <std::size_t W>
typename BoardSpace<W>::Key BoardSpace<W>::canonical_by_cells(const Cells& x) const {
  // Frames wider than a word (at most 3 rows): each image cell by cell.
  std::size_t r0 = rows_, c0 = columns_, r1 = 0, c1 = 0;
  x.for_each([&](std::size_t v) {
    r0 = std::min(r0, v / columns_);
    r1 = std::max(r1, v / columns_);
    c0 = std::min(c0, v % columns_);
    c1 = std::max(c1, v % columns_);
  });
  const std::size_t h = r1 - r0 + 1;
  const std::size_t w = c1 - c0 + 1;
  Key best;
  bool first = true;
  for (int t = 0; t < 8; ++t) {
    const Turn turn{(t & 4) != 0, (t & 2) != 0, (t & 1) != 0};
    if (h != w && turn.transpose != (h > w)) continue;
    Key image;
    x.for_each([&](std::size_t v) {
      const std::size_t moved = (v / columns_ - r0) * columns_ + (v % columns_ - c0);
      image.set(this->image(moved, turn, h, w));
    });
    if (first || number_less(image, best)) best = image;
    first = false;
  }
  return best;
}

template <std::size_t W>
typename BoardSpace<W>::Stabiliser BoardSpace<W>::stabiliser(const Key& c) const {
  Stabiliser s;
  if (columns_ > 64) {
    // Few rows: the symmetries checked cell by cell.
    s.h = c.last() / columns_ + 1;
    std::size_t w = 0;
    c.for_each([&](std::size_t v) { w = std::max(w, v % columns_ + 1); });
    s.w = w;
    for (int t = 1; t < 8; ++t) {
      const Turn turn{(t & 4) != 0, (t & 2) != 0, (t & 1) != 0};
      if (turn.transpose && s.h != s.w) continue;
      Key image;
      c.for_each([&](std::size_t v) { image.set(this->image(v, turn, s.h, s.w)); });
      if (image == c) s.turns[s.count++] = turn;
    }
    return s;
  }
  Grid a;
  a.h = c.last() / columns_ + 1;
  std::uint64_t used = 0;
  for (std::size_t i = 0; i < a.h; ++i) {
    a.row[i] = c.bits_at(i * columns_, columns_);
    used |= a.row[i];
  }
  a.w = static_cast<std::size_t>(std::bit_width(used));
  a.reverse_rows();
  s.h = a.h;
  s.w = a.w;
  for (int flips = 1; flips < 4; ++flips) {
    const BoardImage im{&a, (flips & 2) != 0, (flips & 1) != 0};
    if (board_image_equal(im, a)) s.turns[s.count++] = Turn{false, im.flip_rows, im.flip_columns};
  }
  if (a.h == a.w) {
    const Grid t = a.transposed();
    for (int flips = 0; flips < 4; ++flips) {
      const BoardImage im{&t, (flips & 2) != 0, (flips & 1) != 0};
      if (board_image_equal(im, a)) s.turns[s.count++] = Turn{true, im.flip_rows, im.flip_columns};
    }
  }
  return s;
}

template <std::size_t W>
bool BoardSpace<W>::copied(const Key& c) const {
  if (!simplify_) return false;
  const Stabiliser s = stabiliser(c);
  for (std::size_t i = 0; i < s.count; ++i) {
    const Turn& t = s.turns[i];
    // Quarter turns are not their own inverse: they do not pair cells.
    if (t.transpose && t.flip_rows != t.flip_columns) continue;
    bool pairs = true;
    c.for_each([&](std::size_t v) {
      const std::size_t u = image(v, t, s.h, s.w);
      // Node rule: v's image survives v's move when it is neither v nor joined to v. Arc rule:
      // it survives any move at v, and no domino {v, u} is its own image.
      if (u == v || neighbourhood_[v].test(u)) pairs = false;
    });
    if (pairs) return true;
  }
  return false;
}

template <std::size_t W>
BoardShape BoardSpace<W>::shape(const Key& c) const {
  BoardShape out;
  const std::size_t h = c.last() / columns_ + 1;
  std::size_t w = 0;
  c.for_each([&](std::size_t v) { w = std::max(w, v % columns_ + 1); });
  out.rows = static_cast<std::uint16_t>(h);
  out.columns = static_cast<std::uint16_t>(w);
  c.for_each([&](std::size_t v) { out.cells.set(v / columns_ * w + v % columns_); });
  return out;
}

template <std::size_t W>
std::optional<typename BoardSpace<W>::Key> BoardSpace<W>::key_of(const BoardShape& s) const {
  if (s.rows > rows_ || s.columns > columns_ || s.cells.empty()) return std::nullopt;
  Key k;
  s.cells.for_each([&](std::size_t v) { k.set(v / s.columns * columns_ + v % s.columns); });
  if (canonical(k) != k) return std::nullopt;
  return k;
}

template class BoardSpace<1>;
template class BoardSpace<2>;
template class BoardSpace<4>;

}  // namespace grundy
