// Explaining a value: the options, their values, the mex or Smith's rule (explanation.hpp).
#include <algorithm>
#include <iterator>
#include <stdexcept>

#include "explain.hpp"
#include "grundy/analysis/periodic_source.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/families/subtraction.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/rules/take_break.hpp"
#include "grundy/solve/loopy_value.hpp"

namespace grundy {

std::string value_text(const ListedOption& o) {
  return o.value == kInfiniteValue ? format_infinite_value(o.escapes) : std::to_string(o.value);
}

void OptionValues::insert(Value v) {
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

Value OptionValues::mex() const {
  Value m = 0;
  while (m < small_.size() && small_[m]) ++m;
  return m;
}

/// Calls f(v) for the distinct values in increasing order while it returns true.
template <class F>
void OptionValues::for_each_value(F&& f) const {
  for (Value v = 0; v < small_.size(); ++v) {
    if (small_[v] && !f(v)) return;
  }
  for (const Value v : large_) {
    if (!f(v)) return;
  }
}

std::vector<Value> OptionValues::smallest(std::uint64_t count, bool& complete) const {
  std::vector<Value> out;
  for_each_value([&](Value v) {
    if (out.size() == count) return false;
    out.push_back(v);
    return true;
  });
  complete = !large_dropped_ && out.size() == small_count_ + large_.size();
  return out;
}

std::vector<std::pair<Value, Value>> OptionValues::runs(std::uint64_t max_runs, bool& more) const {
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

bool Explanation::draw() const {
  return value.value == kInfiniteValue &&
         !std::binary_search(value.escapes.begin(), value.escapes.end(), Value{0});
}

std::string Explanation::winner() const {
  if (value.value == kInfiniteValue) return draw() ? "draw" : "first";
  return value.value != 0 ? "first" : "second";
}

namespace {

/// Stops an enumeration early (only the listed options are wanted).
struct EnoughListed {};

/// Every option visited: its value (the XOR of its parts' values, infinite when a part is), then
/// for a loopy position Smith's rule checked option by option.
/// Options of p there are at least, where counting them is cheap (heaps of a code or of a set
/// of intervals: a heap of an all-but game or a repeating code has about as many as tokens).
std::uint64_t options_at_least(const Game& game, const Position& p) {
  if (game.traits().layout != Layout::heaps) return 0;
  if (const TakeBreakCode* code = game.traits().take_break) {
    return take_break_one_heap_options(*code, p.x);
  }
  if (const SubtractionSet* set = game.traits().subtraction) {
    return set->count_up_to(p.x).value_or(0);  // each element up to n is one option
  }
  return 0;
}

void explain_by_options(const Game& game, const Position& p, ValueSource& source,
                        std::uint64_t max_options, Explanation& e) {
  const auto too_many = [&] {
    return ResourceError("position " + format_component(game, p) + " has more than " +
                         std::to_string(kMaxEnumeratedOptions) +
                         " options; explain enumerates them all (try a smaller position)");
  };
  // Refused at once rather than after enumerating 10^7 of them.
  if (options_at_least(game, p) > kMaxEnumeratedOptions) throw too_many();
  for_each_option(game, p, [&](std::span<const Position> parts) {
    if (++e.option_count > kMaxEnumeratedOptions) throw too_many();
    const Value v = option_value(parts, source);
    if (v == kInfiniteValue) {
      ++e.infinite_count;
    } else {
      e.option_values.insert(v);
      // A move to a position of value 0 leaves the opponent in a P-position: it wins.
      if (v == 0) ++e.winning_count;
    }
    if (e.listed.size() < max_options) {
      e.listed.push_back({format_option(game, parts), v, {}, game.move_name(p, parts)});
    }
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
void explain_by_counts(const Game& game, const Position& p, ValueSource& source,
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
  if (const auto* periodic = dynamic_cast<const PeriodicSource*>(&source)) {
    if (const Periodicity* period = periodic->periodicity()) e.period = *period;
  }
  if (max_options == 0) return;
  try {
    for_each_option(game, p, [&](std::span<const Position> parts) {
      e.listed.push_back(
          {format_option(game, parts), option_value(parts, source), {}, game.move_name(p, parts)});
      if (e.listed.size() == max_options) throw EnoughListed{};
    });
  } catch (const EnoughListed&) {
  }
}

}  // namespace

Explanation explain_position(const Game& game, const Position& p, ValueSource& source,
                             std::uint64_t max_options) {
  // One more value than can be shown tells whether the shown ones are all there are.
  Explanation e(max_options + 1);
  e.game = game.name();
  e.position = game.format_position(p);
  e.component = format_component(game, p);
  e.max_options = max_options;
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

}  // namespace grundy
