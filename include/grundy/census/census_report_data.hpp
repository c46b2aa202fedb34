#pragma once
/// \file The data of a census report, read from the database: one row per member of the family
/// with its result, representative, relation and first values, and the near misses.

#include <string>

#include "grundy/census/census_database.hpp"
#include "grundy/census/census_report.hpp"

namespace grundy {

/// Throws Error when the database holds no such family.
CensusReportData census_report_data(const CensusDatabase& database, const std::string& family);

/// The family of a database holding exactly one (Error naming those it holds otherwise).
std::string only_family(const CensusDatabase& database);

}  // namespace grundy
