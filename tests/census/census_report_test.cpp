// The census report's formats from a census built by hand (report_sample.hpp): the Markdown
// tables and lookup, the CSV read back by an RFC 4180 reader, the HTML page's escaping and
// self-containment and its embedded values decoded back; and the data no census makes refused.
#include "grundy/census/census_report.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "grundy/core/error.hpp"
#include "report_sample.hpp"

namespace grundy {
namespace {

using test::census_report_sample;
using test::kEvilCode;

// ---- helpers ------------------------------------------------------------------------------------

/// RFC 4180 records (CRLF line ends; quoted fields with doubled quotes and line breaks). Fails
/// the test on anything else.
std::vector<std::vector<std::string>> read_csv(const std::string& text) {
  std::vector<std::vector<std::string>> records;
  std::vector<std::string> record;
  std::string field;
  std::size_t i = 0;
  bool quoted_field = false;
  while (i < text.size()) {
    const char c = text[i];
    if (field.empty() && !quoted_field && c == '"') {
      quoted_field = true;
      ++i;
      while (true) {
        if (i >= text.size()) {
          ADD_FAILURE() << "an unterminated quoted field";
          return records;
        }
        if (text[i] == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            field += '"';
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        field += text[i++];
      }
      continue;
    }
    if (c == ',') {
      record.push_back(field);
      field.clear();
      quoted_field = false;
      ++i;
    } else if (c == '\r') {
      EXPECT_TRUE(i + 1 < text.size() && text[i + 1] == '\n') << "CR without LF at " << i;
      record.push_back(field);
      records.push_back(record);
      record.clear();
      field.clear();
      quoted_field = false;
      i += 2;
    } else {
      EXPECT_FALSE(quoted_field) << "text after a closing quote at " << i;
      EXPECT_NE(c, '\n') << "a bare LF at " << i;
      EXPECT_NE(c, '"') << "a quote in an unquoted field at " << i;
      field += c;
      ++i;
    }
  }
  EXPECT_TRUE(record.empty() && field.empty()) << "the last record has no CRLF";
  return records;
}

/// The lines of `text` from the line `heading` to the next line starting with `#`.
std::vector<std::string> section(const std::string& text, const std::string& heading) {
  std::vector<std::string> lines;
  const std::size_t start = text.find("\n" + heading + "\n");
  if (start == std::string::npos) {
    ADD_FAILURE() << "no section " << heading;
    return lines;
  }
  std::size_t at = start + heading.size() + 2;
  while (at < text.size()) {
    const std::size_t end = text.find('\n', at);
    const std::string line = text.substr(at, end - at);
    if (line.starts_with("#")) break;
    lines.push_back(line);
    if (end == std::string::npos) break;
    at = end + 1;
  }
  return lines;
}

/// The cells of a Markdown table line (`| a | b |`), split at the pipes no backslash escapes.
std::vector<std::string> md_cells(const std::string& line) {
  std::vector<std::string> cells;
  std::string cell;
  for (std::size_t i = 1; i < line.size(); ++i) {
    if (line[i] == '\\' && i + 1 < line.size()) {
      cell += line.substr(i, 2);
      ++i;
    } else if (line[i] == '|') {
      const std::size_t first = cell.find_first_not_of(' ');
      const std::size_t last = cell.find_last_not_of(' ');
      cells.push_back(first == std::string::npos ? "" : cell.substr(first, last - first + 1));
      cell.clear();
    } else {
      cell += line[i];
    }
  }
  return cells;
}

/// The table rows of a section (lines starting with `|`, after the header and the rule), keyed
/// by their first cell; every row has as many cells as the header.
std::map<std::string, std::vector<std::string>> md_table(const std::vector<std::string>& lines,
                                                         std::vector<std::string>* header = {}) {
  std::map<std::string, std::vector<std::string>> rows;
  std::size_t columns = 0;
  int seen = 0;
  for (const std::string& line : lines) {
    if (!line.starts_with("|")) continue;
    const std::vector<std::string> cells = md_cells(line);
    if (seen++ == 0) {
      columns = cells.size();
      if (header != nullptr) *header = cells;
      continue;
    }
    EXPECT_EQ(cells.size(), columns) << line;
    if (seen == 2) continue;  // the rule
    rows[cells.at(0)] = cells;
  }
  return rows;
}

/// The decoder of the page's embedded values (the page's script does the same).
std::vector<std::uint32_t> decode_values(const std::string& text) {
  const std::string alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
  std::vector<std::uint32_t> out;
  std::uint64_t v = 0;
  for (const char c : text) {
    const std::size_t digit = alphabet.find(c);
    EXPECT_NE(digit, std::string::npos) << c;
    if (digit >= 32) {
      v = v * 32 + (digit - 32);
    } else {
      v = v * 32 + digit;
      EXPECT_LE(v, 0xFFFFFFFFu);
      out.push_back(static_cast<std::uint32_t>(v));
      v = 0;
    }
  }
  EXPECT_EQ(v, 0u) << "a value without its last digit";
  return out;
}

std::size_t occurrences(const std::string& text, const std::string& what) {
  std::size_t count = 0;
  for (std::size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1))
    ++count;
  return count;
}

// ---- names ------------------------------------------------------------------------------------

TEST(CensusReportNames, GoBothWaysAndRefuseOthers) {
  for (const Relation r : {Relation::itself, Relation::same_moves, Relation::offset,
                           Relation::proven_equal, Relation::observed})
    EXPECT_EQ(relation_from_name(relation_name(r)), r);
  EXPECT_EQ(relation_name(Relation::proven_equal), "proven_equal");
  EXPECT_THROW(relation_from_name("equal"), Error);
  EXPECT_EQ(report_format_from_name("md"), ReportFormat::md);
  EXPECT_EQ(report_format_from_name("csv"), ReportFormat::csv);
  EXPECT_EQ(report_format_from_name("html"), ReportFormat::html);
  try {
    report_format_from_name("pdf\n");
    ADD_FAILURE() << "pdf is no report format";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "unknown report format 'pdf\\x0A' (expected md, csv or html)");
  }
}

// ---- CSV --------------------------------------------------------------------------------------

TEST(CensusReportCsv, OneRecordPerCodeUnderTheDocumentedHeader) {
  const CensusReportData data = census_report_sample();
  const std::string text = census_report(data, ReportFormat::csv);
  const auto records = read_csv(text);
  ASSERT_EQ(records.size(), data.rows.size() + 1);
  // The columns are the result's fields, in their one table's order (census_result.hpp), but
  // the proof and the certificate; the code first, its place in its class after the theorem.
  std::vector<std::string> header{"code"};
  const GameResult fields;
  for_each_result_field(fields, [&](std::string_view name, const auto&, ResultFieldGroup) {
    if (name == "proof" || name == "certificate") return;
    header.emplace_back(name);
    if (name == "theorem") header.insert(header.end(), {"representative", "relation", "offset"});
  });
  EXPECT_EQ(census_csv_columns(), header);
  EXPECT_EQ(records[0], header);
  for (std::size_t k = 0; k < data.rows.size(); ++k) {
    ASSERT_EQ(records[k + 1].size(), header.size()) << k;
    EXPECT_EQ(records[k + 1][0], data.rows[k].code) << "the rows in the family's order";
  }
  EXPECT_TRUE(text.ends_with("\r\n"));
}

TEST(CensusReportCsv, FieldsSayWhatEachCodeIs) {
  const CensusReportData data = census_report_sample();
  const auto records = read_csv(census_report(data, ReportFormat::csv));
  std::map<std::string, std::map<std::string, std::string>> by_code;
  for (std::size_t k = 1; k < records.size(); ++k) {
    for (std::size_t c = 0; c < records[0].size(); ++c)
      by_code[records[k][0]][records[0][c]] = records[k][c];
  }
  const auto& four = by_code.at(".4");
  EXPECT_EQ(four.at("class"), "trivial");
  EXPECT_EQ(four.at("preperiod"), "54");
  EXPECT_EQ(four.at("period"), "34");
  EXPECT_EQ(four.at("saltus"), "0");
  EXPECT_EQ(four.at("relation"), "itself");
  EXPECT_EQ(four.at("offset"), "");
  EXPECT_EQ(four.at("rare_mask"), "15");
  EXPECT_EQ(four.at("regularity"), "");
  EXPECT_EQ(four.at("seconds"), "0.004");
  EXPECT_EQ(by_code.at(".07").at("relation"), "offset");
  EXPECT_EQ(by_code.at(".07").at("offset"), "-1");
  EXPECT_EQ(by_code.at(".07").at("representative"), ".4");
  EXPECT_EQ(by_code.at(".137").at("offset"), "-2");
  const auto& open = by_code.at(".36");
  EXPECT_EQ(open.at("class"), "open");
  EXPECT_EQ(open.at("preperiod"), "") << "an open game has no proven preperiod";
  EXPECT_EQ(open.at("regularity"), "periodic");
  EXPECT_EQ(open.at("observed_period"), "7890");
  EXPECT_EQ(open.at("observed_values_needed"), "262802");
  EXPECT_EQ(by_code.at(".161").at("stopped_by_time"), "true");
  EXPECT_EQ(by_code.at(".161").at("observed_period"), "");
  EXPECT_EQ(by_code.at("4.07").at("saltus"), "4");
  EXPECT_EQ(by_code.at("4.07").at("last_rare"), "") << "no rare position";
  EXPECT_EQ(by_code.at("hex(0.F1)").at("largest_value"), "4294967295");
  EXPECT_EQ(by_code.at("hex(0.F1)").at("observed_values_needed"), "18446744073709551615");
  EXPECT_EQ(by_code.at("sub(1,3,5)").at("relation"), "proven_equal");
  EXPECT_EQ(by_code.at("4.0").at("representative"), "4");
  const auto& pending = by_code.at(kEvilCode);
  EXPECT_EQ(pending.at("class"), "pending");
  EXPECT_EQ(pending.at("values_computed"), "");
  EXPECT_EQ(pending.at("seconds"), "");
  EXPECT_EQ(pending.at("representative"), kEvilCode);
}

TEST(CensusReportCsv, QuotesFieldsAsRfc4180Says) {
  CensusReportData data = census_report_sample();
  CensusReportRow line_break = test::sample_row("a\r\nb", "x", CensusClass::open);
  line_break.pending = true;
  data.rows.push_back(line_break);
  const std::string text = census_report(data, ReportFormat::csv);
  // The code with a comma and a quote: quoted, its quote doubled.
  EXPECT_NE(text.find("\r\n\"e<b>\"\"&amp;'|,*_`[x](y)</script>\","), std::string::npos);
  EXPECT_NE(text.find("\r\n\"sub(1,3)\",\"sub(1,3)\",trivial,"), std::string::npos);
  EXPECT_NE(text.find("\r\n\"a\r\nb\",x,pending,"), std::string::npos);
  EXPECT_NE(text.find("\r\n.4,0.4,trivial,"), std::string::npos) << "plain fields stay bare";
  const auto records = read_csv(text);
  EXPECT_EQ(records.back()[0], "a\r\nb");
}

// ---- Markdown ----------------------------------------------------------------------------------

TEST(CensusReportMarkdown, HasEverySection) {
  const std::string text = census_report(census_report_sample(), ReportFormat::md);
  EXPECT_TRUE(text.starts_with("# Census of octal:3\n"));
  for (const char* heading : {"## Trivial games", "## Solved games", "## Open games", "## Pending",
                              "## Equivalence lookup", "### Near misses"})
    EXPECT_NE(text.find("\n" + std::string(heading) + "\n"), std::string::npos) << heading;
  const auto summary = md_table(section("\n" + text, "# Census of octal:3"));
  EXPECT_EQ(summary.at("trivial")[1], "7") << ".4 .400 .07 .137 sub(1,3) sub(1,3,5) 4.0";
  EXPECT_EQ(summary.at("trivial")[2], "2") << ".4 and sub(1,3): 4.0's representative is not here";
  EXPECT_EQ(summary.at("pending")[1], "2");
  EXPECT_EQ(summary.at("all")[1], "16");
}

TEST(CensusReportMarkdown, EachClassOnceUnderItsRepresentative) {
  const std::string text = census_report(census_report_sample(), ReportFormat::md);
  std::vector<std::string> header;
  const auto trivial = md_table(section(text, "## Trivial games"), &header);
  EXPECT_EQ(header, (std::vector<std::string>{"code", "preperiod", "period", "largest value",
                                              "codes in class"}))
      << "no saltus column when every saltus is 0";
  ASSERT_EQ(trivial.size(), 2u);
  EXPECT_EQ(trivial.at(".4"), (std::vector<std::string>{".4", "54", "34", "8", "4"}));
  EXPECT_EQ(trivial.at("sub(1,3)")[4], "2");

  const auto solved = md_table(section(text, "## Solved games"), &header);
  ASSERT_EQ(solved.size(), 2u);
  EXPECT_EQ(header.at(3), "saltus");
  EXPECT_EQ(solved.at(".16"),
            (std::vector<std::string>{".16", "105351", "149459", "", "23", "229790", "0x1e", "53",
                                      "13935", "509621", "take\\_break", "1"}));
  EXPECT_EQ(solved.at("4.07")[3], "4");
  EXPECT_EQ(solved.at("4.07")[6], "") << "no mask";

  const auto open = md_table(section(text, "## Open games"));
  ASSERT_EQ(open.size(), 4u);
  EXPECT_EQ(open.at(".36")[7],
            "periodic? preperiod 123456, period 7890, a proof needs 262802 "
            "values");
  EXPECT_EQ(open.at(".161")[8], "time");
  EXPECT_EQ(open.at("hex(0.F1)")[7],
            "arithmetic-periodic? preperiod 10, period 6, saltus 8, no theorem proves it");
  EXPECT_EQ(open.at("allbut(1,2)")[7], "neither periodic nor arithmetic-periodic");
  EXPECT_EQ(open.at("allbut(1,2)")[9], "2");

  const std::vector<std::string> pending = section(text, "## Pending");
  const std::string pending_text = pending.size() > 1 ? pending[1] : "";
  EXPECT_EQ(pending_text,
            "Not computed yet: e\\<b\\>\"\\&amp;'\\|,\\*\\_\\`\\[x\\](y)\\</script\\>, .005.");
}

TEST(CensusReportMarkdown, LookupSaysProvenFromObserved) {
  const std::string text = census_report(census_report_sample(), ReportFormat::md);
  std::vector<std::string> header;
  const auto lookup = md_table(section(text, "## Equivalence lookup"), &header);
  EXPECT_EQ(header, (std::vector<std::string>{"representative", "class", "same moves", "offset",
                                              "proven equal", "observed"}));
  ASSERT_EQ(lookup.size(), 4u) << "only the classes of more than one code";
  EXPECT_EQ(lookup.at(".4"),
            (std::vector<std::string>{".4", "trivial", ".400", ".07 (-1), .137 (-2)", "", ""}));
  EXPECT_EQ(lookup.at("sub(1,3)")[4], "sub(1,3,5)");
  EXPECT_EQ(lookup.at("allbut(1,2)")[5], "allbut(2,1,\"x\") (n = 2048)")
      << "observed up to the fewer values of the two";
  EXPECT_EQ(lookup.at("4 (not in this census)")[2], "4.0");
  // Every code is somewhere: a class table, the lookup or the pending list.
  for (const CensusReportRow& row : census_report_sample().rows) {
    if (row.code == kEvilCode) continue;  // escaped: checked by the pending list
    EXPECT_NE(text.find(row.code), std::string::npos) << row.code;
  }
}

TEST(CensusReportMarkdown, NearMissesWithTheirFirstDifference) {
  const std::string text = census_report(census_report_sample(), ReportFormat::md);
  const std::vector<std::string> lines = section(text, "### Near misses");
  EXPECT_NE(std::find(lines.begin(), lines.end(), "| .161 | .36 | 519 |"), lines.end());
  EXPECT_NE(std::find(lines.begin(), lines.end(),
                      "| .16 | e\\<b\\>\"\\&amp;'\\|,\\*\\_\\`\\[x\\](y)\\</script\\> | 7 |"),
            lines.end());
  CensusReportData none = census_report_sample();
  none.near_misses.clear();
  EXPECT_NE(census_report(none, ReportFormat::md).find("### Near misses\n\n"), std::string::npos);
  EXPECT_TRUE(census_report(none, ReportFormat::md).ends_with("None found.\n"));
}

TEST(CensusReportMarkdown, ControlBytesAreShownNotKept) {
  CensusReportData data = census_report_sample();
  data.rows.push_back(test::sample_row("a\nb", "x", CensusClass::open));
  data.rows.back().pending = true;
  const std::string text = census_report(data, ReportFormat::md);
  EXPECT_NE(text.find("a\\\\x0Ab"), std::string::npos) << "\\x0A, its backslash escaped";
  EXPECT_EQ(text.find("a\nb"), std::string::npos);
}

// ---- HTML -------------------------------------------------------------------------------------

TEST(CensusReportHtml, OneSelfContainedPage) {
  const std::string page = census_report(census_report_sample(), ReportFormat::html);
  EXPECT_TRUE(page.starts_with("<!DOCTYPE html>\n"));
  EXPECT_TRUE(page.ends_with("</html>\n"));
  // Nothing to fetch: the only URL is the SVG namespace's name (never fetched), the only link
  // the empty data: icon, and the policy forbids every load anyway.
  EXPECT_EQ(occurrences(page, "http"), 1 + occurrences(page, "http-equiv"));
  EXPECT_EQ(occurrences(page, "'http://www.w3.org/2000/svg'"), 1u);
  EXPECT_EQ(occurrences(page, " src="), 0u);
  EXPECT_EQ(occurrences(page, "<link"), 1u);
  EXPECT_NE(page.find("<link rel=\"icon\" href=\"data:,\">"), std::string::npos);
  EXPECT_EQ(occurrences(page, "url("), 0u);
  EXPECT_EQ(occurrences(page, "@import"), 0u);
  EXPECT_NE(page.find("content=\"default-src 'none';"), std::string::npos);
}

TEST(CensusReportHtml, EscapesEveryCode) {
  const std::string page = census_report(census_report_sample(), ReportFormat::html);
  EXPECT_EQ(page.find(kEvilCode), std::string::npos);
  EXPECT_EQ(occurrences(page, "</script"), 2u) << "only the page's own two scripts end";
  EXPECT_EQ(occurrences(page, "<b>"), 0u);
  const std::string escaped = "e&lt;b&gt;&quot;&amp;amp;&#39;|,*_`[x](y)&lt;/script&gt;";
  EXPECT_EQ(occurrences(page, "<td class=\"code\">" + escaped + "</td>"), 1u);
  EXPECT_EQ(occurrences(page, escaped), 3u) << "code, representative, near miss, and nothing else";
  CensusReportData data = census_report_sample();
  data.family = "<family>";
  data.rows.push_back(test::sample_row("a\nb", "x", CensusClass::open));
  data.rows.back().pending = true;
  const std::string other = census_report(data, ReportFormat::html);
  EXPECT_NE(other.find("<title>Census of &lt;family&gt;</title>"), std::string::npos);
  EXPECT_NE(other.find(">a\\x0Ab</td>"), std::string::npos);
}

TEST(CensusReportHtml, EmbedsEachCodesValuesOnce) {
  const CensusReportData data = census_report_sample();
  const std::string page = census_report(data, ReportFormat::html);
  const std::string open = "<script id=\"census-values\" type=\"application/json\">[";
  const std::size_t start = page.find(open);
  ASSERT_NE(start, std::string::npos);
  const std::size_t end = page.find("]</script>", start);
  std::vector<std::string> sequences;
  for (std::size_t at = start + open.size(); at < end;) {
    const std::size_t first = page.find('"', at);
    const std::size_t last = page.find('"', first + 1);
    if (first >= end) break;
    sequences.push_back(page.substr(first + 1, last - first - 1));
    at = last + 1;
  }
  // The rows' data-seq, in order, name the sequences that decode to their plot values.
  const std::string body = page.substr(page.find("<tbody>", page.find("id=\"census\"")));
  std::size_t row_at = 0;
  std::size_t checked = 0;
  for (const CensusReportRow& row : data.rows) {
    row_at = body.find("\n<tr", row_at + 1);
    const std::string tag = body.substr(row_at, body.find('>', row_at) - row_at);
    const std::size_t seq = tag.find("data-seq=\"");
    if (row.plot_values.empty()) {
      EXPECT_EQ(seq, std::string::npos) << row.code;
      continue;
    }
    ASSERT_NE(seq, std::string::npos) << row.code;
    const std::size_t index = std::stoul(tag.substr(seq + 10));
    ASSERT_LT(index, sequences.size());
    EXPECT_EQ(decode_values(sequences[index]), row.plot_values) << row.code;
    ++checked;
  }
  EXPECT_EQ(checked, 14u);
  EXPECT_EQ(sequences.size(), 11u) << ".400, sub(1,3,5) and allbut(2,1,\"x\") share their "
                                      "representatives' values";
  // Values below 32 take one character.
  EXPECT_EQ(sequences[0].size(), kPlotValues);
}

TEST(CensusReportHtml, StaysSmallForAThousandCodes) {
  // 1024 codes of 1000 values each, every sequence its own (the worst case: nothing shared),
  // values below 32 as most octal games' first values are.
  CensusReportData data = census_report_sample();
  data.rows.clear();
  data.near_misses.clear();
  for (std::uint32_t k = 0; k < 1024; ++k) {
    CensusReportRow row = test::sample_row("c" + std::to_string(k), "0." + std::to_string(k),
                                           k % 3 == 0 ? CensusClass::open : CensusClass::trivial);
    test::sample_proven(row, k, 12 + k % 40, 0, "take_break");
    test::sample_stats(row, 1000, 31, k, 0x1f, 12, k, 0.01);
    row.plot_values = test::sample_values(kPlotValues, k % 200, 12 + k % 40, 0, k);
    row.plot_values[0] = k % 32;
    row.plot_values[1] = k / 32;
    data.rows.push_back(row);
  }
  const std::string page = census_report(data, ReportFormat::html);
  EXPECT_LT(page.size(), std::size_t{2} << 20) << page.size() << " bytes";
}

// ---- data no census makes ---------------------------------------------------------------------

TEST(CensusReportData, InconsistentRowsAreRefused) {
  auto refused = [](const CensusReportData& data, const std::string& words) {
    for (const ReportFormat f : {ReportFormat::md, ReportFormat::csv, ReportFormat::html}) {
      try {
        census_report(data, f);
        ADD_FAILURE() << "accepted: " << words;
      } catch (const Error& e) {
        EXPECT_NE(std::string(e.what()).find(words), std::string::npos) << e.what();
      }
    }
  };
  CensusReportData data = census_report_sample();
  data.rows.push_back(data.rows[0]);
  refused(data, "the code '.4' appears twice");

  data = census_report_sample();
  data.rows[0].representative = ".16";
  refused(data, "the code '.4' has the relation itself to '.16'");

  data = census_report_sample();
  data.rows[1].representative = ".400";
  refused(data, "the code '.400' has the relation same_moves to '.400'");

  data = census_report_sample();
  data.rows[2].offset = 0;
  refused(data, "the code '.07' is an offset of 0");

  data = census_report_sample();
  data.rows[0].plot_values.push_back(1);
  refused(data, "the code '.4' has 1001 values to plot (at most 1000)");

  data = census_report_sample();
  data.rows[3].representative = ".07";
  refused(data, "the representative '.07' of '.137' is not its own class's representative");

  data = census_report_sample();
  data.rows[0].code.clear();
  refused(data, "a row has no code");
}

}  // namespace
}  // namespace grundy
