#pragma once
/// \file What the engine's requests return: value, seq (and its genus sequence), solve and period
/// answers. Plain data,
/// with positions and moves already written in the spec language, so that each face only prints
/// or converts them (document.hpp gives their JSON documents).

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/analysis/periodic_source.hpp"
#include "grundy/analysis/quotient_periodicity.hpp"
#include "grundy/analysis/sequence_run.hpp"
#include "grundy/analysis/sum_quotient.hpp"
#include "grundy/core/outcome.hpp"
#include "grundy/core/value.hpp"
#include "grundy/engine/formula_code.hpp"
#include "grundy/engine/value_table.hpp"
#include "grundy/rules/formula.hpp"
#include "grundy/solve/graph_solver.hpp"
#include "grundy/solve/genus.hpp"
#include "grundy/solve/misere_search.hpp"

namespace grundy {

/// One position's value: a Grundy value, or an infinite loopy value `inf{K}` (then `infinite`
/// holds that text and `value` is kInfiniteValue).
struct PositionValue {
  std::string position;
  Value value = 0;
  std::string infinite;
};

/// `grundy value`.
struct ValueAnswer {
  std::string game;
  std::vector<PositionValue> values;
};

/// `grundy seq` held in memory.
struct SequenceAnswer {
  std::string game;
  std::uint64_t from = 0;
  std::uint64_t to = 0;
  std::vector<Value> values;
};

/// `grundy seq --runs`: the maximal runs of equal values of g(from..to).
struct RunsAnswer {
  std::string game;
  std::uint64_t from = 0;
  std::uint64_t to = 0;
  std::vector<ValueRun> runs;
};

/// `grundy seq --misere` held in memory: the genus of each heap g(from..to).
struct GenusAnswer {
  std::string game;
  std::uint64_t from = 0;
  std::uint64_t to = 0;
  std::vector<Genus> genera;
};

/// `grundy seq --out FILE`: what the file holds after the run.
struct SequenceFileAnswer {
  std::string game;
  std::string file;
  SequenceRunResult run;
};

/// A move of a sum, in the spec language: component index, the component before and what the
/// move leaves of it (`0` for nothing).
struct MoveText {
  std::size_t component = 0;
  std::string from;
  std::string to;
  /// The move in its family's notation for a person (a board's cells: `b2-b3`, `c4`); empty when
  /// a move is named by what it leaves.
  std::string move;
  friend bool operator==(const MoveText&, const MoveText&) = default;
};

/// `i: FROM -> TO`, with ` (MOVE)` after it when the move has a name: how the command writes a
/// move (solve's lines, play's lists), and how a player may type it.
std::string move_line(const MoveText& move);
/// `text (MOVE)`, or `text` when the move has no name: a move written after what it leaves.
std::string with_move_name(const std::string& text, const std::string& move);

/// `grundy solve`.
struct SolveAnswer {
  std::string sum;  // the canonical sum
  Play play = Play::normal;
  Outcome outcome = Outcome::P;
  /// Normal play, when every component's value is known and finite.
  std::optional<Value> nim_sum;
  /// Asked for remoteness: the remoteness, or nothing for a draw.
  bool remoteness_asked = false;
  std::optional<std::uint64_t> remoteness;
  std::vector<MoveText> winning_moves;  // the first max_moves
  bool winning_moves_truncated = false;
  /// Every winning move counted; nothing when it cannot be counted (`count_note` says why).
  std::optional<std::uint64_t> winning_move_count;
  std::string count_note;
  /// Normal play: the winning move the engine would play (in a loopy sum, one that makes
  /// progress); nothing when no move wins.
  std::optional<MoveText> move_to_play;
  /// Misère play: what decided it — "closed form" (Nim), "quotient" (the misère quotient of the
  /// heap games) or "search" (the exact search).
  std::string misere_method;
  /// With "quotient": which quotient.
  std::optional<QuotientUsed> quotient;
};

/// `grundy quotient`: the quotient, and whether it was read from the cache.
struct QuotientAnswer {
  MisereQuotient quotient;
  bool from_cache = false;
  /// Whether Φ is periodic, and proven so (then the quotient is that of every heap size).
  QuotientPeriodicity periodicity;
  /// The quotient of every heap size (Φ's period proven), not only of the heaps 0..max_heap.
  bool complete() const { return periodicity.proven; }
  /// A periodicity theorem covers the game: more heaps could make the quotient complete.
  bool provable = false;
};

/// `grundy period`.
struct PeriodReport {
  std::string game;
  std::uint64_t max_values = 0;
  PeriodAnswer answer;
  /// `--verify`, when a period was proven.
  std::optional<CertificateCheck> verified;
  /// No theorem covers the game: the period the values g(0..answer.values_computed-1) computed
  /// instead show, if any (never a proof).
  std::optional<ObservedPeriod> observed;
  /// Why no values were observed (the sequence g(0), g(1), ... has no meaning for the game).
  std::string not_observed;
  /// A theorem covers the game (a period is proven, or could be with more values).
  bool theorem_applies() const { return answer.periodicity.has_value() || answer.why_not.empty(); }
  /// No theorem covers the game and values were computed to see what they show.
  bool observed_values() const { return !theorem_applies() && answer.values_computed > 0; }
};

/// `grundy formula`: a closed form of g (or of the P-positions alone), proven or observed, and
/// the positions it was checked on.
struct FormulaAnswer {
  std::string game;
  /// Positions of two coordinates (g(x, y), as `grundy table` reads them), not heaps (g(n)).
  bool two_coordinates = false;
  /// How a position is written in the formula's variables: "n", "x,y" or "xXy".
  std::string position;
  /// The form, proven (form->proof) or observed; nothing when none fits.
  std::optional<ClosedForm> form;
  /// The positions the form agrees with, every one of them: heaps from..to, or the cells of
  /// rows x cols that are positions (positions_checked of them; 0 when none could be computed).
  std::uint64_t from = 0;
  std::uint64_t to = 0;
  CoordinateRange rows;
  CoordinateRange cols;
  std::uint64_t positions_checked = 0;
  /// Why nothing is proven: no theorem covers the game, or no period was proven within --max.
  std::string not_proven;
  /// Why no values were checked (they could not be computed), when none were.
  std::string not_checked;
  /// The form for a person and as functions (empty without a form).
  FormulaText text;
  std::string cpp;
  std::string python;

  /// `g(0..N)`, or `g(x,y) for x = a..b, y = c..d`: what positions_checked counts.
  std::string checked_range() const;
};

}  // namespace grundy
