#pragma once
/// \file Welter's function: the Grundy value of Welter's game (coins on distinct squares of a
/// strip, each moving left to any empty square), computed by Conway's mating method.

#include <cstdint>
#include <span>

#include "grundy/core/value.hpp"

namespace grundy {

/// [a|b|c|...], the Welter function of distinct squares < 2^63 (Conway, On Numbers and Games,
/// ch. 13). Mating method: two squares congruent modulo the largest power of 2 of any pair are
/// mates; they contribute [a|b] = (a xor b) - 1, and the value is the XOR of the contributions of
/// the mates paired off repeatedly, xor the one square left unpaired (0 if none). O(64 n).
/// `squares` is reordered.
Value welter_function(std::span<std::uint64_t> squares);

}  // namespace grundy
