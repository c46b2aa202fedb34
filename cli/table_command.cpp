// grundy table GAME --rows R [--cols C] : the Grundy values of a two-coordinate game over a grid
// of positions, as a text grid, CSV (a matrix, or one line per position), JSON, or an SVG heat
// map (--plot).
#include <algorithm>
#include <iostream>
#include <string>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/core/atomic_file.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/rules/game.hpp"

namespace grundy::cli {
namespace {

struct TableArgs {
  CommonOptions common;
  std::string game;
  std::string rows;
  std::string cols;  // empty: the same as --rows
  std::string format = "grid";
  std::string plot;  // --plot FILE.svg
};

/// Streams text to stdout in blocks, so a table of millions of cells is never held twice.
class Output {
 public:
  void line(const std::string& text) {
    out_ += text;
    out_ += '\n';
    if (out_.size() > (1u << 16)) flush();
  }
  void flush() {
    std::cout << out_;
    out_.clear();
  }

 private:
  std::string out_;
};

/// `ROW\COL`: the top-left corner of a grid and of a CSV matrix.
std::string corner(const TableAnswer& table) {
  return table.row_name() + "\\" + table.col_name();
}

std::string padded(const std::string& text, std::size_t width) {
  return std::string(width - std::min(width, text.size()), ' ') + text;
}

void trim_right(std::string& line) {
  while (!line.empty() && line.back() == ' ') line.pop_back();
}

/// The grid: a title line, the column coordinates, then one line per row, its coordinate first.
/// Values are right-aligned in columns of one width; a P-position's 0 is followed by `*`, and a
/// cell that is not a position shows `.`.
void print_grid(const TableAnswer& table) {
  std::size_t width = 1;
  bool blanks = false;
  for (std::size_t i = 0; i < table.values.size(); ++i) {
    if (table.is_position[i]) {
      width = std::max(width, std::to_string(table.values[i]).size());
    } else {
      blanks = true;
    }
  }
  width = std::max(width, std::to_string(table.cols.to).size());
  const std::string top_left = corner(table);
  const std::size_t label = std::max(top_left.size(), std::to_string(table.rows.to).size());

  Output out;
  out.line(table.title() + "; * marks a P-position (g = 0)" +
           (blanks ? ", . a cell that is not a position" : ""));
  std::string line = padded(top_left, label);
  for (std::uint64_t col = table.cols.from;; ++col) {
    line += "  " + padded(std::to_string(col), width);
    if (col == table.cols.to) break;
  }
  out.line(line);
  for (std::uint64_t row = table.rows.from;; ++row) {
    line = padded(std::to_string(row), label) + ' ';
    for (std::uint64_t col = table.cols.from;; ++col) {
      const bool value = table.has_value(row, col);
      line += ' ' + padded(value ? std::to_string(table.value(row, col)) : ".", width) +
              (table.is_p_position(row, col) ? '*' : ' ');
      if (col == table.cols.to) break;
    }
    trim_right(line);
    out.line(line);
    if (row == table.rows.to) break;
  }
  out.flush();
}

/// CSV as a matrix: a header of the column coordinates after `ROW\COL`, then per row its
/// coordinate and the values (empty where the cell is not a position).
void print_csv(const TableAnswer& table) {
  Output out;
  std::string line = corner(table);
  for (std::uint64_t col = table.cols.from;; ++col) {
    line += ',' + std::to_string(col);
    if (col == table.cols.to) break;
  }
  out.line(line);
  for (std::uint64_t row = table.rows.from;; ++row) {
    line = std::to_string(row);
    for (std::uint64_t col = table.cols.from;; ++col) {
      line += ',';
      if (table.has_value(row, col)) line += std::to_string(table.value(row, col));
      if (col == table.cols.to) break;
    }
    out.line(line);
    if (row == table.rows.to) break;
  }
  out.flush();
}

/// CSV in long form: `ROW,COL,g`, then one line per position, row by row.
void print_long(const TableAnswer& table) {
  Output out;
  out.line(table.position + ",g");
  for (std::uint64_t row = table.rows.from;; ++row) {
    for (std::uint64_t col = table.cols.from;; ++col) {
      if (table.has_value(row, col)) {
        out.line(std::to_string(row) + ',' + std::to_string(col) + ',' +
                 std::to_string(table.value(row, col)));
      }
      if (col == table.cols.to) break;
    }
    if (row == table.rows.to) break;
  }
  out.flush();
}

int run_table(const TableArgs& args) {
  if (args.format != "grid" && args.format != "csv" && args.format != "long") {
    throw Error("--format must be grid, csv or long, not '" + quote_excerpt(args.format) + "'");
  }
  if (args.common.json && args.format != "grid") {
    throw Error("--json and --format " + args.format + " are two different outputs; choose one");
  }
  const CoordinateRange rows = CoordinateRange::parse(args.rows, "--rows");
  const CoordinateRange cols =
      args.cols.empty() ? rows : CoordinateRange::parse(args.cols, "--cols");
  // A plot that cannot be drawn or written is refused before the table is computed.
  if (!args.plot.empty()) {
    check_table_plot_size(rows, cols);
    check_plot_path(args.plot);
  }
  const std::shared_ptr<const Game> game = Engine::game(args.game);
  const Engine engine(engine_options(args.common), terminal_reporter());
  const TableAnswer table = engine.table(game, rows, cols);
  end_progress();
  if (args.common.json) {
    std::cout << dump_document(to_document(table)) << '\n';
  } else if (args.format == "csv") {
    print_csv(table);
  } else if (args.format == "long") {
    print_long(table);
  } else {
    print_grid(table);
  }
  if (!args.plot.empty()) write_file_atomically(args.plot, table_plot(table));
  return 0;
}

}  // namespace

Runner add_table_command(CLI::App& app) {
  auto args = std::make_shared<TableArgs>();
  CLI::App* cmd = app.add_subcommand(
      "table", "The Grundy values of a two-coordinate game (wythoff, corner, cut, ...) on a grid");
  cmd->footer(
      "\nRows and columns are the position's two coordinates: N means 0..N, A..B means A..B.\n"
      "Cells that are not positions of the game (cut:1x5, chomp:2,3) show '.'.\n"
      "\nExamples:\n"
      "  grundy table wythoff --rows 10\n"
      "  grundy table cut --rows 2..12 --cols 2..20\n"
      "  grundy table chomp --rows 1..12 --cols 0..12   (two-row Chomp: rows a >= b)\n"
      "  grundy table 'tartan(ruler,twins)' --rows 15 --format csv\n"
      "  grundy table wythoff --rows 100 --plot wythoff.svg");
  cmd->add_option("game", args->game,
                  "Game spec whose positions are two coordinates (x,y; WxH; or a,b)")
      ->required();
  cmd->add_option("--rows", args->rows, "The rows: the first coordinate, N (0..N) or A..B")
      ->required();
  cmd->add_option("--cols", args->cols,
                  "The columns: the second coordinate, N (0..N) or A..B (default: as --rows)");
  cmd->add_option("--format", args->format,
                  "grid (default: aligned text, * after a P-position's 0), csv (a matrix with a "
                  "header row) or long (ROW,COL,g lines)");
  cmd->add_option("--plot", args->plot,
                  "Also write an SVG heat map of the table to FILE.svg (at most 400 x 400 cells)");
  add_common_options(*cmd, args->common);
  return [args] { return run_table(*args); };
}

}  // namespace grundy::cli
