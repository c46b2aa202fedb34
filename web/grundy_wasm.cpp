// The page's face over the engine (web/): one entry point, grundy_request, takes a request (a JSON
// object naming a command and its arguments) and returns the engine's JSON document for it, the
// same documents `grundy ... --json` prints (engine/document.hpp), so the page and the command
// answer alike and the page's script only shows what it gets. It runs in the page's Web Worker
// (web/worker.js), one request at a time; progress of long work is passed to the worker's
// `Module.onProgress`, and a request is stopped by ending the worker.
#include <emscripten.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/core/error.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/engine/match.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/component_search.hpp"
#include "grundy/solve/misere_search.hpp"

// clang-format off
EM_JS(void, page_progress, (const char* label, double done, double total), {
  if (Module.onProgress) Module.onProgress(UTF8ToString(label), done, total);
});
// clang-format on

namespace grundy::page {
namespace {

using Request = nlohmann::json;

/// The table of a request may use at most this much memory: WebAssembly's 32-bit memory is 4 GiB
/// at most, and a browser tab gives less; a larger request is refused with the engine's message.
constexpr std::uint64_t kMaxMemory = std::uint64_t{1} << 30;
/// The most moves of a position listed in play (the command's --list default is 40).
constexpr std::size_t kMaxListedMoves = 200;
/// The page's --max: the most values a period search computes, and the longest table of a game
/// without a proven period. The command's 10^7 costs minutes in one WebAssembly thread (0.6's
/// period search: 3.5 minutes only to say that none is proven); 10^6 about ten seconds.
constexpr std::uint64_t kMaxValues = 1'000'000;
/// The winning moves of a sum listed (the command's --max-moves is 20): a learner sees them all
/// but in the rarest sums; the count says how many more there are.
constexpr std::size_t kMaxMoves = 100;
/// The most values one summary or plot reads: a game of proven period answers any heap at once,
/// but reading 10^12 of them one by one would not end.
constexpr std::uint64_t kMaxSpan = 100'000'000;

/// Progress at most every 100 ms: each report crosses into JavaScript and posts a message.
class Throttle {
 public:
  bool due() {
    const double now = emscripten_get_now();
    if (now - last_ < 100) return false;
    last_ = now;
    return true;
  }

 private:
  double last_ = -1e9;
};

void progress(const std::string& label, double done, double total) {
  page_progress(label.c_str(), done, total);
}

/// The progress of the page's own loops (over heaps), at most every 100 ms.
void progress_now_and_then(const std::string& label, double done, double total) {
  static Throttle throttle;
  if (throttle.due()) progress(label, done, total);
}

Reporter page_reporter() {
  Reporter reporter;
  reporter.table = [](const std::string& label) -> TableProgress {
    return [label, t = std::make_shared<Throttle>()](std::uint64_t done, std::uint64_t wanted) {
      if (t->due()) progress(label, static_cast<double>(done), static_cast<double>(wanted));
    };
  };
  reporter.sequence = [](const std::string& label) -> SequenceProgress {
    return [label, t = std::make_shared<Throttle>()](std::uint64_t done, std::uint64_t wanted,
                                                     std::size_t) {
      if (t->due()) progress(label, static_cast<double>(done), static_cast<double>(wanted));
    };
  };
  reporter.search = [](const std::string& label) -> SearchProgressCallback {
    return [label, t = std::make_shared<Throttle>()](const SearchProgress& p) {
      if (!t->due()) return;
      const std::uint64_t bound = p.bound ? *p.bound : p.max_states;
      progress(label, static_cast<double>(p.states), static_cast<double>(bound));
    };
  };
  reporter.components = [](const std::string& label) {
    return std::function<void(const ComponentSearchProgress&)>(
        [label, t = std::make_shared<Throttle>()](const ComponentSearchProgress& p) {
          if (t->due()) progress(label, static_cast<double>(p.nodes), 0);
        });
  };
  reporter.quotient = [](const std::string& label) {
    return std::function<void(const QuotientProgress&)>(
        [label, t = std::make_shared<Throttle>()](const QuotientProgress& p) {
          if (t->due()) progress(label, static_cast<double>(p.heap), 0);
        });
  };
  return reporter;
}

EngineOptions page_options() {
  EngineOptions options;
  options.max_memory = kMaxMemory;
  options.max_values = kMaxValues;
  options.max_moves = kMaxMoves;
  options.threads = 1;        // no threads in the page's WebAssembly (see web/dependencies.cmake)
  options.use_cache = false;  // no files: the period cache would not outlive the page
  return options;
}

const Engine& engine() {
  static const Engine the_engine(page_options(), page_reporter());
  return the_engine;
}

std::string text(const Request& r, const char* key) {
  if (!r.contains(key) || !r[key].is_string()) {
    throw Error(std::string("the request has no text '") + key + "'");
  }
  return r[key].get<std::string>();
}

/// A whole number given as a JSON number or as a string of digits (numbers past 2^53).
std::uint64_t number(const Request& r, const char* key,
                     std::optional<std::uint64_t> otherwise = {}) {
  if (!r.contains(key) || r[key].is_null()) {
    if (otherwise) return *otherwise;
    throw Error(std::string("the request has no number '") + key + "'");
  }
  const Request& v = r[key];
  if (v.is_number_unsigned()) return v.get<std::uint64_t>();
  if (v.is_string()) {
    const std::string s = v.get<std::string>();
    std::uint64_t n = 0;
    for (const char c : s) {
      if (c < '0' || c > '9' || n > (UINT64_MAX - 9) / 10) {
        throw Error(std::string("'") + key + "' is not a whole number: " + quote_excerpt(s));
      }
      n = n * 10 + static_cast<std::uint64_t>(c - '0');
    }
    if (!s.empty()) return n;
  }
  throw Error(std::string("'") + key + "' is not a whole number");
}

/// from..to for a summary or a plot, at most kMaxSpan values.
std::pair<std::uint64_t, std::uint64_t> span(const Request& r) {
  const std::uint64_t from = number(r, "from", 0);
  const std::uint64_t to = number(r, "to");
  if (to >= from && to - from >= kMaxSpan) {
    throw Error("the page reads at most " + std::to_string(kMaxSpan) + " values at a time; g(" +
                std::to_string(from) + ".." + std::to_string(to) +
                ") is more (the command grundy seq reads any number)");
  }
  return {from, to};
}

bool flag(const Request& r, const char* key) {
  return r.contains(key) && r[key].is_boolean() && r[key].get<bool>();
}

/// What the page can show of a game: a sequence of heaps, a grid of two coordinates, or positions
/// typed one by one; the engine decides (its refusals say which requests apply).
Document describe(const std::string& spec) {
  const auto game = Engine::game(spec);
  bool heaps = true;
  try {
    engine().seq(game, 0, 0);
  } catch (const Error&) {
    heaps = false;
  }
  bool grid = false;
  if (!heaps) {
    try {
      engine().table(game, {0, 1}, {0, 1});
      grid = true;
    } catch (const Error&) {
    }
  }
  Document samples = Document::array();
  for (const Position& p : game->sample_positions(6)) samples.push_back(game->format_position(p));
  return {{"game", game->name()}, {"heaps", heaps}, {"grid", grid}, {"samples", samples}};
}

/// The options of heaps from..to, each as `grundy explain --json` gives them.
Document rows(const Request& r) {
  const auto game = Engine::game(text(r, "game"));
  const std::uint64_t from = number(r, "from", 0);
  const std::uint64_t to = number(r, "to");
  const std::uint64_t max_options = number(r, "max_options", 64);
  if (to < from || to - from > 1000) throw Error("rows: at most 1001 heaps at a time");
  Document out = Document::array();
  for (std::uint64_t n = from; n <= to; ++n) {
    out.push_back(to_document(
        engine().explain(game, Engine::position(*game, std::to_string(n)), max_options)));
    progress_now_and_then("rows", static_cast<double>(n - from + 1),
                          static_cast<double>(to - from + 1));
  }
  return {{"game", game->name()}, {"rows", out}};
}

/// What g(from..to) hold, for a range too long to send whole: the P-positions and the largest
/// value, from the values streamed as `grundy seq` streams them (never held in memory).
Document summary(const Request& r) {
  const auto game = Engine::game(text(r, "game"));
  const auto [from, to] = span(r);
  SequenceValues values = engine().sequence(game, from, to);
  std::uint64_t p_positions = 0;
  Value largest = 0;
  const auto total = static_cast<double>(to - from) + 1;
  for (std::uint64_t n = from;; ++n) {
    const Value v = values.at(n);
    if (v == 0) ++p_positions;
    largest = std::max(largest, v);
    if ((n & 0xFFF) == 0) progress_now_and_then("seq", static_cast<double>(n - from), total);
    if (n == to) break;
  }
  return {{"game", game->name()},
          {"from", from},
          {"to", to},
          {"p_positions", p_positions},
          {"largest", largest}};
}

/// A sum solved, and each component's value (for the nim-sum bit by bit) under normal play.
Document solve(const Request& r) {
  const Sum sum = Engine::sum(text(r, "sum"));
  const bool misere = flag(r, "misere");
  Document doc = to_document(engine().solve(sum, misere ? Play::misere : Play::normal));
  if (!misere) {
    Document values = Document::array();
    for (const Component& c : sum.components) {
      const ValueAnswer v = engine().value(c.game, std::vector<Position>{c.position});
      values.push_back(to_document(v));
    }
    doc["component_values"] = values;
  }
  return doc;
}

Document table(const Request& r) {
  const auto game = Engine::game(text(r, "game"));
  const CoordinateRange rows{number(r, "row_from", 0), number(r, "row_to")};
  const CoordinateRange cols{number(r, "col_from", 0), number(r, "col_to")};
  return to_document(engine().table(game, rows, cols));
}

Document period(const Request& r) {
  const auto game = Engine::game(text(r, "game"));
  const PeriodReport report = engine().period(game);
  Document doc = to_document(report);
  if (flag(r, "plot") && report.answer.periodicity) {
    doc["plot"] = engine().period_plot(game, report);
  }
  return doc;
}

/// `grundy formula --json`: the closed form (the family's theorem, a proven period, or what the
/// values show), checked on heaps 0..to, or on rows x cols for a game of two coordinates (the
/// command's defaults when they are not given).
Document formula(const Request& r) {
  const auto game = Engine::game(text(r, "game"));
  FormulaRequest request;
  if (r.contains("to") && !r["to"].is_null()) request.to = number(r, "to");
  if (r.contains("row_to") && !r["row_to"].is_null()) {
    request.rows = CoordinateRange{number(r, "row_from", 0), number(r, "row_to")};
    request.cols = CoordinateRange{number(r, "col_from", 0), number(r, "col_to")};
  }
  return to_document(engine().formula(game, request));
}

/// The game against the perfect player, kept between requests (one at a time in the page).
struct Played {
  std::unique_ptr<Match> match;
};
Played& played() {
  static Played game;
  return game;
}

/// The events after the human's input, as `grundy play --json` prints them: the computer's moves
/// until the human is to move or the game is over.
void advance(Match& match, Document& events) {
  while (true) {
    events.push_back(position_event(match, kMaxListedMoves));
    if (match.state() == Match::State::repetition) {
      events.push_back(end_event(std::nullopt, "repetition"));
      return;
    }
    if (match.state() == Match::State::no_move) {
      events.push_back(end_event(match.human_wins(), "no_move"));
      return;
    }
    if (match.human_to_move()) return;
    const Match::Choice choice = match.computer_move();
    events.push_back(move_event(choice.move, false, choice.verdict));
  }
}

Document play(const Request& r) {
  const std::string action = text(r, "action");
  Document events = Document::array();
  Played& game = played();
  if (action == "start") {
    const Sum start = Engine::sum(text(r, "sum"));
    game.match.reset();
    game.match =
        std::make_unique<Match>(engine(), start, flag(r, "misere") ? Play::misere : Play::normal,
                                !flag(r, "computer_first"));
    events.push_back(start_event(*game.match));
    advance(*game.match, events);
    return {{"events", events}, {"drawing", game.match->drawing()}};
  }
  if (!game.match) throw Error("no game is being played");
  Match& match = *game.match;
  if (action == "move") {
    const std::string input = text(r, "input");
    const Match::Typed typed = match.human_move(input);
    if (!typed.move) {
      events.push_back(rejected_event(input, typed.found));
      events.push_back(position_event(match, kMaxListedMoves));
      return {{"events", events}, {"drawing", match.drawing()}};
    }
    events.push_back(move_event(*typed.move, true));
  } else if (action == "hint") {
    events.push_back(hint_event(match.hint()));
    return {{"events", events}, {"drawing", match.drawing()}};
  } else if (action == "undo") {
    events.push_back(undo_event(match.undo()));
  } else {
    throw Error("play: unknown action '" + quote_excerpt(action) + "'");
  }
  advance(match, events);
  return {{"events", events}, {"drawing", match.drawing()}};
}

Document answer(const Request& r) {
  const std::string command = text(r, "command");
  if (command == "families") {
    Document list = Document::array();
    for (const FamilySummary& f : Engine::families()) {
      list.push_back({{"name", f.name}, {"syntax", f.syntax}, {"summary", f.summary}});
    }
    return {{"families", list}};
  }
  if (command == "describe") return describe(text(r, "game"));
  if (command == "seq") {
    return to_document(
        engine().seq(Engine::game(text(r, "game")), number(r, "from", 0), number(r, "to")));
  }
  if (command == "genus") {
    return to_document(
        engine().genera(Engine::game(text(r, "game")), number(r, "from", 0), number(r, "to")));
  }
  if (command == "rows") return rows(r);
  if (command == "summary") return summary(r);
  if (command == "explain") {
    const auto game = Engine::game(text(r, "game"));
    const Position p = Engine::position(*game, text(r, "position"));
    const std::uint64_t max_options = number(r, "max_options", 200);
    if (flag(r, "misere")) return to_document(engine().explain_misere(game, p, max_options));
    return to_document(engine().explain(game, p, max_options));
  }
  if (command == "plot") {
    const auto game = Engine::game(text(r, "game"));
    const auto [from, to] = span(r);
    return {{"svg", engine().sequence_plot(game, from, to,
                                           flag(r, "log") ? PlotScale::log : PlotScale::linear)}};
  }
  if (command == "period") return period(r);
  if (command == "formula") return formula(r);
  if (command == "solve") return solve(r);
  if (command == "table") return table(r);
  if (command == "play") return play(r);
  throw Error("unknown command '" + quote_excerpt(command) + "'");
}

}  // namespace
}  // namespace grundy::page

/// The request's document as one line of JSON (dump_document: numbers of 2^53 and more as
/// strings), or `{"error": MESSAGE}` for a refused request or bad input, the line the command
/// would print after `grundy: error: `. The text stays valid until the next call.
extern "C" EMSCRIPTEN_KEEPALIVE const char* grundy_request(const char* request) {
  static std::string reply;
  using grundy::Document;
  try {
    const auto parsed = nlohmann::json::parse(request);
    reply = grundy::dump_document(grundy::page::answer(parsed));
  } catch (const nlohmann::json::exception& e) {
    reply = grundy::dump_document(Document{{"error", std::string("bad request: ") + e.what()}});
  } catch (const grundy::Error& e) {
    reply = grundy::dump_document(Document{{"error", e.what()}});
  } catch (const std::bad_alloc&) {
    reply = grundy::dump_document(Document{{"error", "out of memory"}, {"internal", true}});
  } catch (const std::exception& e) {
    // A bug, not the user's input (the command's exit code 1).
    reply = grundy::dump_document(
        Document{{"error", std::string("internal error: ") + e.what()}, {"internal", true}});
  }
  return reply.c_str();
}
