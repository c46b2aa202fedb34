// `grundy table`: the values of two-coordinate games over a grid of positions. Every cell holds
// what `grundy value` prints for its position, and the values of Wythoff's game, the corner game
// and the cutting game agree with brute forces written here from their rules (and Wythoff's
// P-positions with (floor(k phi), floor(k phi^2))). The grid, CSV and JSON outputs, the heat map
// (xmllint, rsvg-convert, one square per cell), and the refusals of docs/cli.md.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli_runner.hpp"
#include "plot_test_dir.hpp"
#include "temp_file.hpp"

namespace {

using namespace grundy_test;
namespace fs = std::filesystem;
using Grid = std::vector<std::vector<std::optional<std::uint64_t>>>;

std::uint64_t mex_of(const std::set<std::uint64_t>& seen) {
  std::uint64_t m = 0;
  while (seen.contains(m)) ++m;
  return m;
}

/// Wythoff's game from its rules: take any number from one heap, or the same from both.
std::vector<std::vector<std::uint64_t>> wythoff_brute(std::uint64_t n) {
  std::vector<std::vector<std::uint64_t>> g(n + 1, std::vector<std::uint64_t>(n + 1));
  for (std::uint64_t x = 0; x <= n; ++x) {
    for (std::uint64_t y = 0; y <= n; ++y) {
      std::set<std::uint64_t> seen;
      for (std::uint64_t k = 1; k <= x; ++k) seen.insert(g[x - k][y]);
      for (std::uint64_t k = 1; k <= y; ++k) seen.insert(g[x][y - k]);
      for (std::uint64_t k = 1; k <= std::min(x, y); ++k) seen.insert(g[x - k][y - k]);
      g[x][y] = mex_of(seen);
    }
  }
  return g;
}

/// The corner game from its rules: one step left, down, or diagonally down-left.
std::vector<std::vector<std::uint64_t>> corner_brute(std::uint64_t n) {
  std::vector<std::vector<std::uint64_t>> g(n + 1, std::vector<std::uint64_t>(n + 1));
  for (std::uint64_t x = 0; x <= n; ++x) {
    for (std::uint64_t y = 0; y <= n; ++y) {
      std::set<std::uint64_t> seen;
      if (x > 0) seen.insert(g[x - 1][y]);
      if (y > 0) seen.insert(g[x][y - 1]);
      if (x > 0 && y > 0) seen.insert(g[x - 1][y - 1]);
      g[x][y] = mex_of(seen);
    }
  }
  return g;
}

/// The cutting game from its rules: a W x H sheet cut along a grid line into two pieces whose
/// sides stay >= 2, the pieces a sum. Sides below 2 are not positions (nothing).
Grid cut_brute(std::uint64_t n) {
  Grid g(n + 1, std::vector<std::optional<std::uint64_t>>(n + 1));
  for (std::uint64_t w = 2; w <= n; ++w) {
    for (std::uint64_t h = 2; h <= n; ++h) {
      std::set<std::uint64_t> seen;
      for (std::uint64_t i = 2; i + 2 <= w; ++i) seen.insert(*g[i][h] ^ *g[w - i][h]);
      for (std::uint64_t j = 2; j + 2 <= h; ++j) seen.insert(*g[w][j] ^ *g[w][h - j]);
      g[w][h] = mex_of(seen);
    }
  }
  return g;
}

/// The values of a `table --json` document, nulls as nothing.
Grid grid_of(const nlohmann::json& doc) {
  Grid out;
  for (const auto& row : doc.at("values")) {
    out.emplace_back();
    for (const auto& v : row) {
      out.back().push_back(v.is_null() ? std::nullopt
                                       : std::optional<std::uint64_t>(v.get<std::uint64_t>()));
    }
  }
  return out;
}

nlohmann::json table_json(const std::vector<std::string>& args) {
  std::vector<std::string> all{"table"};
  all.insert(all.end(), args.begin(), args.end());
  all.push_back("--json");
  return expect_json(run_grundy(all));
}

/// The text of cell (r, c) as a position of the game: `RxC` for cut, `R,C` for the others.
std::string cell_text(const std::string& game, std::uint64_t r, std::uint64_t c) {
  return std::to_string(r) + (game == "cut" ? "x" : ",") + std::to_string(c);
}

TEST(CliTable, WythoffAgreesWithTheRulesAndWythoffsTheorem) {
  constexpr std::uint64_t n = 40;
  const auto doc = table_json({"wythoff", "--rows", std::to_string(n)});
  EXPECT_EQ(doc["game"], "wythoff");
  EXPECT_EQ(doc["position"], "ROW,COL");
  EXPECT_EQ(doc["rows"], (nlohmann::json{{"from", 0}, {"to", n}}));
  EXPECT_EQ(doc["cols"], (nlohmann::json{{"from", 0}, {"to", n}}));
  const auto brute = wythoff_brute(n);
  const Grid grid = grid_of(doc);
  ASSERT_EQ(grid.size(), n + 1);
  for (std::uint64_t x = 0; x <= n; ++x) {
    ASSERT_EQ(grid[x].size(), n + 1);
    for (std::uint64_t y = 0; y <= n; ++y) EXPECT_EQ(grid[x][y], brute[x][y]) << x << "," << y;
  }
  // The P-positions: (floor(k phi), floor(k phi^2)) and their mirror images, k = 0, 1, ...
  const double phi = (1 + std::sqrt(5.0)) / 2;
  std::set<std::pair<std::uint64_t, std::uint64_t>> theorem;
  for (std::uint64_t k = 0;; ++k) {
    const auto a = static_cast<std::uint64_t>(std::floor(k * phi));
    const auto b = static_cast<std::uint64_t>(std::floor(k * phi * phi));
    if (a > n) break;
    if (b <= n) theorem.insert({a, b}), theorem.insert({b, a});
  }
  std::set<std::pair<std::uint64_t, std::uint64_t>> listed;
  for (const auto& p : doc["p_positions"]) {
    listed.insert({p.at(0).get<std::uint64_t>(), p.at(1).get<std::uint64_t>()});
  }
  EXPECT_EQ(listed, theorem);
  EXPECT_EQ(listed.size(), doc["p_positions"].size());  // each once
}

TEST(CliTable, CornerAndCutAgreeWithTheirRulesOverRanges) {
  const auto corner = corner_brute(30);
  for (const auto& [rows, cols] : std::vector<std::pair<std::string, std::string>>{
           {"0..30", "0..30"}, {"7..19", "3..28"}, {"30..30", "0..5"}, {"4", "0..0"}}) {
    const auto doc = table_json({"corner", "--rows", rows, "--cols", cols});
    const std::uint64_t r0 = doc["rows"]["from"], c0 = doc["cols"]["from"];
    const Grid grid = grid_of(doc);
    ASSERT_EQ(grid.size(), doc["rows"]["to"].get<std::uint64_t>() - r0 + 1) << rows;
    for (std::size_t i = 0; i < grid.size(); ++i) {
      ASSERT_EQ(grid[i].size(), doc["cols"]["to"].get<std::uint64_t>() - c0 + 1) << cols;
      for (std::size_t j = 0; j < grid[i].size(); ++j) {
        EXPECT_EQ(grid[i][j], corner[r0 + i][c0 + j])
            << rows << " " << cols << " " << i << "," << j;
      }
    }
  }
  // The cutting game: rows and columns from 0, the sheets narrower than 2 empty.
  const Grid cut = cut_brute(24);
  const auto doc = table_json({"cut", "--rows", "24", "--cols", "0..24"});
  EXPECT_EQ(doc["position"], "ROWxCOL");
  EXPECT_EQ(grid_of(doc), cut);
  const auto part = table_json({"cut", "--rows", "5..17", "--cols", "2..9"});
  const Grid grid = grid_of(part);
  for (std::uint64_t w = 5; w <= 17; ++w) {
    for (std::uint64_t h = 2; h <= 9; ++h)
      EXPECT_EQ(grid[w - 5][h - 2], cut[w][h]) << w << "x" << h;
  }
}

TEST(CliTable, EveryCellIsWhatValuePrints) {
  // Each cell's position through `grundy value GAME -` (one process, one line per cell): the
  // same value, and a cell with no value is a position value refuses.
  struct Case {
    std::string game;
    std::string rows;
    std::string cols;
  };
  for (const Case& c : std::vector<Case>{{"wythoff", "3..17", "0..12"},
                                         {"corner", "0..9", "5..14"},
                                         {"cut", "0..11", "1..13"},
                                         {"chomp", "0..9", "0..9"},
                                         {"welter", "0..8", "0..8"},
                                         {"staircase", "0..6", "0..7"},
                                         {"moore(2)", "0..7", "0..7"},
                                         {"tartan(ruler,twins)", "0..9", "0..9"},
                                         {"rugs", "1..8", "2..6"}}) {
    const auto doc = table_json({c.game, "--rows", c.rows, "--cols", c.cols});
    const std::uint64_t r0 = doc["rows"]["from"], c0 = doc["cols"]["from"];
    const Grid grid = grid_of(doc);
    std::string input;
    std::vector<std::optional<std::uint64_t>> expected;
    std::size_t blanks = 0;
    for (std::size_t i = 0; i < grid.size(); ++i) {
      for (std::size_t j = 0; j < grid[i].size(); ++j) {
        const std::string text = cell_text(c.game, r0 + i, c0 + j);
        if (!grid[i][j]) {
          // At most a few of the refusals, one process each.
          if (blanks++ < 3) {
            const std::string message = expect_error(run_grundy({"value", c.game, text}));
            EXPECT_CONTAINS(message, "position '" + text + "'");
          }
          continue;
        }
        input += text + "\n";
        expected.push_back(grid[i][j]);
      }
    }
    const RunResult r = run_grundy({"value", c.game, "-"}, input);
    expect_success(r);
    std::istringstream lines(r.out);
    std::size_t k = 0;
    for (std::string line; std::getline(lines, line); ++k) {
      ASSERT_LT(k, expected.size()) << c.game;
      EXPECT_EQ(std::stoull(line), *expected[k]) << c.game << " cell " << k;
    }
    EXPECT_EQ(k, expected.size()) << c.game;
  }
}

TEST(CliTable, TwoRowChompIsATableOfRowsAAtLeastB) {
  // chomp:a,b is two rows of a and b squares (b <= a); its P-positions are (a, a-1) (the
  // first player answers every move by restoring that shape), and b > a is no position.
  const auto doc = table_json({"chomp", "--rows", "1..12", "--cols", "0..12"});
  const Grid grid = grid_of(doc);
  for (std::uint64_t a = 1; a <= 12; ++a) {
    for (std::uint64_t b = 0; b <= 12; ++b) {
      const auto& cell = grid[a - 1][b];
      EXPECT_EQ(cell.has_value(), b <= a) << a << "," << b;
      if (cell) {
        EXPECT_EQ(*cell == 0, b + 1 == a) << a << "," << b;
      }
    }
  }
  EXPECT_EQ(doc["p_positions"].size(), 12u);
}

TEST(CliTable, TheGridAlignsValuesAndMarksPPositions) {
  RunResult r = run_grundy({"table", "wythoff", "--rows", "3", "--cols", "0..4"});
  expect_success(r);
  EXPECT_EQ(r.out,
            "wythoff: g(ROW,COL) for ROW = 0..3, COL = 0..4; * marks a P-position (g = 0)\n"
            "ROW\\COL  0  1  2  3  4\n"
            "      0  0* 1  2  3  4\n"
            "      1  1  2  0* 4  5\n"
            "      2  2  0* 1  5  3\n"
            "      3  3  4  5  6  2\n");
  r = run_grundy({"table", "cut", "--rows", "1..4", "--cols", "8..11"});
  expect_success(r);
  EXPECT_EQ(r.out,
            "cut: g(ROWxCOL) for ROW = 1..4, COL = 8..11; * marks a P-position (g = 0), . a cell "
            "that is not a position\n"
            "ROW\\COL   8   9  10  11\n"
            "      1   .   .   .   .\n"
            "      2   3   1   1   0*\n"
            "      3   3   1   1   0*\n"
            "      4   1   1   1   1\n");
}

TEST(CliTable, CsvIsAMatrixOrOneLinePerPosition) {
  RunResult r = run_grundy({"table", "cut", "--rows", "1..3", "--cols", "2..4", "--format", "csv"});
  expect_success(r);
  EXPECT_EQ(r.out, "ROW\\COL,2,3,4\n1,,,\n2,0,0,1\n3,0,0,1\n");
  r = run_grundy({"table", "cut", "--rows", "1..3", "--cols", "2..4", "--format", "long"});
  expect_success(r);
  EXPECT_EQ(r.out, "ROWxCOL,g\n2,2,0\n2,3,0\n2,4,1\n3,2,0\n3,3,0\n3,4,1\n");
  // The grid and the document hold the same values.
  const auto doc = table_json({"corner", "--rows", "2..6", "--cols", "4"});
  r = run_grundy({"table", "corner", "--rows", "2..6", "--cols", "4", "--format", "csv"});
  expect_success(r);
  std::istringstream lines(r.out);
  std::string line;
  std::getline(lines, line);
  EXPECT_EQ(line, "ROW\\COL,0,1,2,3,4");
  for (std::uint64_t row = 2; std::getline(lines, line); ++row) {
    std::string expected = std::to_string(row);
    for (const auto& v : doc["values"][row - 2]) expected += "," + std::to_string(v.get<int>());
    EXPECT_EQ(line, expected);
  }
}

TEST(CliTable, RefusesWhatIsNotATableInOneLine) {
  const std::string takes = "table needs a game whose positions are two coordinates";
  for (const std::string game :
       {"nim", "kayles", "sub(1,3)", "nodekayles", "cram", "hackenbush", "bitcount(3)"}) {
    const std::string message = expect_error(run_grundy({"table", game, "--rows", "3"}));
    EXPECT_CONTAINS(message, takes);
    EXPECT_CONTAINS(message, "the positions of ");
  }
  EXPECT_CONTAINS(expect_error(run_grundy({"table", "wythoff", "--rows", "9..3"})),
                  "--rows 9..3: the first coordinate is above the last");
  EXPECT_CONTAINS(expect_error(run_grundy({"table", "wythoff", "--rows", "3", "--cols", "-1"})),
                  "--cols '-1': a coordinate cannot be negative");
  EXPECT_CONTAINS(expect_error(run_grundy({"table", "wythoff", "--rows", "1..x"})),
                  "--rows '1..x'");
  EXPECT_CONTAINS(expect_error(run_grundy({"table", "wythoff", "--rows", "3", "--format", "tsv"})),
                  "--format must be grid, csv or long");
  EXPECT_CONTAINS(
      expect_error(run_grundy({"table", "wythoff", "--rows", "3", "--format", "csv", "--json"})),
      "--json and --format csv");
  EXPECT_CONTAINS(expect_error(run_grundy({"table", "wythoff"})), "--rows");
  EXPECT_CONTAINS(expect_error(run_grundy({"table", "wythoff", "--rows", "5000"})),
                  "a table of 5001 x 5001 cells is above the limit of 16777216 cells");
  EXPECT_CONTAINS(
      expect_error(run_grundy({"table", "wythoff", "--rows", "200", "--max-memory", "100K"})),
      "a table of 201 x 201 cells needs");
  // The game's own bounds: Chomp past its table of diagrams.
  EXPECT_CONTAINS(expect_error(run_grundy({"table", "chomp", "--rows", "900", "--cols", "2"})),
                  "chomp:");
}

TEST(CliTable, SeqPointsAGameOfTwoCoordinatesToTheTable) {
  // By its canonical name (rugs is tartan(ruler,ruler)).
  for (const auto& [game, name] :
       std::vector<std::pair<std::string, std::string>>{{"wythoff", "wythoff"},
                                                        {"cut", "cut"},
                                                        {"corner", "corner"},
                                                        {"chomp", "chomp"},
                                                        {"rugs", "tartan(ruler,ruler)"}}) {
    const std::string message = expect_error(run_grundy({"seq", game, "--to", "5"}));
    EXPECT_CONTAINS(message, "seq needs a game whose positions are integers");
    EXPECT_CONTAINS(message, "(they are two coordinates: grundy table " + name + " --rows R");
  }
  for (const std::string game : {"hackenbush", "nodekayles"}) {
    const std::string message = expect_error(run_grundy({"seq", game, "--to", "5"}));
    EXPECT_EQ(message.find("table"), std::string::npos) << message;
  }
}

using CliTablePlot = grundy::test::PlotTestDir;

std::string read_file(const std::string& path) {
  return grundy::test::read_bytes(path);
}

using grundy::test::count_of;

TEST_F(CliTablePlot, AHeatMapWithOneSquarePerCellAndPPositionsApart) {
  const std::string svg = path("cut.svg");
  const RunResult r =
      run_grundy({"table", "cut", "--rows", "0..30", "--cols", "1..40", "--plot", svg, "--json"});
  const auto doc = expect_json(r);
  ASSERT_TRUE(fs::exists(svg));
  EXPECT_EQ(std::system(("xmllint --noout '" + svg + "'").c_str()), 0);
  const std::string png = path("cut.png");
  EXPECT_EQ(std::system(("rsvg-convert -o '" + png + "' '" + svg + "'").c_str()), 0);
  EXPECT_EQ(read_file(png).substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8));
  const std::string text = read_file(svg);
  std::size_t values = 0, blanks = 0;
  for (const auto& row : doc["values"]) {
    for (const auto& v : row) (v.is_null() ? blanks : values) += 1;
  }
  const std::size_t p = doc["p_positions"].size();
  EXPECT_GT(p, 0u);
  EXPECT_EQ(count_of(text, "<rect class=\"p\""), p);
  EXPECT_EQ(count_of(text, "<rect class=\"v\""), values - p);
  EXPECT_EQ(count_of(text, "<rect class=\"n\""), blanks);
  EXPECT_CONTAINS(text, "P-position (g = 0): " + std::to_string(p));
  EXPECT_CONTAINS(text, "not a position");
  EXPECT_CONTAINS(text, "cut: g(ROWxCOL) for ROW = 0..30, COL = 1..40");
  // Written whole: nothing but the picture and its rendering in the folder.
  std::size_t files = 0;
  for (const auto& entry : fs::directory_iterator(dir_)) files += entry.is_regular_file();
  EXPECT_EQ(files, 2u);
  // An existing file is replaced.
  expect_success(run_grundy({"table", "corner", "--rows", "3", "--plot", svg}));
  EXPECT_EQ(count_of(read_file(svg), "<rect class=\"p\""), 4u);  // (0,0) (0,2) (2,0) (2,2)
  EXPECT_EQ(count_of(read_file(svg), "<rect class=\"n\""), 0u);
}

TEST_F(CliTablePlot, RefusedBeforeComputing) {
  // The folder is checked before the table: Chomp past its table of diagrams would be refused
  // for its size, but the plot's folder is named first.
  const std::string missing = path("no/such/dir/t.svg");
  std::string message = expect_error(
      run_grundy({"table", "chomp", "--rows", "850..900", "--cols", "0..9", "--plot", missing}));
  EXPECT_CONTAINS(message, "no such directory");
  message =
      expect_error(run_grundy({"table", "wythoff", "--rows", "401", "--plot", path("x.svg")}));
  EXPECT_CONTAINS(message, "--plot draws at most 400 rows and 400 columns");
  EXPECT_FALSE(fs::exists(path("x.svg")));
  message = expect_error(run_grundy({"table", "wythoff", "--rows", "3", "--plot", dir_.string()}));
  EXPECT_CONTAINS(message, "is a directory");
}

}  // namespace
