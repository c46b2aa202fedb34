// The JSON documents of docs/cli.md, from the engine's answers (document.hpp).
#include "grundy/engine/document.hpp"

#include <stdexcept>
#include <string_view>
#include <utility>

#include "grundy/core/checked.hpp"

namespace grundy {
namespace {

Document array_of(const std::vector<Value>& values) {
  Document out = Document::array();
  for (const Value v : values) out.push_back(v);
  return out;
}

Document moves_document(const std::vector<MoveText>& moves) {
  Document out = Document::array();
  for (const MoveText& m : moves) out.push_back(to_document(m));
  return out;
}

/// Value `inf{K}` of a listed option or position, else the number.
Document listed_value(const ListedOption& o) {
  return o.value == kInfiniteValue ? Document(value_text(o)) : Document(o.value);
}

Document certificate_document(const PeriodAnswer& answer) {
  const PeriodCertificate& c = *answer.certificate;
  Document doc{{"source", answer.from_cache ? "cache" : "computed"},
               {"engine", c.engine},
               {"date", c.date},
               {"theorem", std::string(theorem_kind_name(c.theorem.kind))},
               {"values_needed", c.values_needed}};
  if (const auto& check = answer.cache_check) {
    doc["checked_on_load"] = {{"complete", check->complete},
                              {"positions", check->positions},
                              {"options", check->options},
                              {"summary", check->summary()}};
  }
  return doc;
}

/// The contract's numbers: whole numbers of 2^53 and more become strings of digits.
void contract_numbers(Document& doc) {
  constexpr std::uint64_t kExact = std::uint64_t{1} << 53;
  if (doc.is_number_unsigned()) {
    const auto v = doc.get<std::uint64_t>();
    if (v >= kExact) doc = std::to_string(v);
  } else if (doc.is_number_integer()) {
    const auto v = doc.get<std::int64_t>();
    if (v >= static_cast<std::int64_t>(kExact) || v <= -static_cast<std::int64_t>(kExact)) {
      doc = std::to_string(v);
    }
  } else if (doc.is_structured()) {
    for (Document& item : doc) contract_numbers(item);
  }
}

}  // namespace

Document value_document(const PositionValue& v) {
  return v.value == kInfiniteValue ? Document(v.infinite) : Document(v.value);
}

Document to_document(const ValueAnswer& answer) {
  Document values = Document::array();
  for (const PositionValue& v : answer.values) {
    values.push_back({{"position", v.position}, {"value", value_document(v)}});
  }
  return {{"game", answer.game}, {"values", std::move(values)}};
}

namespace {

/// `document`, whose last member is an empty array, cut where that array's elements go.
StreamedDocument cut_at_last_array(const Document& document) {
  std::string text = dump_document(document);
  constexpr std::string_view kEmptyLast = "[]}";
  if (!text.ends_with(kEmptyLast)) {
    throw std::logic_error("a streamed document must end with an empty array");
  }
  text.resize(text.size() - 2);
  return {std::move(text), "]}"};
}

}  // namespace

StreamedDocument streamed_document(const SequenceAnswer& answer) {
  SequenceAnswer head = answer;
  head.values.clear();
  return cut_at_last_array(to_document(head));
}

StreamedDocument streamed_document(const GenusAnswer& answer) {
  GenusAnswer head = answer;
  head.genera.clear();
  return cut_at_last_array(to_document(head));
}

Document to_document(const SequenceAnswer& answer) {
  return {{"game", answer.game},
          {"from", answer.from},
          {"to", answer.to},
          {"values", array_of(answer.values)}};
}

Document to_document(const TableAnswer& table) {
  Document values = Document::array();
  Document p_positions = Document::array();
  for (std::uint64_t row = table.rows.from;; ++row) {
    Document line = Document::array();
    for (std::uint64_t col = table.cols.from;; ++col) {
      if (table.has_value(row, col)) {
        line.push_back(table.value(row, col));
      } else {
        line.push_back(nullptr);
      }
      if (table.is_p_position(row, col)) p_positions.push_back(Document::array({row, col}));
      if (col == table.cols.to) break;
    }
    values.push_back(std::move(line));
    if (row == table.rows.to) break;
  }
  return {{"game", table.game},
          {"position", table.position},
          {"rows", {{"from", table.rows.from}, {"to", table.rows.to}}},
          {"cols", {{"from", table.cols.from}, {"to", table.cols.to}}},
          {"values", std::move(values)},
          {"p_positions", std::move(p_positions)}};
}

Document to_document(const FormulaAnswer& answer) {
  const std::optional<ClosedForm>& form = answer.form;
  Document checked = answer.two_coordinates
                         ? Document{{"rows", {{"from", answer.rows.from}, {"to", answer.rows.to}}},
                                    {"cols", {{"from", answer.cols.from}, {"to", answer.cols.to}}}}
                         : Document{{"from", answer.from}, {"to", answer.to}};
  if (answer.positions_checked == 0) checked = nullptr;
  Document definitions = Document::array();
  for (const std::string& d : answer.text.definitions) definitions.push_back(d);
  const auto text_or_null = [](bool present, const std::string& text) {
    return present ? Document(text) : Document(nullptr);
  };
  Document out{{"game", answer.game},
               {"position", answer.position},
               {"found", form.has_value()},
               {"of", form ? Document(form->p_positions ? "p_positions" : "g") : Document(nullptr)},
               {"form", text_or_null(form.has_value(), form ? form->kind : "")},
               {"formula", text_or_null(form.has_value(), answer.text.expression)},
               {"definitions", std::move(definitions)},
               {"proven", form && form->proven()},
               {"proof", text_or_null(form && form->proven(), form ? form->proof : "")},
               {"not_proven", text_or_null(!(form && form->proven()), answer.not_proven)},
               {"checked", std::move(checked)},
               {"positions_checked", answer.positions_checked}};
  if (!answer.not_checked.empty()) out["not_checked"] = answer.not_checked;
  out["cpp"] = text_or_null(form.has_value(), answer.cpp);
  out["python"] = text_or_null(form.has_value(), answer.python);
  return out;
}

Document to_document(const RunsAnswer& answer) {
  Document runs = Document::array();
  for (const ValueRun& r : answer.runs)
    runs.push_back({{"from", r.from}, {"to", r.to}, {"value", r.value}});
  return {
      {"game", answer.game}, {"from", answer.from}, {"to", answer.to}, {"runs", std::move(runs)}};
}

Document to_document(const GenusAnswer& answer) {
  Document genera = Document::array();
  for (const Genus& genus : answer.genera) genera.push_back(to_document(genus));
  return {{"game", answer.game},
          {"from", answer.from},
          {"to", answer.to},
          {"play", "misere"},
          {"genus", std::move(genera)}};
}

Document to_document(const SequenceFileAnswer& answer) {
  const SequenceRunResult& result = answer.run;
  Document doc;
  doc["game"] = answer.game;
  doc["file"] = answer.file;
  doc["from"] = 0;
  doc["to"] = result.count - 1;
  doc["count"] = result.count;
  doc["value_bytes"] = result.value_bytes;
  doc["resumed_at"] = result.resumed_at;
  doc["computed"] = result.computed;
  if (result.rare_count) doc["rare_count"] = *result.rare_count;
  if (result.mask) doc["mask"] = *result.mask;
  if (result.periodicity) {
    doc["preperiod"] = result.periodicity->preperiod;
    doc["period"] = result.periodicity->period;
    doc["saltus"] = result.periodicity->saltus;
  }
  return doc;
}

Document to_document(const MoveText& move) {
  Document doc{{"component", move.component}, {"from", move.from}, {"to", move.to}};
  if (!move.move.empty()) doc["move"] = move.move;
  return doc;
}

Document to_document(const Genus& genus) {
  return Document::array({genus.grundy_value, array_of(genus.gammas)});
}

Document to_document(const SolveAnswer& a) {
  const bool misere = a.play == Play::misere;
  Document doc{{"sum", a.sum},
               {"play", misere ? "misere" : "normal"},
               {"winner", std::string(winner_name(a.outcome))}};
  if (a.nim_sum) doc["nim_sum"] = *a.nim_sum;
  // A draw has no remoteness: null.
  if (a.remoteness_asked) doc["remoteness"] = a.remoteness ? Document(*a.remoteness) : nullptr;
  doc["winning_moves"] = moves_document(a.winning_moves);
  doc["winning_moves_truncated"] = a.winning_moves_truncated;
  doc["winning_move_count"] =
      a.winning_move_count ? Document(*a.winning_move_count) : Document(nullptr);
  if (misere && !a.misere_method.empty()) doc["decided_by"] = a.misere_method;
  if (a.quotient) doc["quotient"] = to_document(*a.quotient);
  // Normal play: the winning move a player should make, null when no move wins.
  if (!misere) doc["move_to_play"] = a.move_to_play ? to_document(*a.move_to_play) : nullptr;
  return doc;
}

Document to_document(const PeriodReport& report) {
  const PeriodAnswer& answer = report.answer;
  Document doc{{"game", report.game}, {"proven", answer.periodicity.has_value()}};
  if (const auto& p = answer.periodicity) {
    doc["preperiod"] = p->preperiod;
    doc["period"] = p->period;
    doc["saltus"] = p->saltus;
    doc["values_computed"] = answer.values_computed;
    doc["proof"] = p->proof;
    doc["from_cache"] = answer.from_cache;
    doc["certificate"] = certificate_document(answer);
    if (const auto& v = report.verified) {
      doc["verified"] = {{"holds", v->holds}, {"values", v->positions}, {"summary", v->summary()}};
    }
    return doc;
  }
  doc["values_computed"] = answer.values_computed;
  doc["max"] = report.max_values;
  if (!answer.why_not.empty()) doc["reason"] = answer.why_not;
  doc["theorem_applies"] = report.theorem_applies();
  if (report.observed_values()) {
    // What the values show, never a proof ("proven" stays false).
    doc["observed"] = nullptr;
    if (const auto& o = report.observed) {
      doc["observed"] = {{"preperiod", o->preperiod},
                         {"period", o->period},
                         {"saltus", o->saltus},
                         {"holds_below", answer.values_computed - o->period},
                         {"proven", false}};
    }
  }
  if (!report.not_observed.empty()) doc["not_observed"] = report.not_observed;
  if (report.theorem_applies()) {
    doc["candidate"] = nullptr;
    if (const auto& c = answer.candidate) {
      // values_needed null: no theorem covering the game proves such a period (a saltus under
      // Guy-Smith).
      doc["candidate"] = {
          {"preperiod", c->preperiod},
          {"period", c->period},
          {"saltus", c->saltus},
          {"values_needed",
           c->values_needed == kSaturated ? Document(nullptr) : Document(c->values_needed)}};
    }
  }
  return doc;
}

Document to_document(const Explanation& e) {
  Document options = Document::array();
  for (std::size_t i = 0; i < e.listed.size(); ++i) {
    const ListedOption& o = e.listed[i];
    Document option{{"option", o.text}, {"value", listed_value(o)}, {"winning", o.value == 0}};
    if (!o.move.empty()) option["move"] = o.move;
    if (e.loopy()) option["keeps_draw"] = e.keeps_draw(i);
    options.push_back(std::move(option));
  }
  bool complete = false;
  std::vector<Value> shown = e.option_values.smallest(e.max_options + 1, complete);
  const bool truncated = shown.size() > e.max_options || !complete;
  if (shown.size() > e.max_options) shown.resize(e.max_options);
  Document doc{
      {"game", e.game},
      {"position", e.position},
      {"value", listed_value(e.value)},
      {"winner", e.winner()},
      {"option_count", e.option_count},
      {"option_values", array_of(shown)},
      {"option_values_truncated", truncated},
      {"mex", e.mex},
      {"options", std::move(options)},
      {"options_omitted", e.option_count - e.listed.size()},
      {"winning_move_count", e.winning_count},
  };
  if (e.loopy()) {
    if (e.value.value == kInfiniteValue) doc["escape_set"] = array_of(e.value.escapes);
    doc["infinite_option_count"] = e.infinite_count;
    doc["irreversible_option_count"] = e.irreversible_count;
    Document irreversible = Document::array();
    for (const ListedOption& o : e.irreversible) {
      irreversible.push_back({{"option", o.text}, {"value", listed_value(o)}});
    }
    doc["irreversible_options"] = std::move(irreversible);
    doc["keeping_draw_count"] = e.keeping_draw_count;
  }
  if (e.period) {
    doc["values_from_period"] = {{"preperiod", e.period->preperiod}, {"period", e.period->period}};
  }
  return doc;
}

Document start_event(const Match& match) {
  Document event{{"event", "start"},
                 {"sum", format_sum(match.position())},
                 {"play", match.play() == Play::misere ? "misere" : "normal"},
                 {"first", match.human_to_move() ? "human" : "computer"}};
  if (const std::optional<QuotientUsed> quotient = match.quotient()) {
    event["quotient"] = to_document(*quotient);
  }
  return event;
}

Document position_event(const Match& match, std::size_t list) {
  const std::string text = match.position_text();
  Document event{{"event", "position"},
                 {"position", text.empty() ? "0" : text},
                 {"to_move", match.human_to_move() ? "human" : "computer"}};
  if (match.human_to_move() && match.state() != Match::State::repetition) {
    const MoveList& moves = match.moves();
    Document listed = Document::array();
    for (std::size_t k = 0; k < moves.moves.size() && k < list; ++k) {
      Document m{{"number", k + 1}};
      m.update(to_document(moves.moves[k]));
      listed.push_back(std::move(m));
    }
    event["moves"] = std::move(listed);
    event["move_count"] = moves.complete ? Document(moves.moves.size()) : Document(nullptr);
    event["moves_truncated"] = !moves.complete || moves.moves.size() > list;
  }
  return event;
}

Document move_event(const MoveText& move, bool human, std::optional<Verdict> verdict) {
  Document event{{"event", "move"}, {"player", human ? "human" : "computer"}};
  event.update(to_document(move));
  if (verdict) event["verdict"] = verdict_name(*verdict);
  return event;
}

Document hint_event(const Match::Choice& choice) {
  return {{"event", "hint"},
          {"verdict", verdict_name(choice.verdict)},
          {"move", choice.verdict == Verdict::loss ? Document(nullptr) : to_document(choice.move)}};
}

Document undo_event(bool undone) {
  return {{"event", "undo"}, {"undone", undone}};
}

Document rejected_event(const std::string& input, Found found) {
  return {{"event", "rejected"},
          {"input", input},
          {"reason", found == Found::unknown ? "not_found" : "not_a_move"}};
}

Document end_event(std::optional<bool> human_wins, std::string_view reason) {
  return {{"event", "end"},
          {"winner", human_wins ? Document(*human_wins ? "human" : "computer") : Document(nullptr)},
          {"reason", reason}};
}

std::string dump_document(const Document& document) {
  Document copy = document;
  contract_numbers(copy);
  return copy.dump(-1, ' ', false, Document::error_handler_t::replace);
}

}  // namespace grundy
