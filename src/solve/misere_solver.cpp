#include "grundy/solve/misere_solver.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "grundy/core/error.hpp"
#include "grundy/core/mex.hpp"
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

}  // namespace

namespace detail {

class Search {
 public:
  explicit Search(const SearchOptions& options) : options_(options) {}

  /// The index of `game` among the games seen so far. Games are told apart by their canonical
  /// spec, so `nim:3 + nim:3` has two equal components even when the parser made two Nim objects.
  std::uint32_t game_index(const Game* game) {
    const auto it = std::find_if(games_.begin(), games_.end(),
                                 [&](const Game* g) { return g->name() == game->name(); });
    const auto index = static_cast<std::uint32_t>(it - games_.begin());
    if (it == games_.end()) games_.push_back(game);
    return index;
  }

  /// Solves `sum` (states already solved for an earlier sum are reused); `sum` must outlive the
  /// call and its games this Search.
  SearchSolution run(const Sum& sum) {
    sum_ = &sum;
    component_game_.clear();
    for (const Component& c : sum.components) component_game_.push_back(game_index(c.game.get()));
    return run();
  }

  /// Conway's misère Grundy value of `sum` (On Numbers and Games ch. 12): 1 for a sum with no
  /// move, else the mex of the values of its options; 0 exactly when the player to move loses
  /// under misère play.
  Value misere_grundy(const Sum& sum) {
    sum_ = &sum;
    component_game_.clear();
    for (const Component& c : sum.components) component_game_.push_back(game_index(c.game.get()));
    const std::uint32_t root = solve_root();
    if (loopy_) {
      throw Error(
          "the sum can return to a position it has left (a loopy game): misère Grundy "
          "values and genera are computed only for games that end");
    }
    return misere_grundy_[root];
  }

  std::uint32_t solve_root() {
    root_.clear();
    for (std::size_t i = 0; i < sum_->components.size(); ++i) {
      const std::uint32_t c = intern_component(component_game_[i], sum_->components[i].position);
      if (has_moves(c)) root_.push_back(c);
    }
    std::sort(root_.begin(), root_.end());
    const std::uint32_t root = intern_state(root_);
    solve(root);
    return root;
  }

  SearchSolution run() {
    SearchSolution out;
    const std::uint32_t root = solve_root();
    out.outcome = win_[root] == kWin ? Outcome::N : win_[root] == kLoss ? Outcome::P : Outcome::D;
    out.remoteness = remoteness_[root];
    out.states = state_count();
    if (win_[root] == kWin) collect_winning_moves(out);
    return out;
  }

 private:
  // --- components -------------------------------------------------------------------------

  std::uint32_t intern_component(std::uint32_t game, const Position& p) {
    const auto [it, inserted] =
        component_ids_.try_emplace(ComponentKey{game, p}, static_cast<std::uint32_t>(keys_.size()));
    if (inserted) {
      keys_.push_back({game, p});
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

  /// The sum `state` with one copy of component `removed` replaced by option `option` of it,
  /// parts without moves dropped, in canonical (sorted) order, written to `child_`.
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
    std::sort(child_.begin(), child_.end());
  }

  // --- states -----------------------------------------------------------------------------
  // A state is a sorted run of component ids in arena_; state_begin_[s]..state_begin_[s+1].

  struct StateHash {
    const Search* search;
    std::size_t operator()(std::uint32_t s) const noexcept {
      std::uint64_t h = 0x84222325CBF29CE4ULL;
      for (std::uint32_t c : search->state(s)) {
        h = (h ^ c) * 0x100000001B3ULL;
        h ^= h >> 29;
      }
      return static_cast<std::size_t>(h);
    }
  };
  struct StateEqual {
    const Search* search;
    bool operator()(std::uint32_t a, std::uint32_t b) const noexcept {
      const auto x = search->state(a);
      const auto y = search->state(b);
      return std::equal(x.begin(), x.end(), y.begin(), y.end());
    }
  };

  std::span<const std::uint32_t> state(std::uint32_t s) const {
    return {arena_.data() + state_begin_[s], arena_.data() + state_begin_[s + 1]};
  }
  std::uint64_t state_count() const { return state_begin_.size() - 1; }

  /// The id of the state holding `components` (sorted), adding it when new. The candidate is
  /// appended to the arena first so the set can compare it in place, and taken back if known.
  std::uint32_t intern_state(std::span<const std::uint32_t> components) {
    const auto id = static_cast<std::uint32_t>(state_count());
    arena_.insert(arena_.end(), components.begin(), components.end());
    state_begin_.push_back(arena_.size());
    if (const auto it = states_.find(id); it != states_.end()) {
      state_begin_.pop_back();
      arena_.resize(state_begin_.back());
      return *it;
    }
    if (state_count() > options_.max_states) refuse();
    if ((state_count() & (state_count() - 1)) == 0) {
      // Checked as the store doubles: the states, their components and the hash set so far.
      const std::uint64_t bytes = state_count() * kBytesPerState + arena_.size() * 4 +
                                  parts_.size() * 4 + keys_.size() * kBytesPerComponent;
      require_memory(options_.limits, bytes,
                     "a search over " + std::to_string(state_count()) + " positions of the sum");
    }
    states_.insert(id);
    status_.push_back(Status::unseen);
    win_.push_back(0);
    remoteness_.push_back(0);
    misere_grundy_.push_back(0);
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
        out.push_back(intern_state(child_));
      }
    }
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
    for (std::size_t i = 0; i < sum_->components.size(); ++i) {
      const std::uint32_t c = intern_component(component_game_[i], sum_->components[i].position);
      if (!has_moves(c)) continue;
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

  // Per state: arena offset, status, outcome, remoteness, misère value, hash-set node and bucket.
  static constexpr std::uint64_t kBytesPerState = 64;
  // Per component: key, option range, hash-map node and bucket.
  static constexpr std::uint64_t kBytesPerComponent = 96;
  static constexpr std::uint64_t kUnexpanded = std::numeric_limits<std::uint64_t>::max();

  const Sum* sum_ = nullptr;
  SearchOptions options_;
  std::vector<const Game*> games_;
  std::vector<std::uint32_t> component_game_;

  std::unordered_map<ComponentKey, std::uint32_t, ComponentKeyHash> component_ids_;
  std::vector<ComponentKey> keys_;
  std::vector<std::uint64_t> first_option_;
  std::vector<std::uint64_t> option_count_;
  std::vector<std::uint64_t> option_parts_;  // option -> first index in parts_
  std::vector<std::uint64_t> option_parts_end_;
  std::vector<std::uint32_t> parts_;

  std::vector<std::uint32_t> arena_;
  std::vector<std::uint64_t> state_begin_{0};
  std::unordered_set<std::uint32_t, StateHash, StateEqual> states_{64, StateHash{this},
                                                                   StateEqual{this}};
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
};

}  // namespace detail

using detail::Search;

SearchSolution solve_by_search(const Sum& sum, const SearchOptions& options) {
  return Search(options).run(sum);
}

GenusCalculator::GenusCalculator(std::shared_ptr<const Game> game, const SearchOptions& options)
    : game_(std::move(game)), star_two_(Registry::instance().find("nim")->make(nullptr)) {
  SearchOptions misere = options;
  misere.play = Play::misere;
  search_ = std::make_unique<Search>(misere);
}

GenusCalculator::~GenusCalculator() = default;

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
                     [](const Component& c) { return c.game->name() == "nim"; });
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
