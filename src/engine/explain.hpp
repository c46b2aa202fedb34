#pragma once
// Inside the engine: explaining one position with a given value source.

#include <cstdint>

#include "grundy/engine/explanation.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/solve/value_source.hpp"

namespace grundy {

/// Explaining a value means looking at every option (the mex needs them all); past this many the
/// request is refused rather than left running for hours (nim:10^18 has 10^18 options), unless
/// the options can be counted by value without visiting them (a proven period).
inline constexpr std::uint64_t kMaxEnumeratedOptions = 10'000'000;

/// `p`'s explanation with values from `source` (prepared for `p`); at most `max_options` options
/// and option values listed.
Explanation explain_position(const Game& game, const Position& p, ValueSource& source,
                             std::uint64_t max_options);

}  // namespace grundy
