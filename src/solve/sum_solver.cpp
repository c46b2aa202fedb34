#include "grundy/solve/sum_solver.hpp"

#include <algorithm>
#include <stdexcept>

#include "grundy/core/nim_sum.hpp"
#include "grundy/solve/graph_solver.hpp"

namespace grundy {
namespace {

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
    out.component_values.push_back(sources[i]->value(sum.components[i].position));
  }
  out.infinite_components = static_cast<std::size_t>(
      std::count(out.component_values.begin(), out.component_values.end(), kInfiniteValue));
  if (out.infinite_components > 0) return solve_infinite(sum, sources, max_moves, std::move(out));
  out.nim_sum = nim_sum(out.component_values);
  out.outcome = outcome_of(out.nim_sum);
  out.winning_move_count = 0;
  if (out.outcome == Outcome::P) return out;

  std::vector<Move> found;
  for (std::size_t i = 0; i < sum.components.size(); ++i) {
    const Component& c = sum.components[i];
    const Value target = out.component_values[i] ^ out.nim_sum;
    found.clear();
    auto keep = [&](std::span<const Position> parts) {
      Move m{i, std::vector<Position>(parts.begin(), parts.end())};
      std::sort(m.to.begin(), m.to.end());
      found.push_back(std::move(m));
    };
    const std::size_t room = max_moves - std::min(max_moves, out.winning_moves.size());
    OptionFunction visitor(keep);
    if (auto count = c.game->formula_options_with_value(c.position, target, room, visitor)) {
      *out.winning_move_count += *count;
    } else if (OptionSearch search =
                   sources[i]->options_with_value(c.position, target, room, visitor);
               search.answered) {
      if (search.count && out.winning_move_count) {
        *out.winning_move_count += *search.count;
      } else if (!search.count) {
        out.winning_move_count.reset();
        if (out.count_unknown_reason.empty())
          out.count_unknown_reason = search.count_unknown_reason;
      }
    } else {
      // Any option of value g xor X wins, including options above g (a reversible move).
      for_each_option(*c.game, c.position, [&](std::span<const Position> parts) {
        Value v = 0;
        for (const Position& part : parts) v ^= sources[i]->value(part);
        if (v == target) keep(parts);
      });
      std::sort(found.begin(), found.end());
      found.erase(std::unique(found.begin(), found.end()), found.end());
      if (out.winning_move_count) *out.winning_move_count += found.size();
    }
    std::sort(found.begin(), found.end());
    for (Move& m : found) {
      if (out.winning_moves.size() >= max_moves) break;
      out.winning_moves.push_back(std::move(m));
    }
  }
  out.winning_moves_truncated = out.winning_move_count
                                    ? *out.winning_move_count > out.winning_moves.size()
                                    : out.winning_moves.size() >= max_moves;
  return out;
}

}  // namespace grundy
