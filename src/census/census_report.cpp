#include "grundy/census/census_report.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cstdio>
#include <limits>
#include <map>
#include <utility>

#include "census_report_parts.hpp"
#include "grundy/core/enum_names.hpp"
#include "grundy/core/error.hpp"

namespace grundy {
namespace {

constexpr std::array<std::pair<Relation, std::string_view>, 5> kRelations{{
    {Relation::itself, "itself"},
    {Relation::same_moves, "same_moves"},
    {Relation::offset, "offset"},
    {Relation::proven_equal, "proven_equal"},
    {Relation::observed, "observed"},
}};

constexpr std::array<std::pair<ReportFormat, std::string_view>, 3> kFormats{{
    {ReportFormat::md, "md"},
    {ReportFormat::csv, "csv"},
    {ReportFormat::html, "html"},
}};

std::string number(std::uint64_t v) {
  return std::to_string(v);
}

// ---- Markdown ---------------------------------------------------------------------------------

/// Text inside a Markdown table cell: the characters that would start markup or end the cell are
/// backslash-escaped (CommonMark escapes any ASCII punctuation; the rest stays readable as is).
std::string md(std::string_view text) {
  std::string out;
  for (const char c : detail::printable_text(text)) {
    switch (c) {
      case '\\':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
      case '<':
      case '>':
      case '|':
      case '&':
      case '~':
      case '#':
        out += '\\';
        break;
      default:
        break;
    }
    out += c;
  }
  return out;
}

class MarkdownTable {
 public:
  /// Headers; a header ending in ':' is a right-aligned (numeric) column (the ':' is not shown).
  explicit MarkdownTable(std::vector<std::string> headers) {
    for (std::string& h : headers) {
      const bool right = !h.empty() && h.back() == ':';
      if (right) h.pop_back();
      headers_.push_back(std::move(h));
      right_.push_back(right);
    }
  }
  void add(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
  bool empty() const { return rows_.empty(); }
  /// The table, without the columns whose header is in `drop`.
  std::string text(const std::vector<std::string>& drop = {}) const {
    std::vector<bool> keep;
    for (const std::string& h : headers_)
      keep.push_back(std::find(drop.begin(), drop.end(), h) == drop.end());
    auto line = [&](const std::vector<std::string>& cells) {
      std::string out = "|";
      for (std::size_t k = 0; k < cells.size(); ++k) {
        if (keep[k]) out += " " + cells[k] + " |";
      }
      return out + "\n";
    };
    std::string out = line(headers_);
    std::vector<std::string> rule;
    for (const bool right : right_) rule.push_back(right ? "---:" : ":---");
    out += line(rule);
    for (const auto& row : rows_) out += line(row);
    return out;
  }

 private:
  std::vector<std::string> headers_;
  std::vector<bool> right_;
  std::vector<std::vector<std::string>> rows_;
};

std::string class_size(const detail::ReportClass& cls) {
  return number(1 + cls.members.size());
}

std::string rare_cell(const GameResult& r) {
  return r.rare_mask == 0 ? "" : detail::hex_mask(r.rare_mask);
}

std::string last_rare_cell(const GameResult& r) {
  return r.last_rare ? number(*r.last_rare) : "";
}

std::string markdown(const CensusReportData& data,
                     const std::vector<detail::ReportClass>& classes) {
  std::string out = "# Census of " + md(data.family) + "\n\n";
  out += "Engine " + md(data.engine.empty() ? "unknown" : data.engine) + ", " + number(data.runs) +
         (data.runs == 1 ? " run" : " runs") + "; report of " +
         md(data.generated.empty() ? "an unknown date" : data.generated) + ".\n\n";

  // The summary: codes and classes (representatives) of each kind.
  const std::array<std::string_view, 4> kinds{"trivial", "solved", "open", "pending"};
  std::map<std::string_view, std::pair<std::uint64_t, std::uint64_t>> counts;
  for (const CensusReportRow& row : data.rows) ++counts[detail::shown_class(row)].first;
  for (const detail::ReportClass& cls : classes) {
    if (cls.row != nullptr) ++counts[detail::shown_class(*cls.row)].second;
  }
  MarkdownTable summary({"class", "codes:", "representatives:"});
  std::uint64_t representatives = 0;
  for (const std::string_view kind : kinds) {
    summary.add({std::string(kind), number(counts[kind].first), number(counts[kind].second)});
    representatives += counts[kind].second;
  }
  summary.add({"all", number(data.rows.size()), number(representatives)});
  out += summary.text() + "\n";
  out +=
      "Each class of equivalent codes appears once in the tables below, under its "
      "representative; the equivalence lookup gives the representative of every other code. "
      "The preperiod is the last exception + 1; a saltus is shown where it is not 0 (then "
      "g(n + period) = g(n) + saltus past the preperiod).\n\n";

  auto representatives_of = [&](std::string_view kind) {
    std::vector<const detail::ReportClass*> out;
    for (const detail::ReportClass& cls : classes) {
      if (cls.row != nullptr && detail::shown_class(*cls.row) == kind) out.push_back(&cls);
    }
    return out;
  };
  auto saltus_column = [](const std::vector<const detail::ReportClass*>& list) {
    for (const detail::ReportClass* cls : list) {
      if (cls->row->result.saltus != 0) return std::vector<std::string>{};
    }
    return std::vector<std::string>{"saltus"};  // dropped: every saltus is 0
  };

  out += "## Trivial games\n\nPeriodicity proven from g(0..999).\n\n";
  {
    const auto list = representatives_of("trivial");
    MarkdownTable table(
        {"code", "preperiod:", "period:", "saltus:", "largest value:", "codes in class:"});
    for (const detail::ReportClass* cls : list) {
      const GameResult& r = cls->row->result;
      table.add({md(cls->representative), number(r.preperiod), number(r.period),
                 r.saltus == 0 ? "" : number(r.saltus), number(r.largest_value), class_size(*cls)});
    }
    out += table.empty() ? "None.\n\n" : table.text(saltus_column(list)) + "\n";
  }

  out +=
      "## Solved games\n\nPeriodicity proven from more values, each row with the theorem that "
      "proves it and a certificate (`grundy census verify` checks it again).\n\n";
  {
    const auto list = representatives_of("solved");
    MarkdownTable table({"code", "preperiod:", "period:", "saltus:", "largest value:", "first at:",
                         "rare mask:", "rare:", "last rare:", "values used:", "theorem",
                         "codes in class:"});
    for (const detail::ReportClass* cls : list) {
      const GameResult& r = cls->row->result;
      table.add({md(cls->representative), number(r.preperiod), number(r.period),
                 r.saltus == 0 ? "" : number(r.saltus), number(r.largest_value),
                 number(r.largest_first), rare_cell(r), number(r.rare_count), last_rare_cell(r),
                 number(r.values_computed), md(r.theorem), class_size(*cls)});
    }
    out += table.empty() ? "None.\n\n" : table.text(saltus_column(list)) + "\n";
  }

  out +=
      "## Open games\n\nNo period proven within the budget: what the values computed show. A "
      "value is rare when its bits under the rare mask have an even count (the sparse-space "
      "mask with the fewest rare positions).\n\n";
  {
    MarkdownTable table({"code", "values computed:", "largest value:", "first at:", "rare mask:",
                         "rare:", "last rare:", "looks like", "stopped by", "codes in class:"});
    for (const detail::ReportClass* cls : representatives_of("open")) {
      const GameResult& r = cls->row->result;
      table.add({md(cls->representative), number(r.values_computed), number(r.largest_value),
                 number(r.largest_first), rare_cell(r), number(r.rare_count), last_rare_cell(r),
                 md(detail::looks_like(r)), r.stopped_by_time ? "time" : "values",
                 class_size(*cls)});
    }
    out += table.empty() ? "None.\n\n" : table.text() + "\n";
  }

  {
    std::string pending;
    for (const CensusReportRow& row : data.rows) {
      if (row.pending) pending += (pending.empty() ? "" : ", ") + md(row.code);
    }
    if (!pending.empty()) out += "## Pending\n\nNot computed yet: " + pending + ".\n\n";
  }

  out +=
      "## Equivalence lookup\n\nEach class of codes under its representative. Proven: *same "
      "moves* (the digits allow exactly the same moves), *offset* (+k: g(n + k) = g_rep(n), the "
      "offset rule of docs/theory/code-equivalence.md), *proven equal* (both solved, with the "
      "same preperiod, period, saltus and values; or differing only in moves that take a whole "
      "heap, with equal first values). *Observed*: equal values g(0..n-1) for the n "
      "computed, not proven. Codes not listed are alone in their class.\n\n";
  {
    MarkdownTable table(
        {"representative", "class", "same moves", "offset", "proven equal", "observed"});
    for (const detail::ReportClass& cls : classes) {
      if (cls.members.empty()) continue;
      std::array<std::string, 4> lists;
      for (const CensusReportRow* m : cls.members) {
        std::string item = md(m->code);
        std::size_t column = 0;
        switch (m->relation) {
          case Relation::same_moves:
            column = 0;
            break;
          case Relation::offset:
            column = 1;
            item += " (" + detail::offset_text(m->offset) + ")";
            break;
          case Relation::proven_equal:
            column = 2;
            break;
          case Relation::observed:
          case Relation::itself:
            column = 3;
            item += " (n = " + number(detail::observed_values(*m, cls)) + ")";
            break;
        }
        lists[column] += (lists[column].empty() ? "" : ", ") + item;
      }
      table.add({md(cls.representative) + (cls.row == nullptr ? " (not in this census)" : ""),
                 cls.row == nullptr ? "" : std::string(detail::shown_class(*cls.row)), lists[0],
                 lists[1], lists[2], lists[3]});
    }
    out += table.empty() ? "Every code is alone in its class.\n\n" : table.text() + "\n";
  }

  out +=
      "### Near misses\n\nCodes whose values agree on a long prefix and then differ (published "
      "tables have confused such pairs): g(n) is the same for both up to the first difference."
      "\n\n";
  {
    MarkdownTable table({"code", "code", "first difference at n:"});
    for (const NearMiss& miss : data.near_misses)
      table.add({md(miss.a), md(miss.b), number(miss.first_difference)});
    out += table.empty() ? "None found.\n" : table.text();
  }
  return out;
}

// ---- CSV --------------------------------------------------------------------------------------

/// RFC 4180: a field with a comma, a double quote or a line break is quoted, its quotes doubled.
std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

/// The CSV's columns are the result's fields (for_each_result_field, census_result.hpp) but the
/// proof's sentence and the certificate (read from the database or `census verify`), with the
/// code first and the code's place in its class (representative, relation, offset) after the
/// theorem.
bool csv_column(std::string_view field) {
  return field != "proof" && field != "certificate";
}

/// What an open game's values look like (its regularity and the observed period) is shown for
/// open games only: a proven game's values are what its proof says.
bool open_games_only(std::string_view field, ResultFieldGroup group) {
  return field == "regularity" || group == ResultFieldGroup::observed;
}

std::string csv_text(std::uint64_t v) {
  return number(v);
}
std::string csv_text(const std::string& text) {
  return text;
}
std::string csv_text(const std::optional<std::uint64_t>& v) {
  return v ? number(*v) : "";
}
std::string csv_text(double seconds) {
  return detail::seconds_text(seconds);
}
std::string csv_text(bool b) {
  return b ? "true" : "false";
}
std::string csv_text(Regularity r) {
  return std::string(regularity_name(r));
}
std::string csv_text(CensusClass c) {
  return std::string(census_class_name(c));
}

/// Calls column(name, text) for each column of `row`; the texts are empty where a value does
/// not apply (a code not yet computed, a proven field of an open game, ...).
template <class F>
void for_each_csv_column(const CensusReportRow& row, F&& column) {
  const GameResult& r = row.result;
  const bool computed = !row.pending;
  const bool open = r.census_class == CensusClass::open;
  column("code", row.code);
  for_each_result_field(r, [&](std::string_view name, const auto& value, ResultFieldGroup group) {
    if (!csv_column(name)) return;
    if (name == "game") {
      column(name, r.game);
    } else if (name == "class") {
      column(name, std::string(detail::shown_class(row)));
    } else {
      const bool shown =
          computed && holds_fields(r, group) && (open || !open_games_only(name, group));
      column(name, shown ? csv_text(value) : std::string());
    }
    if (name == "theorem") {
      column("representative", row.representative);
      column("relation", std::string(relation_name(row.relation)));
      column("offset", row.relation == Relation::offset ? std::to_string(row.offset) : "");
    }
  });
}

std::string csv(const CensusReportData& data) {
  std::string out;
  auto line = [&](const std::vector<std::string>& fields) {
    for (std::size_t k = 0; k < fields.size(); ++k) {
      if (k != 0) out += ',';
      out += csv_field(fields[k]);
    }
    out += "\r\n";
  };
  line(census_csv_columns());
  for (const CensusReportRow& row : data.rows) {
    std::vector<std::string> cells;
    for_each_csv_column(
        row, [&](std::string_view, std::string text) { cells.push_back(std::move(text)); });
    line(cells);
  }
  return out;
}

}  // namespace

namespace detail {

std::string markdown_cell(std::string_view text) {
  return md(text);
}
std::string csv_cell(std::string_view text) {
  return csv_field(text);
}

std::vector<ReportClass> report_classes(const CensusReportData& data) {
  auto fail = [](const std::string& what) { throw Error("census report: " + what); };
  std::map<std::string, const CensusReportRow*> by_code;
  for (const CensusReportRow& row : data.rows) {
    if (row.code.empty()) fail("a row has no code");
    if (!by_code.emplace(row.code, &row).second)
      fail("the code '" + quote_excerpt(row.code) + "' appears twice");
    if (row.plot_values.size() > kPlotValues)
      fail("the code '" + quote_excerpt(row.code) + "' has " +
           std::to_string(row.plot_values.size()) + " values to plot (at most " +
           std::to_string(kPlotValues) + ")");
    const bool own = row.representative == row.code;
    if (own != (row.relation == Relation::itself))
      fail("the code '" + quote_excerpt(row.code) + "' has the relation " +
           std::string(relation_name(row.relation)) + " to '" + quote_excerpt(row.representative) +
           "'");
    if (row.relation == Relation::offset && row.offset == 0)
      fail("the code '" + quote_excerpt(row.code) + "' is an offset of 0");
  }

  std::vector<ReportClass> classes;
  std::map<std::string, std::size_t> index;
  for (const CensusReportRow& row : data.rows) {
    const auto rep = by_code.find(row.representative);
    // One chain is left as two links: an offset code whose representative's values are only
    // observed to equal another code's (the offset is exact, the equality is not).
    const bool offset_of_observed = row.relation == Relation::offset && rep != by_code.end() &&
                                    rep->second->relation == Relation::observed;
    if (rep != by_code.end() && rep->second->relation != Relation::itself && !offset_of_observed)
      fail("the representative '" + quote_excerpt(row.representative) + "' of '" +
           quote_excerpt(row.code) + "' is not its own class's representative");
    const auto [it, added] = index.emplace(row.representative, classes.size());
    if (added) {
      ReportClass cls;
      cls.representative = row.representative;
      cls.row = rep == by_code.end() ? nullptr : rep->second;
      classes.push_back(std::move(cls));
    }
    if (row.relation != Relation::itself) classes[it->second].members.push_back(&row);
  }
  return classes;
}

std::string_view shown_class(const CensusReportRow& row) {
  return row.pending ? "pending" : census_class_name(row.result.census_class);
}

std::string hex_mask(Value mask) {
  char buffer[32];
  std::snprintf(buffer, sizeof buffer, "0x%llx", static_cast<unsigned long long>(mask));
  return buffer;
}

std::string looks_like(const GameResult& r) {
  auto proof_needs = [&] {
    return r.observed_values_needed == std::numeric_limits<std::uint64_t>::max()
               ? std::string(", no theorem proves it")
               : ", a proof needs " + number(r.observed_values_needed) + " values";
  };
  switch (r.regularity) {
    case Regularity::periodic:
      return "periodic? preperiod " + number(r.observed_preperiod) + ", period " +
             number(r.observed_period) + proof_needs();
    case Regularity::arithmetic_periodic:
      return "arithmetic-periodic? preperiod " + number(r.observed_preperiod) + ", period " +
             number(r.observed_period) + ", saltus " + number(r.observed_saltus) + proof_needs();
    case Regularity::neither:
      return "neither periodic nor arithmetic-periodic";
    case Regularity::none:
      break;
  }
  return "";
}

std::string offset_text(std::int32_t offset) {
  return (offset > 0 ? "+" : "") + std::to_string(offset);
}

std::uint64_t observed_values(const CensusReportRow& row, const ReportClass& cls) {
  if (cls.row == nullptr || cls.row->pending) return row.result.values_computed;
  return std::min(row.result.values_computed, cls.row->result.values_computed);
}

std::string seconds_text(double seconds) {
  char buffer[64];
  const auto [end, error] =
      std::to_chars(buffer, buffer + sizeof buffer, seconds, std::chars_format::fixed, 3);
  return error == std::errc() ? std::string(buffer, end) : std::string();
}

std::string printable_text(std::string_view text) {
  return quote_excerpt(text, text.size());
}

}  // namespace detail

std::string_view relation_name(Relation r) {
  return enum_name(kRelations, r, "itself");
}

Relation relation_from_name(std::string_view name) {
  if (auto r = enum_from_name(kRelations, name)) return *r;
  throw Error("unknown relation '" + quote_excerpt(name) + "' (expected " +
              enum_names_text(kRelations) + ")");
}

ReportFormat report_format_from_name(std::string_view name) {
  if (auto f = enum_from_name(kFormats, name)) return *f;
  throw Error("unknown report format '" + quote_excerpt(name) + "' (expected " +
              enum_names_text(kFormats) + ")");
}

std::vector<std::string> census_csv_columns() {
  std::vector<std::string> names;
  for_each_csv_column(CensusReportRow{},
                      [&](std::string_view name, const std::string&) { names.emplace_back(name); });
  return names;
}

std::string census_report(const CensusReportData& data, ReportFormat format) {
  const std::vector<detail::ReportClass> classes = detail::report_classes(data);
  switch (format) {
    case ReportFormat::md:
      return markdown(data, classes);
    case ReportFormat::csv:
      return csv(data);
    case ReportFormat::html:
      return detail::html_report(data, classes);
  }
  throw Error("census report: unknown format");
}

}  // namespace grundy
