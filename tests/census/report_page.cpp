// Writes census report pages for the browser test (report_browser_test.py):
//   census_report_page sample PAGE.html EXPECTED.json
//     the hand-built census of report_sample.hpp, and what the page must show: its codes and
//     each plotted code's values and rare mask;
//   census_report_page octal3 PAGE.html
//     every code of octal:3 (0.d1d2d3 and 4.d1d2d3, 1024 codes) with its real first 1000
//     values, trivial where a period is proven from them, open otherwise, codes with equal
//     values in one class (observed): the size of a whole census's page, and its speed.
#include <bit>
#include <cstdio>
#include <exception>
#include <fstream>
#include <iostream>
#include <map>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "grundy/analysis/sparse_mask.hpp"
#include "grundy/census/census_report.hpp"
#include "grundy/engine/engine.hpp"
#include "report_sample.hpp"

namespace {

using grundy::CensusClass;
using grundy::CensusReportData;
using grundy::CensusReportRow;

void write(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path);
}

nlohmann::json expectations(const CensusReportData& data) {
  nlohmann::json doc;
  doc["rows"] = data.rows.size();
  doc["codes"] = nlohmann::json::array();
  doc["plots"] = nlohmann::json::object();
  doc["masks"] = nlohmann::json::object();
  for (const CensusReportRow& row : data.rows) {
    doc["codes"].push_back(row.code);
    if (row.plot_values.empty()) continue;
    doc["plots"][row.code] = row.plot_values;
    doc["masks"][row.code] = row.pending ? 0 : row.result.rare_mask & 0xFFFFFFFFu;
  }
  // Codes to type into the filter: one of each kind, and the one with every special character
  // that can be typed.
  doc["filters"] = {".16", "hex(0.F1)", "sub(1,3", grundy::test::kEvilCode, "class:open"};
  return doc;
}

CensusReportData octal3() {
  grundy::EngineOptions options;
  options.use_cache = false;
  options.max_values = grundy::kPlotValues;
  const grundy::Engine engine(options);
  CensusReportData data;
  data.family = "octal:3";
  data.engine = "test page";
  data.generated = "2026-12-02";
  data.runs = 1;
  std::map<std::vector<std::uint32_t>, std::string> first_with;
  for (const char* point : {"0.", "4."}) {
    for (int d = 0; d < 512; ++d) {
      const std::string spec = std::string(point) + std::to_string(d / 64) +
                               std::to_string(d / 8 % 8) + std::to_string(d % 8);
      const auto game = grundy::Engine::game(spec);
      CensusReportRow row;
      row.code = spec[0] == '0' ? spec.substr(1) : spec;
      row.representative = row.code;
      grundy::GameResult& r = row.result;
      r.game = game->name();
      r.engine = "test page";
      const auto values = engine.seq(game, 0, grundy::kPlotValues - 1).values;
      std::vector<std::uint64_t> histogram;
      for (std::size_t n = 0; n < values.size(); ++n) {
        row.plot_values.push_back(static_cast<std::uint32_t>(values[n]));
        if (n == 0 || values[n] > r.largest_value) {
          r.largest_value = values[n];
          r.largest_first = n;
        }
        if (values[n] >= histogram.size()) histogram.resize(std::bit_ceil(values[n] + 1), 0);
        ++histogram[values[n]];
      }
      r.values_computed = values.size();
      r.rare_mask = grundy::best_sparse_mask(histogram);
      for (std::size_t n = 0; n < values.size(); ++n) {
        if (grundy::is_rare_value(values[n], r.rare_mask)) {
          ++r.rare_count;
          r.last_rare = n;
        }
      }
      const grundy::PeriodReport period = engine.period(game);
      if (period.answer.periodicity) {
        r.census_class = CensusClass::trivial;
        r.preperiod = period.answer.periodicity->preperiod;
        r.period = period.answer.periodicity->period;
        r.saltus = period.answer.periodicity->saltus;
        r.theorem = "take_break";
        r.values_computed = period.answer.values_computed;
      } else if (period.answer.candidate) {
        r.regularity = grundy::Regularity::periodic;
        r.observed_preperiod = period.answer.candidate->preperiod;
        r.observed_period = period.answer.candidate->period;
        r.observed_values_needed = period.answer.candidate->values_needed;
      }
      const auto [it, added] = first_with.emplace(row.plot_values, row.code);
      if (!added) {
        row.representative = it->second;
        row.relation = grundy::Relation::observed;
      }
      data.rows.push_back(std::move(row));
    }
  }
  return data;
}

}  // namespace

int main(int argc, char** argv) {
  try {
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 3 && args[0] == "sample") {
      const CensusReportData data = grundy::test::census_report_sample();
      write(args[1], grundy::census_report(data, grundy::ReportFormat::html));
      write(args[2], expectations(data).dump(1));
      return 0;
    }
    if (args.size() == 2 && args[0] == "octal3") {
      const std::string page = grundy::census_report(octal3(), grundy::ReportFormat::html);
      write(args[1], page);
      std::cout << "octal:3 report page: 1024 codes, " << page.size() << " bytes\n";
      return 0;
    }
    std::cerr << "usage: census_report_page sample PAGE.html EXPECTED.json | octal3 PAGE.html\n";
    return 2;
  } catch (const std::exception& e) {
    std::cerr << "census_report_page: " << e.what() << "\n";
    return 1;
  }
}
