#pragma once
/// \file What the census finds about one game: its class (trivial, solved, open), the proof of a
/// solved game (a period certificate, analysis/period_certificate.hpp), and for an open game what
/// its values show so far. Plain data: the runner makes it, the database stores it, workers send
/// it to the manager as JSON.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "grundy/core/value.hpp"

namespace grundy {

/// trivial: periodicity proven from g(0..999); solved: proven from more values; open: not
/// proven within the budget.
enum class CensusClass { trivial, solved, open };

std::string_view census_class_name(CensusClass c);
/// Throws Error for a name that is none of the three.
CensusClass census_class_from_name(std::string_view name);

/// Games proven periodic from at most this many values are trivial.
inline constexpr std::uint64_t kTrivialValues = 1000;

/// What the values of an open game look like (observed, never a proof).
enum class Regularity {
  none,                 ///< nothing seen yet (or not examined)
  periodic,             ///< the last values repeat with a period the theorem cannot prove yet
  arithmetic_periodic,  ///< g(n+p) = g(n) + s (s > 0) over the last values, no proof
  neither,              ///< values examined: neither periodic nor arithmetic-periodic
};
std::string_view regularity_name(Regularity r);
Regularity regularity_from_name(std::string_view name);

struct GameResult {
  /// The game's canonical spec (`0.77`, `hex(0.F)`, `sub(1,2)`, `allbut(1)`).
  std::string game;
  CensusClass census_class = CensusClass::open;
  /// g(0..values_computed-1) were computed (for a proven game: the values the proof used).
  std::uint64_t values_computed = 0;

  // Proven (trivial, solved).
  std::uint64_t preperiod = 0;
  std::uint64_t period = 0;
  Value saltus = 0;
  /// The theorem's name (`take_break`, `window`, ...: theorem_kind_name) and its sentence.
  std::string theorem;
  std::string proof;
  /// The period certificate in its text form (#8's format), re-checked by `census verify`.
  std::string certificate;

  // What the values show (all classes; for proven games up to values_computed).
  Value largest_value = 0;
  std::uint64_t largest_first = 0;  ///< the first position with the largest value
  /// The sparse-space mask with the fewest rare positions among the values, their number, and
  /// the last rare position (none when no position is rare).
  Value rare_mask = 0;
  std::uint64_t rare_count = 0;
  std::optional<std::uint64_t> last_rare;

  // Open games: what the values look like.
  Regularity regularity = Regularity::none;
  std::uint64_t observed_preperiod = 0, observed_period = 0;
  Value observed_saltus = 0;
  /// For an observed period: the values the theorem needs to prove it (2^64-1: no theorem).
  std::uint64_t observed_values_needed = 0;

  /// Wall time of this game in this run, and whether it stopped at the seconds budget (else at the
  /// values budget, or proven).
  double seconds = 0;
  bool stopped_by_time = false;
  /// The engine that computed it (kEngineVersion).
  std::string engine;

  /// Every field equal (the JSON round trip, results compared across runs).
  friend bool operator==(const GameResult&, const GameResult&) = default;
};

/// Which results hold a field (the database keeps NULL in the others): every result, a proven one
/// (trivial, solved), or one whose values show a period (regularity periodic or
/// arithmetic_periodic).
enum class ResultFieldGroup { always, proven, observed };

/// Whether `result` holds the fields of `group`.
bool holds_fields(const GameResult& result, ResultFieldGroup group);

/// The one table of GameResult's fields, in their order: calls f(name, member, group) for each,
/// `member` a reference (const when `result` is) of the field's own type. The JSON of a result
/// (result_to_json, result_from_json) and the database's results table (census_database.cpp)
/// are read and written from it; a field added here reaches both.
template <class Result, class F>
void for_each_result_field(Result& result, F&& f) {
  using G = ResultFieldGroup;
  f("game", result.game, G::always);
  f("class", result.census_class, G::always);
  f("values_computed", result.values_computed, G::always);
  f("preperiod", result.preperiod, G::proven);
  f("period", result.period, G::proven);
  f("saltus", result.saltus, G::proven);
  f("theorem", result.theorem, G::proven);
  f("proof", result.proof, G::proven);
  f("certificate", result.certificate, G::proven);
  f("largest_value", result.largest_value, G::always);
  f("largest_first", result.largest_first, G::always);
  f("rare_mask", result.rare_mask, G::always);
  f("rare_count", result.rare_count, G::always);
  f("last_rare", result.last_rare, G::always);
  f("regularity", result.regularity, G::always);
  f("observed_preperiod", result.observed_preperiod, G::observed);
  f("observed_period", result.observed_period, G::observed);
  f("observed_saltus", result.observed_saltus, G::observed);
  f("observed_values_needed", result.observed_values_needed, G::observed);
  f("seconds", result.seconds, G::always);
  f("stopped_by_time", result.stopped_by_time, G::always);
  f("engine", result.engine, G::always);
}

/// JSON text of a result and back (the manager/worker messages; strict: Error on anything else).
std::string result_to_json(const GameResult& result);
GameResult result_from_json(std::string_view text);

}  // namespace grundy
