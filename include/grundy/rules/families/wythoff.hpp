#pragma once
/// \file Wythoff's theorem on the P-positions of Wythoff's game, in exact integer arithmetic.
///
/// Wythoff (1907): the P-positions are (a_k, b_k) and (b_k, a_k) for k >= 0, where
/// a_k = floor(k·φ), b_k = floor(k·φ²) = a_k + k and φ = (1 + √5) / 2. By Beatty's theorem
/// (Rayleigh 1907) the sequences a_1, a_2, ... and b_1, b_2, ... partition the positive integers,
/// so every v >= 1 lies in exactly one P-position (up to order), with exactly one partner.

#include <cstdint>

namespace grundy::wythoff {

/// a_k = floor(k·φ) for 0 <= k <= 2^63 (it stays below 2^64), without floating point.
std::uint64_t lower(std::uint64_t k);

/// The other coordinate of the P-position through v, for 0 <= v <= 2^63-1: v's partner is
/// b_j = v + j when v = a_j, a_j = v - j when v = b_j, and 0 when v = 0.
std::uint64_t partner(std::uint64_t v);

/// Whether (x, y) is a P-position.
inline bool is_p_position(std::uint64_t x, std::uint64_t y) {
  return partner(x < y ? x : y) == (x < y ? y : x);
}

}  // namespace grundy::wythoff
