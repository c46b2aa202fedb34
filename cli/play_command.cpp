// grundy play SUM : play against a perfect opponent, on a terminal or line by line from stdin;
// with --json, a transcript of JSON lines (one event per line) for programs that drive it.
#include <unistd.h>

#include <algorithm>
#include <iostream>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/analysis/value_sources.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/rules/coin_turning.hpp"
#include "grundy/rules/take_break.hpp"
#include "grundy/solve/loopy_value.hpp"
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
  std::string max = "10000000";
  bool no_cache = false;
};

/// Moves listed and matched at most (a position with more is still playable by typing the move).
constexpr std::size_t kMaxEnumerated = 100000;
/// A typed move that is not among the enumerated ones is looked for among this many options of
/// each component; past them, among the options of its value the value sources name (Nim's
/// formula names the one option of each smaller value).
constexpr std::uint64_t kMaxSearched = 10'000'000;
constexpr std::size_t kMaxNamedByValue = 1000;

struct StopEnumerating {};

/// The moves of a sum, in component order: at most kMaxEnumerated.
struct Moves {
  std::vector<Move> moves;
  bool complete = true;  ///< false: the sum has more moves than these
};

Moves moves_of(const Sum& sum) {
  Moves out;
  try {
    for (std::size_t i = 0; i < sum.components.size(); ++i) {
      const Component& c = sum.components[i];
      for_each_option(*c.game, c.position, [&](std::span<const Position> parts) {
        if (out.moves.size() >= kMaxEnumerated) throw StopEnumerating{};
        Move m{i, std::vector<Position>(parts.begin(), parts.end())};
        std::sort(m.to.begin(), m.to.end());
        out.moves.push_back(std::move(m));
      });
    }
  } catch (const StopEnumerating&) {
    out.complete = false;
  }
  return out;
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
/// for loopy games: solve_sum's move to play, which makes progress), from the value sources solve
/// uses (value_sources: formulas, tables, proven periods, and Wythoff's theorem for a lone huge
/// position), kept for the whole game.
class Oracle {
 public:
  Oracle(Play play, std::uint64_t max_states, Limits limits, const SumEvaluators::Factory& values)
      : play_(play), values_(Sum{}, values) {
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
    const SumSolution s = solve_sum(sum, sources(sum), 1);
    if (s.move_to_play) return {*s.move_to_play, Verdict::win};
    if (s.outcome == Outcome::D) {
      for (const Move& m : moves) {
        const Sum next = after_move(sum, m);
        if (solve_sum(next, sources(next), 0).outcome == Outcome::D) {
          return {m, Verdict::draw};
        }
      }
    }
    return {moves.front(), Verdict::loss};
  }

  /// The value sources of `sum`'s games.
  std::vector<ValueSource*> sources(const Sum& sum) { return values_.sources_for(sum); }

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
  SumEvaluators values_;
};

// ---------------------------------------------------------------------------------------------
// Typed moves
// ---------------------------------------------------------------------------------------------

/// What a squeezed move text `i:FROM->TO`, `i:TO` or `TO` leaves in component i, parts sorted;
/// nothing when it does not name a move of component i.
std::optional<std::vector<Position>> typed_parts(const Sum& sum, std::size_t i,
                                                 const std::string& word) {
  const Component& c = sum.components[i];
  std::string_view to = word;
  const std::string index = std::to_string(i) + ":";
  if (to.starts_with(index)) {
    to.remove_prefix(index.size());
    const std::string from = squeeze(format_component(*c.game, c.position)) + "->";
    if (to.starts_with(from)) to.remove_prefix(from.size());
  }
  std::vector<Position> parts;
  if (to == "0") return parts;
  // GAME:P1+GAME:P2...: positions never contain "+GAME:".
  const std::string prefix = squeeze(c.game->name()) + ":";
  while (true) {
    if (!to.starts_with(prefix)) return std::nullopt;
    to.remove_prefix(prefix.size());
    const std::size_t next = to.find("+" + prefix);
    try {
      parts.push_back(parse_position(*c.game, to.substr(0, next)));
    } catch (const Error&) {
      return std::nullopt;
    }
    if (next == std::string_view::npos) break;
    to.remove_prefix(next + 1);
  }
  std::sort(parts.begin(), parts.end());
  return parts;
}

enum class Found { yes, no, unknown };

/// Whether `parts` (sorted) is an option of component c: for take-and-break games from the code;
/// otherwise the first kMaxSearched options compared (families give parts in non-decreasing
/// order), then the options of its value that the value source or the family's formula name.
Found is_option(const Component& c, const std::vector<Position>& parts, ValueSource& source) {
  if (const TakeBreakCode* code = c.game->take_break_code()) {
    return is_take_break_option(*code, c.position.x, parts) ? Found::yes : Found::no;
  }
  std::uint64_t seen = 0;
  bool found = false;
  try {
    for_each_option(*c.game, c.position, [&](std::span<const Position> option) {
      if (++seen > kMaxSearched) throw StopEnumerating{};
      if (std::equal(option.begin(), option.end(), parts.begin(), parts.end())) {
        found = true;
        throw StopEnumerating{};
      }
    });
  } catch (const StopEnumerating&) {
  }
  if (found) return Found::yes;
  if (seen <= kMaxSearched) return Found::no;
  OptionFunction compare([&](std::span<const Position> option) {
    found = found || std::equal(option.begin(), option.end(), parts.begin(), parts.end());
  });
  // Every option of that value seen: a definite answer.
  bool all_named = false;
  try {
    const Value v = option_value(parts, source);
    std::optional<std::uint64_t> count =
        c.game->formula_options_with_value(c.position, v, kMaxNamedByValue, compare);
    if (!count) count = source.options_with_value(c.position, v, kMaxNamedByValue, compare).count;
    all_named = count && *count <= kMaxNamedByValue;
  } catch (const Error&) {
    // No value for those parts (beyond every table and period): not found that way either.
  }
  return found ? Found::yes : all_named ? Found::no : Found::unknown;
}

/// The move the human typed (squeezed `word`): its number in the list, or its text as listed
/// (`0: nim:3 -> nim:1`, `0: nim:1` or `nim:1`); past the enumerated moves, by is_option.
std::pair<std::optional<Move>, Found> typed_move(const Sum& sum, const Moves& moves,
                                                 const std::string& word, Oracle& oracle) {
  if (std::all_of(word.begin(), word.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
    const std::size_t k = word.size() > 9 ? 0 : std::stoul(word);
    if (k >= 1 && k <= moves.moves.size()) return {moves.moves[k - 1], Found::yes};
    return {std::nullopt, Found::no};
  }
  for (const Move& m : moves.moves) {
    const std::string full = squeeze(describe(sum, m));
    const std::string to = squeeze(format_option(*sum.components[m.component].game, m.to));
    const std::string short_form = std::to_string(m.component) + ":" + to;
    if (word == full || word == short_form || word == to) return {m, Found::yes};
  }
  if (moves.complete) return {std::nullopt, Found::no};
  Found result = Found::no;
  const std::vector<ValueSource*> sources = oracle.sources(sum);
  for (std::size_t i = 0; i < sum.components.size(); ++i) {
    const std::optional<std::vector<Position>> parts = typed_parts(sum, i, word);
    if (!parts) continue;
    const Found here = is_option(sum.components[i], *parts, *sources[i]);
    if (here == Found::yes) return {Move{i, *parts}, Found::yes};
    if (here == Found::unknown) result = Found::unknown;
  }
  return {std::nullopt, result};
}

// ---------------------------------------------------------------------------------------------
// What play prints
// ---------------------------------------------------------------------------------------------

/// The transcript: lines for a person (the contract's text), or with --json one JSON object per
/// event, each line flushed as it is written so that a program can answer it.
class Transcript {
 public:
  Transcript(bool json, std::size_t list) : json_(json), list_(list) {}

  void start(const Sum& sum, Play play, bool human_first) {
    if (json_) {
      emit({{"event", "start"},
            {"sum", format_sum(sum)},
            {"play", play == Play::misere ? "misere" : "normal"},
            {"first", human_first ? "human" : "computer"}});
      return;
    }
    std::cout << (play == Play::misere ? "misère play: whoever cannot move wins\n"
                                       : "normal play: whoever cannot move loses\n");
  }
  /// A position; with the human to move (and the game going on), the moves to choose from.
  void position(const Sum& sum, bool human_to_move, const Moves* moves) {
    if (json_) {
      nlohmann::ordered_json event{{"event", "position"},
                                   {"position", sum.components.empty() ? "0" : format_sum(sum)},
                                   {"to_move", human_to_move ? "human" : "computer"}};
      if (moves != nullptr) {
        nlohmann::ordered_json listed = nlohmann::ordered_json::array();
        for (std::size_t k = 0; k < moves->moves.size() && k < list_; ++k) {
          nlohmann::ordered_json m{{"number", k + 1}};
          m.update(move_json(sum, moves->moves[k]));
          listed.push_back(std::move(m));
        }
        event["moves"] = listed;
        event["move_count"] = moves->complete ? Document(moves->moves.size()) : Document(nullptr);
        event["moves_truncated"] = !moves->complete || moves->moves.size() > list_;
      }
      emit(event);
      return;
    }
    std::cout << "position: " << (sum.components.empty() ? "(nothing)" : format_sum(sum)) << '\n';
    if (moves == nullptr) return;
    const std::vector<Move>& all = moves->moves;
    for (std::size_t k = 0; k < all.size() && k < list_; ++k) {
      std::cout << "  [" << k + 1 << "] " << describe(sum, all[k]) << '\n';
    }
    if (all.size() > list_ || !moves->complete) {
      // Past the enumerated moves the count is a lower bound.
      std::cout << "  ... " << (moves->complete ? "" : "over ") << all.size() - list_
                << " more moves (type the move, e.g. '" << describe(sum, all.back()) << "')\n";
    }
  }
  void prompt() {
    if (json_) return;
    std::cout << "your move (number, move, hint, undo, quit)> ";
    std::cout.flush();
  }
  /// A line read from a stdin that is not a terminal, shown after the prompt.
  void echo(const std::string& line) {
    if (!json_) std::cout << line << '\n';
  }
  void computer_move(const Sum& sum, const Move& m, Verdict verdict) {
    if (json_) {
      nlohmann::ordered_json event{{"event", "move"}, {"player", "computer"}};
      event.update(move_json(sum, m));
      event["verdict"] = verdict_name(verdict);
      emit(event);
      return;
    }
    std::cout << "computer: " << describe(sum, m)
              << (verdict == Verdict::win    ? ""
                  : verdict == Verdict::draw ? " (it cannot force a win; it keeps the draw)"
                                             : " (it cannot force a win)")
              << '\n';
  }
  void human_move(const Sum& sum, const Move& m) {
    if (json_) {
      nlohmann::ordered_json event{{"event", "move"}, {"player", "human"}};
      event.update(move_json(sum, m));
      emit(event);
      return;
    }
    std::cout << "you: " << describe(sum, m) << '\n';
  }
  void hint(const Sum& sum, const Move& m, Verdict verdict) {
    if (json_) {
      emit({{"event", "hint"},
            {"verdict", verdict_name(verdict)},
            {"move",
             verdict == Verdict::loss ? nlohmann::ordered_json(nullptr) : move_json(sum, m)}});
      return;
    }
    std::cout << (verdict == Verdict::win ? "hint: " + describe(sum, m) + " wins\n"
                  : verdict == Verdict::draw
                      ? "hint: no winning move; " + describe(sum, m) + " keeps the draw\n"
                      : std::string("hint: no winning move; every move loses against perfect "
                                    "play\n"));
  }
  void undo(bool done) {
    if (json_) {
      emit({{"event", "undo"}, {"undone", done}});
    } else if (!done) {
      std::cout << "nothing to undo\n";
    }
  }
  void rejected(const std::string& line, Found found) {
    if (json_) {
      emit({{"event", "rejected"},
            {"input", line},
            {"reason", found == Found::unknown ? "not_found" : "not_a_move"}});
      return;
    }
    if (found == Found::unknown) {
      std::cout << "not found among the first " << kMaxSearched << " moves of any component: '"
                << line << "'\n";
    } else {
      std::cout << "not a move here: '" << line << "'\n";
    }
  }
  /// The end: `human_wins` nothing for a draw or an unfinished game.
  void end(std::optional<bool> human_wins, std::string_view reason) {
    if (json_) {
      emit({{"event", "end"},
            {"winner", human_wins ? nlohmann::ordered_json(*human_wins ? "human" : "computer")
                                  : nlohmann::ordered_json(nullptr)},
            {"reason", reason}});
      return;
    }
    if (reason == "no_move") std::cout << (*human_wins ? "you win\n" : "the computer wins\n");
    if (reason == "repetition") {
      std::cout << "the same position with the same player to move for the third time: a draw\n";
    }
    if (reason == "end_of_input") std::cout << "\nend of input: game left unfinished\n";
  }

 private:
  static const char* verdict_name(Verdict v) {
    return v == Verdict::win ? "win" : v == Verdict::draw ? "draw" : "loss";
  }
  static nlohmann::ordered_json move_json(const Sum& sum, const Move& m) {
    const Component& c = sum.components[m.component];
    return {{"component", m.component},
            {"from", format_component(*c.game, c.position)},
            {"to", format_option(*c.game, m.to)}};
  }
  static void emit(const nlohmann::ordered_json& event) {
    std::cout << dump_document(event) << '\n';
    std::cout.flush();
  }

  bool json_;
  std::size_t list_;
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
  // The position shown is the actual rows of coin-turning games (a head turned twice is tails).
  Sum sum = actual_rows(Engine::sum(args.sum));
  const std::uint64_t max_states =
      parse_number_option("--max-states", args.max_states, kMaxCoordinate);
  const std::uint64_t list = parse_number_option("--list", args.list, 100000);
  const Play play = args.misere ? Play::misere : Play::normal;
  const PeriodOptions values = period_options(
      args.common, args.no_cache, parse_number_option("--max", args.max, kMaxCoordinate));
  Oracle oracle(play, max_states, args.common.limits(),
                value_sources(values, terminal_progress("play")));
  oracle.require_within_budget(sum);
  Transcript out(args.common.json, list);
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
  out.start(sum, play, human_to_move);
  while (true) {
    const Moves moves = moves_of(sum);
    bool drawn = false;
    if (new_position) {
      new_position = false;
      trail.push_back(repetition_key(sum, human_to_move));
      drawn = ++seen[trail.back()] == kRepetitionsForDraw;
    }
    out.position(sum, human_to_move, human_to_move && !drawn ? &moves : nullptr);
    if (drawn) {
      out.end(std::nullopt, "repetition");
      return 0;
    }
    if (moves.moves.empty()) {
      const bool mover_wins = play == Play::misere;
      out.end(human_to_move == mover_wins, "no_move");
      return 0;
    }
    if (!human_to_move) {
      const auto [move, verdict] = oracle.choose(sum, moves.moves);
      end_progress();
      out.computer_move(sum, move, verdict);
      sum = actual_rows(after_move(sum, move));
      human_to_move = true;
      new_position = true;
      continue;
    }
    out.prompt();
    std::string line;
    if (!std::getline(std::cin, line)) {
      out.end(std::nullopt, "end_of_input");
      return 0;
    }
    if (!interactive) out.echo(line);
    const std::string word = squeeze(line);
    if (word.empty()) continue;
    if (word == "quit") {
      out.end(std::nullopt, "quit");
      return 0;
    }
    if (word == "hint") {
      const auto [move, verdict] = oracle.choose(sum, moves.moves);
      end_progress();
      out.hint(sum, move, verdict);
      continue;
    }
    if (word == "undo") {
      out.undo(!history.empty());
      if (!history.empty()) {
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
    const auto [chosen, found] = typed_move(sum, moves, word, oracle);
    end_progress();
    if (!chosen) {
      out.rejected(line, found);
      continue;
    }
    history.push_back({sum, trail.size() - 1});
    sum = actual_rows(after_move(sum, *chosen));
    out.human_move(history.back().sum, *chosen);
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
      "--json prints a transcript of JSON lines, one event per line (docs/cli.md).\n"
      "\nExamples:\n"
      "  grundy play 'nim:3 + nim:4 + nim:5'\n"
      "  printf 'hint\\n1\\n' | grundy play '0.07:9 + nim:2' --misere\n"
      "  printf 'hint\\nquit\\n' | grundy play 'kayles:1000000000000 + nim:3' --json");
  cmd->add_option("sum", args->sum, "GAME:POSITION + GAME:POSITION + ...")->required();
  cmd->add_flag("--misere", args->misere, "Misère play: the player who cannot move wins");
  cmd->add_flag("--computer-first", args->computer_first, "The computer moves first");
  cmd->add_option("--max-states", args->max_states,
                  "Positions the exact search may store, one memo for the game (default "
                  "200000); beyond it, normal play falls back to Grundy values and misère play "
                  "is refused");
  cmd->add_option("--list", args->list, "List at most N moves (default 40)");
  add_common_options(*cmd, args->common);
  cmd->get_option("--json")->description(
      "Print a transcript of JSON lines on stdout, one event per line (not one document)");
  add_threads_option(*cmd, args->common);
  add_period_search_options(*cmd, args->max, args->no_cache);
  return [args] { return run_play(*args); };
}

}  // namespace grundy::cli
