#include "grundy/rules/board_shape.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <memory>
#include <stdexcept>

namespace grundy {
namespace {

/// The eight symmetries of the square acting on a cell (r, c) of an h x w box: the first four
/// keep the box as it is, the last four turn it to w x h.
struct Turn {
  bool transpose;
  bool flip_rows;
  bool flip_columns;
};
constexpr std::array<Turn, 8> kTurns = {{
    {false, false, false},
    {false, false, true},
    {false, true, false},
    {false, true, true},
    {true, false, false},
    {true, false, true},
    {true, true, false},
    {true, true, true},
}};

/// Where (r, c) of an h x w box goes under `t`, and the columns of the box it goes to.
struct Image {
  std::size_t row;
  std::size_t column;
};
constexpr Image turned(const Turn& t, std::size_t r, std::size_t c, std::size_t h,
                       std::size_t w) noexcept {
  if (t.flip_rows) r = h - 1 - r;
  if (t.flip_columns) c = w - 1 - c;
  return t.transpose ? Image{c, r} : Image{r, c};
}

bool joined(BoardAdjacency adjacency, std::size_t r1, std::size_t c1, std::size_t r2,
            std::size_t c2) noexcept {
  const auto dr = static_cast<std::int64_t>(r1) - static_cast<std::int64_t>(r2);
  const auto dc = static_cast<std::int64_t>(c1) - static_cast<std::int64_t>(c2);
  if (dr == 0 && dc == 0) return false;
  if (adjacency == BoardAdjacency::grid) return dr * dr + dc * dc == 1;
  return dr == 0 || dc == 0 || dr == dc || dr == -dc;
}

}  // namespace

BoardFrame::BoardFrame(BoardAdjacency adjacency, std::size_t rows, std::size_t columns)
    : adjacency_(adjacency), rows_(rows), columns_(columns) {
  if (rows == 0 || columns == 0 || rows * columns > kBoardCells) {
    throw std::logic_error("a board frame of " + std::to_string(rows) + "x" +
                           std::to_string(columns) + " cells");
  }
  const std::size_t n = rows * columns;
  neighbours_.resize(n);
  closed_.resize(n);
  for (std::size_t a = 0; a < n; ++a) {
    all_.set(a);
    for (std::size_t b = 0; b < n; ++b) {
      if (joined(adjacency, a / columns, a % columns, b / columns, b % columns)) {
        neighbours_[a].set(b);
      }
    }
    closed_[a] = neighbours_[a];
    closed_[a].set(a);
  }
  for (const Turn& t : kTurns) {
    if (t.transpose && rows != columns) continue;
    std::vector<std::uint8_t> map(n);
    for (std::size_t a = 0; a < n; ++a) {
      const Image i = turned(t, a / columns, a % columns, rows, columns);
      map[a] = static_cast<std::uint8_t>(i.row * columns + i.column);
    }
    symmetries_.push_back(std::move(map));
  }
  for (std::size_t s = 1; s < symmetries_.size(); ++s) {
    bool involution = true;
    for (std::size_t a = 0; a < n; ++a)
      involution = involution && symmetries_[s][symmetries_[s][a]] == a;
    if (involution) involutions_.push_back(s);
  }
}

CellSet BoardFrame::component(const CellSet& cells, std::size_t start) const noexcept {
  CellSet found;
  found.set(start);
  CellSet frontier = found;
  while (!frontier.empty()) {
    CellSet next;
    frontier.for_each([&](std::size_t v) { next |= neighbours_[v]; });
    next &= cells;
    next -= found;
    found |= next;
    frontier = next;
  }
  return found;
}

namespace {

/// The low `length` bits of v in the opposite order.
std::uint64_t reversed(std::uint64_t v, std::size_t length) noexcept {
  v = ((v >> 1) & 0x5555555555555555ULL) | ((v & 0x5555555555555555ULL) << 1);
  v = ((v >> 2) & 0x3333333333333333ULL) | ((v & 0x3333333333333333ULL) << 2);
  v = ((v >> 4) & 0x0f0f0f0f0f0f0f0fULL) | ((v & 0x0f0f0f0f0f0f0f0fULL) << 4);
  v = __builtin_bswap64(v);
  return v >> (64 - length);
}

/// A shape as its rows, each a number of `columns` bits (cell c its bit c).
struct Rows {
  std::array<std::uint64_t, 16> row{};  // rows <= columns and rows * columns <= 256
  std::size_t rows = 0;
  std::size_t columns = 0;
};

/// Whether image (flip_rows, flip_columns) of `a` is less, in number_less's order, than `best`
/// (rows of the same box): the last row compared first.
bool image_less(const Rows& a, bool flip_rows, bool flip_columns, const Rows& best) noexcept {
  for (std::size_t i = a.rows; i-- > 0;) {
    std::uint64_t v = a.row[flip_rows ? a.rows - 1 - i : i];
    if (flip_columns) v = reversed(v, a.columns);
    if (v != best.row[i]) return v < best.row[i];
  }
  return false;
}

Rows image_of(const Rows& a, bool flip_rows, bool flip_columns) noexcept {
  Rows out;
  out.rows = a.rows;
  out.columns = a.columns;
  for (std::size_t i = 0; i < a.rows; ++i) {
    std::uint64_t v = a.row[flip_rows ? a.rows - 1 - i : i];
    out.row[i] = flip_columns ? reversed(v, a.columns) : v;
  }
  return out;
}

}  // namespace

BoardShape BoardFrame::canonical(const CellSet& cells, bool turn) const {
  // The rows' bounding box: the first and last cells give the rows, the union of the rows the
  // columns.
  const std::size_t first = cells.first();
  std::size_t last = 0;
  for (std::size_t k = cells.words.size(); k-- > 0;) {
    if (cells.words[k] != 0) {
      last = k * 64 + 63 - static_cast<std::size_t>(std::countl_zero(cells.words[k]));
      break;
    }
  }
  const std::size_t r0 = first / columns_;
  const std::size_t r1 = last / columns_;
  const std::size_t h = r1 - r0 + 1;
  if (columns_ <= 64 && turn) {
    std::uint64_t used = 0;
    std::array<std::uint64_t, kBoardCells> full_rows;  // the first h are set
    for (std::size_t i = 0; i < h; ++i) {
      full_rows[i] = cells.bits_at((r0 + i) * columns_, columns_);
      used |= full_rows[i];
    }
    const auto c0 = static_cast<std::size_t>(std::countr_zero(used));
    const std::size_t w = 64 - static_cast<std::size_t>(std::countl_zero(used)) - c0;
    if (h <= 64) {
      // The candidates: the rows as they are (a box no higher than wide) and its columns as rows
      // (no wider than high), each under the four flips of its box.
      std::array<Rows, 2> lists;
      std::size_t count = 0;
      if (h <= w) {
        Rows& r = lists[count++];
        r.rows = h;
        r.columns = w;
        for (std::size_t i = 0; i < h; ++i) r.row[i] = full_rows[i] >> c0;
      }
      if (w <= h) {
        Rows& t = lists[count++];
        t.rows = w;
        t.columns = h;
        for (std::size_t i = 0; i < h; ++i) {
          for (std::uint64_t v = full_rows[i] >> c0; v != 0; v &= v - 1) {
            t.row[static_cast<std::size_t>(std::countr_zero(v))] |= std::uint64_t{1} << i;
          }
        }
      }
      Rows best = lists[0];
      for (std::size_t l = 0; l < count; ++l) {
        for (int flips = 0; flips < 4; ++flips) {
          const bool flip_rows = (flips & 2) != 0;
          const bool flip_columns = (flips & 1) != 0;
          if ((l != 0 || flips != 0) && image_less(lists[l], flip_rows, flip_columns, best)) {
            best = image_of(lists[l], flip_rows, flip_columns);
          }
        }
      }
      BoardShape shape;
      shape.rows = static_cast<std::uint16_t>(best.rows);
      shape.columns = static_cast<std::uint16_t>(best.columns);
      for (std::size_t i = 0; i < best.rows; ++i) {
        shape.cells.put_bits(i * best.columns, best.row[i], best.columns);
      }
      return shape;
    }
  }
  return canonical_by_cells(cells, turn);
}

BoardShape BoardFrame::canonical_by_cells(const CellSet& cells, bool turn) const {
  std::array<std::uint8_t, kBoardCells> r{};
  std::array<std::uint8_t, kBoardCells> c{};
  std::size_t k = 0;
  std::size_t r0 = rows_, c0 = columns_, r1 = 0, c1 = 0;
  cells.for_each([&](std::size_t v) {
    const std::size_t row = v / columns_;
    const std::size_t column = v % columns_;
    r[k] = static_cast<std::uint8_t>(row);
    c[k] = static_cast<std::uint8_t>(column);
    ++k;
    r0 = std::min(r0, row);
    r1 = std::max(r1, row);
    c0 = std::min(c0, column);
    c1 = std::max(c1, column);
  });
  const std::size_t h = r1 - r0 + 1;
  const std::size_t w = c1 - c0 + 1;
  BoardShape best;
  bool first = true;
  for (const Turn& t : kTurns) {
    // The canonical box has rows <= columns: a box that is wider than high is read as it is (or
    // turned by a half turn or a mirror), a higher one transposed.
    if (!turn) {
      if (t.transpose || t.flip_rows || t.flip_columns) continue;
    } else if (h != w && t.transpose != (h > w)) {
      continue;
    }
    BoardShape s;
    s.rows = static_cast<std::uint16_t>(t.transpose ? w : h);
    s.columns = static_cast<std::uint16_t>(t.transpose ? h : w);
    for (std::size_t i = 0; i < k; ++i) {
      const Image at = turned(t, r[i] - r0, c[i] - c0, h, w);
      s.cells.set(at.row * s.columns + at.column);
    }
    if (first || number_less(s.cells, best.cells)) best = s;
    first = false;
  }
  return best;
}

CellSet BoardFrame::image(const CellSet& cells, std::size_t s) const noexcept {
  CellSet out;
  const std::vector<std::uint8_t>& map = symmetries_[s];
  cells.for_each([&](std::size_t v) { out.set(map[v]); });
  return out;
}

const BoardFrame& board_frame(BoardAdjacency adjacency, std::size_t rows, std::size_t columns) {
  if (rows == 0 || columns == 0 || rows * columns > kBoardCells) {
    throw std::logic_error("a board frame of " + std::to_string(rows) + "x" +
                           std::to_string(columns) + " cells");
  }
  // One slot per adjacency and size, filled once: a thread that loses the race to fill it drops
  // its own copy. Frames live as long as the program.
  constexpr std::size_t kSide = kBoardCells + 1;
  static std::array<std::atomic<const BoardFrame*>, 2 * kSide * kSide> frames{};
  std::atomic<const BoardFrame*>& slot =
      frames[static_cast<std::size_t>(adjacency) * kSide * kSide + rows * kSide + columns];
  if (const BoardFrame* f = slot.load(std::memory_order_acquire)) return *f;
  auto made = std::make_unique<BoardFrame>(adjacency, rows, columns);
  const BoardFrame* expected = nullptr;
  if (slot.compare_exchange_strong(expected, made.get(), std::memory_order_acq_rel)) {
    return *made.release();
  }
  return *expected;
}

SimpleGraph cells_graph(const BoardFrame& frame, const CellSet& cells) {
  std::vector<std::size_t> vertex(frame.cells(), 0);
  std::size_t n = 0;
  cells.for_each([&](std::size_t v) { vertex[v] = n++; });
  SimpleGraph g(n);
  cells.for_each([&](std::size_t v) {
    (frame.neighbours(v) & cells).for_each([&](std::size_t u) {
      if (u > v) g.add_edge(vertex[v], vertex[u]);
    });
  });
  return g;
}

std::string shape_text(const BoardShape& shape) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out = std::to_string(shape.rows) + "x" + std::to_string(shape.columns) + ":";
  const std::size_t n = std::size_t{shape.rows} * shape.columns;
  for (std::size_t i = 0; i < n; i += 4) {
    unsigned digit = 0;
    for (std::size_t b = 0; b < 4 && i + b < n; ++b) {
      if (shape.cells.test(i + b)) digit |= 1U << b;
    }
    out += kDigits[digit];
  }
  return out;
}

std::optional<BoardShape> parse_shape_text(BoardAdjacency adjacency, std::string_view text) {
  std::size_t rows = 0;
  std::size_t columns = 0;
  const char* p = text.data();
  const char* end = text.data() + text.size();
  auto r = std::from_chars(p, end, rows);
  if (r.ec != std::errc{} || r.ptr == end || *r.ptr != 'x') return std::nullopt;
  r = std::from_chars(r.ptr + 1, end, columns);
  if (r.ec != std::errc{} || r.ptr == end || *r.ptr != ':') return std::nullopt;
  if (rows == 0 || columns == 0 || rows > columns || rows * columns > kBoardCells) {
    return std::nullopt;
  }
  const std::size_t n = rows * columns;
  const std::string_view digits(r.ptr + 1, static_cast<std::size_t>(end - r.ptr - 1));
  if (digits.size() != (n + 3) / 4) return std::nullopt;
  BoardShape shape;
  shape.rows = static_cast<std::uint16_t>(rows);
  shape.columns = static_cast<std::uint16_t>(columns);
  for (std::size_t d = 0; d < digits.size(); ++d) {
    const char ch = digits[d];
    unsigned digit = 0;
    if (ch >= '0' && ch <= '9') {
      digit = static_cast<unsigned>(ch - '0');
    } else if (ch >= 'a' && ch <= 'f') {
      digit = static_cast<unsigned>(ch - 'a' + 10);
    } else {
      return std::nullopt;
    }
    for (std::size_t b = 0; b < 4; ++b) {
      if (((digit >> b) & 1U) == 0) continue;
      if (4 * d + b >= n) return std::nullopt;  // a cell past the frame
      shape.cells.set(4 * d + b);
    }
  }
  if (shape.cells.empty()) return std::nullopt;
  const BoardFrame& frame = board_frame(adjacency, rows, columns);
  if (frame.component(shape.cells, shape.cells.first()) != shape.cells) return std::nullopt;
  if (frame.canonical(shape.cells) != shape) return std::nullopt;
  return shape;
}

}  // namespace grundy
