// The command on Node-Kayles, Arc-Kayles and Cram: the notations of the contract, values that
// agree across notations and with the octal games on paths, solve's and explain's moves (every
// one, not one per symmetry) as positions that parse back, refusals, and the table file (--table)
// kept across runs, refused when corrupt and saved on Ctrl-C (exit 130).
#include <signal.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <thread>

#include "cli_runner.hpp"
#include "temp_file.hpp"

namespace {

using namespace grundy_test;
using grundy::test::TempFile;

std::string value_of(const std::vector<std::string>& args) {
  const RunResult r = run_grundy(args);
  expect_success(r);
  return r.out;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST(ComponentCli, ContractPositionsWorkAsWritten) {
  // Paths are octal games: Node-Kayles 0.137, Arc-Kayles and Cram on 1 x n 0.07.
  EXPECT_EQ(value_of({"value", "nodekayles", "path(1)", "path(2)", "path(3)", "path(12)", "1x12"}),
            value_of({"value", "0.137", "1", "2", "3", "12", "12"}));
  EXPECT_EQ(value_of({"value", "arckayles", "path(9)", "path(20)"}),
            value_of({"value", "0.07", "9", "20"}));
  EXPECT_EQ(value_of({"value", "cram", "1x9", "1x20", "2x2", "2x4"}),
            value_of({"value", "0.07", "9", "20", "0", "0"}));
  // The contract's three positions; an even x even board is a second-player win (symmetry).
  const RunResult nk = run_grundy({"solve", "nodekayles:3x10"});
  expect_success(nk);
  const RunResult ak = run_grundy({"solve", "arckayles:3x4"});
  expect_success(ak);
  EXPECT_EQ(value_of({"value", "arckayles", "3x4"}), value_of({"value", "cram", "3x4"}));
  const RunResult cram = run_grundy({"solve", "cram:4x4", "--json"});
  const auto doc = expect_json(cram);
  EXPECT_EQ(doc["winner"], "second") << doc.dump();
  const RunResult c45 = run_grundy({"value", "cram", "4x5", "--json"});
  expect_json(c45);
}

TEST(ComponentCli, SolveAndExplainCountEveryMoveNotOnePerSymmetry) {
  // Cram on 3 x 4: 17 domino placements, 7 of them winning (docs/cli.md promises every winning
  // move and its count; moves equal by a symmetry of the board are still moves).
  const auto solved =
      expect_json(run_grundy({"solve", "cram:3x4", "--json", "--max-moves", "100"}));
  EXPECT_EQ(solved["winning_move_count"], 7) << solved.dump();
  ASSERT_EQ(solved["winning_moves"].size(), 7U) << solved.dump();
  std::set<std::string> to;
  for (const auto& m : solved["winning_moves"]) to.insert(m["to"].get<std::string>());
  EXPECT_EQ(to.size(), 7U) << solved.dump();
  const auto explained = expect_json(run_grundy({"explain", "cram", "3x4", "--json"}));
  EXPECT_EQ(explained["option_count"], 17) << explained.dump();
  EXPECT_EQ(explained["options"].size(), 17U) << explained.dump();
  EXPECT_EQ(explained["winning_move_count"], 7) << explained.dump();
  std::size_t winning = 0;
  for (const auto& o : explained["options"]) {
    if (o["winning"].get<bool>()) {
      ++winning;
      EXPECT_TRUE(to.contains(o["option"].get<std::string>())) << o.dump();
    }
  }
  EXPECT_EQ(winning, 7U);
  const std::string lines = value_of({"explain", "cram", "3x4"});
  EXPECT_CONTAINS(lines, "17 options, 7 winning");
  EXPECT_CONTAINS(lines, "  cram:3x4-a1-a2 (a1-a2)  value 0  wins\n");
  EXPECT_EQ(explained["options"][1]["move"], "a1-a2") << explained.dump();
  // Every vertex of a complete graph is a move, though all are one orbit.
  EXPECT_EQ(
      expect_json(run_grundy({"solve", "nodekayles:complete(5)", "--json"}))["winning_move_count"],
      5);
}

TEST(ComponentCli, BoardMovesAreWrittenByTheirCells) {
  // solve names each move by its cells (text and JSON); the position after it is the board with
  // the pieces on, which parses back to itself.
  const RunResult text = run_grundy({"solve", "cram:3x4"});
  expect_success(text);
  EXPECT_CONTAINS(text.out, "0: cram:3x4 -> cram:3x4-a1-a2 (a1-a2)\n");
  const auto doc = expect_json(run_grundy({"solve", "nodekayles:3x3-a1", "--json"}));
  for (const auto& m : doc["winning_moves"]) {
    const std::string to = m["to"].get<std::string>();
    EXPECT_EQ(to, "nodekayles:3x3-a1-" + m["move"].get<std::string>()) << doc.dump();
    const auto again = expect_json(run_grundy({"solve", to, "--json"}));
    EXPECT_EQ(again["sum"], to);
    EXPECT_EQ(again["winner"], "second") << to;
  }
  // Pieces in any order are one position, printed in cell order.
  EXPECT_EQ(expect_json(run_grundy({"solve", "cram:3x4-c3-b3-a1-a2", "--json"}))["sum"],
            "cram:3x4-a1-a2-b3-c3");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "nodekayles", "3x3-a1-b1"})),
                  "b1 is next to a1, taken already");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "cram", "3x3-d1"})),
                  "cell d1 is not a free cell of 3x3");
  // explain --misere names them too, each option the board with its move's cells added.
  const RunResult misere = run_grundy({"explain", "cram", "2x3", "--misere"});
  expect_success(misere);
  EXPECT_CONTAINS(misere.out, "\n  cram:2x3-a1-b1 (a1-b1)  N\n");
  const auto explained = expect_json(run_grundy({"explain", "cram", "2x3", "--misere", "--json"}));
  ASSERT_EQ(explained["options"].size(), 7u);
  for (const auto& o : explained["options"]) {
    EXPECT_EQ(o["option"], "cram:2x3-" + o["move"].get<std::string>()) << explained.dump();
  }
}

TEST(ComponentCli, SolveShowsMovesAsPositionsThatParseBack) {
  // Node-Kayles on a path of 7 is 0.137 at 7, a first-player win.
  const RunResult r = run_grundy({"solve", "nodekayles:path(7)", "--json"});
  const auto doc = expect_json(r);
  ASSERT_TRUE(doc.contains("winning_moves")) << doc.dump();
  ASSERT_FALSE(doc["winning_moves"].empty()) << doc.dump();
  for (const auto& move : doc["winning_moves"]) {
    // Each move's result is written in the spec language (the path with the vertex taken): a
    // second-player win.
    const std::string after = move["to"].get<std::string>();
    if (after == "0") continue;
    const RunResult again = run_grundy({"solve", after, "--json"});
    const auto next = expect_json(again);
    EXPECT_EQ(next["winner"], "second") << after;
  }
}

TEST(ComponentCli, GraphAndBoardFiles) {
  const TempFile graph("a b\nb c\nc d\nd e\n# a path of five\n");
  const TempFile board("....\n.##.\n....\n");
  EXPECT_EQ(value_of({"value", "nodekayles", "file(" + graph.path() + ")"}),
            value_of({"value", "nodekayles", "path(5)"}));
  // The board is a cycle of ten cells.
  EXPECT_EQ(value_of({"value", "cram", "board(" + board.path() + ")"}),
            value_of({"value", "arckayles", "cycle(10)"}));
}

TEST(ComponentCli, BoardFilesTakeCommentsAndTrailingSpacesAndNameTheBadLine) {
  // `;` starts a comment (`#` is a blocked cell, not a comment as in graph files); a line that is
  // only a comment is no row; trailing spaces and tabs do not count.
  const TempFile plain("....\n.##.\n....\n");
  const TempFile commented("; a ring of ten cells\n....  \n.##. ; the hole\n....\t\n; the end\n");
  EXPECT_EQ(value_of({"value", "cram", "board(" + commented.path() + ")"}),
            value_of({"value", "cram", "board(" + plain.path() + ")"}));
  // Rows are counted without the comment lines: b2 is the first cell of the hole, blocked.
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "cram", "board(" + commented.path() + ")-b2"})),
                  "cell b2 is not a free cell");
  EXPECT_EQ(value_of({"value", "cram", "board(" + commented.path() + ")-a2"}),
            value_of({"value", "cram", "board(" + plain.path() + ")-a2"}));
  // A refusal names the file, and the line and column in the file (comment lines counted).
  const TempFile bad("; two rows\n...\n. x\n");
  const std::string message =
      expect_error(run_grundy({"value", "nodekayles", "board(" + bad.path() + ")"}));
  EXPECT_CONTAINS(message, "board file '" + bad.path() + "' line 3 column 2: ' ' is neither");
  const TempFile late("...\n...\n..x\n");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "cram", "board(" + late.path() + ")"})),
                  "line 3 column 3: 'x'");
  // A frame (rows by the longest row) past 2^20 cells is refused, naming the file.
  std::string huge(1100, '#');
  huge += "\n";
  std::string wide;
  for (int r = 0; r < 1000; ++r) wide += huge;
  const TempFile too_large(wide);
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "cram", "board(" + too_large.path() + ")"})),
                  "board file '" + too_large.path() + "': 1000 rows of up to 1100 cells");
}

TEST(ComponentCli, BadPositionsAreRefusedInOneLine) {
  for (const std::string bad :
       {"cycle(2)", "9000x9000", "tree(4)", "g6(B()", "file()", "file(/nonexistent/graph.txt)"}) {
    const std::string message = expect_error(run_grundy({"value", "nodekayles", bad}));
    EXPECT_FALSE(message.empty()) << bad;
  }
  expect_error(run_grundy({"value", "cram", "path(4)"}));
  const TempFile bad_board("..x.\n");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "cram", "board(" + bad_board.path() + ")"})),
                  "neither");
}

TEST(ComponentCli, TheTopBudgetChangesNoValue) {
  // --top-budget: the options at the top in passes (256 nodes each, then four times more) or
  // one after the other (0); the values are those of the default.
  const std::string expected = value_of({"value", "cram", "4x7", "5x6", "--no-cache"});
  EXPECT_EQ(expected, "3\n2\n");  // Beling's table
  for (const char* budget : {"0", "1", "256"}) {
    EXPECT_EQ(value_of({"value", "cram", "4x7", "5x6", "--no-cache", "--top-budget", budget}),
              expected)
        << budget;
  }
  EXPECT_EQ(value_of({"value", "nodekayles", "3x13", "--top-budget", "0"}), "2\n");
  for (const char* bad : {"-1", "x", "4611686018427387905"}) {
    EXPECT_CONTAINS(
        expect_error(run_grundy({"value", "cram", "4x7", "--top-budget", bad})), "--top-budget");
  }
}

TEST(ComponentCli, BoardsAreSearchedOnTheirCells) {
  // OEIS A316632: g(3 x n) for n = 13..16; the board search takes a 3 x 16 grid in well under a
  // second. Boards, their parts and the table file's shapes (`grid:RxC:HEX`).
  EXPECT_EQ(value_of({"value", "nodekayles", "3x13", "3x14", "3x15", "3x16"}), "2\n4\n1\n3\n");
  const TempFile table("");
  std::remove(table.path().c_str());
  // 5 x 5: past the endgame database's 4 x 6 box, so searched and kept in the table.
  EXPECT_EQ(value_of({"value", "cram", "5x5", "--table", table.path()}), "0\n");
  EXPECT_CONTAINS(read_file(table.path()), "\ngrid:5x5:ffffff1 0\n");
  EXPECT_EQ(value_of({"value", "cram", "5x5", "--table", table.path()}), "0\n");
  // The winning moves of a board (board search) and of the same grid as a graph file (graph
  // search with nauty) agree.
  std::string edges;
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 7; ++c) {
      const std::string v = "v" + std::to_string(r) + "_" + std::to_string(c);
      if (c + 1 < 7) edges += v + " v" + std::to_string(r) + "_" + std::to_string(c + 1) + "\n";
      if (r + 1 < 3) edges += v + " v" + std::to_string(r + 1) + "_" + std::to_string(c) + "\n";
    }
  }
  const TempFile grid(edges);
  for (const char* sum : {"%s + nim:1", "%s"}) {
    auto spec = [&](const std::string& position) {
      std::string out = sum;
      return out.replace(out.find("%s"), 2, "nodekayles:" + position);
    };
    const auto by_board = expect_json(run_grundy({"solve", spec("3x7"), "--json"}));
    const auto by_graph =
        expect_json(run_grundy({"solve", spec("file(" + grid.path() + ")"), "--json"}));
    EXPECT_EQ(by_board["winner"], by_graph["winner"]) << sum;
    EXPECT_EQ(by_board["nim_sum"], by_graph["nim_sum"]) << sum;
    EXPECT_EQ(by_board["winning_move_count"], by_graph["winning_move_count"]) << sum;
  }
}

TEST(ComponentCli, TableFileIsKeptAndACorruptOneRefused) {
  const TempFile table("");
  std::remove(table.path().c_str());
  const std::string first = value_of({"value", "cram", "3x6", "--table", table.path()});
  const std::string saved = read_file(table.path());
  EXPECT_CONTAINS(saved, "grundy-component-table 2");
  EXPECT_EQ(value_of({"value", "cram", "3x6", "--table", table.path()}), first);
  {
    std::ofstream out(table.path());
    std::string edited = saved;
    edited[edited.size() - 2] = edited[edited.size() - 2] == '1' ? '2' : '1';
    out << edited;
  }
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "cram", "3x6", "--table", table.path()})),
                  "checksum");
  // Another rule's table.
  std::remove(table.path().c_str());
  value_of({"value", "nodekayles", "3x3", "--table", table.path()});
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "cram", "3x3", "--table", table.path()})),
                  "rule");
}

void stops_with_exit_130_and_saves_the_table(int signal) {
  const TempFile table("");
  const TempFile err("");
  std::remove(table.path().c_str());
  // Cram on 7 x 9 is far beyond any search here: it is still running when interrupted (an even
  // x even board would not be: copying wins it at once). Its memory bound leaves no room for the
  // 5 x 6 endgame database, so that its first seconds go to the search, not to building that.
  const pid_t pid = ::fork();
  if (pid == 0) {
    std::freopen(err.path().c_str(), "w", stderr);
    std::freopen("/dev/null", "w", stdout);
    ::execl(GRUNDY_CLI_PATH, GRUNDY_CLI_PATH, "value", "cram", "7x9", "--table",
            table.path().c_str(), "--threads", "1", "--max-memory", "1G",
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ASSERT_GT(pid, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  ::kill(pid, signal);
  int status = 0;
  ::waitpid(pid, &status, 0);
  ASSERT_TRUE(WIFEXITED(status)) << "killed by the signal instead of stopping";
  EXPECT_EQ(WEXITSTATUS(status), 130);
  EXPECT_CONTAINS(read_file(err.path()), "interrupted");
  const std::string saved = read_file(table.path());
  EXPECT_CONTAINS(saved, "grundy-component-table 2");
  const std::size_t count_at = saved.find("\nentries ");
  ASSERT_NE(count_at, std::string::npos);
  EXPECT_GT(std::stoull(saved.substr(count_at + 9, 20)), 0u) << "nothing found in 1.5 s?";
  // The saved table is a valid one: a later run reads it.
  value_of({"value", "cram", "2x3", "--table", table.path()});
}

TEST(ComponentCli, CtrlCStopsWithExit130AndSavesTheTable) {
  stops_with_exit_130_and_saves_the_table(SIGINT);
}

TEST(ComponentCli, SigtermStopsWithExit130AndSavesTheTable) {
  // What `timeout` and `kill` send: the table of a long run is not lost either.
  stops_with_exit_130_and_saves_the_table(SIGTERM);
}

TEST(ComponentCli, CtrlCWhileTheEndgameDatabaseIsBuiltStopsAtOnceAndWritesNoDatabase) {
  // Cram 7 x 9 in an empty cache folder builds the 5 x 6 database first (seconds): Ctrl-C then
  // stops it within a moment, exit 130, and leaves no database file behind.
  const grundy::test::TempDir cache;
  const TempFile err("");
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::setenv("GRUNDY_CACHE_DIR", cache.path().c_str(), 1);
    std::freopen(err.path().c_str(), "w", stderr);
    std::freopen("/dev/null", "w", stdout);
    ::execl(GRUNDY_CLI_PATH, GRUNDY_CLI_PATH, "value", "cram", "7x9", "--threads", "1",
            static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ASSERT_GT(pid, 0);
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  const auto stopped = std::chrono::steady_clock::now();
  ::kill(pid, SIGINT);
  int status = 0;
  ::waitpid(pid, &status, 0);
  const auto took = std::chrono::steady_clock::now() - stopped;
  ASSERT_TRUE(WIFEXITED(status)) << "killed by the signal instead of stopping";
  EXPECT_EQ(WEXITSTATUS(status), 130) << read_file(err.path());
  EXPECT_CONTAINS(read_file(err.path()), "interrupted");
  // A top row of the box is about half a second of work (more under the sanitizers).
  EXPECT_LT(took, std::chrono::seconds(10));
  for (const auto& entry : std::filesystem::directory_iterator(cache.path())) {
    EXPECT_EQ(entry.path().filename().string().find("5x6"), std::string::npos)
        << entry.path() << " left behind";
  }
}

}  // namespace
