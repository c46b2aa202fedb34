#include "grundy/solve/misere_solver.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <typeinfo>
#include <unordered_map>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/rules/coin_turning.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {
namespace {

/// One component position: which game of the sum (an index into Search::games_) and where.
struct ComponentKey {
  std::uint32_t game = 0;
  Position position;
  friend bool operator==(const ComponentKey&, const ComponentKey&) = default;
};

struct ComponentKeyHash {
  std::size_t operator()(const ComponentKey& k) const noexcept {
    return PositionHash{}(k.position) ^ (std::size_t{k.game} * 0x9E3779B97F4A7C15ULL);
  }
};

enum class Status : std::uint8_t { unseen, expanding, done };

/// Table cells one count of the estimate may fill (a few hundredths of a second each): beyond
/// it that count is given up and a coarser one used.
constexpr std::uint64_t kMaxEstimateWork = 20'000'000;

/// A count for a message: saturated counts are "2^64 or more".
std::string count_text(std::uint64_t n) {
  return n == kSaturated ? "2^64 or more" : std::to_string(n);
}

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

namespace detail {

class Search {
 public:
  explicit Search(const SearchOptions& options) : options_(options) {}

  /// The index of `game` among the games seen so far. Games are told apart by object: two games
  /// with one name may have different rules (two Python games), and parse_sum gives equal specs
  /// one object (misere_solver.hpp).
  std::uint32_t game_index(const std::shared_ptr<const Game>& game) {
    const auto it = std::find(games_.begin(), games_.end(), game);
    const auto index = static_cast<std::uint32_t>(it - games_.begin());
    if (it == games_.end()) {
      games_.push_back(game);
      row_game_.push_back(is_coin_turning(*game));
    }
    return index;
  }

  /// Solves `sum` (states already solved for an earlier sum are reused); `sum` must outlive the
  /// call. Its games are kept as long as this Search.
  SearchSolution run(const Sum& sum) {
    start(sum);
    SearchSolution out;
    out.states_bound = require_within_budget();
    const std::uint32_t root = solve_root();
    out.outcome = win_[root] == kWin ? Outcome::N : win_[root] == kLoss ? Outcome::P : Outcome::D;
    out.remoteness = remoteness_[root];
    out.states = state_count();
    if (win_[root] == kWin) collect_winning_moves(out);
    return out;
  }

  /// The bound on the states reachable from `sum` (misere_solver.hpp).
  std::optional<std::uint64_t> bound(const Sum& sum) {
    start(sum);
    return bound_root();
  }

  /// Conway's misère Grundy value of `sum` (On Numbers and Games ch. 12): 1 for a sum with no
  /// move, else the mex of the values of its options; 0 exactly when the player to move loses
  /// under misère play.
  Value misere_grundy(const Sum& sum) {
    start(sum);
    require_within_budget();
    const std::uint32_t root = solve_root();
    if (loopy_) {
      throw Error(
          "the sum can return to a position it has left (a loopy game): misère Grundy "
          "values and genera are computed only for games that end");
    }
    return misere_grundy_[root];
  }

  /// Refuses `sum` when the bound on its states passes the budget (see require_within_budget).
  void check(const Sum& sum) {
    start(sum);
    require_within_budget();
  }

 private:
  /// Takes `sum` as the root: its components interned, those with moves kept, in canonical order.
  void start(const Sum& sum) {
    sum_ = &sum;
    component_game_.clear();
    for (const Component& c : sum.components) component_game_.push_back(game_index(c.game));
    root_.clear();
    for (std::size_t i = 0; i < sum.components.size(); ++i) {
      const std::uint32_t c = intern_component(component_game_[i], sum.components[i].position);
      if (has_moves(c)) root_.push_back(c);
    }
    canonicalise(root_);
  }

  std::uint32_t solve_root() {
    const std::uint32_t root = intern_state(root_);
    solve(root);
    return root;
  }

  /// Refuses the root, before anything is searched, when the bound on its states passes
  /// --max-states or their bytes the memory limit; returns the bound.
  std::optional<std::uint64_t> require_within_budget() {
    bound_ = bound_root();
    if (!bound_) return bound_;
    if (*bound_ > options_.max_states) {
      throw ResourceError("the search over this sum's positions may need up to " +
                          count_text(*bound_) +
                          " states (a bound counted before searching), more than --max-states " +
                          std::to_string(options_.max_states) + "; raise --max-states to " +
                          count_text(*bound_) + " to search");
    }
    require_memory(options_.limits, bytes_for(*bound_, kBytesPerState),
                   "a search over up to " + count_text(*bound_) + " positions of the sum");
    return bound_;
  }

  // --- components -------------------------------------------------------------------------

  std::uint32_t intern_component(std::uint32_t game, const Position& p) {
    const auto [it, inserted] =
        component_ids_.try_emplace(ComponentKey{game, p}, static_cast<std::uint32_t>(keys_.size()));
    if (inserted) {
      if (keys_.size() >= kMaxIds) refuse();
      keys_.push_back({game, p});
      row_component_.push_back(row_game_[game] ? 1 : 0);
      first_option_.push_back(kUnexpanded);
      option_count_.push_back(0);
    }
    return it->second;
  }

  /// Lists the options of component c once: each option is a range of parts_ (component ids,
  /// terminal parts kept so that a move can be printed as the family gives it).
  void expand(std::uint32_t c) {
    if (first_option_[c] != kUnexpanded) return;
    const std::uint64_t first = option_parts_.size();
    const ComponentKey key = keys_[c];
    for_each_option(*games_[key.game], key.position, [&](std::span<const Position> parts) {
      if (option_parts_.size() >= options_.max_states) refuse();
      option_parts_.push_back(parts_.size());
      for (const Position& part : parts) parts_.push_back(intern_component(key.game, part));
      option_parts_end_.push_back(parts_.size());
    });
    first_option_[c] = first;
    option_count_[c] = option_parts_.size() - first;
  }

  bool has_moves(std::uint32_t c) {
    expand(c);
    return option_count_[c] != 0;
  }

  /// Sorted component ids to a state: the heads of a coin-turning row listed an even number of
  /// times removed and the others kept once (a coin turned twice is as it was), other
  /// components kept with their multiplicity.
  void canonicalise(std::vector<std::uint32_t>& ids) const {
    std::sort(ids.begin(), ids.end());
    std::size_t kept = 0;
    for (std::size_t i = 0; i < ids.size();) {
      std::size_t j = i + 1;
      while (j < ids.size() && ids[j] == ids[i]) ++j;
      const std::size_t copies = row_component_[ids[i]] ? (j - i) % 2 : j - i;
      for (std::size_t k = 0; k < copies; ++k) ids[kept++] = ids[i];
      i = j;
    }
    ids.resize(kept);
  }

  /// The sum `state` with one copy of component `removed` replaced by option `option` of it,
  /// parts without moves dropped, canonical, written to `child_`.
  void build_child(std::span<const std::uint32_t> state, std::uint32_t removed,
                   std::uint64_t option) {
    child_.clear();
    bool dropped = false;
    for (std::uint32_t c : state) {
      if (c == removed && !dropped) {
        dropped = true;
        continue;
      }
      child_.push_back(c);
    }
    for (std::uint64_t k = option_parts_[option]; k < option_parts_end_[option]; ++k) {
      const std::uint32_t part = parts_[k];
      if (has_moves(part)) child_.push_back(part);
    }
    canonicalise(child_);
  }

  // --- the bound on the reachable states (misere_solver.hpp) -------------------------------

  /// Lists the components reachable from the root that have moves, children before parents (a
  /// depth-first post-order) into closure_; says whether a component can reach itself.
  bool walk_closure() {
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

  /// Weights for one seed over one game's closure `members` (children first): the least
  /// function at least the seed with w(p) >= the total weight of the parts with moves of each
  /// option of p. False when the closure has a cycle and the result lacks that property.
  bool grow_weights(std::span<const std::uint32_t> members, bool cyclic, int seed) {
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

  /// The bound for the components of one game: the least count over the seeds (multisets, or
  /// sets for a coin-turning row, of closure components within the root's weight); else a
  /// coarser count; nothing when no seed gives a weight.
  std::optional<std::uint64_t> game_bound(std::uint32_t game, bool cyclic) {
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

  /// An upper bound on the states reachable from root_ (misere_solver.hpp), or nothing.
  std::optional<std::uint64_t> bound_root() {
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

  // --- states -----------------------------------------------------------------------------
  // A state is a sorted run of component ids in arena_; state_begin_[s]..state_begin_[s+1]. They
  // are found again through an open-addressing table of state ids (linear probing, at most half
  // full), each state's hash kept so that growing the table rehashes nothing.

  static std::uint64_t hash_of(std::span<const std::uint32_t> components) {
    std::uint64_t h = 0x84222325CBF29CE4ULL;
    for (std::uint32_t c : components) {
      h = (h ^ c) * 0x100000001B3ULL;
      h ^= h >> 29;
    }
    // The table takes the low bits: mix the high ones in (splitmix64's finaliser).
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ (h >> 32);
  }

  std::span<const std::uint32_t> state(std::uint32_t s) const {
    return {arena_.data() + state_begin_[s], arena_.data() + state_begin_[s + 1]};
  }
  std::uint64_t state_count() const { return state_begin_.size() - 1; }

  /// A slot of the table: the state id + 1 in the low half (0: empty), the hash's high half
  /// above it, so that most probes that miss need not look at the state.
  static std::uint64_t slot_of(std::uint32_t id, std::uint64_t h) {
    return (h & 0xFFFFFFFF00000000ULL) | (std::uint64_t{id} + 1);
  }

  /// The slot of the state holding `components` (hash h) in slots_, or of the empty slot where it
  /// would go.
  std::size_t find_slot(std::span<const std::uint32_t> components, std::uint64_t h) const {
    const std::size_t mask = slots_.size() - 1;
    const std::uint64_t tag = h & 0xFFFFFFFF00000000ULL;
    for (std::size_t i = h & mask;; i = (i + 1) & mask) {
      const std::uint64_t held = slots_[i];
      if (held == 0) return i;
      if ((held & 0xFFFFFFFF00000000ULL) != tag) continue;
      const auto s = static_cast<std::uint32_t>(held - 1);
      if (std::ranges::equal(state(s), components)) return i;
    }
  }

  void grow_table() {
    std::vector<std::uint64_t> old = std::move(slots_);
    slots_.assign(std::max<std::size_t>(64, 2 * old.size()), 0);
    const std::size_t mask = slots_.size() - 1;
    for (std::uint64_t held : old) {
      if (held == 0) continue;
      std::size_t i = hashes_[static_cast<std::uint32_t>(held - 1)] & mask;
      while (slots_[i] != 0) i = (i + 1) & mask;
      slots_[i] = held;
    }
  }

  /// The id of the state holding `components` (canonical), adding it when new.
  std::uint32_t intern_state(std::span<const std::uint32_t> components) {
    return intern_state(components, hash_of(components));
  }

  std::uint32_t intern_state(std::span<const std::uint32_t> components, std::uint64_t h) {
    std::size_t slot = find_slot(components, h);
    if (slots_[slot] != 0) return static_cast<std::uint32_t>(slots_[slot] - 1);
    if (state_count() >= options_.max_states || state_count() >= kMaxIds) refuse();
    const auto id = static_cast<std::uint32_t>(state_count());
    if ((id & (id - 1)) == 0 && id >= 64) {
      // Checked as the store doubles: the states, their components and the components' options.
      const std::uint64_t bytes = saturating_add(
          bytes_for(id, kBytesPerState),
          saturating_add(bytes_for(parts_.size(), 4),
                         bytes_for(keys_.size() + option_parts_.size(), kBytesPerComponent)));
      require_memory(options_.limits, bytes,
                     "a search over " + std::to_string(id) + " positions of the sum");
    }
    if (2 * (std::uint64_t{id} + 1) > slots_.size()) {
      grow_table();
      slot = find_slot(components, h);
    }
    slots_[slot] = slot_of(id, h);
    hashes_.push_back(h);
    arena_.insert(arena_.end(), components.begin(), components.end());
    state_begin_.push_back(arena_.size());
    status_.push_back(Status::unseen);
    win_.push_back(0);
    remoteness_.push_back(0);
    misere_grundy_.push_back(0);
    if (options_.progress && (id & 0x3FFF) == 0x3FFF) {
      options_.progress(
          {.states = id + std::uint64_t{1}, .bound = bound_, .max_states = options_.max_states});
    }
    return id;
  }

  [[noreturn]] void refuse() const {
    throw ResourceError("the search needs more than " + std::to_string(options_.max_states) +
                        " states (raise --max-states)");
  }

  /// Depth-first search with an explicit stack; each frame owns a run of child_stack_ holding its
  /// children, walked by `next`.
  struct Frame {
    std::uint32_t state;
    std::uint64_t children_begin;
    std::uint64_t next;
    bool any_losing_option = false;
    std::uint64_t least_losing = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t largest = 0;
  };

  /// Appends the id of every option of state s to `out` (interning new states).
  void append_children(std::uint32_t s, std::vector<std::uint32_t>& out) {
    current_.assign(state(s).begin(), state(s).end());
    for (std::size_t i = 0; i < current_.size(); ++i) {
      // Equal components have the same moves and lead to the same sums.
      if (i > 0 && current_[i] == current_[i - 1]) continue;
      const std::uint32_t c = current_[i];
      expand(c);
      for (std::uint64_t o = first_option_[c]; o < first_option_[c] + option_count_[c]; ++o) {
        build_child(current_, c, o);
        batch_begin_.push_back(batch_.size());
        batch_.insert(batch_.end(), child_.begin(), child_.end());
        batch_hash_.push_back(hash_of(child_));
        __builtin_prefetch(&slots_[batch_hash_.back() & (slots_.size() - 1)]);
      }
    }
    // The table is looked up once the children are built, so that the slots' cache misses
    // overlap.
    batch_begin_.push_back(batch_.size());
    for (std::size_t k = 0; k + 1 < batch_begin_.size(); ++k) {
      const std::span<const std::uint32_t> child(batch_.data() + batch_begin_[k],
                                                 batch_.data() + batch_begin_[k + 1]);
      out.push_back(intern_state(child, batch_hash_[k]));
    }
    batch_.clear();
    batch_begin_.clear();
    batch_hash_.clear();
  }

  void push_frame(std::uint32_t s) {
    status_[s] = Status::expanding;
    const std::uint64_t begin = child_stack_.size();
    append_children(s, child_stack_);
    frames_.push_back({s, begin, begin});
  }

  /// For a sum that can repeat a position: retrograde analysis over every state reachable from
  /// `root`, linear in the moves. A sum with no move is decided by the play convention, a state
  /// with an option lost for the player to move is won (remoteness 1 + the least such), a state
  /// whose options are all won is lost (1 + the largest), and the rest are draws.
  void solve_loopy(std::uint32_t root) {
    loopy_ = true;
    frames_.clear();
    child_stack_.clear();
    std::vector<std::uint32_t> order{root};  // local index -> state
    std::vector<std::uint32_t> local;        // state -> local index
    constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
    std::vector<std::uint64_t> offsets{0};
    std::vector<std::uint32_t> edges;  // local successors, then rewritten in place
    std::vector<std::uint32_t> children;
    auto local_of = [&](std::uint32_t s) -> std::uint32_t& {
      if (local.size() <= s) local.resize(state_count(), kNone);
      return local[s];
    };
    local_of(root) = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
      children.clear();
      append_children(order[i], children);
      for (std::uint32_t c : children) {
        std::uint32_t& l = local_of(c);
        if (l == kNone) {
          l = static_cast<std::uint32_t>(order.size());
          order.push_back(c);
        }
        edges.push_back(l);
      }
      offsets.push_back(edges.size());
    }
    const std::size_t n = order.size();
    std::vector<std::uint64_t> pred_offsets(n + 1, 0);
    for (std::uint32_t w : edges) ++pred_offsets[w + 1];
    for (std::size_t v = 0; v < n; ++v) pred_offsets[v + 1] += pred_offsets[v];
    std::vector<std::uint32_t> preds(edges.size());
    {
      std::vector<std::uint64_t> fill(pred_offsets.begin(), pred_offsets.end() - 1);
      for (std::size_t v = 0; v < n; ++v) {
        for (std::uint64_t e = offsets[v]; e < offsets[v + 1]; ++e) {
          preds[fill[edges[e]]++] = static_cast<std::uint32_t>(v);
        }
      }
    }
    std::vector<std::uint8_t> result(n, kDraw);
    std::vector<std::uint64_t> remoteness(n, 0);
    std::vector<std::uint64_t> undecided(n);
    std::vector<std::uint32_t> queue;
    for (std::size_t v = 0; v < n; ++v) {
      undecided[v] = offsets[v + 1] - offsets[v];
      if (undecided[v] == 0) {
        result[v] = options_.play == Play::misere ? kWin : kLoss;
        queue.push_back(static_cast<std::uint32_t>(v));
      }
    }
    // Breadth first, so states leave the queue in non-decreasing remoteness.
    for (std::size_t head = 0; head < queue.size(); ++head) {
      const std::uint32_t u = queue[head];
      for (std::uint64_t e = pred_offsets[u]; e < pred_offsets[u + 1]; ++e) {
        const std::uint32_t q = preds[e];
        if (result[q] != kDraw) continue;
        if (result[u] == kLoss) {
          result[q] = kWin;
        } else if (--undecided[q] == 0) {
          result[q] = kLoss;
        } else {
          continue;
        }
        remoteness[q] = remoteness[u] + 1;
        queue.push_back(q);
      }
    }
    for (std::size_t v = 0; v < n; ++v) {
      win_[order[v]] = result[v];
      remoteness_[order[v]] = static_cast<std::uint32_t>(remoteness[v]);
      status_[order[v]] = Status::done;
    }
  }

  void solve(std::uint32_t root) {
    if (status_[root] == Status::done) return;
    push_frame(root);
    while (!frames_.empty()) {
      Frame& f = frames_.back();
      if (f.next < child_stack_.size()) {
        const std::uint32_t child = child_stack_[f.next];
        if (status_[child] == Status::unseen) {
          push_frame(child);  // invalidates f
          continue;
        }
        if (status_[child] == Status::expanding || win_[child] == kDraw) {
          solve_loopy(root);  // the sum can repeat a position
          return;
        }
        if (win_[child] == kWin) {
          f.largest = std::max<std::uint64_t>(f.largest, remoteness_[child]);
        } else {
          f.any_losing_option = true;
          f.least_losing = std::min<std::uint64_t>(f.least_losing, remoteness_[child]);
          f.largest = std::max<std::uint64_t>(f.largest, remoteness_[child]);
        }
        ++f.next;
        continue;
      }
      const bool terminal = f.children_begin == child_stack_.size();
      const std::uint32_t s = f.state;
      if (terminal) {
        win_[s] = options_.play == Play::misere ? kWin : kLoss;
        remoteness_[s] = 0;
      } else if (f.any_losing_option) {
        win_[s] = kWin;
        remoteness_[s] = static_cast<std::uint32_t>(f.least_losing + 1);
      } else {
        win_[s] = kLoss;
        remoteness_[s] = static_cast<std::uint32_t>(f.largest + 1);
      }
      if (options_.play == Play::misere) {
        option_values_.clear();
        for (std::uint64_t k = f.children_begin; k < child_stack_.size(); ++k) {
          option_values_.push_back(misere_grundy_[child_stack_[k]]);
        }
        misere_grundy_[s] = terminal ? 1 : static_cast<std::uint32_t>(mex(option_values_, mex_));
      }
      status_[s] = Status::done;
      child_stack_.resize(f.children_begin);
      frames_.pop_back();
    }
  }

  void collect_winning_moves(SearchSolution& out) {
    std::vector<Move> found;
    std::vector<std::uint32_t> heads_moved;  // row heads whose moves are listed
    for (std::size_t i = 0; i < sum_->components.size(); ++i) {
      const std::uint32_t c = intern_component(component_game_[i], sum_->components[i].position);
      if (!has_moves(c)) continue;
      if (row_component_[c]) {
        // A head moves only when it is heads (listed an odd number of times), from its first
        // listing: that is one coin of the row.
        if (!std::binary_search(root_.begin(), root_.end(), c)) continue;
        if (std::find(heads_moved.begin(), heads_moved.end(), c) != heads_moved.end()) continue;
        heads_moved.push_back(c);
      }
      found.clear();
      for (std::uint64_t o = first_option_[c]; o < first_option_[c] + option_count_[c]; ++o) {
        build_child(root_, c, o);
        const std::uint32_t child = intern_state(child_);
        if (win_[child] != kLoss) continue;
        Move m{i, {}};
        for (std::uint64_t k = option_parts_[o]; k < option_parts_end_[o]; ++k) {
          m.to.push_back(keys_[parts_[k]].position);
        }
        std::sort(m.to.begin(), m.to.end());
        found.push_back(std::move(m));
      }
      std::sort(found.begin(), found.end());
      found.erase(std::unique(found.begin(), found.end()), found.end());
      out.winning_move_count += found.size();
      for (Move& m : found) {
        if (out.winning_moves.size() >= options_.max_moves) break;
        out.winning_moves.push_back(std::move(m));
      }
    }
    out.winning_moves_truncated = out.winning_move_count > out.winning_moves.size();
  }

  // Per state: arena offset, hash, table slots, status, outcome, remoteness, misère value, and its
  // components in the arena (about 100 bytes in all for Kayles, measured).
  static constexpr std::uint64_t kBytesPerState = 96;
  // Per component or option: key, option range, hash-map node and bucket.
  static constexpr std::uint64_t kBytesPerComponent = 64;
  static constexpr std::uint64_t kUnexpanded = std::numeric_limits<std::uint64_t>::max();
  // Component and state ids are 32-bit (and state id + 1 in the table).
  static constexpr std::uint64_t kMaxIds = std::numeric_limits<std::uint32_t>::max() - 1;

  const Sum* sum_ = nullptr;
  SearchOptions options_;
  std::vector<std::shared_ptr<const Game>> games_;
  std::vector<bool> row_game_;  // per game: a coin-turning row
  std::vector<std::uint32_t> component_game_;
  std::optional<std::uint64_t> bound_;  // of the current root

  std::unordered_map<ComponentKey, std::uint32_t, ComponentKeyHash> component_ids_;
  std::vector<ComponentKey> keys_;
  std::vector<std::uint8_t> row_component_;  // per component: a head of a coin-turning row
  std::vector<std::uint64_t> first_option_;
  std::vector<std::uint64_t> option_count_;
  std::vector<std::uint64_t> option_parts_;  // option -> first index in parts_
  std::vector<std::uint64_t> option_parts_end_;
  std::vector<std::uint32_t> parts_;

  // The bound: the closure of the root, children first; marks and weights by component.
  std::vector<std::uint32_t> closure_;
  std::vector<std::uint8_t> mark_;
  std::vector<std::uint64_t> weight_;

  std::vector<std::uint32_t> arena_;
  std::vector<std::uint64_t> state_begin_{0};
  std::vector<std::uint64_t> hashes_;
  std::vector<std::uint64_t> slots_ = std::vector<std::uint64_t>(64, 0);  // slot_of(id, hash)
  std::vector<Status> status_;
  static constexpr std::uint8_t kLoss = 0, kWin = 1, kDraw = 2;
  std::vector<std::uint8_t> win_;  // kLoss, kWin or kDraw for the player to move
  bool loopy_ = false;             // some state was decided by retrograde analysis
  std::vector<std::uint32_t> remoteness_;
  std::vector<std::uint32_t> misere_grundy_;  // under misère play only
  std::vector<Value> option_values_;
  MexSet mex_;

  std::vector<Frame> frames_;
  std::vector<std::uint32_t> child_stack_;
  std::vector<std::uint32_t> root_;
  std::vector<std::uint32_t> current_;
  std::vector<std::uint32_t> child_;
  // The children of one state before they are looked up: components, offsets, hashes.
  std::vector<std::uint32_t> batch_;
  std::vector<std::size_t> batch_begin_;
  std::vector<std::uint64_t> batch_hash_;
};

}  // namespace detail

using detail::Search;

SearchSolution solve_by_search(const Sum& sum, const SearchOptions& options) {
  return Search(options).run(sum);
}

std::optional<std::uint64_t> reachable_states_bound(const Sum& sum, const SearchOptions& options) {
  return Search(options).bound(sum);
}

SumSearch::SumSearch(const SearchOptions& options) : search_(std::make_unique<Search>(options)) {}

SumSearch::~SumSearch() = default;

SearchSolution SumSearch::solve(const Sum& sum) {
  return search_->run(sum);
}

void SumSearch::require_within_budget(const Sum& sum) {
  search_->check(sum);
}

namespace {

/// Nim heaps are told by type, not by name: a game of another family may be called "nim".
bool is_nim_game(const Game& game) {
  static const std::shared_ptr<const Game> nim = Registry::instance().find("nim")->make(nullptr);
  return typeid(game) == typeid(*nim);
}

}  // namespace

GenusCalculator::GenusCalculator(std::shared_ptr<const Game> game, const SearchOptions& options)
    : game_(std::move(game)) {
  // *2 shares the game's object when the game is Nim, so that heaps of both meet in one memo.
  star_two_ = is_nim_game(*game_) ? game_ : Registry::instance().find("nim")->make(nullptr);
  SearchOptions misere = options;
  misere.play = Play::misere;
  search_ = std::make_unique<Search>(misere);
}

GenusCalculator::~GenusCalculator() = default;

void GenusCalculator::require_within_budget(const Position& p) {
  Sum sum;
  sum.components.push_back({game_, p});
  for (int k = 0; k < 3; ++k) sum.components.push_back({star_two_, Position{2, 0}});
  try {
    search_->check(sum);
  } catch (const ResourceError& e) {
    throw ResourceError("the genus of " + format_component(*game_, p) + " (" + format_sum(sum) +
                        "): " + e.what());
  }
}

Genus GenusCalculator::genus(const Position& p, Value normal_value) {
  Genus out;
  out.grundy_value = normal_value;
  Sum sum;
  sum.components.push_back({game_, p});
  // gamma_k = the misère Grundy value of p + k copies of *2, for k = 0, 1, ... until the last
  // two pairs agree (see the header).
  for (std::size_t k = 0;; ++k) {
    if (k > 0) sum.components.push_back({star_two_, Position{2, 0}});
    out.gammas.push_back(search_->misere_grundy(sum));
    const auto& g = out.gammas;
    const std::size_t n = g.size();
    if (n >= 4 && g[n - 1] == g[n - 3] && g[n - 2] == g[n - 4]) break;
  }
  // Written as Winning Ways does: the alternating tail once.
  const auto& g = out.gammas;
  std::size_t keep = g.size();
  while (keep >= 3 && g[keep - 1] == g[keep - 3]) --keep;
  out.gammas.resize(keep);
  return out;
}

std::string format_genus(const Genus& genus) {
  std::string text = std::to_string(genus.grundy_value) + "^";
  bool wide = false;
  for (Value v : genus.gammas) wide = wide || v >= 10;
  for (std::size_t i = 0; i < genus.gammas.size(); ++i) {
    if (wide && i > 0) text += ',';
    text += std::to_string(genus.gammas[i]);
  }
  return text;
}

Outcome misere_nim_outcome(std::span<const std::uint64_t> heaps) {
  std::uint64_t x = 0;
  bool all_small = true;
  for (std::uint64_t h : heaps) {
    x ^= h;
    all_small = all_small && h <= 1;
  }
  const bool first_wins = all_small ? x == 0 : x != 0;
  return first_wins ? Outcome::N : Outcome::P;
}

bool is_nim_sum(const Sum& sum) {
  return std::all_of(sum.components.begin(), sum.components.end(),
                     [](const Component& c) { return is_nim_game(*c.game); });
}

SearchSolution solve_misere_nim(const Sum& sum, std::size_t max_moves) {
  SearchSolution out;
  std::uint64_t x = 0;
  std::size_t big = 0;  // heaps of size >= 2
  std::vector<std::uint64_t> heaps;
  for (const Component& c : sum.components) {
    heaps.push_back(c.position.x);
    x ^= c.position.x;
    big += c.position.x >= 2 ? 1 : 0;
  }
  out.outcome = misere_nim_outcome(heaps);
  if (out.outcome == Outcome::P) return out;
  for (std::size_t i = 0; i < heaps.size(); ++i) {
    const std::uint64_t h = heaps[i];
    const std::uint64_t rest = x ^ h;
    const std::size_t big_elsewhere = big - (h >= 2 ? 1 : 0);
    // The heap t left by a winning move. With a big heap elsewhere the result is still played
    // by the normal rule, so it must have nim-sum 0: t = rest. Otherwise every other heap is 0
    // or 1: leaving t >= 2 would need t = rest <= 1, impossible, and leaving t <= 1 must leave
    // an odd number of 1-heaps: t = rest xor 1.
    const std::uint64_t t = big_elsewhere > 0 ? rest : rest ^ 1;
    if (t >= h) continue;
    ++out.winning_move_count;
    if (out.winning_moves.size() < max_moves) {
      Move m{i, {}};
      if (t != 0) m.to.push_back(Position{t, 0});
      out.winning_moves.push_back(std::move(m));
    }
  }
  out.winning_moves_truncated = out.winning_move_count > out.winning_moves.size();
  return out;
}

}  // namespace grundy
