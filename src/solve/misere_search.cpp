// Misère (and normal) search over a sum's positions: outcome, remoteness, winning moves.

#include <algorithm>
#include <string>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/families/coin_turning.hpp"
#include "search.hpp"

namespace grundy {
namespace detail {
namespace {

/// A count for a message: saturated counts are "2^64 or more".
std::string count_text(std::uint64_t n) {
  return n == kSaturated ? "2^64 or more" : std::to_string(n);
}

}  // namespace

std::uint32_t Search::game_index(const std::shared_ptr<const Game>& game) {
  const auto it = std::find(games_.begin(), games_.end(), game);
  const auto index = static_cast<std::uint32_t>(it - games_.begin());
  if (it == games_.end()) {
    games_.push_back(game);
    row_game_.push_back(game->traits().rows_of_heads);
  }
  return index;
}

SearchSolution Search::run(const Sum& sum) {
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

std::optional<std::uint64_t> Search::bound(const Sum& sum) {
  start(sum);
  return bound_root();
}

Value Search::misere_grundy(const Sum& sum) {
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

void Search::check(const Sum& sum) {
  start(sum);
  require_within_budget();
}

void Search::start(const Sum& sum) {
  sum_ = &sum;
  bound_.reset();  // this root's: not known until bound_root() has made it
  component_game_.clear();
  for (const Component& c : sum.components) component_game_.push_back(game_index(c.game));
  root_.clear();
  for (std::size_t i = 0; i < sum.components.size(); ++i) {
    const std::uint32_t c = intern_component(component_game_[i], sum.components[i].position);
    if (has_moves(c)) root_.push_back(c);
  }
  canonicalise(root_);
}

std::uint32_t Search::solve_root() {
  const std::uint32_t root = intern_state(root_);
  solve(root);
  return root;
}

std::optional<std::uint64_t> Search::require_within_budget() {
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

void Search::collect_winning_moves(SearchSolution& out) {
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
    // The moves a person makes (Game::options), each listed and counted, not the search's own
    // (search_options, perhaps one per orbit): the position each leaves is solved here when the
    // search has not met it (a board with the move's pieces on, where the search met its parts).
    std::vector<std::vector<Position>> moves;
    for_each_option(*games_[component_game_[i]], sum_->components[i].position,
                    [&](std::span<const Position> parts) {
                      std::vector<Position> to(parts.begin(), parts.end());
                      std::sort(to.begin(), to.end());
                      moves.push_back(std::move(to));
                    });
    for (std::vector<Position>& to : moves) {
      std::vector<std::uint32_t> child;
      bool dropped = false;
      for (const std::uint32_t k : root_) {
        if (k == c && !dropped) {
          dropped = true;
          continue;
        }
        child.push_back(k);
      }
      for (const Position& part : to) {
        const std::uint32_t id = intern_component(component_game_[i], part);
        if (has_moves(id)) child.push_back(id);
      }
      canonicalise(child);
      const std::uint32_t state = intern_state(child);
      solve(state);
      if (win_[state] != kLoss) continue;
      found.push_back(Move{i, std::move(to)});
    }
    add_winning_moves(found, options_.max_moves, out);
  }
  out.winning_moves_truncated = out.winning_move_count > out.winning_moves.size();
}

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

void add_winning_moves(std::vector<Move>& found, std::size_t max_moves, SearchSolution& out) {
  std::sort(found.begin(), found.end());
  found.erase(std::unique(found.begin(), found.end()), found.end());
  out.winning_move_count += found.size();
  for (const Move& m : found) {
    if (out.winning_moves.size() >= max_moves) break;
    out.winning_moves.push_back(m);
  }
}

}  // namespace grundy
