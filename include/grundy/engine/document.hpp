#pragma once
/// \file The JSON documents of docs/cli.md, made once from the engine's answers for both faces:
/// the command prints them, the Python module converts them to dicts. Numbers are kept whole in
/// the document; dump_document writes those of 2^53 and more as strings of digits (the contract),
/// which a Python dict keeps as ints.

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/engine/answers.hpp"
#include "grundy/engine/explanation.hpp"
#include "grundy/engine/match.hpp"
#include "grundy/engine/misere_explanation.hpp"
#include "grundy/engine/value_table.hpp"
#include "grundy/solve/misere_search.hpp"

namespace grundy {

using Document = nlohmann::ordered_json;

Document to_document(const ValueAnswer& answer);
Document to_document(const SequenceAnswer& answer);
Document to_document(const RunsAnswer& answer);
/// `grundy formula --json` (docs/cli.md).
Document to_document(const FormulaAnswer& answer);
/// `{"game", "from", "to", "play": "misere", "genus": [...]}`; the command streams the same
/// document heap by heap.
Document to_document(const GenusAnswer& answer);
Document to_document(const SequenceFileAnswer& answer);
Document to_document(const SolveAnswer& answer);
Document to_document(const PeriodReport& report);
/// `grundy quotient --json` (docs/cli.md).
Document to_document(const MisereQuotient& quotient);
Document to_document(const QuotientAnswer& answer);
/// `{"game", "max_heap", "complete"}`.
Document to_document(const QuotientUsed& used);
Document to_document(const Explanation& explanation);
Document to_document(const MisereExplanation& explanation);
Document to_document(const MoveText& move);
/// `grundy table --json`: `{"game", "position", "rows": {"from", "to"}, "cols": {"from", "to"},
/// "values": [[g or null, ...] per row], "p_positions": [[row, col], ...]}`.
Document to_document(const TableAnswer& table);
/// One heap's genus: [g, [gamma0, gamma1, ...]].
Document to_document(const Genus& genus);
/// A position's value: the number, or the text `inf{K}` when infinite.
Document value_document(const PositionValue& value);

// The events of a game against the perfect player (`grundy play --json`, one line each).
Document start_event(const Match& match);
/// The position; with the human to move (and no draw by repetition) also the moves, at most
/// `list` of them.
Document position_event(const Match& match, std::size_t list);
/// A move; the computer's says what it can force.
Document move_event(const MoveText& move, bool human, std::optional<Verdict> verdict = {});
Document hint_event(const Match::Choice& choice);
Document undo_event(bool undone);
Document rejected_event(const std::string& input, Found found);
/// `human_wins`: nothing for a draw or an unfinished game; `reason`: no_move, repetition, quit,
/// end_of_input.
Document end_event(std::optional<bool> human_wins, std::string_view reason);

/// The document as one line of JSON text, by the contract: numbers of 2^53 and more as strings
/// of decimal digits; bytes that are not UTF-8 (a file name, say) become U+FFFD.
std::string dump_document(const Document& document);

/// A document whose last member is one long array, written by a face element by element
/// (`seq --json`, `seq --misere --json`) so that a long sequence is never held twice: `head` is
/// the document's text up to where the array's elements go, `tail` what closes it. Elements are
/// dump_document texts separated by commas.
struct StreamedDocument {
  std::string head;
  std::string tail;
};
/// The document of `answer` (its values left out) cut where its values go.
StreamedDocument streamed_document(const SequenceAnswer& answer);
/// The document of `answer` (its genera left out) cut where its genera go.
StreamedDocument streamed_document(const GenusAnswer& answer);

}  // namespace grundy
