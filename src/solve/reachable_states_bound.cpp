// The bound on the states a search over a sum can reach, counted before searching.

#include <algorithm>
#include <optional>
#include <span>
#include <vector>

#include "grundy/core/checked.hpp"
#include "search.hpp"

namespace grundy::detail {
namespace {

/// Table cells one count of the estimate may fill (a few hundredths of a second each): beyond
/// it that count is given up and a coarser one used.
constexpr std::uint64_t kMaxEstimateWork = 20'000'000;

/// The number of multisets (sets, when `sets`) of items of the given weights, each at least 1,
/// with total weight at most `budget`, saturating: the knapsack recurrence over a table of
/// budget + 1 counts. Nothing when that takes more than kMaxEstimateWork cells.
std::optional<std::uint64_t> count_within_weight(std::span<const std::uint64_t> weights,
                                                 std::uint64_t budget, bool sets) {
  std::uint64_t items = 0;
  for (std::uint64_t w : weights) items += w <= budget ? 1 : 0;
  const std::uint64_t cells = saturating_mul(items, budget + 1);
  if (budget >= kMaxEstimateWork || cells > kMaxEstimateWork) return std::nullopt;
  std::vector<std::uint64_t> count(budget + 1, 0);  // count[t]: total weight exactly t
  count[0] = 1;
  for (std::uint64_t w : weights) {
    if (w > budget) continue;
    if (sets) {
      for (std::uint64_t t = budget; t >= w; --t) count[t] = saturating_add(count[t], count[t - w]);
    } else {
      for (std::uint64_t t = w; t <= budget; ++t) count[t] = saturating_add(count[t], count[t - w]);
    }
  }
  std::uint64_t total = 0;
  for (std::uint64_t c : count) total = saturating_add(total, c);
  return total;
}

/// C(m + k, k), the number of multisets of at most k items of m kinds, saturating.
std::uint64_t multisets_of_at_most(std::uint64_t m, std::uint64_t k) {
  if (m == 0 || k == 0) return 1;
  if (m >= (std::uint64_t{1} << 62) || k >= (std::uint64_t{1} << 62)) return kSaturated;
  // C(n - r + i, i) for i = 1..r is an integer at every step, and grows with i.
  const std::uint64_t r = std::min(m, k), n = m + k;
  uint128 c = 1;
  for (std::uint64_t i = 1; i <= r; ++i) {
    c = c * (n - r + i) / i;
    if (c > kSaturated) return kSaturated;
  }
  return static_cast<std::uint64_t>(c);
}

}  // namespace

bool Search::walk_closure() {
  closure_.clear();
  mark_.assign(keys_.size(), 0);  // 0 unseen, 1 on the path, 2 done
  auto mark = [&](std::uint32_t c) -> std::uint8_t& {
    if (c >= mark_.size()) mark_.resize(keys_.size(), 0);
    return mark_[c];
  };
  struct Step {
    std::uint32_t component;
    std::uint64_t option;  // absolute index into option_parts_
    std::uint64_t part;    // next index into parts_
  };
  std::vector<Step> path;
  auto enter = [&](std::uint32_t c) {
    mark(c) = 1;
    const std::uint64_t o = first_option_[c];
    path.push_back({c, o, option_count_[c] > 0 ? option_parts_[o] : 0});
  };
  bool cyclic = false;
  for (std::uint32_t r : root_) {
    if (mark(r) != 0) continue;
    enter(r);
    while (!path.empty()) {
      Step& step = path.back();
      const std::uint64_t end = first_option_[step.component] + option_count_[step.component];
      while (step.option < end && step.part == option_parts_end_[step.option]) {
        if (++step.option < end) step.part = option_parts_[step.option];
      }
      if (step.option == end) {
        mark(step.component) = 2;
        closure_.push_back(step.component);
        path.pop_back();
        continue;
      }
      const std::uint32_t q = parts_[step.part++];
      if (!has_moves(q)) continue;  // may grow parts_, not the indices held
      if (mark(q) == 1) cyclic = true;
      if (mark(q) == 0) enter(q);  // invalidates step
    }
  }
  return cyclic;
}

bool Search::grow_weights(std::span<const std::uint32_t> members, bool cyclic, int seed) {
  for (std::uint32_t c : members) {
    weight_[c] =
        seed < 0 ? 1
                 : std::max<std::uint64_t>(
                       1, saturating_add(keys_[c].position.x, static_cast<std::uint64_t>(seed)));
  }
  auto heaviest_option = [&](std::uint32_t c) {
    std::uint64_t heaviest = 0;
    for (std::uint64_t o = first_option_[c]; o < first_option_[c] + option_count_[c]; ++o) {
      std::uint64_t w = 0;
      for (std::uint64_t k = option_parts_[o]; k < option_parts_end_[o]; ++k) {
        if (option_count_[parts_[k]] != 0) w = saturating_add(w, weight_[parts_[k]]);
      }
      heaviest = std::max(heaviest, w);
    }
    return heaviest;
  };
  for (std::uint32_t c : members) weight_[c] = std::max(weight_[c], heaviest_option(c));
  if (!cyclic) return true;
  return std::all_of(members.begin(), members.end(),
                     [&](std::uint32_t c) { return heaviest_option(c) <= weight_[c]; });
}

std::optional<std::uint64_t> Search::game_bound(std::uint32_t game, bool cyclic) {
  std::vector<std::uint32_t> members;
  for (std::uint32_t c : closure_) {
    if (keys_[c].game == game) members.push_back(c);
  }
  const bool sets = row_game_[game];
  std::optional<std::uint64_t> best;
  std::optional<std::uint64_t> most_components;  // the root's weight under the seed 1
  std::vector<std::uint64_t> weights;
  // Seed 1 counts components; n + c suits heap games, whose moves remove tokens.
  const int seeds[] = {-1, 0, 1, 2, 3};
  for (int seed : seeds) {
    if (seed >= 0 && !games_[game]->integer_positions()) break;
    if (!grow_weights(members, cyclic, seed)) continue;
    std::uint64_t budget = 0;
    for (std::uint32_t r : root_) {
      if (keys_[r].game == game) budget = saturating_add(budget, weight_[r]);
    }
    if (seed < 0) most_components = budget;
    weights.clear();
    for (std::uint32_t c : members) weights.push_back(weight_[c]);
    if (const auto n = count_within_weight(weights, budget, sets)) {
      best = std::min(best.value_or(kSaturated), *n);
    }
  }
  if (best) return best;
  if (sets) return members.size() < 64 ? std::uint64_t{1} << members.size() : kSaturated;
  if (most_components) return multisets_of_at_most(members.size(), *most_components);
  return std::nullopt;
}

std::optional<std::uint64_t> Search::bound_root() {
  const bool cyclic = walk_closure();
  weight_.resize(keys_.size());
  std::uint64_t bound = 1;
  for (std::uint32_t game = 0; game < games_.size(); ++game) {
    const bool present = std::any_of(root_.begin(), root_.end(),
                                     [&](std::uint32_t r) { return keys_[r].game == game; });
    if (!present) continue;
    const auto b = game_bound(game, cyclic);
    if (!b) return std::nullopt;
    bound = saturating_mul(bound, *b);
  }
  return bound;
}

}  // namespace grundy::detail
