// Engine::table (engine/value_table.hpp): the ranges' text, the cells against Engine::value, the
// cells that are no position, the document, the heat map, progress and the refusals.
#include "grundy/engine/value_table.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/engine/table_plot.hpp"

namespace grundy {
namespace {

std::size_t occurrences(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

TEST(CoordinateRange, ReadsNAsZeroToNAndAToB) {
  EXPECT_EQ(CoordinateRange::parse("7", "--rows"), (CoordinateRange{0, 7}));
  EXPECT_EQ(CoordinateRange::parse("2..9", "--rows"), (CoordinateRange{2, 9}));
  EXPECT_EQ(CoordinateRange::parse("4..4", "--rows"), (CoordinateRange{4, 4}));
  EXPECT_EQ(CoordinateRange::parse("0", "--rows").count(), 1u);
  EXPECT_EQ(CoordinateRange::parse("9223372036854775807", "--rows").to, kMaxCoordinate);
  for (const char* bad :
       {"", "9..2", "1..", "..3", "-1", "1...3", "1..2x", "x", "1,3", "9223372036854775808"}) {
    try {
      (void)CoordinateRange::parse(bad, "--cols");
      ADD_FAILURE() << "accepted '" << bad << "'";
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()).rfind("--cols ", 0), 0u) << e.what();
    }
  }
  EXPECT_THROW((void)CoordinateRange::checked(5, 4, "--rows"), Error);
  EXPECT_THROW((void)CoordinateRange::checked(0, kMaxCoordinate + 1, "--rows"), Error);
}

TEST(EngineTable, EachCellIsTheValueOfItsPosition) {
  const Engine engine;
  for (const std::string spec :
       {"wythoff", "corner", "cut", "chomp", "welter", "moore(3)", "tartan(mockturtles,ruler)"}) {
    const auto game = Engine::game(spec);
    const CoordinateRange rows{1, 9};
    const CoordinateRange cols{0, 7};
    const TableAnswer table = engine.table(game, rows, cols);
    EXPECT_EQ(table.game, game->name());
    ASSERT_EQ(table.values.size(), rows.count() * cols.count());
    std::size_t blanks = 0;
    for (std::uint64_t r = rows.from; r <= rows.to; ++r) {
      for (std::uint64_t c = cols.from; c <= cols.to; ++c) {
        const std::string text = spec == "cut" ? std::to_string(r) + "x" + std::to_string(c)
                                               : std::to_string(r) + "," + std::to_string(c);
        Position p;
        try {
          p = Engine::position(*game, text);
        } catch (const Error&) {
          EXPECT_FALSE(table.has_value(r, c)) << spec << " " << text;
          ++blanks;
          continue;
        }
        ASSERT_TRUE(table.has_value(r, c)) << spec << " " << text;
        const Value v = engine.value(game, std::vector<Position>{p}).values.at(0).value;
        EXPECT_EQ(table.value(r, c), v) << spec << " " << text;
        EXPECT_EQ(table.is_p_position(r, c), v == 0);
      }
    }
    // Sheets narrower than 2; Chomp's second row longer than its first; Welter's two coins on
    // one square.
    const std::size_t expected_blanks = spec == "cut"      ? 1 * 8 + 8 * 2
                                        : spec == "chomp"  ? 0 + 1 + 2 + 3 + 4 + 5 + 6
                                        : spec == "welter" ? 7
                                                           : 0;
    EXPECT_EQ(blanks, expected_blanks) << spec;
  }
}

TEST(EngineTable, TheDocumentListsRowsOfValuesAndThePPositions) {
  const Engine engine;
  const TableAnswer table = engine.table(Engine::game("cut"), {1, 3}, {2, 4});
  EXPECT_EQ(table.position, "ROWxCOL");
  const Document doc = to_document(table);
  EXPECT_EQ(dump_document(doc),
            R"({"game":"cut","position":"ROWxCOL","rows":{"from":1,"to":3},"cols":{"from":2,)"
            R"("to":4},"values":[[null,null,null],[0,0,1],[0,0,1]],"p_positions":[[2,2],[2,3],)"
            R"([3,2],[3,3]]})");
  EXPECT_EQ(engine.table(Engine::game("staircase"), {0, 1}, {0, 1}).position, "ROW,COL");
}

TEST(EngineTable, RefusesOtherGamesAndTooLargeTables) {
  const Engine engine;
  for (const std::string spec : {"nim", "0.07", "sub(1,2)", "nodekayles", "hackenbush", "ruler"}) {
    try {
      (void)engine.table(Engine::game(spec), {0, 2}, {0, 2});
      ADD_FAILURE() << spec << " was tabled";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("two coordinates"), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW((void)engine.table(Engine::game("corner"), {0, 4096}, {0, 4096}), ResourceError);
  EngineOptions small_memory;
  small_memory.max_memory = 1 << 16;
  const Engine small(small_memory);
  EXPECT_THROW((void)small.table(Engine::game("corner"), {0, 99}, {0, 99}), ResourceError);
  EXPECT_THROW((void)engine.table(Engine::game("corner"), {3, 2}, {0, 2}), Error);
}

TEST(EngineTable, ReportsProgressAndClearsItAfterwards) {
  std::vector<std::vector<std::pair<std::uint64_t, std::uint64_t>>> reports;
  int done = 0;
  Reporter reporter;
  reporter.table = [&](const std::string& label) -> TableProgress {
    EXPECT_EQ(label, "table");
    reports.emplace_back();
    const std::size_t mine = reports.size() - 1;
    return [&reports, mine](std::uint64_t at, std::uint64_t total) {
      reports[mine].emplace_back(at, total);
    };
  };
  reporter.done = [&] { ++done; };
  const Engine engine({}, reporter);
  (void)engine.table(Engine::game("wythoff"), {0, 199}, {0, 99});
  EXPECT_GE(done, 1);
  // The table's own report (parse and values: 2 x 20000 steps), and the grid table's, row by row.
  bool table_seen = false;
  bool grid_seen = false;
  for (const auto& calls : reports) {
    for (std::size_t i = 1; i < calls.size(); ++i) EXPECT_GT(calls[i].first, calls[i - 1].first);
    for (const auto& [at, total] : calls) EXPECT_LE(at, total);
    if (!calls.empty() && calls.front().second == 40000) {
      table_seen = true;
      EXPECT_EQ(calls.size(), 2 * (20000u / 4096));
    } else if (!calls.empty()) {
      grid_seen = true;
      EXPECT_EQ(calls.back().first, calls.back().second);  // the last row
    }
  }
  EXPECT_TRUE(table_seen);
  EXPECT_TRUE(grid_seen);
}

TEST(TablePlot, OneSquarePerCellInItsClass) {
  const Engine engine;
  const TableAnswer table = engine.table(Engine::game("chomp"), {1, 20}, {0, 25});
  const std::string svg = table_plot(table);
  std::size_t p = 0, values = 0, blanks = 0;
  for (std::size_t i = 0; i < table.values.size(); ++i) {
    if (!table.is_position[i]) {
      ++blanks;
    } else if (table.values[i] == 0) {
      ++p;
    } else {
      ++values;
    }
  }
  EXPECT_EQ(p, 20u);  // (a, a-1)
  EXPECT_EQ(occurrences(svg, "<rect class=\"p\""), p);
  EXPECT_EQ(occurrences(svg, "<rect class=\"v\""), values);
  EXPECT_EQ(occurrences(svg, "<rect class=\"n\""), blanks);
  EXPECT_EQ(svg.rfind("<?xml", 0), 0u);
  EXPECT_NE(svg.find("chomp: g(ROW,COL) for ROW = 1..20, COL = 0..25"), std::string::npos);
  // Small squares show their values; the largest value ends the scale.
  Value top = 0;
  for (std::size_t i = 0; i < table.values.size(); ++i) {
    if (table.is_position[i]) top = std::max(top, table.values[i]);
  }
  EXPECT_NE(svg.find(std::to_string(top) + " (g, the largest in the table)"), std::string::npos);
  // A table with no position says so rather than showing an empty scale.
  const std::string none = table_plot(engine.table(Engine::game("cut"), {0, 1}, {0, 1}));
  EXPECT_EQ(occurrences(none, "<rect class=\"n\""), 4u);
  EXPECT_NE(none.find("no cell is a position of cut"), std::string::npos);
  EXPECT_NO_THROW(check_table_plot_size({0, kMaxPlotSide - 1}, {5, 5 + kMaxPlotSide - 1}));
  EXPECT_THROW(check_table_plot_size({0, kMaxPlotSide}, {0, 0}), Error);
  EXPECT_THROW(check_table_plot_size({0, 0}, {1, kMaxPlotSide + 1}), Error);
}

}  // namespace
}  // namespace grundy
