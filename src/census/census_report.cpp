// TEMPORARY (lead): replaced by the report branch's census_report.cpp at its merge.
#include "grundy/census/census_report.hpp"

#include "grundy/core/error.hpp"

namespace grundy {

ReportFormat report_format_from_name(std::string_view name) {
  if (name == "md") return ReportFormat::md;
  if (name == "csv") return ReportFormat::csv;
  if (name == "html") return ReportFormat::html;
  throw Error("--format '" + std::string(name) + "': expected md, csv or html");
}

std::string census_report(const CensusReportData& data, ReportFormat) {
  std::string out = "code,game,class,values_computed,preperiod,period,saltus,representative,relation\n";
  for (const CensusReportRow& r : data.rows) {
    out += r.code + "," + r.result.game + "," +
           std::string(r.pending ? "pending" : census_class_name(r.result.census_class)) + "," +
           std::to_string(r.result.values_computed) + "," + std::to_string(r.result.preperiod) +
           "," + std::to_string(r.result.period) + "," + std::to_string(r.result.saltus) + "," +
           r.representative + "," + std::string(relation_name(r.relation)) + "\n";
  }
  return out;
}

}  // namespace grundy
