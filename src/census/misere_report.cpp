// The misère census report (misere_census.hpp).
#include <map>
#include <string>
#include <vector>

#include "census_report_parts.hpp"
#include "grundy/census/misere_census.hpp"
#include "grundy/engine/engine.hpp"

namespace grundy {
namespace {

struct Row {
  std::string code, game;
  const MisereRow* quotient = nullptr;
};

/// What a row says, in words (every format shows the same sentence).
std::string status(const Row& r) {
  if (r.quotient == nullptr) return "not computed";
  const MisereRow& q = *r.quotient;
  if (!q.complete && !q.tame.empty() && q.stable_from < q.reached && q.order_at_least == 0) {
    // The budget ended while heaps were added without growing the quotient.
    std::string out = "|Q| = " + std::to_string(q.order) + ", |P| = " + std::to_string(q.p_count) +
                      ", last grew at heap " + std::to_string(q.stable_from) +
                      ", unchanged to heap " + std::to_string(q.reached) + " (observed";
    if (q.has_phi_period()) {
      out += ", phi(n + " + std::to_string(q.phi_period) +
             ") = phi(n) for n >= " + std::to_string(q.phi_preperiod);
    }
    return out + "); the budget (" + std::to_string(q.max_work) + " steps) ended before a proof, " +
           q.tame;
  }
  if (!q.complete) {
    std::string out = "not stabilised by heap " + std::to_string(q.reached) +
                      " (|Q| = " + std::to_string(q.order) + " there; budget " +
                      std::to_string(q.max_work) + " steps)";
    if (q.order_at_least != 0) {
      const std::string next = std::to_string(q.reached + 1);
      out += "; proven at heap " + next + ": |Q| >= " + std::to_string(q.order_at_least) +
             ", phi(" + next + ") has >= " + std::to_string(q.powers_at_least) + " distinct powers";
    }
    return out;
  }
  const std::string head = "|Q| = " + std::to_string(q.order) +
                           ", |P| = " + std::to_string(q.p_count) + ", last grew at heap " +
                           std::to_string(q.stable_from);
  if (q.every_heap_size()) {
    return head + ", the quotient of every heap size (phi(n + " + std::to_string(q.phi_period) +
           ") = phi(n) for n >= " + std::to_string(q.phi_preperiod) + ", proven), " + q.tame;
  }
  return head + ", unchanged to heap " + std::to_string(q.max_heap) + " (observed), " + q.tame;
}

constexpr const char* kColumns[] = {"code",          "game",
                                    "complete",      "max_heap",
                                    "reached",       "order",
                                    "p_count",       "stable_from",
                                    "tame",          "seconds",
                                    "periodicity",   "phi_preperiod",
                                    "phi_period",    "powers_at_least",
                                    "order_at_least"};

std::vector<std::string> fields(const Row& r) {
  if (r.quotient == nullptr) {
    std::vector<std::string> empty(std::size(kColumns));
    empty[0] = r.code;
    empty[1] = r.game;
    return empty;
  }
  const MisereRow& q = *r.quotient;
  const bool periodic = q.has_phi_period();
  const bool bounded = !q.complete && q.order_at_least != 0;
  return {r.code,
          r.game,
          q.complete ? "true" : "false",
          std::to_string(q.max_heap),
          std::to_string(q.reached),
          std::to_string(q.order),
          q.tame.empty() ? "" : std::to_string(q.p_count),
          q.tame.empty() ? "" : std::to_string(q.stable_from),
          q.tame,
          detail::seconds_text(q.seconds),
          q.periodicity,
          periodic ? std::to_string(q.phi_preperiod) : "",
          periodic ? std::to_string(q.phi_period) : "",
          bounded ? std::to_string(q.powers_at_least) : "",
          bounded ? std::to_string(q.order_at_least) : ""};
}

}  // namespace

std::string misere_census_report(const CensusDatabase& database, const CensusFamily& family,
                                 ReportFormat format) {
  const std::vector<MisereRow> stored = database.misere_rows();
  std::map<std::string, const MisereRow*> by_game;
  for (const MisereRow& r : stored) by_game[r.game] = &r;
  std::vector<Row> rows;
  std::uint64_t complete = 0, stopped = 0, missing = 0, proven = 0;
  for (const std::string& code : family.codes()) {
    Row r{code, Engine::game(code)->name(), nullptr};
    if (const auto it = by_game.find(r.game); it != by_game.end()) r.quotient = it->second;
    (r.quotient == nullptr ? missing : r.quotient->complete ? complete : stopped) += 1;
    if (r.quotient != nullptr && r.quotient->every_heap_size()) ++proven;
    rows.push_back(std::move(r));
  }
  const std::string title = "Misère quotients of " + family.name();
  const std::string summary = std::to_string(rows.size()) + " codes: " + std::to_string(complete) +
                              " quotients computed to their heap "
                              "bound (" +
                              std::to_string(proven) +
                              " of them proven the quotient of every heap size), " +
                              std::to_string(stopped) + " not stabilised within the budget, " +
                              std::to_string(missing) + " not computed.";
  std::string out;
  if (format == ReportFormat::csv) {
    for (std::size_t k = 0; k < std::size(kColumns); ++k)
      out += (k ? "," : "") + std::string(kColumns[k]);
    out += "\r\n";
    for (const Row& r : rows) {
      const std::vector<std::string> f = fields(r);
      for (std::size_t k = 0; k < f.size(); ++k) out += (k ? "," : "") + detail::csv_cell(f[k]);
      out += "\r\n";
    }
    return out;
  }
  if (format == ReportFormat::md) {
    out += "# " + title + "\n\n" + summary +
           " Orders, P-portions and where each quotient last grew are from `grundy census "
           "--misere`; \"not stabilised\" means the budget ran out, not that the game is wild "
           "(wild means not tame).\n\n| code | game | misère quotient |\n|---|---|---|\n";
    for (const Row& r : rows) {
      out += "| " + detail::markdown_cell(r.code) + " | " + detail::markdown_cell(r.game) + " | " +
             detail::markdown_cell(status(r)) + " |\n";
    }
    return out;
  }
  out +=
      "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
      "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
      "style-src 'unsafe-inline'\"><title>" +
      detail::html_text(title) +
      "</title><style>table{border-collapse:collapse}td,th{border:1px solid #999;"
      "padding:2px 6px;text-align:left}</style></head><body>\n<h1>" +
      detail::html_text(title) + "</h1>\n<p>" + detail::html_text(summary) +
      "</p>\n<table>\n<tr><th>code</th><th>game</th><th>misère quotient</th></tr>\n";
  for (const Row& r : rows) {
    out += "<tr><td>" + detail::html_text(r.code) + "</td><td>" + detail::html_text(r.game) +
           "</td><td>" + detail::html_text(status(r)) + "</td></tr>\n";
  }
  out += "</table>\n</body></html>\n";
  return out;
}

}  // namespace grundy
