// Several heap games as one (heap_union.hpp).
#include "grundy/rules/heap_union.hpp"

#include <algorithm>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/sum.hpp"

namespace grundy {
namespace {

using Bounded = std::pair<std::shared_ptr<const Game>, std::uint64_t>;

std::vector<Bounded> sorted_games(std::vector<Bounded> games) {
  std::sort(games.begin(), games.end(),
            [](const Bounded& a, const Bounded& b) { return a.first->name() < b.first->name(); });
  return games;
}

std::string union_name(const std::vector<Bounded>& games) {
  std::string name;
  for (const auto& [g, bound] : games) {
    name += (name.empty() ? "" : " & ") + g->name() + " to " + std::to_string(bound);
  }
  return name;
}

}  // namespace

HeapUnion::HeapUnion(std::vector<Bounded> games) : Game(union_name(sorted_games(games))) {
  games = sorted_games(std::move(games));
  if (games.size() < 2) throw Error("a union of heap games needs two games or more");
  std::uint64_t total = 0;
  std::uint64_t largest = 0;
  for (std::size_t r = 0; r < games.size(); ++r) {
    const Game& g = *games[r].first;
    if (g.traits().layout != Layout::heaps) throw Error(g.name() + " is not a heap game");
    if (r > 0 && g.name() == games[r - 1].first->name()) {
      throw Error(g.name() + " is twice in a union of heap games");
    }
    total = add_or_refuse(total, add_or_refuse(games[r].second, 1, "heaps"), "heaps");
    largest = std::max(largest, games[r].second);
    games_.push_back(games[r].first);
  }
  if (total > kMaxHeaps) {
    throw ResourceError("a union of " + std::to_string(total) + " heaps passes the " +
                        std::to_string(kMaxHeaps) + " a union holds");
  }
  heaps_.resize(games.size());
  for (std::uint64_t h = 0; h <= largest; ++h) {
    for (std::size_t r = 0; r < games.size(); ++r) {
      if (h > games[r].second) continue;
      heaps_[r].push_back(pairs_.size());
      pairs_.emplace_back(static_cast<std::uint32_t>(r), h);
    }
  }
  GameTraits traits;
  traits.layout = Layout::heaps;
  traits.splits =
      std::any_of(games_.begin(), games_.end(), [](const auto& g) { return g->traits().splits; });
  set_traits(traits);
}

std::uint64_t HeapUnion::game_index(const Game& game) const {
  for (std::size_t r = 0; r < games_.size(); ++r) {
    if (games_[r]->name() == game.name()) return r;
  }
  throw Error(game.name() + " is not among the games of " + name());
}

std::uint64_t HeapUnion::heap(std::uint64_t r, std::uint64_t h) const {
  if (r >= heaps_.size() || h >= heaps_[r].size()) {
    throw Error("heap " + std::to_string(h) + " is beyond the union " + name());
  }
  return heaps_[r][h];
}

Position HeapUnion::parse_position(Scanner& in) const {
  throw SpecError(in.column(), "positions of " + name() + " are not read from text");
}

std::string HeapUnion::format_position(const Position& p) const {
  return format_component(*games_[game_of(p.x)], Position{heap_of(p.x), 0});
}

void HeapUnion::options(const Position& p, OptionVisitor& visit) const {
  const std::uint64_t r = game_of(p.x);
  std::vector<Position> mapped;
  for_each_option(*games_[r], Position{heap_of(p.x), 0}, [&](std::span<const Position> parts) {
    mapped.clear();
    // Families give parts in non-decreasing order; the numbering keeps the order of one game's
    // heaps.
    for (const Position& part : parts) mapped.push_back(Position{heap(r, part.x), 0});
    visit.option(mapped);
  });
}

std::vector<Position> HeapUnion::sample_positions(std::size_t count) const {
  std::vector<Position> out;
  for (std::size_t x = 0; x < count && x < pairs_.size(); ++x) out.push_back(Position{x, 0});
  return out;
}

}  // namespace grundy
