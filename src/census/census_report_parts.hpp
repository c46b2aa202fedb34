#pragma once
// What the three report formats share (private to the census library): the rows grouped into
// classes of equivalent codes, and the wording of values that every format shows the same way.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/census/census_report.hpp"

namespace grundy::detail {

/// One class of equivalent codes: its representative and the codes related to it, in the
/// family's order.
struct ReportClass {
  std::string representative;
  /// The representative's row; null when the representative is not a code of this census.
  const CensusReportRow* row = nullptr;
  std::vector<const CensusReportRow*> members;  ///< relation != itself
};

/// The rows grouped by representative, in the order of each class's first row. Throws Error for
/// data no census makes: a code twice, a representative that is itself related to another code,
/// a relation that contradicts the representative, an offset of 0, more than kPlotValues values.
std::vector<ReportClass> report_classes(const CensusReportData& data);

/// The class a row is shown under: its census class, or "pending".
std::string_view shown_class(const CensusReportRow& row);

/// `0x1b` (the sparse-space mask as the published tables write it, in hexadecimal).
std::string hex_mask(Value mask);

/// What the values of an open game look like, in words ("" when nothing was examined).
std::string looks_like(const GameResult& result);

/// `+2` / `-1`: an offset row's shift.
std::string offset_text(std::int32_t offset);

/// For an observed relation: the n such that g(0..n-1) were compared (the fewer values of the two
/// codes).
std::uint64_t observed_values(const CensusReportRow& row, const ReportClass& cls);

/// `12.345`: a time in seconds with three decimals, whatever the C locale says.
std::string seconds_text(double seconds);

/// `text` with control bytes written as \xNN (as error messages quote text).
std::string printable_text(std::string_view text);

std::string html_report(const CensusReportData& data, const std::vector<ReportClass>& classes);

/// Text for a Markdown table cell, a CSV field (RFC 4180), HTML content: escaped as the census
/// report escapes it.
std::string markdown_cell(std::string_view text);
std::string csv_cell(std::string_view text);
std::string html_text(std::string_view text);

}  // namespace grundy::detail
