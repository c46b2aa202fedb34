#pragma once
/// \file Which periodicity theorem covers a game, and how many values it needs to prove a
/// candidate preperiod and period.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "grundy/analysis/periodicity.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/take_break.hpp"

namespace grundy {

struct PeriodicityTheorem {
  enum class Kind {
    none_applies,  ///< the family has a theory, but no theorem covers this game
    window,        ///< finite subtraction set: a repeated window of max(S) values
    take_break,    ///< Guy–Smith for take-and-break codes, generalised to three heaps
    residue,       ///< infinite subtraction set with g(n) = n mod q by a residue argument
    nim,           ///< g(n) = n (Bouton)
    /// Moves that leave at most one heap and repeat with the tokens removed (all-but games,
    /// repeating codes without split digits): the shift check of shift_check.hpp proves
    /// g(n + p) = g(n) + s, saltus 0 included.
    arithmetic,
    lasker,  ///< Lasker's Nim, 4.(3): its closed form, period 4 with saltus 4 from 1
  };
  Kind kind = Kind::none_applies;
  /// window: m = max(S). take_break: t = the most tokens a move removes. arithmetic: the window w
  /// (moves removing more than w tokens repeat with period `modulus`).
  std::uint64_t reach = 0;
  /// take_break: the most heaps one move leaves (1, 2 or 3); arithmetic: 1.
  int heaps = 0;
  /// residue: q. arithmetic: P, the period of the moves in the tokens removed.
  std::uint64_t modulus = 0;
  /// arithmetic: the game's moves as a repeating code of bits 1 (remove the whole heap) and 2
  /// (leave one non-empty heap); an all-but game excluding E is 0.d1..de(3) with dk = 0 for k in E,
  /// else 3.
  TakeBreakCode moves;
  /// none_applies: why.
  std::string reason;

  /// N such that g(0..N-1), with g(n + p) = g(n) for every i <= n < N - p, proves that the
  /// sequence is periodic from i with period p. Saturates at 2^64-1 ("more than can be
  /// computed"), which is also the answer for none_applies and arithmetic (whose N depends on the
  /// values, not only on i and p: the overload below).
  std::uint64_t values_needed(std::uint64_t i, std::uint64_t p) const;
  /// N for the sequence `claim` (preperiod, least period, saltus and values; values past the
  /// stored ones by the period): for arithmetic, x + p' with p' = lcm(period, P) and x the least
  /// point of the shift check for p' and the saltus p' brings, looking at no value from `limit`
  /// on (2^64-1 when it does not pass there); for the other kinds values_needed(i, p).
  std::uint64_t values_needed(const Periodicity& claim, std::uint64_t limit) const;
  /// The proof, in one sentence, for preperiod i and period p proven from N values.
  std::string statement(std::uint64_t i, std::uint64_t p, std::uint64_t n) const;
  /// The same for any kind, with the saltus and the values the proof needs (arithmetic names its
  /// period p', saltus and check point).
  std::string statement(const Periodicity& claim, std::uint64_t needed, std::uint64_t n) const;
};

/// The period p' = lcm(p, P) the shift check proves for a least period p, and the saltus it
/// brings, s * p' / p; nothing when they pass 2^64-1.
std::optional<std::pair<std::uint64_t, Value>> shift_period(const PeriodicityTheorem& theorem,
                                                            std::uint64_t p, Value s);

/// The theorem for `game`. Throws Error when the family has no periodicity theory at all (cut,
/// digits, graph games, ...).
PeriodicityTheorem periodicity_theorem(const Game& game);

/// The periodicity a closed-form theorem gives with no values computed (residue, nim, lasker);
/// nothing for the other kinds.
std::optional<Periodicity> closed_form_periodicity(const PeriodicityTheorem& theorem);

}  // namespace grundy
