#pragma once
/// \file `grundy census verify`: every proven row's certificate re-checked by the period
/// verifier (analysis/period_verifier.hpp) against the game's own moves — each g(n) the theorem
/// needs recomputed by mex from the certificate's values, independently of the run that made it —
/// and every open game's sequence file spot-checked the same way.

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "grundy/census/census_database.hpp"

namespace grundy {

struct RowCheck {
  std::string game;
  bool proven = false;  ///< a certificate (else a sequence file)
  bool holds = false;
  bool complete = false;  ///< every value the proof needs recomputed (else a spot check)
  std::uint64_t positions = 0;
  std::string summary;  ///< the verifier's sentence, or what failed
};

struct CensusVerification {
  std::vector<RowCheck> rows;
  std::uint64_t certificates = 0, complete = 0, spot_checked = 0, sequence_files = 0, failed = 0;
};

/// Checks the rows of `family` (every stored result when empty). `max_work`: options one row's
/// check may visit before it falls back to a spot check.
CensusVerification verify_census(const CensusDatabase& database, const std::string& family,
                                 std::uint64_t max_work,
                                 const std::function<void(std::uint64_t, std::uint64_t)>& progress = {});

}  // namespace grundy
