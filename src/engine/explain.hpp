#pragma once
// Inside the engine: explaining one position with a given value source.

#include <cstdint>
#include <functional>
#include <memory>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/analysis/quotient_cache.hpp"
#include "grundy/engine/explanation.hpp"
#include "grundy/engine/misere_explanation.hpp"
#include "grundy/solve/misere_search.hpp"
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

/// Engine::explain_misere with the exact search's options (and memory limit), and whether a
/// quotient may decide.
MisereExplanation explain_misere_position(std::shared_ptr<const Game> game, const Position& p,
                                          std::uint64_t max_options,
                                          const SearchOptions& search_options,
                                          std::function<void(const QuotientProgress&)> progress,
                                          bool use_quotient, const QuotientCache* cache);

}  // namespace grundy
