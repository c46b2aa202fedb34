#pragma once
/// \file Moore's Nim_k: a move removes tokens from at least one and at most k heaps (any positive
/// number from each). Nim_1 is Nim.

#include <cstdint>
#include <functional>
#include <span>
#include <vector>

namespace grundy {

/// Moore's theorem (E. H. Moore, "A generalization of the game called Nim", Annals of
/// Mathematics 11 (1910) 93-94): a position of Nim_k is a P-position iff, for every binary digit,
/// the number of heaps with a 1 there is a multiple of k + 1.
bool moore_is_p_position(std::span<const std::uint64_t> heaps, std::uint64_t k);

/// The moves of Nim_k from `heaps` to P-positions, by Moore's theorem: digit by digit from the
/// highest, each heap either kept as it is or lowered (at most k of them), every digit's count of
/// ones a multiple of k + 1. Calls `visit` with the heaps after each such move, in normal form
/// (largest first, no empty heap; moves leaving equal lists are one), in increasing order. Visits
/// at most `limit` and returns how many there are; kNotCounted (rules/game.hpp) when more than
/// `max_found` distinct ones exist or the search passes `max_steps`.
std::uint64_t moore_moves_to_p_positions(
    std::span<const std::uint64_t> heaps, std::uint64_t k, std::size_t limit,
    const std::function<void(const std::vector<std::uint64_t>&)>& visit,
    std::size_t max_found = std::size_t{1} << 20, std::uint64_t max_steps = std::uint64_t{1} << 26);

}  // namespace grundy
