#include "grundy/solve/sum_solver.hpp"

#include <algorithm>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <utility>

#include "grundy/core/error.hpp"
#include "grundy/core/nim_sum.hpp"
#include "grundy/solve/graph_solver.hpp"

namespace grundy {
namespace {

/// Collects a component's moves, parts sorted, for sorting and listing.
class MoveCollector {
 public:
  explicit MoveCollector(std::size_t component) : component_(component) {}
  void add(std::span<const Position> parts) {
    Move m{component_, std::vector<Position>(parts.begin(), parts.end())};
    std::sort(m.to.begin(), m.to.end());
    found_.push_back(std::move(m));
  }
  std::vector<Move>& found() { return found_; }

 private:
  std::size_t component_;
  std::vector<Move> found_;
};

/// Smith's counters of the graph games of a sum, computed once per game when first asked.
class SmithCounters {
 public:
  /// The graph game `game` is, or nullptr when it is another family.
  static const GraphGame* graph_of(const Game& game) {
    return game.traits().layout == Layout::graph ? static_cast<const GraphGame*>(&game) : nullptr;
  }
  /// c(v) of a vertex of finite value (see LoopyValues).
  std::uint64_t counter(const GraphGame& graph, const Position& v) {
    auto it = counters_.find(&graph);
    if (it == counters_.end()) {
      it = counters_.emplace(&graph, generalised_sprague_grundy(graph).counter).first;
    }
    return it->second.at(v.x);
  }

 private:
  std::map<const GraphGame*, std::vector<std::uint64_t>> counters_;
};

/// How much a winning move lowers (sum of the graph components' values, sum of their counters),
/// as a pair to minimise (solve_sum's header). Values and counters of a graph are below its vertex
/// count (< 2^32), so the differences fit.
using Progress = std::pair<std::int64_t, std::int64_t>;

/// Keeps the winning move with the least Progress, the first one on ties.
class MoveToPlay {
 public:
  void consider(const Move& m, Progress p) {
    if (!best_ || p < progress_) {
      best_ = m;
      progress_ = p;
    }
  }
  std::optional<Move>& best() { return best_; }

 private:
  std::optional<Move> best_;
  Progress progress_{};
};

/// Offers the winning moves `found` (sorted) of component `c`, of value `from_value`
/// (kInfiniteValue allowed), to `chooser`: for a graph game with the value change and the counter
/// change of each (the counter of an infinite vertex taken as 0: only moves of one component and
/// one value compete then), for any other game with no change.
void consider_moves(const Component& c, Value from_value, Value to_value,
                    const std::vector<Move>& found, SmithCounters& counters, MoveToPlay& chooser) {
  const GraphGame* graph = SmithCounters::graph_of(*c.game);
  if (graph == nullptr) {
    if (!found.empty()) chooser.consider(found.front(), Progress{0, 0});
    return;
  }
  const bool from_finite = from_value != kInfiniteValue;
  const auto value_change =
      from_finite ? static_cast<std::int64_t>(to_value) - static_cast<std::int64_t>(from_value)
                  : std::int64_t{0};
  const auto from_counter =
      from_finite ? static_cast<std::int64_t>(counters.counter(*graph, c.position)) : 0;
  for (const Move& m : found) {
    // A move in a graph game leaves one vertex.
    const auto to_counter = static_cast<std::int64_t>(counters.counter(*graph, m.to.at(0)));
    chooser.consider(m, Progress{value_change, to_counter - from_counter});
  }
}

/// Appends `found` (sorted) to the listed moves, up to `max_moves` in all.
void list_moves(std::vector<Move>& found, std::size_t max_moves, SumSolution& out) {
  std::sort(found.begin(), found.end());
  for (Move& m : found) {
    if (out.winning_moves.size() >= max_moves) break;
    out.winning_moves.push_back(std::move(m));
  }
}

/// A lone component decided by its family's theorem on P-positions (no Grundy value needed):
/// from an N-position the winning moves are exactly the moves to P-positions.
SumSolution solve_by_p_positions(const Component& c, bool is_p, std::size_t max_moves) {
  SumSolution out;
  out.nim_sum_known = false;
  out.outcome = is_p ? Outcome::P : Outcome::N;
  out.winning_move_count = 0;
  if (is_p) return out;
  MoveCollector collector(0);
  OptionFunction visitor([&](std::span<const Position> parts) { collector.add(parts); });
  // At least one move is collected, for the move to play.
  const auto count = c.game->formula_options_with_value(
      c.position, 0, std::max<std::size_t>(1, max_moves), visitor);
  if (!count) {
    throw std::logic_error(c.game->name() +
                           " tells P-positions but not the moves to them (formula_options_with_"
                           "value with target 0)");
  }
  if (*count == kTooManyToCount) {
    out.winning_move_count.reset();
    out.winning_move_count_note = "more than 2^64-1 winning moves: the count is not computed";
  } else if (*count == kNotCounted) {
    out.winning_move_count.reset();
    out.winning_move_count_note = "too many winning moves to enumerate by " + c.game->name() +
                                  "'s theorem: the count is "
                                  "not computed";
  } else {
    out.winning_move_count = *count;
  }
  std::vector<Move>& found = collector.found();
  std::sort(found.begin(), found.end());
  if (!found.empty()) out.move_to_play = found.front();
  list_moves(found, max_moves, out);
  out.winning_moves_truncated =
      !out.winning_move_count || *out.winning_move_count > out.winning_moves.size();
  return out;
}

/// A sum with an infinite component: Smith's rule (see the header).
SumSolution solve_infinite(const Sum& sum, std::span<ValueSource* const> sources,
                           std::size_t max_moves, SumSolution out) {
  out.outcome = Outcome::D;
  out.winning_move_count = 0;
  if (out.infinite_components >= 2) return out;
  const auto j = static_cast<std::size_t>(
      std::find(out.component_values.begin(), out.component_values.end(), kInfiniteValue) -
      out.component_values.begin());
  Value b = 0;
  for (std::size_t i = 0; i < out.component_values.size(); ++i) {
    if (i != j) b ^= out.component_values[i];
  }
  std::vector<Move> found;
  for_each_option(*sum.components[j].game, sum.components[j].position,
                  [&](std::span<const Position> parts) {
                    Value v = 0;
                    for (const Position& part : parts) v ^= sources[j]->value(part);
                    if (v != b) return;
                    Move m{j, std::vector<Position>(parts.begin(), parts.end())};
                    std::sort(m.to.begin(), m.to.end());
                    found.push_back(std::move(m));
                  });
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  if (found.empty()) return out;
  SmithCounters counters;
  MoveToPlay chooser;
  consider_moves(sum.components[j], kInfiniteValue, b, found, counters, chooser);
  out.move_to_play = std::move(chooser.best());
  out.outcome = Outcome::N;
  out.winning_move_count = found.size();
  for (Move& m : found) {
    if (out.winning_moves.size() >= max_moves) break;
    out.winning_moves.push_back(std::move(m));
  }
  out.winning_moves_truncated = found.size() > out.winning_moves.size();
  return out;
}

}  // namespace

SumSolution solve_sum(const Sum& sum, std::span<ValueSource* const> sources,
                      std::size_t max_moves) {
  if (sources.size() != sum.components.size()) {
    throw std::logic_error("solve_sum: one value source per component is needed");
  }
  SumSolution out;
  for (std::size_t i = 0; i < sum.components.size(); ++i) {
    const Component& c = sum.components[i];
    try {
      out.component_values.push_back(sources[i]->value(c.position));
    } catch (const ResourceError& e) {
      const std::optional<bool> is_p = c.game->traits().formula_p_positions
                                           ? c.game->formula_is_p_position(c.position)
                                           : std::nullopt;
      if (!is_p) throw;
      if (sum.components.size() == 1) return solve_by_p_positions(c, *is_p, max_moves);
      throw ResourceError(format_component(*c.game, c.position) +
                          " is too large for a table of Grundy values, which a sum needs (" +
                          e.what() + "); alone it would be solved through its P-positions");
    }
  }
  out.infinite_components = static_cast<std::size_t>(
      std::count(out.component_values.begin(), out.component_values.end(), kInfiniteValue));
  if (out.infinite_components > 0) return solve_infinite(sum, sources, max_moves, std::move(out));
  out.nim_sum = nim_sum(out.component_values);
  out.outcome = outcome_of(out.nim_sum);
  out.winning_move_count = 0;
  if (out.outcome == Outcome::P) return out;

  std::uint64_t count = 0;
  bool countable = true;
  SmithCounters counters;
  MoveToPlay chooser;
  for (std::size_t i = 0; i < sum.components.size(); ++i) {
    const Component& c = sum.components[i];
    const Value target = out.component_values[i] ^ out.nim_sum;
    MoveCollector collector(i);
    // At least one move of every component is collected, for the choice of the move to play.
    const std::size_t room =
        std::max<std::size_t>(1, max_moves - std::min(max_moves, out.winning_moves.size()));
    OptionFunction visitor([&](std::span<const Position> parts) { collector.add(parts); });
    std::uint64_t here = 0;
    const GameTraits& traits = c.game->traits();
    if (auto formula = traits.formula_values || traits.formula_p_positions
                           ? c.game->formula_options_with_value(c.position, target, room, visitor)
                           : std::nullopt) {
      here = *formula;
    } else if (OptionSearch search =
                   sources[i]->options_with_value(c.position, target, room, visitor);
               search.answered) {
      // The source answers from structure (a heap far beyond any table, through its period).
      if (search.count) {
        here = *search.count;
      } else {
        here = kTooManyToCount;
        if (countable) out.winning_move_count_note = search.count_unknown_reason;
        countable = false;
      }
    } else {
      // Any option of value g xor X wins, including options above g (a reversible move).
      for_each_option(*c.game, c.position, [&](std::span<const Position> parts) {
        Value v = 0;
        for (const Position& part : parts) v ^= sources[i]->value(part);
        if (v == target) collector.add(parts);
      });
      std::vector<Move>& found = collector.found();
      std::sort(found.begin(), found.end());
      found.erase(std::unique(found.begin(), found.end()), found.end());
      here = found.size();
    }
    if (!countable) {
      // already unknown
    } else if (here == kNotCounted) {
      countable = false;
      out.winning_move_count_note = "component " + std::to_string(i) +
                                    " has too many winning moves to enumerate: the count is not "
                                    "computed";
    } else if (here == kTooManyToCount) {
      countable = false;
      out.winning_move_count_note = "component " + std::to_string(i) +
                                    " has more than 2^64-1 winning moves: the count is not "
                                    "computed";
    } else if (count > kTooManyToCount - 1 - here) {
      countable = false;
      out.winning_move_count_note = "more than 2^64-1 winning moves: the count is not computed";
    } else {
      count += here;
    }
    std::vector<Move>& found = collector.found();
    std::sort(found.begin(), found.end());
    consider_moves(c, out.component_values[i], target, found, counters, chooser);
    list_moves(found, max_moves, out);
  }
  out.move_to_play = std::move(chooser.best());
  if (countable) {
    out.winning_move_count = count;
    out.winning_moves_truncated = count > out.winning_moves.size();
  } else {
    out.winning_move_count.reset();
    out.winning_moves_truncated = true;
  }
  return out;
}

Sum after_move(const Sum& sum, const Move& m) {
  Sum next;
  for (std::size_t i = 0; i < sum.components.size(); ++i) {
    if (i != m.component) {
      next.components.push_back(sum.components[i]);
      continue;
    }
    for (const Position& part : m.to) next.components.push_back({sum.components[i].game, part});
  }
  return next;
}

}  // namespace grundy
