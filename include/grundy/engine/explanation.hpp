#pragma once
/// \file Why a position has its value (`grundy explain`): every option, each option's value, the
/// mex over them and which options win; for loopy positions Smith's rule; for heaps beyond any
/// table the options counted per value through the proven period.

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "grundy/analysis/periodicity.hpp"
#include "grundy/core/value.hpp"
#include "grundy/solve/graph_solver.hpp"

namespace grundy {

/// One option as listed: its text and value (kInfiniteValue: infinite, of escape set
/// `escapes`), and the move's name when its family has one (a board's cells, `b2-b3`).
struct ListedOption {
  std::string text;
  Value value = 0;
  std::vector<Value> escapes;
  std::string move = {};
};

/// `3`, or `inf{0,2}`.
std::string value_text(const ListedOption& option);

/// The distinct values of a position's options, in bounded memory: values below the most options
/// explain enumerates (every value that can decide the mex, which is at most the option count)
/// in a bitset, and only the `keep` smallest larger values (all that can be shown).
class OptionValues {
 public:
  explicit OptionValues(std::uint64_t keep) : keep_(keep) {}

  void insert(Value v);
  Value mex() const;
  /// The smallest distinct values, increasing; `complete` says whether they are all of them.
  std::vector<Value> smallest(std::uint64_t count, bool& complete) const;
  /// Runs of consecutive values [first, last], the first `max_runs` of them; `more` says whether
  /// values beyond them exist or may exist (the last run kept may go on past the values kept).
  std::vector<std::pair<Value, Value>> runs(std::uint64_t max_runs, bool& more) const;

 private:
  template <class F>
  void for_each_value(F&& f) const;

  std::uint64_t keep_;
  std::vector<bool> small_;
  std::uint64_t small_count_ = 0;
  std::set<Value> large_;
  bool large_dropped_ = false;
};

struct Explanation {
  explicit Explanation(std::uint64_t keep) : option_values(keep) {}
  std::string game;
  std::string position;
  /// `GAME:POSITION`.
  std::string component;
  /// The most options listed (and distinct option values shown).
  std::uint64_t max_options = 0;
  /// The position's value and, when it is infinite, its escape set.
  ListedOption value;
  std::uint64_t option_count = 0;
  std::uint64_t winning_count = 0;
  /// The distinct finite values of the options.
  OptionValues option_values;
  /// The mex of the finite option values: the value, unless Smith's rule makes it infinite.
  Value mex = 0;
  std::vector<ListedOption> listed;  // the first max_options options, in the family's order
  // Loopy positions (a value or an option infinite): Smith's rule.
  std::uint64_t infinite_count = 0;
  /// Infinite options with no option of value `mex`: a move there cannot be answered by a move
  /// back to `mex`, which is what makes a value infinite.
  std::uint64_t irreversible_count = 0;
  std::vector<ListedOption> irreversible;  // the first max_options of them
  /// In a drawn position: the infinite options without 0 in their escape sets (drawn for the
  /// opponent too).
  std::uint64_t keeping_draw_count = 0;
  std::vector<bool> listed_keeps_draw;
  /// The period the option values were counted through (heaps beyond any table).
  std::optional<Periodicity> period;

  bool loopy() const { return value.value == kInfiniteValue || infinite_count > 0; }
  bool draw() const;
  /// "first", "second" or "draw".
  std::string winner() const;
  bool keeps_draw(std::size_t listed_index) const {
    return !listed_keeps_draw.empty() && listed_keeps_draw[listed_index];
  }
};

}  // namespace grundy
