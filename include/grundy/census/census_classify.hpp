#pragma once
/// \file Classifying one game of a census within a budget: compute its values (the sparse-space
/// engine into a sequence file, or a dense table), prove a period when a theorem allows, and
/// otherwise say what the values show. A game stopped by its budget keeps its values in its
/// sequence file; a later run with a bigger budget verifies that file and continues it.

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>

#include "grundy/analysis/period_run.hpp"
#include "grundy/census/census_result.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/rules/game.hpp"

namespace grundy {

struct CensusBudget {
  /// Values (g(0..values-1)) and seconds per game, whichever comes first.
  std::uint64_t values = std::uint64_t{1} << 20;
  double seconds = 20;
  /// Take-and-break games still open at the budget whose values look bounded (looks_bounded) are
  /// continued up to these (the census runner's second pass): .376 and .354 need millions of
  /// values, and show no period at 2^20.
  std::uint64_t extended_values = std::uint64_t{1} << 25;
  double extended_seconds = 60;
  /// Games whose moves leave three heaps (a cubic table): their own budget.
  std::uint64_t three_heap_values = std::uint64_t{1} << 13;
  double three_heap_seconds = 20;

  /// The values budget that applies to `game`.
  std::uint64_t values_for(const Game& game) const;
  double seconds_for(const Game& game) const;
};

struct CensusJob {
  /// The game's spec (the canonical one).
  std::string game;
  /// Where its values are kept between runs (created when the game stays open).
  std::filesystem::path sequence;
  CensusBudget budget;
};

/// Classifies `job.game` (see the file comment) by the engine's period run (`census_engine`).
/// Stops at the budget, or when `*stop` becomes true (then throws Interrupted after saving the
/// values computed). Throws Error for a game the census cannot classify (not a heap game) and
/// for a sequence file that is not this game's or fails its check.
GameResult classify_game(const CensusJob& job, const Engine& engine,
                         const std::atomic<bool>* stop = nullptr);

/// Whether an open game's values look bounded, so that more values may well prove a period: a
/// take-and-break code whose largest value was first reached in the first half of its values,
/// and fewer than 1% of them rare (under the best sparse-space mask).
bool looks_bounded(const Game& game, const GameResult& result);

/// The fields of `result` that say what its values look like (largest value, rare positions).
void set_profile(const ValueProfile& profile, GameResult& result);

}  // namespace grundy
