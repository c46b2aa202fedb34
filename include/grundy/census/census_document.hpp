#pragma once
/// \file The JSON documents of `grundy census --json`, `census --misere --json` and
/// `census verify --json` (docs/cli.md), made in the census layer as the engine makes its own
/// (engine/document.hpp): the command only prints them.

#include <cstdint>
#include <string>

#include "grundy/census/census_run.hpp"
#include "grundy/census/census_verify.hpp"
#include "grundy/census/misere_census.hpp"
#include "grundy/engine/document.hpp"

namespace grundy {

/// A census run's summary; `database` as the command was given it.
Document to_document(const CensusSummary& summary, const std::string& database);
/// A misère census run's summary, with the budget it ran under.
Document to_document(const MisereCensusSummary& summary, const std::string& database,
                     std::uint64_t max_heap, std::uint64_t max_work);
/// `census verify`: the counts and every row checked.
Document to_document(const CensusVerification& verification, const std::string& database);

}  // namespace grundy
