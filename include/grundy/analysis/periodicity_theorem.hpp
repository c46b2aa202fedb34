#pragma once
/// \file Which periodicity theorem covers a game, and how many values it needs to prove a
/// candidate preperiod and period.

#include <cstdint>
#include <optional>
#include <string>

#include "grundy/analysis/periodicity.hpp"
#include "grundy/rules/game.hpp"

namespace grundy {

struct PeriodicityTheorem {
  enum class Kind {
    none_applies,  ///< the family has a theory, but no theorem covers this game
    window,        ///< finite subtraction set: a repeated window of max(S) values
    take_break,    ///< Guy–Smith for take-and-break codes, generalised to three heaps
    residue,       ///< infinite subtraction set with g(n) = n mod q by a residue argument
    nim,           ///< g(n) = n (Bouton)
  };
  Kind kind = Kind::none_applies;
  /// window: m = max(S). take_break: t = the most tokens a move removes.
  std::uint64_t reach = 0;
  /// take_break: the most heaps one move leaves (1, 2 or 3).
  int heaps = 0;
  /// residue: q.
  std::uint64_t modulus = 0;
  /// none_applies: why.
  std::string reason;

  /// N such that g(0..N-1), with g(n + p) = g(n) for every i <= n < N - p, proves that the
  /// sequence is periodic from i with period p. Saturates at 2^64-1 ("more than can be
  /// computed"), which is also the answer for none_applies.
  std::uint64_t values_needed(std::uint64_t i, std::uint64_t p) const;
  /// The proof, in one sentence, for preperiod i and period p proven from N values.
  std::string statement(std::uint64_t i, std::uint64_t p, std::uint64_t n) const;
};

/// The theorem for `game`. Throws Error when the family has no periodicity theory at all (cut,
/// digits, graph games, ...).
PeriodicityTheorem periodicity_theorem(const Game& game);

/// The periodicity a closed-form theorem gives with no values computed (residue, nim); nothing
/// for the other kinds.
std::optional<Periodicity> closed_form_periodicity(const PeriodicityTheorem& theorem);

}  // namespace grundy
