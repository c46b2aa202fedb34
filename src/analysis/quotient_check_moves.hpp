#pragma once
/// \file Internal: the options of every heap as check_quotient reads them (quotient_check.cpp),
/// exposed for the tests that compare the take-and-break path with the game's own options.

#include <optional>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/rules/game.hpp"
#include "quotient_candidate.hpp"

namespace grundy::detail {

/// The options of heaps 0..q.max_heap of `game`, one option for each class (under q) that an
/// option of a heap falls into, heaps without a move dropped from what an option leaves. With
/// `from_code`, a take-and-break code's options are read from its digits (take_break_heap_moves);
/// otherwise, and for every other game, each option is visited through the game.
HeapMoves heap_moves_by_class(const Game& game, const MisereQuotient& q, QuotientWork& work,
                              bool from_code);

/// The take-and-break path alone: nothing unless the game has a code whose moves leave at most
/// two heaps.
std::optional<HeapMoves> take_break_heap_moves(const Game& game, const MisereQuotient& q,
                                               QuotientWork& work);

}  // namespace grundy::detail
