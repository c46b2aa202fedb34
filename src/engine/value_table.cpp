// `grundy table`: the values of a two-coordinate game over a grid of positions (value_table.hpp).
#include "grundy/engine/value_table.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/scanner.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

/// Bytes a cell takes while its table is made and shown: its value, its position until the
/// values are found, and its number in a document.
constexpr std::uint64_t kTableCellBytes = sizeof(Value) + sizeof(Position) + 16;

/// Cells between two progress reports.
constexpr std::size_t kCellsPerReport = 4096;

/// How the cell (row, col) of a table is written as a position of the game: a grid-ordered
/// game's point (row, col) in its own text (`3,5`; the cutting game's sheets `5x7`), any other
/// game's two numbers `row,col`, read by its parser as a list (two-row Chomp, two steps of a
/// staircase) or a pair (a tartan's coin). The table asks the game for each cell as `grundy
/// value` asks for a typed position, so a cell holds what that command prints for its text.
class CellText {
 public:
  explicit CellText(const Game& game)
      : game_(game), points_(game.traits().layout == Layout::grid) {}

  std::string operator()(std::uint64_t row, std::uint64_t col) const {
    if (points_) return game_.format_position(Position{row, col});
    return std::to_string(row) + "," + std::to_string(col);
  }

  /// `ROW,COL` or `ROWxCOL`: the text of (1, 2) with its coordinates named.
  std::string form() const {
    const std::string text = (*this)(1, 2);
    if (text.size() >= 2 && text.front() == '1' && text.back() == '2') {
      return "ROW" + text.substr(1, text.size() - 2) + "COL";
    }
    return "ROW,COL";
  }

 private:
  const Game& game_;
  bool points_;
};

/// The position `text` is, or nothing when the game does not take it (a sheet narrower than
/// 2, a Chomp row longer than the one above it). Other refusals (too many positions kept) are
/// the request's and go on.
std::optional<Position> position_of(const Game& game, const std::string& text) {
  try {
    return parse_position(game, text);
  } catch (const SpecError&) {
    return std::nullopt;
  }
}

/// Refuses a game whose positions are not two coordinates.
void require_two_coordinates(const Game& game) {
  if (!has_two_coordinates(game)) {
    throw Error(
        "table needs a game whose positions are two coordinates (points x,y as in wythoff:3,5, "
        "sheets WxH as in cut:5x7, or two numbers a,b as in chomp:5,3); the positions of " +
        game.name() + " are not");
  }
}

}  // namespace

bool has_two_coordinates(const Game& game) {
  // By the layout: heap sizes, numbers and graphs are one thing each, grid-ordered games are
  // points; positions of any shape when the parser takes a cell's text.
  switch (game.traits().layout) {
    case Layout::grid:
      return true;
    case Layout::general: {
      const CellText text(game);
      for (std::uint64_t row = 0; row <= 2; ++row) {
        for (std::uint64_t col = 0; col <= 2; ++col) {
          if (position_of(game, text(row, col))) return true;
        }
      }
      return false;
    }
    case Layout::integers:
    case Layout::heaps:
    case Layout::graph:
    case Layout::components:
      break;
  }
  return false;
}

CoordinateRange CoordinateRange::checked(std::uint64_t from, std::uint64_t to,
                                         std::string_view option) {
  for (const std::uint64_t v : {from, to}) {
    if (v > kMaxCoordinate) {
      throw Error(std::string(option) + " " + std::to_string(v) +
                  ": a coordinate is at most 2^63-1 (" + std::to_string(kMaxCoordinate) + ")");
    }
  }
  if (from > to) {
    throw Error(std::string(option) + " " + std::to_string(from) + ".." + std::to_string(to) +
                ": the first coordinate is above the last");
  }
  return CoordinateRange{from, to};
}

CoordinateRange CoordinateRange::parse(std::string_view text, std::string_view option) {
  Scanner in(text);
  try {
    const std::uint64_t first = in.unsigned_integer("a coordinate", kMaxCoordinate);
    if (!in.accept("..")) {
      in.expect_end("the coordinate (N for 0..N, or A..B)");
      return checked(0, first, option);
    }
    const std::uint64_t last = in.unsigned_integer("a coordinate", kMaxCoordinate);
    in.expect_end("the range A..B");
    return checked(first, last, option);
  } catch (const SpecError& e) {
    throw Error(std::string(option) + " '" + quote_excerpt(text) + "': " + e.detail());
  }
}

TableAnswer Engine::table(std::shared_ptr<const Game> game, CoordinateRange rows,
                          CoordinateRange cols) const {
  // A library caller's ranges get the command's checks too.
  rows = CoordinateRange::checked(rows.from, rows.to, "--rows");
  cols = CoordinateRange::checked(cols.from, cols.to, "--cols");
  require_two_coordinates(*game);
  const CellText text(*game);

  const std::uint64_t cells = saturating_mul(rows.count(), cols.count());
  const std::string what = "a table of " + std::to_string(rows.count()) + " x " +
                           std::to_string(cols.count()) + " cells";
  if (cells > kMaxTableCells) {
    throw ResourceError(what + " is above the limit of " + std::to_string(kMaxTableCells) +
                        " cells (4096 x 4096); ask for fewer rows or columns");
  }
  require_memory(limits_, bytes_for(cells, kTableCellBytes), what);

  TableAnswer answer{game->name(), text.form(), rows, cols, {}, {}};
  const auto count = static_cast<std::size_t>(cells);
  answer.values.assign(count, 0);
  answer.is_position.assign(count, false);
  const TableProgress progress = table_progress("table");
  // The progress display is cleared whether the table is made or refused.
  reported([&] {
    // The positions first, so that the game's table is sized once for all of them.
    std::vector<Position> positions;
    positions.reserve(count);
    std::size_t at = 0;
    for (std::uint64_t row = rows.from;; ++row) {
      for (std::uint64_t col = cols.from;; ++col) {
        if (const auto p = position_of(*game, text(row, col))) {
          positions.push_back(*p);
          answer.is_position[at] = true;
        }
        ++at;
        if (progress && at % kCellsPerReport == 0) progress(at, 2 * cells);
        if (col == cols.to) break;
      }
      if (row == rows.to) break;
    }
    const std::unique_ptr<ValueSource> source = value_source(game, "table");
    // The largest positions first: a family that grows its own table to the positions it meets
    // (Chomp's box of diagrams, Moore's Nim's) then fills it once rather than once per row.
    std::reverse(positions.begin(), positions.end());
    source->prepare(positions);
    std::reverse(positions.begin(), positions.end());
    std::size_t next = 0;
    for (std::size_t i = 0; i < count; ++i) {
      if (answer.is_position[i]) {
        const Value v = source->value(positions[next++]);
        if (v == kInfiniteValue) {
          throw Error("the table of " + game->name() +
                      " has a position of infinite (loopy) value; a table holds Grundy values");
        }
        answer.values[i] = v;
      }
      if (progress && (i + 1) % kCellsPerReport == 0) progress(count + i + 1, 2 * cells);
    }
  });
  return answer;
}

}  // namespace grundy
