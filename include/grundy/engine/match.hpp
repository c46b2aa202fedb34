#pragma once
/// \file A game against the perfect player (`grundy play`, `grundy.play`): the position, whose turn
/// it is, the moves, the computer's choice and hints, typed moves, undo and the repetition rule.
/// The faces only show it and read the human's input.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/engine/answers.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/misere_search.hpp"

namespace grundy {

class Engine;
class Oracle;

/// What the player to move can force.
enum class Verdict { win, draw, loss };
/// "win", "draw" or "loss".
std::string_view verdict_name(Verdict verdict);

/// The moves of a position in component order: at most Match::kMaxListed of them.
struct MoveList {
  std::vector<MoveText> moves;
  bool complete = true;  ///< false: the position has more moves than these
};

/// What a typed move came to: a move, not a move, or not found among the options searched.
enum class Found { yes, no, unknown };

class Match {
 public:
  /// Moves of a position enumerated for listing and numbering.
  static constexpr std::size_t kMaxListed = 100000;
  /// A typed move that is not among the listed ones is looked for among this many options of each
  /// component; past them, among the options of its value the value sources name.
  static constexpr std::uint64_t kMaxSearched = 10'000'000;
  /// The exact search's default state budget for a whole game (one memo serves it).
  static constexpr std::uint64_t kDefaultMaxStates = 200'000;
  /// A loopy game can go on for ever: the third time the same position comes back with the same
  /// player to move, the game is drawn.
  static constexpr int kRepetitionsForDraw = 3;

  enum class State { going, no_move, repetition };

  /// A game from `start` (coin-turning games played as their actual rows). Under misère play a
  /// game whose search passes the engine's state budget by its bound is refused at once.
  Match(const Engine& engine, const Sum& start, Play play, bool human_first);
  ~Match();
  Match(const Match&) = delete;
  Match& operator=(const Match&) = delete;

  Play play() const { return play_; }
  const Sum& position() const { return sum_; }
  /// The canonical sum; empty when nothing is left.
  std::string position_text() const;
  /// The position drawn for a person: each component whose family draws it (a board, with its
  /// coordinates), after a line `i: COMPONENT` when the sum has several; empty when none does.
  std::string drawing() const;
  bool human_to_move() const { return human_to_move_; }
  /// Misère play through a misère quotient: which, and whether it is complete.
  std::optional<QuotientUsed> quotient() const;
  const MoveList& moves() const { return moves_; }
  State state() const { return state_; }
  /// State::no_move: whether the human won (the player who cannot move loses under normal play
  /// and wins under misère play).
  bool human_wins() const;

  struct Choice {
    MoveText move;
    Verdict verdict = Verdict::win;
  };
  /// The computer's move (which it then plays): by exact search within the state budget (hurry
  /// when winning, so no cycle; delay when losing; keep a draw), beyond it by Grundy values.
  Choice computer_move();
  /// The move the computer would play for the human, and what it achieves.
  Choice hint();

  struct Typed {
    std::optional<MoveText> move;  ///< the move played
    Found found = Found::no;
  };
  /// The human's move, typed as its number in the list, or as listed (`0: nim:3 -> nim:1`,
  /// `0: nim:1`, `nim:1`; spaces ignored); played when found.
  Typed human_move(std::string_view text);
  /// Takes back the human's last move and the computer's reply; false when there is none.
  bool undo();

 private:
  /// A new position: its moves, and the repetition rule.
  void arrive();
  void apply(const Move& move);

  Play play_;
  Sum sum_;
  bool human_to_move_;
  std::unique_ptr<Oracle> oracle_;
  std::vector<Move> raw_moves_;  // moves_ as moves
  MoveList moves_;
  State state_ = State::going;
  struct Before {
    Sum sum;
    std::size_t trail_size;
  };
  std::vector<Before> history_;     // positions before each of the human's moves, for undo
  std::vector<std::string> trail_;  // every position so far, for the repetition rule
  std::map<std::string, int> seen_;
};

}  // namespace grundy
