#pragma once
/// \file Misère Nim by its closed form (defined in misere_nim.cpp).

#include <cstddef>
#include <cstdint>
#include <span>

#include "grundy/core/outcome.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/misere_search.hpp"

namespace grundy {

/// Misère Nim (Bouton; Winning Ways ch. 13): the player to move wins iff the nim-sum is non-zero,
/// except when every heap is at most 1, where the player to move wins iff the nim-sum is 0.
Outcome misere_nim_outcome(std::span<const std::uint64_t> heaps);

/// True when every component of `sum` is a Nim heap (the family `nim`, by its type, whatever
/// the game's name), so misere_nim_outcome applies.
bool is_nim_sum(const Sum& sum);

/// The misère outcome and winning moves of a sum of Nim heaps by the closed form, in time linear
/// in the number of heaps (no search, no limit on heap sizes).
SearchSolution solve_misere_nim(const Sum& sum, std::size_t max_moves);

}  // namespace grundy
