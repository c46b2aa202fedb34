#pragma once
/// \file A budgeted run towards a proof of a heap game's period (the census's question of one
/// game): the values grow within a budget of values and of seconds — by the sparse-space engine
/// for take-and-break codes of at most two heaps per move, else by a dense table (the game's
/// `SolverPlan`) — and the period is proven on the way by the game's periodicity theorem, at the
/// lengths of the one growth schedule (period_growth.hpp). A game that stays open keeps its values
/// in a sequence file, which the next run checks (spot_check_values) and continues.
///
/// The engine serves it (`Engine::period_run`); the census asks it for each game.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "grundy/analysis/periodicity.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/core/value.hpp"
#include "grundy/rules/game.hpp"

namespace grundy {

struct PeriodRunBudget {
  /// g(0..values-1) at most (more when the sequence file already holds more).
  std::uint64_t values = 0;
  /// Seconds of work at most; 0: no limit.
  double seconds = 0;
  /// Where the values of a game that stays open are kept between runs.
  std::filesystem::path sequence;
  /// Set by the caller to stop: the values so far are saved, then Interrupted is thrown.
  const std::atomic<bool>* stop = nullptr;
};

/// What values g(0..n-1) look like: the largest value and where it first appears, and the
/// positions that are rare under the best sparse-space mask (sparse_mask.hpp).
struct ValueProfile {
  Value largest_value = 0;
  std::uint64_t largest_first = 0;
  /// The mask with the fewest rare positions among the values, their number, and the last rare
  /// position (none when no position is rare). No mask (0) for values of 2^22 and more.
  Value rare_mask = 0;
  std::uint64_t rare_count = 0;
  std::optional<std::uint64_t> last_rare;
};

template <class T>
ValueProfile value_profile(std::span<const T> g);

/// A period the values of an open game show (never a proof).
struct ObservedRegularity {
  std::uint64_t preperiod = 0, period = 0;
  /// g(n + p) = g(n) + saltus; 0: an ordinary period.
  Value saltus = 0;
  /// The values its theorem needs to prove it (2^64-1: no theorem covering the game proves it).
  std::uint64_t values_needed = 0;
};

struct PeriodRun {
  /// The game's canonical spec.
  std::string game;
  /// The name of the game's periodicity theorem (theorem_kind_name: `take_break`, `residue`, ...;
  /// `none` when none applies).
  std::string theorem;
  /// The proven period (its proof sentence within), and its certificate's text.
  std::optional<Periodicity> proven;
  std::string certificate;
  /// Values computed (for a proof: the values it checked).
  std::uint64_t values_computed = 0;
  /// Stopped by the seconds or a resource limit, rather than the values budget.
  bool stopped = false;
  /// The values' profile (of the values the proof checked, when proven).
  ValueProfile profile;
  /// An open game: the period its values show, if any.
  std::optional<ObservedRegularity> observed;
  double seconds = 0;
};

/// Runs `game` within `budget` (see the file comment). Throws Error for a game that is not a
/// heap game, and for a sequence file that holds another game or fails its check; Interrupted
/// when `budget.stop` is set (after saving the values).
PeriodRun run_period(const std::shared_ptr<const Game>& game, const PeriodRunBudget& budget,
                     const Limits& limits);

/// Recomputes g(n) by mex over the game's options from `g` itself at `positions` spread over
/// 0..g.size()-1 (always the last one) as long as the options visited stay within `max_work`;
/// the number of positions checked, or Error naming the first position whose value is wrong.
template <class T>
std::uint64_t spot_check_values(const Game& game, std::span<const T> g, std::uint64_t max_work,
                                std::uint64_t positions = 200);

}  // namespace grundy
