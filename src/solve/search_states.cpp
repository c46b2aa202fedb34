// The states of the search over a sum: interned components and a hash table of sums.

#include <algorithm>
#include <string>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "search.hpp"

namespace grundy::detail {

std::uint32_t Search::intern_component(std::uint32_t game, const Position& p) {
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

void Search::expand(std::uint32_t c) {
  if (first_option_[c] != kUnexpanded) return;
  const std::uint64_t first = option_parts_.size();
  const ComponentKey key = keys_[c];
  // The search's own options (one per orbit, canonical parts, for the games that have them):
  // the outcome, remoteness and misère Grundy value depend only on the options' games.
  OptionFunction visit([&](std::span<const Position> parts) {
    if (option_parts_.size() >= options_.max_states) refuse();
    option_parts_.push_back(parts_.size());
    for (const Position& part : parts) parts_.push_back(intern_component(key.game, part));
    option_parts_end_.push_back(parts_.size());
  });
  games_[key.game]->search_options(key.position, visit);
  first_option_[c] = first;
  option_count_[c] = option_parts_.size() - first;
  // Listing a component's options can be slow (a canonical graph for each, Cram's), and the
  // bound before searching lists every component it reaches before storing any state: a report
  // every 64, so that a display moves and a Ctrl-C is looked at (Python's reporter) within moments.
  if (options_.progress && (++expanded_ & 0x3F) == 0) {
    options_.progress({.states = state_count(),
                       .bound = bound_,
                       .max_states = options_.max_states,
                       .components = expanded_});
  }
}

bool Search::has_moves(std::uint32_t c) {
  expand(c);
  return option_count_[c] != 0;
}

void Search::canonicalise(std::vector<std::uint32_t>& ids) const {
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

void Search::build_child(std::span<const std::uint32_t> state, std::uint32_t removed,
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

std::uint64_t Search::hash_of(std::span<const std::uint32_t> components) {
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

std::size_t Search::find_slot(std::span<const std::uint32_t> components, std::uint64_t h) const {
  const std::size_t mask = slots_.size() - 1;
  const std::uint64_t tag = h & 0xFFFFFFFF00000000ULL;
  for (std::size_t i = h & mask;; i = (i + 1) & mask) {
    const std::uint64_t held = slots_[i];
    if (held == 0) return i;
    if ((held & 0xFFFFFFFF00000000ULL) != tag) continue;
    const auto s = static_cast<std::uint32_t>(held - 1);
    const auto held_state = state(s);
    if (std::equal(held_state.begin(), held_state.end(), components.begin(), components.end())) {
      return i;
    }
  }
}

void Search::grow_table() {
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

std::uint32_t Search::intern_state(std::span<const std::uint32_t> components) {
  return intern_state(components, hash_of(components));
}

std::uint32_t Search::intern_state(std::span<const std::uint32_t> components, std::uint64_t h) {
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
    options_.progress({.states = id + std::uint64_t{1},
                       .bound = bound_,
                       .max_states = options_.max_states,
                       .components = expanded_});
  }
  return id;
}

void Search::refuse() const {
  throw ResourceError("the search needs more than " + std::to_string(options_.max_states) +
                      " states (raise --max-states)");
}

void Search::append_children(std::uint32_t s, std::vector<std::uint32_t>& out) {
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

}  // namespace grundy::detail
