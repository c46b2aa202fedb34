#pragma once
// The search over the positions of a sum (detail::Search), shared by the files it is split into.

#include <cstddef>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "grundy/core/mex.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/misere_search.hpp"

namespace grundy::detail {

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

/// The memo behind solve_by_search, SumSearch and GenusCalculator. Its members are defined in
/// search_states.cpp (components and states), reachable_states_bound.cpp (the bound),
/// remoteness.cpp (the depth-first solve), retrograde.cpp (loopy sums) and misere_search.cpp (the
/// rest).
class Search {
 public:
  explicit Search(const SearchOptions& options) : options_(options) {}

  /// The index of `game` among the games seen so far. Games are told apart by object: two games
  /// with one name may have different rules (two Python games), and parse_sum gives equal specs
  /// one object (misere_search.hpp).
  std::uint32_t game_index(const std::shared_ptr<const Game>& game);

  /// Solves `sum` (states already solved for an earlier sum are reused); `sum` must outlive the
  /// call. Its games are kept as long as this Search.
  SearchSolution run(const Sum& sum);

  /// The bound on the states reachable from `sum` (misere_search.hpp).
  std::optional<std::uint64_t> bound(const Sum& sum);

  /// Conway's misère Grundy value of `sum` (On Numbers and Games ch. 12): 1 for a sum with no
  /// move, else the mex of the values of its options; 0 exactly when the player to move loses
  /// under misère play.
  Value misere_grundy(const Sum& sum);

  /// Refuses `sum` when the bound on its states passes the budget (see require_within_budget).
  void check(const Sum& sum);

 private:
  /// Takes `sum` as the root: its components interned, those with moves kept, in canonical order.
  void start(const Sum& sum);

  std::uint32_t solve_root();

  /// Refuses the root, before anything is searched, when the bound on its states passes
  /// --max-states or their bytes the memory limit; returns the bound.
  std::optional<std::uint64_t> require_within_budget();

  // --- components -------------------------------------------------------------------------

  std::uint32_t intern_component(std::uint32_t game, const Position& p);

  /// Lists the options of component c once: each option is a range of parts_ (component ids,
  /// terminal parts kept so that a move can be printed as the family gives it).
  void expand(std::uint32_t c);

  bool has_moves(std::uint32_t c);

  /// Sorted component ids to a state: the heads of a coin-turning row listed an even number of
  /// times removed and the others kept once (a coin turned twice is as it was), other
  /// components kept with their multiplicity.
  void canonicalise(std::vector<std::uint32_t>& ids) const;

  /// The sum `state` with one copy of component `removed` replaced by option `option` of it,
  /// parts without moves dropped, canonical, written to `child_`.
  void build_child(std::span<const std::uint32_t> state, std::uint32_t removed,
                   std::uint64_t option);

  // --- the bound on the reachable states (misere_search.hpp) -------------------------------

  /// Lists the components reachable from the root that have moves, children before parents (a
  /// depth-first post-order) into closure_; says whether a component can reach itself.
  bool walk_closure();

  /// Weights for one seed over one game's closure `members` (children first): the least
  /// function at least the seed with w(p) >= the total weight of the parts with moves of each
  /// option of p. False when the closure has a cycle and the result lacks that property.
  bool grow_weights(std::span<const std::uint32_t> members, bool cyclic, int seed);

  /// The bound for the components of one game: the least count over the seeds (multisets, or
  /// sets for a coin-turning row, of closure components within the root's weight); else a
  /// coarser count; nothing when no seed gives a weight.
  std::optional<std::uint64_t> game_bound(std::uint32_t game, bool cyclic);

  /// An upper bound on the states reachable from root_ (misere_search.hpp), or nothing.
  std::optional<std::uint64_t> bound_root();

  // --- states -----------------------------------------------------------------------------
  // A state is a sorted run of component ids in arena_; state_begin_[s]..state_begin_[s+1]. They
  // are found again through an open-addressing table of state ids (linear probing, at most half
  // full), each state's hash kept so that growing the table rehashes nothing.

  static std::uint64_t hash_of(std::span<const std::uint32_t> components);

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
  std::size_t find_slot(std::span<const std::uint32_t> components, std::uint64_t h) const;

  void grow_table();

  /// The id of the state holding `components` (canonical), adding it when new.
  std::uint32_t intern_state(std::span<const std::uint32_t> components);

  std::uint32_t intern_state(std::span<const std::uint32_t> components, std::uint64_t h);

  [[noreturn]] void refuse() const;

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
  void append_children(std::uint32_t s, std::vector<std::uint32_t>& out);

  void push_frame(std::uint32_t s);

  /// For a sum that can repeat a position: retrograde analysis over every state reachable from
  /// `root`, linear in the moves. A sum with no move is decided by the play convention, a state
  /// with an option lost for the player to move is won (remoteness 1 + the least such), a state
  /// whose options are all won is lost (1 + the largest), and the rest are draws.
  void solve_loopy(std::uint32_t root);

  /// Decides `root` and the states below it by depth-first search (outcome, remoteness and,
  /// under misère play, the misère Grundy value); hands the sum to solve_loopy when it can repeat
  /// a position.
  void solve(std::uint32_t root);

  /// The winning moves of the root (a won root), in `out`.
  void collect_winning_moves(SearchSolution& out);

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
  std::uint64_t expanded_ = 0;          // components whose options were listed

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

}  // namespace grundy::detail
