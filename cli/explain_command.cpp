// grundy explain GAME POSITION : why a position has its value — its options, their values, the
// mex over them, and which options win; for loopy games Smith's rule, for heaps beyond any table
// the options counted through the proven period.
#include <algorithm>
#include <iostream>
#include <iterator>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/analysis/value_sources.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/loopy_value.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy::cli {
namespace {

/// Explaining a value means looking at every option (the mex needs them all); past this many the
/// request is refused rather than left running for hours (nim:10^18 has 10^18 options), unless
/// the options can be counted by value without visiting them (a proven period).
constexpr std::uint64_t kMaxEnumeratedOptions = 10'000'000;

/// Infinite options named in the text line that says why a value is infinite.
constexpr std::size_t kNamedIrreversible = 3;

struct ExplainArgs {
  CommonOptions common;
  std::string max_options = "200";
  std::string max = "10000000";
  bool no_cache = false;
  std::string game;
  std::string position;
};

struct ListedOption {
  std::string text;
  Value value = 0;  // kInfiniteValue: infinite, of escape set `escapes`
  std::vector<Value> escapes;
};

/// `3`, or `inf{0,2}`.
std::string value_text(const ListedOption& o) {
  return o.value == kInfiniteValue ? format_infinite_value(o.escapes) : std::to_string(o.value);
}

nlohmann::ordered_json value_json(const ListedOption& o) {
  return o.value == kInfiniteValue ? nlohmann::ordered_json(value_text(o)) : json_number(o.value);
}

/// The distinct values of a position's options, in bounded memory: values below the most options
/// explain enumerates (every value that can decide the mex, which is at most the option count)
/// in a bitset, and only the `keep` smallest larger values (all that can be shown).
class OptionValues {
 public:
  explicit OptionValues(std::uint64_t keep) : keep_(keep) {}

  void insert(Value v) {
    if (v <= kMaxEnumeratedOptions) {
      if (v >= small_.size()) small_.resize(std::max<std::uint64_t>(v + 1, 2 * small_.size()));
      if (!small_[v]) ++small_count_;
      small_[v] = true;
      return;
    }
    large_.insert(v);
    if (large_.size() > keep_) {
      large_.erase(std::prev(large_.end()));
      large_dropped_ = true;
    }
  }
  Value mex() const {
    Value m = 0;
    while (m < small_.size() && small_[m]) ++m;
    return m;
  }
  /// The smallest distinct values, increasing; `complete` says whether they are all of them.
  std::vector<Value> smallest(std::uint64_t count, bool& complete) const {
    std::vector<Value> out;
    for_each_value([&](Value v) {
      if (out.size() == count) return false;
      out.push_back(v);
      return true;
    });
    complete = !large_dropped_ && out.size() == small_count_ + large_.size();
    return out;
  }
  /// Runs of consecutive values [first, last], the first `max_runs` of them; `more` says whether
  /// values beyond them exist or may exist (the last run kept may go on past the values kept).
  std::vector<std::pair<Value, Value>> runs(std::uint64_t max_runs, bool& more) const {
    std::vector<std::pair<Value, Value>> out;
    more = false;
    for_each_value([&](Value v) {
      if (!out.empty() && out.back().second + 1 == v) {
        out.back().second = v;
        return true;
      }
      if (out.size() == max_runs) {
        more = true;
        return false;
      }
      out.emplace_back(v, v);
      return true;
    });
    if (!more && large_dropped_ && !out.empty() && !large_.empty() &&
        out.back().second == *large_.rbegin()) {
      out.pop_back();
      more = true;
    }
    return out;
  }

 private:
  /// Calls f(v) for the distinct values in increasing order while it returns true.
  template <class F>
  void for_each_value(F&& f) const {
    for (Value v = 0; v < small_.size(); ++v) {
      if (small_[v] && !f(v)) return;
    }
    for (const Value v : large_) {
      if (!f(v)) return;
    }
  }

  std::uint64_t keep_;
  std::vector<bool> small_;
  std::uint64_t small_count_ = 0;
  std::set<Value> large_;
  bool large_dropped_ = false;
};

struct Explanation {
  explicit Explanation(std::uint64_t keep) : option_values(keep) {}
  /// The position's value and, when it is infinite, its escape set.
  ListedOption value;
  std::uint64_t option_count = 0;
  std::uint64_t winning_count = 0;
  /// The distinct finite values of the options.
  OptionValues option_values;
  /// The mex of the finite option values: the value, unless Smith's rule makes it infinite.
  Value mex = 0;
  std::vector<ListedOption> listed;  // the first --max-options options, in the family's order
  // Loopy positions (a value or an option infinite): Smith's rule.
  std::uint64_t infinite_count = 0;
  /// Infinite options with no option of value `mex`: a move there cannot be answered by a move
  /// back to `mex`, which is what makes a value infinite.
  std::uint64_t irreversible_count = 0;
  std::vector<ListedOption> irreversible;  // the first --max-options of them
  /// In a drawn position: the infinite options without 0 in their escape sets (drawn for the
  /// opponent too).
  std::uint64_t keeping_draw_count = 0;
  std::vector<bool> listed_keeps_draw;
  /// The period the option values were counted through (heaps beyond any table).
  const Periodicity* period = nullptr;

  bool loopy() const { return value.value == kInfiniteValue || infinite_count > 0; }
  bool draw() const {
    return value.value == kInfiniteValue &&
           !std::binary_search(value.escapes.begin(), value.escapes.end(), Value{0});
  }
  std::string winner() const {
    if (value.value == kInfiniteValue) return draw() ? "draw" : "first";
    return value.value != 0 ? "first" : "second";
  }
};

/// Stops an enumeration early (only the listed options are wanted).
struct EnoughListed {};

/// Every option visited: its value (the XOR of its parts' values, infinite when a part is), then
/// for a loopy position Smith's rule checked option by option.
void explain_by_options(const Game& game, const Position& p, ValueSource& source,
                        std::uint64_t max_options, Explanation& e) {
  for_each_option(game, p, [&](std::span<const Position> parts) {
    if (++e.option_count > kMaxEnumeratedOptions) {
      throw ResourceError("position " + format_component(game, p) + " has more than " +
                          std::to_string(kMaxEnumeratedOptions) +
                          " options; explain enumerates them all (try a smaller position)");
    }
    const Value v = option_value(parts, source);
    if (v == kInfiniteValue) {
      ++e.infinite_count;
    } else {
      e.option_values.insert(v);
      // A move to a position of value 0 leaves the opponent in a P-position: it wins.
      if (v == 0) ++e.winning_count;
    }
    if (e.listed.size() < max_options) e.listed.push_back({format_option(game, parts), v, {}});
  });
  e.mex = e.option_values.mex();
  if (e.value.value == kInfiniteValue) e.value.escapes = escape_set(game, {&p, 1}, source);
  if (e.infinite_count == 0) return;
  // Smith's rule (the graph solver's Fraenkel–Yesha labelling): finite value m, the mex of the
  // finite option values, when every infinite option has an option of value m, so that a move
  // there is answered by a move back to m; else infinite.
  e.listed_keeps_draw.assign(e.listed.size(), false);
  const bool draw = e.draw();
  std::size_t index = 0;
  for_each_option(game, p, [&](std::span<const Position> parts) {
    const std::size_t i = index++;
    if (i < e.listed.size() && e.listed[i].value != kInfiniteValue) return;
    if (i >= e.listed.size() && option_value(parts, source) == kInfiniteValue) return;
    std::vector<Value> k = escape_set(game, parts, source);
    if (!std::binary_search(k.begin(), k.end(), e.mex)) {
      ++e.irreversible_count;
      if (e.irreversible.size() < max_options) {
        e.irreversible.push_back({format_option(game, parts), kInfiniteValue, k});
      }
    }
    const bool keeps_draw = draw && !std::binary_search(k.begin(), k.end(), Value{0});
    if (keeps_draw) ++e.keeping_draw_count;
    if (i < e.listed.size()) {
      e.listed_keeps_draw[i] = keeps_draw;
      e.listed[i].escapes = std::move(k);
    }
  });
}

/// A heap beyond any table whose options are too many to visit: how many have each value, from
/// the source (counted through the proven period); only the listed options are visited.
void explain_by_counts(const Game& game, const Position& p, PeriodicSource& source,
                       const std::vector<ValueCount>& counts, std::uint64_t max_options,
                       Explanation& e) {
  for (const ValueCount& c : counts) {
    const auto total = checked_add(e.option_count, c.count);
    if (!total) throw ResourceError(format_component(game, p) + " has 2^64 options or more");
    e.option_count = *total;
    e.option_values.insert(c.value);
    if (c.value == 0) e.winning_count = c.count;
  }
  e.mex = e.option_values.mex();
  e.period = source.periodicity();
  if (max_options == 0) return;
  try {
    for_each_option(game, p, [&](std::span<const Position> parts) {
      e.listed.push_back({format_option(game, parts), option_value(parts, source), {}});
      if (e.listed.size() == max_options) throw EnoughListed{};
    });
  } catch (const EnoughListed&) {
  }
}

Explanation explain(const Game& game, const Position& p, PeriodicSource& source,
                    std::uint64_t max_options) {
  // One more value than can be shown tells whether the shown ones are all there are.
  Explanation e(max_options + 1);
  e.value.value = source.value(p);
  if (const auto counts = source.option_value_counts(p)) {
    explain_by_counts(game, p, source, *counts, max_options, e);
  } else {
    explain_by_options(game, p, source, max_options, e);
  }
  // The value is the mex of the options' values (Sprague–Grundy), or infinite by Smith's rule; a
  // source that disagrees with its own game's options is a bug in the library, not bad input.
  const Value expected = e.irreversible_count > 0 ? kInfiniteValue : e.mex;
  if (expected != e.value.value) {
    throw std::logic_error("value " + value_text(e.value) + " of " + format_component(game, p) +
                           " differs from the one its options give by " +
                           (e.loopy() ? "Smith's rule" : "the mex") + ", " +
                           (expected == kInfiniteValue ? "infinite" : std::to_string(expected)));
  }
  return e;
}

/// `{0..3, 5, 7..8}`: runs of consecutive values collapsed, at most `max_runs` runs shown, and
/// `...` when there may be more.
std::string format_value_set(const OptionValues& values, std::uint64_t max_runs) {
  bool more = false;
  std::string out;
  for (const auto& [first, last] : values.runs(max_runs, more)) {
    out += out.empty() ? "" : ", ";
    out += std::to_string(first);
    if (last == first + 1) out += ", " + std::to_string(last);
    if (last > first + 1) out += ".." + std::to_string(last);
  }
  if (more) out += out.empty() ? "..." : ", ...";
  return "{" + out + "}";
}

nlohmann::ordered_json explanation_json(const Game& game, const Position& p, const Explanation& e,
                                        std::uint64_t max_options) {
  nlohmann::ordered_json options = nlohmann::ordered_json::array();
  for (std::size_t i = 0; i < e.listed.size(); ++i) {
    const ListedOption& o = e.listed[i];
    nlohmann::ordered_json option{
        {"option", o.text}, {"value", value_json(o)}, {"winning", o.value == 0}};
    if (e.loopy()) option["keeps_draw"] = !e.listed_keeps_draw.empty() && e.listed_keeps_draw[i];
    options.push_back(std::move(option));
  }
  bool complete = false;
  std::vector<Value> shown = e.option_values.smallest(max_options + 1, complete);
  const bool truncated = shown.size() > max_options || !complete;
  if (shown.size() > max_options) shown.resize(max_options);
  nlohmann::ordered_json values = nlohmann::ordered_json::array();
  for (const Value v : shown) values.push_back(json_number(v));
  nlohmann::ordered_json doc{
      {"game", game.name()},
      {"position", game.format_position(p)},
      {"value", value_json(e.value)},
      {"winner", e.winner()},
      {"option_count", json_number(e.option_count)},
      {"option_values", values},
      {"option_values_truncated", truncated},
      {"mex", json_number(e.mex)},
      {"options", options},
      {"options_omitted", json_number(e.option_count - e.listed.size())},
      {"winning_move_count", json_number(e.winning_count)},
  };
  if (e.loopy()) {
    if (e.value.value == kInfiniteValue) {
      nlohmann::ordered_json k = nlohmann::ordered_json::array();
      for (const Value v : e.value.escapes) k.push_back(json_number(v));
      doc["escape_set"] = k;
    }
    doc["infinite_option_count"] = json_number(e.infinite_count);
    doc["irreversible_option_count"] = json_number(e.irreversible_count);
    nlohmann::ordered_json irreversible = nlohmann::ordered_json::array();
    for (const ListedOption& o : e.irreversible) {
      irreversible.push_back({{"option", o.text}, {"value", value_json(o)}});
    }
    doc["irreversible_options"] = irreversible;
    doc["keeping_draw_count"] = json_number(e.keeping_draw_count);
  }
  if (e.period != nullptr) {
    doc["values_from_period"] = {{"preperiod", json_number(e.period->preperiod)},
                                 {"period", json_number(e.period->period)}};
  }
  return doc;
}

/// The lines that state Smith's rule and how it decides this position.
void print_smith(const Explanation& e) {
  std::cout << "Smith's rule: the value is the mex m of the finite option values if every "
               "infinite option has an option of value m, else inf{K}, K the finite option "
               "values (the escape set)\n";
  if (e.irreversible_count == 0) {
    std::cout << "finite: every infinite option has an option of value " << e.mex
              << " (a move there is answered by a move back to value " << e.mex << ")\n";
    return;
  }
  std::cout << "infinite: " << e.irreversible_count
            << (e.irreversible_count == 1 ? " infinite option has" : " infinite options have")
            << " no option of value " << e.mex << ": ";
  for (std::size_t i = 0; i < e.irreversible.size() && i < kNamedIrreversible; ++i) {
    std::cout << (i ? ", " : "") << e.irreversible[i].text << " (" << value_text(e.irreversible[i])
              << ")";
  }
  std::cout << (e.irreversible_count > kNamedIrreversible ? ", ...\n" : "\n");
  const std::string k = value_text(e.value).substr(3);  // `{0,2}` of `inf{0,2}`
  std::cout << (e.draw() ? "a draw: 0 is not in the escape set "
                         : "first player wins: 0 is in "
                           "the escape set ")
            << k << '\n';
}

void print_explanation(const Game& game, const Position& p, const Explanation& e,
                       std::uint64_t max_options) {
  const std::string winner = e.winner();
  std::cout << format_component(game, p) << ": value " << value_text(e.value) << " ("
            << (winner == "draw" ? winner : winner + " player wins") << ")\n";
  std::cout << "option values " << format_value_set(e.option_values, max_options);
  if (e.loopy()) std::cout << ", " << e.infinite_count << " infinite";
  std::cout << ", mex " << e.mex << '\n';
  if (e.loopy()) print_smith(e);
  if (e.period != nullptr) {
    std::cout << "option values counted through the proven period (preperiod "
              << e.period->preperiod << ", period " << e.period->period
              << "): too many options to visit one by one\n";
  }
  std::cout << e.option_count << (e.option_count == 1 ? " option" : " options") << ", "
            << e.winning_count << " winning (value 0)";
  if (e.draw()) std::cout << ", " << e.keeping_draw_count << " keeping the draw";
  std::cout << '\n';
  std::size_t width = 0;
  for (const ListedOption& o : e.listed) width = std::max(width, o.text.size());
  for (std::size_t i = 0; i < e.listed.size(); ++i) {
    const ListedOption& o = e.listed[i];
    const bool keeps_draw = !e.listed_keeps_draw.empty() && e.listed_keeps_draw[i];
    std::cout << "  " << o.text << std::string(width - o.text.size(), ' ') << "  value "
              << value_text(o)
              << (o.value == 0 ? "  wins"
                  : keeps_draw ? "  keeps the draw"
                               : "")
              << '\n';
  }
  const std::uint64_t omitted = e.option_count - e.listed.size();
  if (omitted > 0) std::cout << "  ... " << omitted << " more options (--max-options)\n";
}

int run_explain(const ExplainArgs& args) {
  const std::shared_ptr<const Game> game = parse_game_argument(args.game);
  Position p;
  try {
    p = parse_position(*game, args.position);
  } catch (const SpecError&) {
    rethrow_with_context("position", args.position);
  }
  const std::uint64_t max_options =
      parse_number_option("--max-options", args.max_options, 1u << 30);
  // The values solve would use: formulas, tables, proven periods.
  const std::unique_ptr<PeriodicSource> source =
      make_value_source(game,
                        period_options(args.common, args.no_cache,
                                       parse_number_option("--max", args.max, kMaxCoordinate)),
                        terminal_progress("explain"));
  source->prepare(std::span<const Position>(&p, 1));
  const Explanation e = explain(*game, p, *source, max_options);
  end_progress();
  if (args.common.json) {
    std::cout << dump_json(explanation_json(*game, p, e, max_options)) << '\n';
  } else {
    print_explanation(*game, p, e, max_options);
  }
  return 0;
}

}  // namespace

Runner add_explain_command(CLI::App& app) {
  auto args = std::make_shared<ExplainArgs>();
  CLI::App* cmd = app.add_subcommand(
      "explain", "A position's options, their values, the mex that gives its value, the wins");
  cmd->footer(
      "\nExamples:\n"
      "  grundy explain 0.07 10\n"
      "  grundy explain 'sub(1,3,4)' 9 --json\n"
      "  grundy explain kayles 1000000000000 --max-options 5   (through the proven period)\n"
      "  grundy explain 'graph(g.txt)' a   (a loopy graph: Smith's rule)");
  cmd->add_option("game", args->game, "Game spec, e.g. nim, 0.07, 'sub(1,3)'")->required();
  cmd->add_option("position", args->position, "A position of that game")->required();
  cmd->add_option("--max-options", args->max_options, "List at most N options (default 200)");
  add_common_options(*cmd, args->common);
  add_period_search_options(*cmd, args->max, args->no_cache);
  return [args] { return run_explain(*args); };
}

}  // namespace grundy::cli
