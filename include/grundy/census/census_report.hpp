#pragma once
/// \file The census report (`grundy census report`): the tables of trivial, solved and open games
/// laid out as the published tables are, and the equivalence lookup, as Markdown, CSV (one row
/// per code) or one self-contained HTML page (sequence plots as SVG, sortable columns, a filter
/// box). Pure formatting: the data comes from the census database (census_database.hpp).

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/census/census_result.hpp"

namespace grundy {

/// How a code's values relate to its class representative's.
enum class Relation {
  itself,        ///< the representative: its values were computed
  same_moves,    ///< proven: its digits allow exactly the representative's moves (0.770 = 0.77)
  offset,        ///< proven: the offset rule, g(n+k) = g_rep(n) (docs/theory/code-equivalence.md)
  proven_equal,  ///< both solved with the same preperiod, period, saltus and values: equal forever
  observed,      ///< equal values up to the n computed, not proven
};
std::string_view relation_name(Relation r);
Relation relation_from_name(std::string_view name);

/// One code of the family, as the report shows it.
struct CensusReportRow {
  /// As the family writes it (`0.770`, `4.07`, `hex(0.F1)`, `sub(1,3)`) and its canonical game.
  std::string code;
  /// The result of this code (for an offset or same-moves code: derived from its
  /// representative's, with its own preperiod and certificate); `result.game` is the canonical
  /// game. A code with no result yet (a census stopped midway) has `pending` set.
  GameResult result;
  bool pending = false;
  /// The code whose values were computed for this one (itself when relation is itself), and
  /// how they relate.
  std::string representative;
  Relation relation = Relation::itself;
  /// For Relation::offset: g(n + offset) = g_rep(n) for every n >= 0 with n + offset >= 0 (1 when
  /// the rule makes the representative from this code, -1 when it makes this code from the
  /// representative, more for a chain). Never 0 for an offset row; unused otherwise.
  std::int32_t offset = 1;
  /// The first values, g(0..plot_values.size()-1), for the plot (at most kPlotValues).
  std::vector<std::uint32_t> plot_values;
};

inline constexpr std::size_t kPlotValues = 1000;

/// Codes whose values agree on a long prefix and then differ: tables have confused such pairs
/// (.161 and .36 first differ at heap 519).
struct NearMiss {
  std::string a, b;                    ///< codes (representatives), a < b
  std::uint64_t first_difference = 0;  ///< the first n with g_a(n) != g_b(n)
};

struct CensusReportData {
  std::string family;                 ///< `octal:3`
  std::string engine;                 ///< the engine of the newest run
  std::string generated;              ///< UTC date of the report
  std::uint64_t runs = 0;             ///< runs recorded for the family
  std::vector<CensusReportRow> rows;  ///< in the family's order
  std::vector<NearMiss> near_misses;
};

enum class ReportFormat { md, csv, html };
/// Throws Error naming the accepted formats for anything else.
ReportFormat report_format_from_name(std::string_view name);

/// The report (docs/census.md#report). Markdown: the tables of trivial, solved and open games,
/// each class once under its representative, then the equivalence lookup and the near misses.
/// CSV: a header line (census_csv_columns) then one row per code in the family's order (RFC
/// 4180: CRLF line ends, quoting; empty where a value does not apply). HTML: one self-contained
/// page, a row per code, sortable, filtered, with plots.
/// Throws Error for rows no census makes (a code twice, a relation its representative
/// contradicts, an offset of 0, more than kPlotValues values to plot).
std::string census_report(const CensusReportData& data, ReportFormat format);
/// The CSV's header: code, then GameResult's fields in the order of their one table
/// (for_each_result_field) but the proof and the certificate, with representative, relation and
/// offset after the theorem.
std::vector<std::string> census_csv_columns();

}  // namespace grundy
