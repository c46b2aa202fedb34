// grundy explain GAME POSITION : why a position has its value — its options, their values, the
// mex over them, and which options win.
#include <algorithm>
#include <iostream>
#include <iterator>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "commands.hpp"
#include "common.hpp"
#include "grundy/analysis/periodic_source.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy::cli {
namespace {

/// Explaining a value means looking at every option (the mex needs them all); past this many the
/// request is refused rather than left running for hours (nim:10^18 has 10^18 options).
constexpr std::uint64_t kMaxEnumeratedOptions = 10'000'000;

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
  Value value = 0;
};

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
  Value value = 0;
  std::uint64_t option_count = 0;
  std::uint64_t winning_count = 0;
  OptionValues option_values;
  std::vector<ListedOption> listed;  // the first --max-options options, in the family's order
};

Explanation explain(const Game& game, const Position& p, ValueSource& source,
                    std::uint64_t max_options) {
  // One more value than can be shown tells whether the shown ones are all there are.
  Explanation e(max_options + 1);
  e.value = source.value(p);
  for_each_option(game, p, [&](std::span<const Position> parts) {
    if (++e.option_count > kMaxEnumeratedOptions) {
      throw ResourceError("position " + format_component(game, p) + " has more than " +
                          std::to_string(kMaxEnumeratedOptions) +
                          " options; explain enumerates them all (try a smaller position)");
    }
    Value v = 0;  // the option's parts are a sum: their values XOR (Sprague–Grundy)
    for (const Position& part : parts) v ^= source.value(part);
    e.option_values.insert(v);
    // A move to a position of value 0 leaves the opponent in a P-position: it wins.
    if (v == 0) ++e.winning_count;
    if (e.listed.size() < max_options) e.listed.push_back({format_option(game, parts), v});
  });
  // The Sprague–Grundy value is the mex of the options' values; a source that disagrees with its
  // own game's options is a bug in the library, not bad input.
  const Value m = e.option_values.mex();
  if (m != e.value) {
    throw std::logic_error("value " + std::to_string(e.value) + " of " + format_component(game, p) +
                           " differs from the mex " + std::to_string(m) + " of its options");
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

int run_explain(const ExplainArgs& args) {
  std::shared_ptr<const Game> game;
  try {
    game = parse_game(args.game);
  } catch (const SpecError&) {
    rethrow_with_context("spec", args.game);
  }
  Position p;
  try {
    p = parse_position(*game, args.position);
  } catch (const SpecError&) {
    rethrow_with_context("position", args.position);
  }
  const std::uint64_t max_options =
      parse_number_option("--max-options", args.max_options, 1u << 30);
  PeriodicSource source(game,
                        period_options(args.common, args.no_cache,
                                       parse_number_option("--max", args.max, kMaxCoordinate)));
  source.set_progress(terminal_progress("explain"));
  source.prepare(std::span<const Position>(&p, 1));
  const Explanation e = explain(*game, p, source, max_options);
  end_progress();

  const std::string winner = e.value != 0 ? "first" : "second";
  const std::uint64_t omitted = e.option_count - e.listed.size();
  if (args.common.json) {
    nlohmann::ordered_json options = nlohmann::ordered_json::array();
    for (const ListedOption& o : e.listed) {
      options.push_back(
          {{"option", o.text}, {"value", json_number(o.value)}, {"winning", o.value == 0}});
    }
    bool complete = false;
    std::vector<Value> shown = e.option_values.smallest(max_options + 1, complete);
    const bool truncated = shown.size() > max_options || !complete;
    if (shown.size() > max_options) shown.resize(max_options);
    nlohmann::ordered_json values = nlohmann::ordered_json::array();
    for (const Value v : shown) values.push_back(json_number(v));
    nlohmann::ordered_json doc{
        {"game", game->name()},
        {"position", game->format_position(p)},
        {"value", json_number(e.value)},
        {"winner", winner},
        {"option_count", json_number(e.option_count)},
        {"option_values", values},
        {"option_values_truncated", truncated},
        {"mex", json_number(e.value)},
        {"options", options},
        {"options_omitted", json_number(omitted)},
        {"winning_move_count", json_number(e.winning_count)},
    };
    std::cout << dump_json(doc) << '\n';
    return 0;
  }

  std::cout << format_component(*game, p) << ": value " << e.value << " (" << winner
            << " player wins)\n";
  std::cout << "option values " << format_value_set(e.option_values, max_options) << ", mex "
            << e.value << '\n';
  std::cout << e.option_count << (e.option_count == 1 ? " option" : " options") << ", "
            << e.winning_count << " winning (value 0)\n";
  std::size_t width = 0;
  for (const ListedOption& o : e.listed) width = std::max(width, o.text.size());
  for (const ListedOption& o : e.listed) {
    std::cout << "  " << o.text << std::string(width - o.text.size(), ' ') << "  value " << o.value
              << (o.value == 0 ? "  wins" : "") << '\n';
  }
  if (omitted > 0) std::cout << "  ... " << omitted << " more options (--max-options)\n";
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
      "  grundy explain 'sub(1,3,4)' 9 --json");
  cmd->add_option("game", args->game, "Game spec, e.g. nim, 0.07, 'sub(1,3)'")->required();
  cmd->add_option("position", args->position, "A position of that game")->required();
  cmd->add_option("--max-options", args->max_options, "List at most N options (default 200)");
  add_common_options(*cmd, args->common);
  add_period_search_options(*cmd, args->max, args->no_cache);
  return [args] { return run_explain(*args); };
}

}  // namespace grundy::cli
