// grundy play SUM : play against a perfect opponent, on a terminal or line by line from stdin.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/coin_turning.hpp"
#include "grundy/solve/misere_solver.hpp"
#include "grundy/solve/sum_solver.hpp"
#include "grundy/spec/parser.hpp"
#include "search_progress.hpp"

namespace grundy::cli {
namespace {

struct PlayArgs {
  CommonOptions common;
  std::string sum;
  bool misere = false;
  bool computer_first = false;
  std::string max_states = "200000";
  std::string list = "40";
};

/// Moves listed and matched at most (a position with more is still playable by typing the move).
constexpr std::size_t kMaxEnumerated = 100000;

struct StopEnumerating {};

/// The moves of a sum, in component order: at most kMaxEnumerated.
std::vector<Move> moves_of(const Sum& sum) {
  std::vector<Move> moves;
  try {
    for (std::size_t i = 0; i < sum.components.size(); ++i) {
      const Component& c = sum.components[i];
      for_each_option(*c.game, c.position, [&](std::span<const Position> parts) {
        if (moves.size() >= kMaxEnumerated) throw StopEnumerating{};
        Move m{i, std::vector<Position>(parts.begin(), parts.end())};
        std::sort(m.to.begin(), m.to.end());
        moves.push_back(std::move(m));
      });
    }
  } catch (const StopEnumerating&) {
  }
  return moves;
}

std::string describe(const Sum& sum, const Move& m) {
  const Component& c = sum.components[m.component];
  return std::to_string(m.component) + ": " + format_component(*c.game, c.position) + " -> " +
         format_option(*c.game, m.to);
}

std::string squeeze(const std::string& text) {
  std::string out;
  for (char ch : text) {
    if (ch != ' ' && ch != '\t' && ch != '\r') out += ch;
  }
  return out;
}

/// What the player to move can force.
enum class Verdict { win, draw, loss };

/// The perfect player: within the state budget, an exact search (remoteness: the winner hurries,
/// so it never cycles in a loopy game, and the loser delays; in a drawn position it keeps the
/// draw); beyond it, under normal play, the Grundy values (Smith's generalised ones and counters
/// for loopy games: solve_sum's move to play, which makes progress).
class Oracle {
 public:
  Oracle(Play play, std::uint64_t max_states, Limits limits) : play_(play) {
    options_.play = play;
    options_.max_states = max_states;
    options_.limits = limits;
    options_.max_moves = 1u << 20;
    options_.progress = terminal_search_progress("play");
    memo_ = std::make_unique<SumSearch>(options_);
  }

  /// Misère play has no fallback: a game whose search passes the budget by its bound is refused
  /// before it starts (every later position's states are among the first's).
  void require_within_budget(const Sum& sum) {
    if (play_ == Play::misere) memo_->require_within_budget(sum);
  }

  /// The move to play from `sum` (which has moves), and what it achieves.
  std::pair<Move, Verdict> choose(const Sum& sum, const std::vector<Move>& moves) {
    const SearchProgressLine line;
    try {
      const SearchSolution here = search(sum);
      if (here.outcome == Outcome::N) {
        // Hurry: the winning move whose position has the least remoteness.
        return {
            best(sum, here.winning_moves, [](std::uint64_t r, std::uint64_t b) { return r < b; }),
            Verdict::win};
      }
      // Drawn: keep the draw (a move to a position drawn for the opponent). Losing: delay as long
      // as possible.
      if (here.outcome == Outcome::D) {
        for (const Move& m : moves) {
          if (search(after_move(sum, m)).outcome == Outcome::D) {
            return {m, Verdict::draw};
          }
        }
      }
      return {best(sum, moves, [](std::uint64_t r, std::uint64_t b) { return r > b; }),
              Verdict::loss};
    } catch (const ResourceError&) {
      // A search refused part-way (no bound was found) leaves states that count against the
      // budget: start the next one afresh.
      memo_ = std::make_unique<SumSearch>(options_);
      if (play_ == Play::misere) throw;
    }
    // The sum solver's move to play makes progress in loopy games too (Smith's counter), so the
    // opponent cannot keep the game cycling.
    SumEvaluators evaluators(sum, options_.limits);
    const SumSolution s = solve_sum(sum, evaluators.sources(), 1);
    if (s.move_to_play) return {*s.move_to_play, Verdict::win};
    if (s.outcome == Outcome::D) {
      for (const Move& m : moves) {
        const Sum next = after_move(sum, m);
        SumEvaluators next_evaluators(next, options_.limits);
        if (solve_sum(next, next_evaluators.sources(), 0).outcome == Outcome::D) {
          return {m, Verdict::draw};
        }
      }
    }
    return {moves.front(), Verdict::loss};
  }

 private:
  template <class Better>
  Move best(const Sum& sum, const std::vector<Move>& candidates, Better better) {
    Move chosen = candidates.front();
    std::optional<std::uint64_t> chosen_r;
    for (const Move& m : candidates) {
      const std::uint64_t r = search(after_move(sum, m)).remoteness;
      if (!chosen_r || better(r, *chosen_r)) {
        chosen = m;
        chosen_r = r;
      }
    }
    return chosen;
  }

  /// The exact search, with one memo for the whole game: the options of a position, and the
  /// later positions, are among the states already searched.
  SearchSolution search(const Sum& sum) { return memo_->solve(sum); }

  Play play_;
  SearchOptions options_;
  std::unique_ptr<SumSearch> memo_;
};

/// A position with the player to move, the same whatever the order of its components: for the
/// repetition rule.
std::string repetition_key(const Sum& sum, bool human_to_move) {
  std::vector<std::string> parts;
  for (const Component& c : sum.components) parts.push_back(format_component(*c.game, c.position));
  std::sort(parts.begin(), parts.end());
  std::string key = human_to_move ? "h" : "c";
  for (const std::string& part : parts) key += '\n' + part;
  return key;
}

/// A loopy game can go on for ever: the third time the same position comes back with the same
/// player to move, the game is drawn.
constexpr int kRepetitionsForDraw = 3;

int run_play(const PlayArgs& args) {
  Sum sum;
  try {
    sum = parse_sum(args.sum);
  } catch (const SpecError&) {
    rethrow_with_context("spec", args.sum);
  }
  // The position shown is the actual rows of coin-turning games (a head turned twice is tails).
  sum = actual_rows(sum);
  const std::uint64_t max_states =
      parse_number_option("--max-states", args.max_states, kMaxCoordinate);
  const std::uint64_t list = parse_number_option("--list", args.list, 100000);
  const Play play = args.misere ? Play::misere : Play::normal;
  Oracle oracle(play, max_states, args.common.limits());
  oracle.require_within_budget(sum);
  const bool interactive = isatty(STDIN_FILENO) != 0;
  struct Before {
    Sum sum;
    std::size_t trail_size;
  };
  std::vector<Before> history;      // positions before each of the human's moves, for undo
  std::vector<std::string> trail;   // every position so far (repetition_key), for the draw rule
  std::map<std::string, int> seen;  // how often each key occurs in trail
  bool new_position = true;         // not yet in trail
  bool human_to_move = !args.computer_first;
  std::cout << (play == Play::misere ? "misère play: whoever cannot move wins\n"
                                     : "normal play: whoever cannot move loses\n");
  while (true) {
    const std::vector<Move> moves = moves_of(sum);
    std::cout << "position: " << (sum.components.empty() ? "(nothing)" : format_sum(sum)) << '\n';
    if (new_position) {
      new_position = false;
      trail.push_back(repetition_key(sum, human_to_move));
      if (++seen[trail.back()] == kRepetitionsForDraw) {
        std::cout << "the same position with the same player to move for the third time: a draw\n";
        return 0;
      }
    }
    if (moves.empty()) {
      const bool mover_wins = play == Play::misere;
      const bool human_wins = human_to_move == mover_wins;
      std::cout << (human_wins ? "you win\n" : "the computer wins\n");
      return 0;
    }
    if (!human_to_move) {
      const auto [move, verdict] = oracle.choose(sum, moves);
      std::cout << "computer: " << describe(sum, move)
                << (verdict == Verdict::win    ? ""
                    : verdict == Verdict::draw ? " (it cannot force a win; it keeps the draw)"
                                               : " (it cannot force a win)")
                << '\n';
      sum = actual_rows(after_move(sum, move));
      human_to_move = true;
      new_position = true;
      continue;
    }
    for (std::size_t k = 0; k < moves.size() && k < list; ++k) {
      std::cout << "  [" << k + 1 << "] " << describe(sum, moves[k]) << '\n';
    }
    if (moves.size() > list) {
      std::cout << "  ... "
                << (moves.size() >= kMaxEnumerated ? "more" : std::to_string(moves.size() - list))
                << " more (type the move, e.g. '" << describe(sum, moves.back()) << "')\n";
    }
    std::cout << "your move (number, move, hint, undo, quit)> ";
    std::cout.flush();
    std::string line;
    if (!std::getline(std::cin, line)) {
      std::cout << "\nend of input: game left unfinished\n";
      return 0;
    }
    if (!interactive) std::cout << line << '\n';
    const std::string word = squeeze(line);
    if (word.empty()) continue;
    if (word == "quit") return 0;
    if (word == "hint") {
      const auto [move, verdict] = oracle.choose(sum, moves);
      std::cout << (verdict == Verdict::win ? "hint: " + describe(sum, move) + " wins\n"
                    : verdict == Verdict::draw
                        ? "hint: no winning move; " + describe(sum, move) + " keeps the draw\n"
                        : std::string(
                              "hint: no winning move; every move loses against perfect play\n"));
      continue;
    }
    if (word == "undo") {
      if (history.empty()) {
        std::cout << "nothing to undo\n";
      } else {
        sum = history.back().sum;
        while (trail.size() > history.back().trail_size) {
          --seen[trail.back()];
          trail.pop_back();
        }
        history.pop_back();
        new_position = true;
      }
      continue;
    }
    std::optional<Move> chosen;
    if (std::all_of(word.begin(), word.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
      const std::size_t k = word.size() > 9 ? 0 : std::stoul(word);
      if (k >= 1 && k <= moves.size()) chosen = moves[k - 1];
    } else {
      for (const Move& m : moves) {
        const std::string full = squeeze(describe(sum, m));
        const std::string to = squeeze(format_option(*sum.components[m.component].game, m.to));
        const std::string short_form = std::to_string(m.component) + ":" + to;
        if (word == full || word == short_form || word == to) {
          chosen = m;
          break;
        }
      }
    }
    if (!chosen) {
      std::cout << "not a move here: '" << line << "'\n";
      continue;
    }
    history.push_back({sum, trail.size() - 1});
    sum = actual_rows(after_move(sum, *chosen));
    std::cout << "you: " << describe(history.back().sum, *chosen) << '\n';
    human_to_move = false;
    new_position = true;
  }
}

}  // namespace

Runner add_play_command(CLI::App& app) {
  auto args = std::make_shared<PlayArgs>();
  CLI::App* cmd = app.add_subcommand("play", "Play a sum against a perfect opponent");
  cmd->footer(
      "\nType a move by its number, or as listed ('0: nim:3 -> nim:1', '0: nim:1' or 'nim:1'),\n"
      "or hint, undo, quit. With stdin not a terminal, moves are read line by line.\n"
      "In a loopy game (a graph with cycles) the computer keeps a drawn position drawn, and the\n"
      "game ends as a draw when a position comes back a third time with the same player to move.\n"
      "\nExamples:\n"
      "  grundy play 'nim:3 + nim:4 + nim:5'\n"
      "  printf 'hint\\n1\\n' | grundy play '0.07:9 + nim:2' --misere");
  cmd->add_option("sum", args->sum, "GAME:POSITION + GAME:POSITION + ...")->required();
  cmd->add_flag("--misere", args->misere, "Misère play: the player who cannot move wins");
  cmd->add_flag("--computer-first", args->computer_first, "The computer moves first");
  cmd->add_option("--max-states", args->max_states,
                  "Positions the exact search may store, one memo for the game (default "
                  "200000); beyond it, normal play falls back to Grundy values and misère play "
                  "is refused");
  cmd->add_option("--list", args->list, "List at most N moves (default 40)");
  add_common_options(*cmd, args->common);
  return [args] { return run_play(*args); };
}

}  // namespace grundy::cli
