#pragma once
/// \file `grundy explain --misere`: why a position wins or loses under misère play — its options,
/// each option's outcome and, when a misère quotient decides them, each one's class in the
/// quotient and whether that class is in the P-portion.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/outcome.hpp"

namespace grundy {

struct MisereExplanation {
  std::string game;
  std::string position;
  /// `GAME:POSITION`.
  std::string component;
  /// The most options listed.
  std::uint64_t max_options = 0;
  /// The position's misère outcome: P (second player wins) or N.
  Outcome outcome = Outcome::P;

  /// The quotient that decided it (explained by `grundy quotient`), when one did: the heap games
  /// and heaps it covers, its order and P-portion, and the position's class in it.
  struct Quotient {
    std::string game;
    std::uint64_t max_heap = 0;
    std::uint64_t order = 0;
    std::uint64_t p_count = 0;
    /// The class of the position: its least monomial in the generators (`a^2b`, `1`).
    std::string element;
    /// For a heap beyond max_heap: Φ(n + period) = Φ(n) for n >= preperiod, proven, gave the
    /// classes (period 0 otherwise).
    std::uint64_t phi_preperiod = 0;
    std::uint64_t phi_period = 0;
    /// The quotient of every heap size (Φ's period proven), not only of the heaps 0..max_heap.
    bool complete = false;
  };
  std::optional<Quotient> quotient;

  struct Option {
    std::string text;
    Outcome outcome = Outcome::P;
    /// Its class in the quotient (when one decided).
    std::string element;
    /// The move by its cells on a board (`b2-b3`), empty elsewhere (Game::move_name).
    std::string move;
  };
  std::uint64_t option_count = 0;
  /// Options that are misère P-positions: the moves that win.
  std::uint64_t winning_count = 0;
  std::vector<Option> listed;  // the first max_options options, in the family's order

  /// "first" or "second".
  std::string winner() const { return std::string(winner_name(outcome)); }
};

}  // namespace grundy
