#pragma once
/// \file Moore's Nim_k: a move removes tokens from at least one and at most k heaps (any positive
/// number from each). Nim_1 is Nim.

#include <cstdint>
#include <span>

namespace grundy {

/// Moore's theorem (E. H. Moore, "A generalization of the game called Nim", Annals of
/// Mathematics 11 (1910) 93-94): a position of Nim_k is a P-position iff, for every binary digit,
/// the number of heaps with a 1 there is a multiple of k + 1.
bool moore_is_p_position(std::span<const std::uint64_t> heaps, std::uint64_t k);

}  // namespace grundy
