#pragma once
// A census report built by hand for the report's tests and its browser test: every class,
// pending codes, each kind of equivalence (with a representative outside the census), near
// misses, a saltus, values that need several characters to encode (up to 2^32-1), and codes with
// characters that HTML, JavaScript, Markdown and CSV must escape.

#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "grundy/census/census_report.hpp"

namespace grundy::test {

/// A code no family makes, with every character an output format treats specially.
inline const std::string kEvilCode = "e<b>\"&amp;'|,*_`[x](y)</script>";

/// g(0..count-1) of a pattern: `period` values repeating after `preperiod` values of their own,
/// plus `saltus` per period (an arithmetic-periodic sequence when saltus > 0).
inline std::vector<std::uint32_t> sample_values(std::size_t count, std::uint32_t preperiod,
                                                std::uint32_t period, std::uint32_t saltus,
                                                std::uint32_t seed) {
  std::vector<std::uint32_t> values(count);
  for (std::size_t n = 0; n < count; ++n) {
    if (n < preperiod) {
      values[n] = static_cast<std::uint32_t>((n * 7 + seed) % 11);
    } else {
      const std::size_t k = (n - preperiod) % period;
      const std::size_t turns = (n - preperiod) / period;
      values[n] = static_cast<std::uint32_t>((k * 5 + seed) % 9 + turns * saltus);
    }
  }
  return values;
}

inline CensusReportRow sample_row(std::string code, std::string game, CensusClass census_class) {
  CensusReportRow row;
  row.code = code;
  row.representative = code;
  row.result.game = std::move(game);
  row.result.census_class = census_class;
  row.result.engine = "0.1.0";
  return row;
}

inline void sample_proven(CensusReportRow& row, std::uint64_t preperiod, std::uint64_t period,
                          std::uint64_t saltus, std::string theorem) {
  row.result.preperiod = preperiod;
  row.result.period = period;
  row.result.saltus = saltus;
  row.result.theorem = std::move(theorem);
  row.result.proof = "proof: periodicity theorem (a test sentence)";
  row.result.certificate = "grundy period certificate 2\n";
}

inline void sample_stats(CensusReportRow& row, std::uint64_t computed, Value largest,
                         std::uint64_t first, Value mask, std::uint64_t rare,
                         std::optional<std::uint64_t> last_rare, double seconds) {
  row.result.values_computed = computed;
  row.result.largest_value = largest;
  row.result.largest_first = first;
  row.result.rare_mask = mask;
  row.result.rare_count = rare;
  row.result.last_rare = last_rare;
  row.result.seconds = seconds;
}

/// The member `code` of the class of `rep` (a copy of rep's result under its own code).
inline CensusReportRow sample_member(const CensusReportRow& rep, std::string code,
                                     Relation relation, std::int32_t offset = 1) {
  CensusReportRow row = rep;
  row.code = code;
  row.result.game = "0" + code;
  row.representative = rep.code;
  row.relation = relation;
  row.offset = offset;
  return row;
}

inline CensusReportData census_report_sample() {
  CensusReportData data;
  data.family = "octal:3";
  data.engine = "0.1.0";
  data.generated = "2026-12-02";
  data.runs = 2;

  CensusReportRow four = sample_row(".4", "0.4", CensusClass::trivial);
  sample_proven(four, 54, 34, 0, "take_break");
  sample_stats(four, 192, 8, 87, 0xf, 5, 44, 0.004);
  four.plot_values = sample_values(kPlotValues, 54, 34, 0, 1);
  data.rows.push_back(four);

  // Same moves (identical values: one sequence in the page) and offsets both ways.
  data.rows.push_back(sample_member(four, ".400", Relation::same_moves));
  CensusReportRow seven = sample_member(four, ".07", Relation::offset, -1);
  seven.result.preperiod = 53;
  seven.plot_values.erase(seven.plot_values.begin());
  data.rows.push_back(seven);
  CensusReportRow one_three_seven = sample_member(four, ".137", Relation::offset, -2);
  one_three_seven.result.preperiod = 52;
  one_three_seven.plot_values.erase(one_three_seven.plot_values.begin(),
                                    one_three_seven.plot_values.begin() + 2);
  data.rows.push_back(one_three_seven);

  CensusReportRow sixteen = sample_row(".16", "0.16", CensusClass::solved);
  sample_proven(sixteen, 105351, 149459, 0, "take_break");
  sample_stats(sixteen, 509621, 23, 229790, 0x1e, 53, 13935, 3.5);
  sixteen.plot_values = sample_values(kPlotValues, 200, 97, 0, 3);
  data.rows.push_back(sixteen);

  CensusReportRow one_six_one = sample_row(".161", "0.161", CensusClass::open);
  sample_stats(one_six_one, 1048576, 301, 774321, 0x3ff, 1204, 99887, 20.0);
  one_six_one.result.stopped_by_time = true;
  one_six_one.plot_values = sample_values(kPlotValues, 519, 61, 0, 5);
  data.rows.push_back(one_six_one);

  CensusReportRow thirty_six = sample_row(".36", "0.36", CensusClass::open);
  sample_stats(thirty_six, 1048576, 287, 55321, 0x1f7, 980, 1000001, 12.25);
  thirty_six.result.regularity = Regularity::periodic;
  thirty_six.result.observed_preperiod = 123456;
  thirty_six.result.observed_period = 7890;
  thirty_six.result.observed_values_needed = 262802;
  thirty_six.plot_values = one_six_one.plot_values;
  for (std::size_t n = 519; n < kPlotValues; ++n) thirty_six.plot_values[n] += 1;
  data.rows.push_back(thirty_six);

  // A saltus, and values that take several characters each (up to 2^32-1).
  CensusReportRow lasker = sample_row("4.07", "4.07", CensusClass::solved);
  sample_proven(lasker, 3, 4, 4, "arithmetic");
  sample_stats(lasker, 4000, 4001, 3998, 0, 0, std::nullopt, 0.5);
  lasker.plot_values = sample_values(kPlotValues, 3, 4, 4, 2);
  data.rows.push_back(lasker);

  CensusReportRow hex = sample_row("hex(0.F1)", "hex(0.F1)", CensusClass::open);
  sample_stats(hex, 65536, std::numeric_limits<std::uint32_t>::max(), 999, 0x80000001, 12, 998,
               1.0);
  hex.result.regularity = Regularity::arithmetic_periodic;
  hex.result.observed_preperiod = 10;
  hex.result.observed_period = 6;
  hex.result.observed_saltus = 8;
  hex.result.observed_values_needed = std::numeric_limits<std::uint64_t>::max();
  hex.plot_values = sample_values(kPlotValues, 10, 6, 1048576, 4);
  hex.plot_values.back() = std::numeric_limits<std::uint32_t>::max();
  data.rows.push_back(hex);

  CensusReportRow sub = sample_row("sub(1,3)", "sub(1,3)", CensusClass::trivial);
  sample_proven(sub, 0, 2, 0, "window");
  sample_stats(sub, 8, 1, 1, 1, 1, 0, 0.0001);
  sub.plot_values = sample_values(300, 0, 2, 0, 0);
  data.rows.push_back(sub);
  CensusReportRow sub_equal = sample_member(sub, "sub(1,3,5)", Relation::proven_equal);
  sub_equal.result.game = "sub(1,3,5)";
  data.rows.push_back(sub_equal);

  CensusReportRow allbut = sample_row("allbut(1,2)", "allbut(1,2)", CensusClass::open);
  sample_stats(allbut, 4096, 1365, 4095, 0, 0, std::nullopt, 0.25);
  allbut.result.regularity = Regularity::neither;
  allbut.plot_values = sample_values(kPlotValues, 0, 3, 1, 6);
  data.rows.push_back(allbut);
  CensusReportRow allbut_seen = sample_member(allbut, "allbut(2,1,\"x\")", Relation::observed);
  allbut_seen.result.game = "allbut(1,2)";
  allbut_seen.result.values_computed = 2048;
  data.rows.push_back(allbut_seen);

  // A member whose representative is not a code of this census.
  CensusReportRow outside = sample_row("4.0", "4.0", CensusClass::trivial);
  sample_proven(outside, 0, 2, 0, "window");
  sample_stats(outside, 8, 1, 1, 0, 0, std::nullopt, 0.001);
  outside.representative = "4";
  outside.relation = Relation::same_moves;
  outside.plot_values = sample_values(64, 0, 2, 0, 7);
  data.rows.push_back(outside);

  // Not computed yet (a census stopped midway), one of them with every special character.
  CensusReportRow evil = sample_row(kEvilCode, "", CensusClass::open);
  evil.pending = true;
  data.rows.push_back(evil);
  CensusReportRow later = sample_row(".005", "0.005", CensusClass::open);
  later.pending = true;
  data.rows.push_back(later);

  data.near_misses.push_back({".161", ".36", 519});
  data.near_misses.push_back({".16", kEvilCode, 7});
  return data;
}

}  // namespace grundy::test
