// `grundy play`: moves read line by line from stdin (not a terminal), against the perfect player.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "cli_runner.hpp"

namespace {

using namespace grundy_test;

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1))
    ++n;
  return n;
}

TEST(CliPlay, HintShowsTheWinningMove) {
  const RunResult r = run_grundy({"play", "nim:3 + nim:4 + nim:5"}, std::string("hint\nquit\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "hint: 0: nim:3 -> nim:1 wins");
  EXPECT_CONTAINS(r.out, "  [2] 0: nim:3 -> nim:1\n");
}

TEST(CliPlay, TheComputerWinsFromAWinningPosition) {
  // After the human's bad first move the computer has a winning reply every time: whatever the
  // human plays next (always the first listed move), the computer ends up winning.
  std::string moves;
  for (int k = 0; k < 40; ++k) moves += "1\n";
  const RunResult r = run_grundy({"play", "nim:3 + nim:4 + nim:5"}, moves);
  expect_success(r);
  EXPECT_CONTAINS(r.out, "you: 0: nim:3 -> 0\n");
  EXPECT_CONTAINS(r.out, "the computer wins\n");
  EXPECT_EQ(count_of(r.out, "(it cannot force a win)"), 0u) << r.out;
}

TEST(CliPlay, PlayingTheHintsWins) {
  // nim:1 + nim:2 (nim-sum 3): the human's winning move, then the forced finish.
  const RunResult r =
      run_grundy({"play", "nim:1 + nim:2"}, std::string("1: nim:2 -> nim:1\n1\n1\n1\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "you win\n");
  EXPECT_CONTAINS(r.out, "(it cannot force a win)");
}

TEST(CliPlay, MisereComputerFirstAndUndo) {
  // Misère nim:1 + nim:2: the computer (first) empties nim:2, leaving the human the last heap.
  const RunResult r = run_grundy({"play", "nim:1 + nim:2", "--misere", "--computer-first"},
                                 std::string("undo\n7\n1\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "computer: 1: nim:2 -> 0\n");
  EXPECT_CONTAINS(r.out, "nothing to undo\n");
  EXPECT_CONTAINS(r.out, "not a move here: '7'\n");
  EXPECT_CONTAINS(r.out, "the computer wins\n");
}

TEST(CliPlay, UndoRestoresThePositionBeforeTheHumansMove) {
  // The human empties a nim:2, the computer empties the other; undo takes back both moves.
  const RunResult r =
      run_grundy({"play", "nim:2 + nim:2 + nim:1 + nim:1"}, std::string("1\nundo\nquit\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "position: nim:1 + nim:1\n");
  EXPECT_EQ(count_of(r.out, "position: nim:2 + nim:2 + nim:1 + nim:1\n"), 2u) << r.out;
}

TEST(CliPlay, TheComputerWinsALoopyGameThatCouldCycle) {
  // tests/data/graphs/trap.txt: from back, both hold and end have value 0 and hold is listed
  // first, but from hold the human's only move is back to back. Against a human who always plays
  // the first listed move, the computer must take end (Smith's counter) to finish: with the exact
  // search (remoteness) and beyond its budget (--max-states 1: Grundy values and counters).
  std::string moves;
  for (int k = 0; k < 40; ++k) moves += "1\n";
  const std::string trap = graph_game("trap.txt");
  for (const std::vector<std::string>& budget :
       {std::vector<std::string>{}, std::vector<std::string>{"--max-states", "1"}}) {
    std::vector<std::string> args{"play", trap + ":hold + nim:1", "--computer-first"};
    args.insert(args.end(), budget.begin(), budget.end());
    const RunResult r = run_grundy(args, moves);
    expect_success(r);
    EXPECT_CONTAINS(r.out, "computer: 1: nim:1 -> 0\n");
    EXPECT_CONTAINS(r.out, "you: 0: " + trap + ":hold -> " + trap + ":back\n");
    EXPECT_CONTAINS(r.out, "computer: 0: " + trap + ":back -> " + trap + ":end\n");
    EXPECT_CONTAINS(r.out, "the computer wins\n");
    EXPECT_EQ(count_of(r.out, "computer: "), 2u) << r.out;
  }
}

TEST(CliPlay, EndOfInputLeavesTheGame) {
  const RunResult r = run_grundy({"play", "0.07:9"}, std::string(""));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "end of input");
}

// ---------------------------------------------------------------------------------------------
// Loopy graph games (positions can repeat)
// ---------------------------------------------------------------------------------------------

std::string graph_game(const std::string& file) {
  return "graph(" + std::string(GRUNDY_TEST_DATA) + "/graphs/" + file + ")";
}

/// `count` lines that each play the first listed move.
std::string first_moves(int count) {
  std::string lines;
  for (int k = 0; k < count; ++k) lines += "1\n";
  return lines;
}

TEST(CliPlay, LoopyWinIsPlayedOutWithoutCycling) {
  // escape.txt: b = 1, with two moves to value 0: b -> a (a's only move returns to b) and b -> t
  // (terminal). The computer, first at b, must end the game with b -> t, not go round the cycle.
  const std::string g = graph_game("escape.txt");
  const RunResult r = run_grundy({"play", g + ":b", "--computer-first"}, first_moves(10));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "computer: 0: " + g + ":b -> " + g + ":t\n");
  EXPECT_CONTAINS(r.out, "the computer wins\n");
  EXPECT_EQ(count_of(r.out, "-> " + g + ":a"), 0u) << r.out;
  EXPECT_EQ(count_of(r.out, "(it cannot force a win"), 0u) << r.out;
}

TEST(CliPlay, LoopyWinFromTheHumansBadMove) {
  // The human at a (value 0) must move to b; the computer then wins at once with b -> t.
  const std::string g = graph_game("escape.txt");
  const RunResult r = run_grundy({"play", g + ":a"}, first_moves(10));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "you: 0: " + g + ":a -> " + g + ":b\n");
  EXPECT_CONTAINS(r.out, "computer: 0: " + g + ":b -> " + g + ":t\n");
  EXPECT_CONTAINS(r.out, "the computer wins\n");
  EXPECT_EQ(count_of(r.out, "your move"), 1u) << r.out;
}

TEST(CliPlay, LoopyWinByGrundyValuesBeyondTheSearchBudget) {
  // As LoopyWinIsPlayedOutWithoutCycling, with the exact search refused (--max-states 1) so that
  // the computer decides by Smith's generalised Grundy values alone.
  const std::string g = graph_game("escape.txt");
  const RunResult r =
      run_grundy({"play", g + ":b", "--computer-first", "--max-states", "1"}, first_moves(10));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "computer: 0: " + g + ":b -> " + g + ":t\n");
  EXPECT_CONTAINS(r.out, "the computer wins\n");
}

TEST(CliPlay, LoopyDrawTheComputerKeepsTheDrawAndRepetitionEndsTheGame) {
  // loopy.txt: a <-> b, b -> c -> d. a = inf{} and b = inf{1} are draws; b -> c (value 1) loses.
  // The computer at b keeps the draw (b -> a); the human's only move a -> b brings b back, and the
  // third time b comes back with the computer to move the game is drawn, long before the input
  // runs out.
  const std::string g = graph_game("loopy.txt");
  const RunResult r = run_grundy({"play", g + ":b", "--computer-first"}, first_moves(50));
  expect_success(r);
  EXPECT_EQ(count_of(r.out, "computer: 0: " + g + ":b -> " + g +
                                ":a (it cannot force a win; it keeps the draw)\n"),
            2u)
      << r.out;
  EXPECT_EQ(count_of(r.out, "-> " + g + ":c"), 0u) << r.out;
  EXPECT_EQ(count_of(r.out, "your move"), 2u) << r.out;
  EXPECT_CONTAINS(r.out, "for the third time: a draw\n");
  EXPECT_EQ(count_of(r.out, "wins\n"), 0u) << r.out;
  EXPECT_EQ(count_of(r.out, "end of input"), 0u) << r.out;
}

TEST(CliPlay, LoopyDrawIsKeptEvenWhenTheFirstMoveLoses) {
  // draw.txt: from p (inf{1}) the first listed move, p -> l, loses; p -> q keeps the draw. Both
  // by exact search and, beyond the search budget (--max-states 1), by Smith's values.
  const std::string g = graph_game("draw.txt");
  for (const std::string max_states : {"200000", "1"}) {
    const RunResult r = run_grundy(
        {"play", g + ":p", "--computer-first", "--max-states", max_states}, first_moves(10));
    expect_success(r);
    EXPECT_EQ(count_of(r.out, "computer: 0: " + g + ":p -> " + g +
                                  ":q (it cannot force a win; it keeps the draw)\n"),
              2u)
        << max_states << '\n'
        << r.out;
    EXPECT_EQ(count_of(r.out, "-> " + g + ":l"), 0u) << max_states << '\n' << r.out;
    EXPECT_CONTAINS(r.out, "for the third time: a draw\n");
  }
}

TEST(CliPlay, LoopyDrawHintAndLeavingTheDrawLoses) {
  // The human at b asks for a hint (keep the draw with b -> a), then leaves the draw with
  // b -> c (value 1): the computer wins with c -> d.
  const std::string g = graph_game("loopy.txt");
  const RunResult r = run_grundy({"play", g + ":b"}, std::string("hint\n2\n1\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "hint: no winning move; 0: " + g + ":b -> " + g + ":a keeps the draw\n");
  EXPECT_CONTAINS(r.out, "you: 0: " + g + ":b -> " + g + ":c\n");
  EXPECT_CONTAINS(r.out, "computer: 0: " + g + ":c -> " + g + ":d\n");
  EXPECT_CONTAINS(r.out, "the computer wins\n");
}

TEST(CliPlay, LoopyHintInAFirstPlayerWin) {
  // e = inf{0}: a self-loop and a move to the terminal d. The hint is e -> d; the human who
  // plays the self-loop instead hands the computer the same win.
  const std::string g = graph_game("loopy.txt");
  const RunResult r = run_grundy({"play", g + ":e"}, std::string("hint\n" + g + ":e\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "hint: 0: " + g + ":e -> " + g + ":d wins\n");
  EXPECT_CONTAINS(r.out, "you: 0: " + g + ":e -> " + g + ":e\n");
  EXPECT_CONTAINS(r.out, "computer: 0: " + g + ":e -> " + g + ":d\n");
  EXPECT_CONTAINS(r.out, "the computer wins\n");
}

TEST(CliPlay, UndoForgetsRepetitions) {
  // Going round the draw cycle twice and taking it back each time never draws the game: undone
  // positions do not count towards the repetition rule.
  const std::string g = graph_game("loopy.txt");
  const RunResult r =
      run_grundy({"play", g + ":b"}, std::string("1\nundo\n1\nundo\n1\nundo\nquit\n"));
  expect_success(r);
  EXPECT_EQ(count_of(r.out, "you: 0: " + g + ":b -> " + g + ":a\n"), 3u) << r.out;
  EXPECT_EQ(count_of(r.out, "third time"), 0u) << r.out;
}

// ---------------------------------------------------------------------------------------------
// Heaps beyond any table: the same value sources as solve (proven periods, formulas)
// ---------------------------------------------------------------------------------------------

/// solve's move to play from `sum`, as play prints a move: `i: FROM -> TO`.
std::string solve_move_to_play(const std::string& sum) {
  const nlohmann::json s = expect_json(run_grundy({"solve", sum, "--json"}));
  const nlohmann::json& m = s["move_to_play"];
  return std::to_string(m["component"].get<std::size_t>()) + ": " + m["from"].get<std::string>() +
         " -> " + m["to"].get<std::string>();
}

TEST(CliPlay, HugeKaylesHeapThroughTheProvenPeriod) {
  // solve answers kayles:10^12 + nim:3 through Kayles' proven period; play must too (it used to
  // ask for a table of 10^12 values): the hint and the computer's move are solve's move to play.
  const std::string sum = "kayles:1000000000000 + nim:3";
  const std::string move = solve_move_to_play(sum);
  const RunResult hint = run_grundy({"play", sum}, std::string("hint\nquit\n"));
  expect_success(hint);
  EXPECT_CONTAINS(hint.out, "hint: " + move + " wins\n");

  const RunResult first = run_grundy({"play", sum, "--computer-first"}, std::string(""));
  expect_success(first);
  EXPECT_CONTAINS(first.out, "computer: " + move + "\n");

  // The human who plays the hint leaves the computer lost: it says so.
  const RunResult played = run_grundy({"play", sum}, "hint\n" + move + "\n");
  expect_success(played);
  EXPECT_CONTAINS(played.out, "you: " + move + "\n");
  EXPECT_CONTAINS(played.out, "(it cannot force a win)\n");

  // A move far past the listed ones is played when typed (a split of 10^12 - 2 tokens); a split
  // of 10^12 - 3 tokens is not a Kayles move.
  const RunResult typed =
      run_grundy({"play", sum, "--max-states", "1000"},
                 std::string("0.77:400000 + 0.77:999999599997\n0: 0.77:1000000000000 -> "
                             "0.77:400000 + 0.77:999999599998\n"));
  expect_success(typed);
  EXPECT_CONTAINS(typed.out, "not a move here: '0.77:400000 + 0.77:999999599997'\n");
  EXPECT_CONTAINS(typed.out,
                  "you: 0: 0.77:1000000000000 -> 0.77:400000 + 0.77:999999599998\n"
                  "position: 0.77:400000 + 0.77:999999599998 + nim:3\ncomputer: ");
}

TEST(CliPlay, AHintFarBeyondTheListedMovesCanBeTyped) {
  // nim:10^12 + nim:10^6: the one winning move, nim:10^12 -> nim:10^6, comes after the first
  // 100000 moves play enumerates; the hint gives it and the human can play it.
  const std::string sum = "nim:1000000000000 + nim:1000000";
  const RunResult r = run_grundy({"play", sum}, std::string("hint\nnim:1000000\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "hint: 0: nim:1000000000000 -> nim:1000000 wins\n");
  EXPECT_CONTAINS(r.out, "you: 0: nim:1000000000000 -> nim:1000000\n");
  EXPECT_EQ(count_of(r.out, "not a move here"), 0u) << r.out;
  // A move that is not one is still refused.
  const RunResult bad = run_grundy({"play", sum}, std::string("nim:1000000000001\n"));
  expect_success(bad);
  EXPECT_CONTAINS(bad.out, "not a move here: 'nim:1000000000001'\n");
}

TEST(CliPlay, SaysHowManyMovesAreNotListed) {
  // nim:3 + nim:4 + nim:5 has 12 moves; 2 listed, 10 more.
  const RunResult r =
      run_grundy({"play", "nim:3 + nim:4 + nim:5", "--list", "2"}, std::string("quit\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "  ... 10 more moves (type the move, e.g. '2: nim:5 -> nim:4')\n");
  // Beyond the 100000 moves play enumerates, the count is a lower bound.
  const RunResult big =
      run_grundy({"play", "nim:1000000000000", "--list", "2"}, std::string("quit\n"));
  expect_success(big);
  EXPECT_CONTAINS(big.out, "  ... over 99998 more moves (type the move, e.g. ");
  EXPECT_EQ(count_of(big.out, "more more"), 0u) << big.out;
}

// ---------------------------------------------------------------------------------------------
// --json: a transcript of JSON lines, one event per line
// ---------------------------------------------------------------------------------------------

/// Every line of `out` parsed (each must be one JSON object with an "event").
std::vector<nlohmann::json> json_lines(const std::string& out) {
  std::vector<nlohmann::json> events;
  std::size_t at = 0;
  while (at < out.size()) {
    const std::size_t end = out.find('\n', at);
    EXPECT_NE(end, std::string::npos) << "unterminated last line: " << out.substr(at);
    const std::string line = out.substr(at, end == std::string::npos ? end : end - at);
    nlohmann::json event = nlohmann::json::parse(line, nullptr, false);
    EXPECT_FALSE(event.is_discarded()) << "not JSON: " << line;
    EXPECT_TRUE(event.is_object() && event.contains("event")) << line;
    events.push_back(std::move(event));
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return events;
}

std::vector<nlohmann::json> events_named(const std::vector<nlohmann::json>& events,
                                         const std::string& name) {
  std::vector<nlohmann::json> out;
  for (const nlohmann::json& e : events)
    if (e["event"] == name) out.push_back(e);
  return out;
}

TEST(CliPlay, JsonIsATranscriptOfJsonLines) {
  // nim:1 + nim:2: hint (1: nim:2 -> nim:1), a bad line, the hint played, the computer's lost
  // reply, the human's last move: the human wins.
  const RunResult r = run_grundy({"play", "nim:1 + nim:2", "--json"},
                                 std::string("hint\nx\n1: nim:2 -> nim:1\n1\n"));
  expect_success(r);
  const std::vector<nlohmann::json> events = json_lines(r.out);
  ASSERT_GE(events.size(), 3u) << r.out;
  EXPECT_EQ(events.front(), nlohmann::json::parse(
                                R"({"event": "start", "sum": "nim:1 + nim:2", "play": "normal",
                                    "first": "human"})"));
  EXPECT_EQ(events.back(),
            nlohmann::json::parse(R"({"event": "end", "winner": "human", "reason": "no_move"})"));

  const nlohmann::json& first = events[1];
  EXPECT_EQ(first["event"], "position");
  EXPECT_EQ(first["position"], "nim:1 + nim:2");
  EXPECT_EQ(first["to_move"], "human");
  EXPECT_EQ(first["move_count"], 3);
  EXPECT_EQ(first["moves_truncated"], false);
  ASSERT_EQ(first["moves"].size(), 3u);
  EXPECT_EQ(first["moves"][0],
            nlohmann::json::parse(R"({"number": 1, "component": 0, "from": "nim:1", "to": "0"})"));

  const auto hints = events_named(events, "hint");
  ASSERT_EQ(hints.size(), 1u);
  EXPECT_EQ(hints[0], nlohmann::json::parse(R"({"event": "hint", "verdict": "win", "move":
                          {"component": 1, "from": "nim:2", "to": "nim:1"}})"));
  const auto rejected = events_named(events, "rejected");
  ASSERT_EQ(rejected.size(), 1u);
  EXPECT_EQ(rejected[0]["input"], "x");

  const auto moves = events_named(events, "move");
  ASSERT_EQ(moves.size(), 3u) << r.out;
  EXPECT_EQ(moves[0], nlohmann::json::parse(R"({"event": "move", "player": "human",
                          "component": 1, "from": "nim:2", "to": "nim:1"})"));
  EXPECT_EQ(moves[1]["player"], "computer");
  EXPECT_EQ(moves[1]["verdict"], "loss");
  EXPECT_EQ(moves[2]["player"], "human");
  const auto positions = events_named(events, "position");
  // The last position: nothing left, the computer to move (no moves listed for it).
  EXPECT_EQ(positions.back()["position"], "0");
  EXPECT_EQ(positions.back()["to_move"], "computer");
  EXPECT_FALSE(positions.back().contains("moves"));
  // Every line read is answered by events that end with the human to move (input awaited) or
  // with the end: the position after the hint, after the rejected line, after each move.
  std::size_t awaiting = 0;
  for (const nlohmann::json& p : positions) awaiting += p["to_move"] == "human";
  EXPECT_EQ(awaiting, 4u) << r.out;
}

TEST(CliPlay, JsonTranscriptOfADrawAndOfAQuit) {
  // loopy.txt from b, computer first: it keeps the draw until b comes back a third time.
  const std::string g = graph_game("loopy.txt");
  const RunResult draw =
      run_grundy({"play", g + ":b", "--computer-first", "--json"}, first_moves(50));
  expect_success(draw);
  const std::vector<nlohmann::json> events = json_lines(draw.out);
  ASSERT_FALSE(events.empty());
  EXPECT_EQ(events.back(),
            nlohmann::json::parse(R"({"event": "end", "winner": null, "reason": "repetition"})"));
  for (const nlohmann::json& m : events_named(events, "move")) {
    if (m["player"] == "computer") {
      EXPECT_EQ(m["verdict"], "draw") << m;
    }
  }
  const RunResult quit = run_grundy({"play", "nim:3", "--json"}, std::string("undo\nquit\n"));
  expect_success(quit);
  const std::vector<nlohmann::json> quit_events = json_lines(quit.out);
  ASSERT_FALSE(quit_events.empty());
  EXPECT_EQ(events_named(quit_events, "undo").at(0)["undone"], false);
  EXPECT_EQ(quit_events.back(),
            nlohmann::json::parse(R"({"event": "end", "winner": null, "reason": "quit"})"));
  const RunResult eof = run_grundy({"play", "nim:3", "--json"}, std::string(""));
  expect_success(eof);
  EXPECT_EQ(json_lines(eof.out).back(),
            nlohmann::json::parse(R"({"event": "end", "winner": null, "reason": "end_of_input"})"));
}

TEST(CliPlay, BadSumIsAnError) {
  EXPECT_CONTAINS(expect_error(run_grundy({"play", "nim:3 + foo:2"})), "spec column 9");
}

}  // namespace

namespace {

TEST(CliPlay, BoardsAreDrawnAndMovesTypedByTheirCells) {
  // Cram on 3 x 4: the board drawn with its coordinates before each move, moves typed as cells
  // (either way round, with or without the component), the position a board with the pieces on.
  const RunResult r =
      run_grundy({"play", "cram:3x4", "--list", "2"}, std::string("b3-b2\n0: c1-d1\nquit\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "  a b c d\n1 . . . .\n2 . . . .\n3 . . . .\nposition: cram:3x4\n");
  EXPECT_CONTAINS(r.out, "  [1] 0: cram:3x4 -> cram:3x4-a1-b1 (a1-b1)\n");
  EXPECT_CONTAINS(r.out, "you: 0: cram:3x4 -> cram:3x4-b2-b3 (b2-b3)\n");
  EXPECT_CONTAINS(r.out, "  a b c d\n1 . . . .\n2 . X . .\n3 . X . .\nposition: cram:3x4-b2-b3\n");
  EXPECT_EQ(count_of(r.out, "not a move here"), 0u) << r.out;
  // Node-Kayles: the cell taken is X, its neighbours (gone with it) x.
  const RunResult nk = run_grundy({"play", "nodekayles:3x3"}, std::string("b2\nquit\n"));
  expect_success(nk);
  EXPECT_CONTAINS(nk.out, "you: 0: nodekayles:3x3 -> nodekayles:3x3-b2 (b2)\n");
  EXPECT_CONTAINS(nk.out, "  a b c\n1 . x .\n2 x X x\n3 . x .\n");
  // A graph without cells names its vertices by number; nothing is drawn.
  const RunResult graph = run_grundy({"play", "arckayles:cycle(6)"}, std::string("0: 2-3\nquit\n"));
  expect_success(graph);
  EXPECT_CONTAINS(graph.out, "you: 0: arckayles:cycle(6) -> arckayles:cycle(6)-2-3 (2-3)\n");
  EXPECT_EQ(count_of(graph.out, "  a "), 0u) << graph.out;
  // A cell that is no move is refused as any other text.
  const RunResult bad = run_grundy({"play", "cram:3x4"}, std::string("b2-c3\nquit\n"));
  expect_success(bad);
  EXPECT_CONTAINS(bad.out, "not a move here: 'b2-c3'\n");
}

TEST(CliPlay, JsonMovesOfABoardNameTheirCells) {
  const RunResult r =
      run_grundy({"play", "cram:2x3", "--json", "--list", "1"}, std::string("a1-b1\n"));
  expect_success(r);
  EXPECT_CONTAINS(r.out, "\"move\":\"a1-b1\"");
  EXPECT_CONTAINS(r.out, "\"to\":\"cram:2x3-a1-b1\"");
}

}  // namespace
