#include "grundy/solve/grid_solver.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <stdexcept>
#include <string>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"

namespace grundy {
namespace {

/// Words of a bitset of the values 0..bound-1.
std::uint64_t words_for(std::uint64_t bound) noexcept {
  return bound / 64 + 1;
}

/// A bound above every value of a queen-move table over [0..x] x [0..y]: g is at most the number
/// of options, x + y + min(x, y), and one more bit keeps a zero above it for the mex scan.
std::uint64_t queen_value_bound(std::uint64_t x, std::uint64_t y) noexcept {
  return saturating_add(saturating_add(x, y), saturating_add(std::min(x, y), 2));
}

/// "10^11" style for step counts in messages.
std::string about(std::uint64_t n) {
  if (n == kSaturated) return "more than 1.8*10^19";
  int exponent = 0;
  double mantissa = static_cast<double>(n);
  while (mantissa >= 10) {
    mantissa /= 10;
    ++exponent;
  }
  return std::to_string(static_cast<int>(mantissa)) + "*10^" + std::to_string(exponent);
}

}  // namespace

GridSolver::GridSolver(const Game& game, Limits limits) : game_(game), limits_(limits) {
  if (game.traits().layout != Layout::grid) {
    throw std::logic_error("GridSolver needs a grid-ordered game, not " + game.name());
  }
}

Value GridSolver::at(const Position& q) const noexcept {
  const bool mirror = game_.traits().symmetric && q.x > q.y;
  const std::uint64_t x = mirror ? q.y : q.x;
  const std::uint64_t y = mirror ? q.x : q.y;
  return table_[static_cast<std::size_t>(x * columns_ + y)];
}

std::uint64_t GridSolver::table_bytes(std::uint64_t rows, std::uint64_t columns) const noexcept {
  const std::uint64_t cells = bytes_for(saturating_mul(rows, columns), sizeof(std::uint32_t));
  if (game_.traits().grid_moves != GridMoves::queen || rows == 0 || columns == 0) return cells;
  // The row, every column and every diagonal keep a bitset of the values on them.
  const std::uint64_t lines = saturating_add(saturating_add(rows, columns), columns);
  const std::uint64_t words = words_for(queen_value_bound(rows - 1, columns - 1));
  return saturating_add(cells, bytes_for(saturating_mul(lines, words), sizeof(std::uint64_t)));
}

Value GridSolver::value(const Position& p) {
  extend_to(p.x, p.y);
  return at(p);
}

void GridSolver::extend_to(std::uint64_t x, std::uint64_t y) {
  if (game_.traits().symmetric && x > y) std::swap(x, y);
  // Saturating: a coordinate of 2^64-1 asks for 2^64 rows, which no limit admits (the size
  // below saturates too), rather than for none.
  const std::uint64_t rows = std::max(rows_, saturating_add(x, 1));
  const std::uint64_t columns = std::max(columns_, saturating_add(y, 1));
  if (rows == rows_ && columns == columns_) return;

  const std::uint64_t last_x = rows_ > x ? rows_ - 1 : x;
  const std::uint64_t last_y = columns_ > y ? columns_ - 1 : y;
  const std::string what = "a table of g(0.." + std::to_string(last_x) + ", 0.." +
                           std::to_string(last_y) + ") for " + game_.name();
  const std::uint64_t cells = saturating_mul(rows, columns);
  const std::uint64_t bytes = table_bytes(rows, columns);
  std::uint64_t work = cells;
  if (game_.traits().grid_moves == GridMoves::queen) {
    // Each cell's mex scan reads up to a word per 64 values of the bound; measured, it reads
    // about a quarter of that, each word cheaper than an option look-up (10^4 x 10^4: 5 s).
    work = saturating_mul(cells, 1 + saturating_add(rows, columns) / 256);
  }
  require_memory(limits_, bytes, what);
  if (game_.traits().grid_moves != GridMoves::queen) {
    // The corner has the most options of the box in the families this serves (the cutting
    // game); each new cell looks up at most that many parts.
    std::uint64_t parts = 0;
    for_each_option(game_, Position{rows - 1, columns - 1},
                    [&](std::span<const Position> option) { parts += option.size(); });
    const std::uint64_t new_cells = cells - saturating_mul(rows_, columns_);
    work = saturating_mul(new_cells, std::max<std::uint64_t>(parts, 1));
  }
  if (work > kMaxWork) {
    throw ResourceError(what + " needs about " + about(work) +
                        " steps to fill, above the limit of " + about(kMaxWork) +
                        " (about a minute of work)");
  }

  const std::uint64_t old_rows = rows_;
  const std::uint64_t old_columns = columns_;
  std::vector<std::uint32_t> table;
  try {
    table.resize(static_cast<std::size_t>(cells));
  } catch (const std::exception&) {  // bad_alloc, length_error: a limit above what there is
    throw ResourceError(what + " needs " + format_bytes(bytes) + ", more than can be allocated");
  }
  for (std::uint64_t r = 0; r < old_rows; ++r) {
    std::copy_n(table_.begin() + static_cast<std::ptrdiff_t>(r * old_columns), old_columns,
                table.begin() + static_cast<std::ptrdiff_t>(r * columns));
  }
  table_ = std::move(table);
  rows_ = rows;
  columns_ = columns;
  try {
    if (game_.traits().grid_moves == GridMoves::queen) {
      fill_queen_moves();
    } else if (game_.traits().grid_moves == GridMoves::cuts && game_.traits().symmetric) {
      fill_cutting(old_rows, old_columns, game_.traits().min_side);
    } else {
      fill_generic(old_rows, old_columns);
    }
  } catch (...) {
    // A table filled part way must not answer later queries: start again from nothing.
    table_.clear();
    rows_ = columns_ = 0;
    throw;
  }
}

void GridSolver::report_row(std::uint64_t x) const {
  if (progress_) progress_((x + 1) * columns_, rows_ * columns_);
}

void GridSolver::store(std::uint64_t x, std::uint64_t y, Value v) {
  if (v > std::numeric_limits<std::uint32_t>::max()) {
    throw Error("g(" + std::to_string(x) + ", " + std::to_string(y) + ") of " + game_.name() +
                " exceeds 2^32-1, the widest value a grid table stores");
  }
  table_[static_cast<std::size_t>(x * columns_ + y)] = static_cast<std::uint32_t>(v);
}

void GridSolver::fill_generic(std::uint64_t old_rows, std::uint64_t old_columns) {
  // Row-major order computes every part before its position: a part q <= p (coordinate-wise) is in
  // an earlier row, or in the same row and an earlier column. For a symmetric game only x <= y is
  // computed, and a part folded to (min, max) still comes earlier (its min is at most x, and when
  // it equals x its max is below y).
  const bool symmetric = game_.traits().symmetric;
  const std::uint32_t* table = table_.data();
  const std::uint64_t columns = columns_;
  for (std::uint64_t x = 0; x < rows_; ++x) {
    for (std::uint64_t y = symmetric ? x : 0; y < columns_; ++y) {
      if (x < old_rows && y < old_columns) continue;
      const Position p{x, y};
      scratch_.clear();
      for_each_option(game_, p, [&](std::span<const Position> parts) {
        Value v = 0;
        for (const Position& q : parts) {
          if (q.x > x || q.y > y || q == p) {
            throw std::logic_error(game_.name() + " is not grid-ordered: (" + std::to_string(x) +
                                   ", " + std::to_string(y) + ") has an option part (" +
                                   std::to_string(q.x) + ", " + std::to_string(q.y) + ")");
          }
          const bool mirror = symmetric && q.x > q.y;
          v ^= table[(mirror ? q.y : q.x) * columns + (mirror ? q.x : q.y)];
        }
        scratch_.push_back(v);
      });
      store(x, y, mex(scratch_, mex_));
    }
    report_row(x);
  }
}

void GridSolver::fill_cutting(std::uint64_t old_rows, std::uint64_t old_columns,
                              std::uint64_t min_side) {
  // The cutting game's options without options(): from (x, y), x <= y, the cuts across give
  // (i, y) + (x-i, y) for min_side <= i <= x/2, and, unless the sheet is square (where they are
  // the same cuts turned), the cuts along give (x, j) + (x, y-j) for min_side <= j <= y/2. The
  // same row-major order and folding to (min, max) as fill_generic.
  const std::uint32_t* table = table_.data();
  const std::uint64_t columns = columns_;
  auto folded = [&](std::uint64_t a, std::uint64_t b) -> Value {
    return a <= b ? table[a * columns + b] : table[b * columns + a];
  };
  for (std::uint64_t x = 0; x < rows_; ++x) {
    for (std::uint64_t y = x; y < columns_; ++y) {
      if (x < old_rows && y < old_columns) continue;
      // At most x/2 + y/2 cuts, so the mex is at most that.
      mex_.reset(x / 2 + y / 2 + 1);
      for (std::uint64_t i = min_side; i <= x / 2 && x - i >= min_side; ++i) {
        mex_.mark(table[i * columns + y] ^ table[(x - i) * columns + y]);
      }
      if (x != y) {
        for (std::uint64_t j = min_side; j <= y / 2 && y - j >= min_side; ++j) {
          mex_.mark(folded(x, j) ^ folded(x, y - j));
        }
      }
      store(x, y, mex_.mex());
    }
    report_row(x);
  }
}

void GridSolver::fill_queen_moves() {
  // g(x, y) = mex(row ∪ column ∪ diagonal), the values already on the three lines through (x, y)
  // towards the origin. Each line keeps a bitset and its low-water mark (the least value not on
  // it); the mex is at least the largest of the three marks, so a word-wise scan of the union
  // starts there. Marks only rise, so keeping them costs each line its length in total.
  const std::uint64_t last_x = rows_ - 1;
  const std::uint64_t last_y = columns_ - 1;
  const std::size_t words = static_cast<std::size_t>(words_for(queen_value_bound(last_x, last_y)));
  const std::size_t diagonals = static_cast<std::size_t>(last_x + last_y + 1);
  std::vector<std::uint64_t> row(words);
  std::vector<std::uint64_t> column(static_cast<std::size_t>(columns_) * words);
  std::vector<std::uint64_t> diagonal(diagonals * words);
  std::vector<std::uint64_t> column_low(static_cast<std::size_t>(columns_));
  std::vector<std::uint64_t> diagonal_low(diagonals);

  auto contains = [](const std::uint64_t* set, std::uint64_t v) {
    return ((set[v >> 6] >> (v & 63)) & 1) != 0;
  };
  auto insert = [&](std::uint64_t* set, std::uint64_t& low, std::uint64_t v) {
    set[v >> 6] |= std::uint64_t{1} << (v & 63);
    while (contains(set, low)) ++low;
  };
  for (std::uint64_t x = 0; x <= last_x; ++x) {
    std::fill(row.begin(), row.end(), std::uint64_t{0});
    std::uint64_t row_low = 0;
    for (std::uint64_t y = 0; y <= last_y; ++y) {
      std::uint64_t* c = column.data() + y * words;
      const std::size_t d_index = static_cast<std::size_t>(y + last_x - x);
      std::uint64_t* d = diagonal.data() + d_index * words;
      // g is at most the number of options, below the bound, so the scan stops inside the sets.
      const std::uint64_t start = std::max({row_low, column_low[y], diagonal_low[d_index]});
      std::uint64_t w = start >> 6;
      std::uint64_t taken = row[w] | c[w] | d[w] | ((std::uint64_t{1} << (start & 63)) - 1);
      while (taken == ~std::uint64_t{0}) {
        ++w;
        taken = row[w] | c[w] | d[w];
      }
      const std::uint64_t g = w * 64 + static_cast<std::uint64_t>(std::countr_one(taken));
      insert(row.data(), row_low, g);
      insert(c, column_low[y], g);
      insert(d, diagonal_low[d_index], g);
      store(x, y, g);
    }
    report_row(x);
  }
}

}  // namespace grundy
