#pragma once
/// \file Internal: the options of every heap as check_quotient reads them (quotient_check.cpp),
/// exposed for the tests that compare the take-and-break path with the game's own options.

#include <optional>
#include <vector>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/rules/game.hpp"
#include "quotient_candidate.hpp"

namespace grundy::detail {

/// What the verification of a quotient q (find_failure) is given of the game's moves.
///
/// find_failure reads a heap h only as a letter: its class Φ(h) and the set of the classes of its
/// options (each option read through the classes of its parts), and keeps the first heap of each
/// letter (quotient_verify.cpp, distinct_letters: two heaps with one class and one set of option
/// classes add the same sums' pairs). So `letters` lists, for the first heap of each letter only,
/// one option of each class, as a sum of heaps of that class (not necessarily an option of that
/// heap: for the verification only the class counts); the later heaps of a letter are given no
/// options and has_moves false, which find_failure reads as "nothing new". Heaps without a move
/// are the identity in every quotient, and are read as such: check_quotient makes sure of it
/// (from `has_moves`) before find_failure runs.
struct CheckMoves {
  /// Whether each heap 0..q.max_heap has a move at all.
  std::vector<bool> has_moves;
  HeapMoves letters;
};

/// The letters of heaps 0..q.max_heap of `game`. With `from_code`, a take-and-break code's
/// options are read from its digits (take_break_heap_moves); otherwise, and for every other game,
/// each option is visited through the game.
CheckMoves heap_moves_by_class(const Game& game, const MisereQuotient& q, QuotientWork& work,
                               bool from_code);

/// The take-and-break path alone: nothing unless the game has a code whose moves leave at most
/// two heaps.
std::optional<CheckMoves> take_break_heap_moves(const Game& game, const MisereQuotient& q,
                                                QuotientWork& work);

}  // namespace grundy::detail
