#pragma once
/// \file Heaps of several heap games as one heap game, so that the sums of heaps of all of them —
/// the closure a misère quotient is taken over (misere_quotient.hpp) — are the sums of heaps of
/// one game. The union's heaps are the pairs (game r, heap h) with h at most game r's bound,
/// numbered by h, then r (games sorted by name): a move of game r from heap h leaves heaps of
/// game r smaller than h, which come earlier, so the union's options are again sums of smaller
/// heaps. Nothing else is asked of it: it is read by the quotient construction, not by users.

#include <cstdint>
#include <memory>
#include <utility>
#include <vector>

#include "grundy/rules/game.hpp"

namespace grundy {

class HeapUnion final : public Game {
 public:
  /// Most heaps a union holds (they are listed in memory).
  static constexpr std::uint64_t kMaxHeaps = 10'000'000;

  /// `games`: two or more distinct heap games (Layout::heaps) with the largest heap of each, in
  /// any order; Error otherwise, ResourceError past kMaxHeaps heaps in all.
  explicit HeapUnion(std::vector<std::pair<std::shared_ptr<const Game>, std::uint64_t>> games);

  /// The games, sorted by name: game r is games()[r].
  const std::vector<std::shared_ptr<const Game>>& games() const { return games_; }
  /// The index of `game` among games() (by name); Error when it is not one of them.
  std::uint64_t game_index(const Game& game) const;
  /// The union's heap for heap `h` of game `r`; Error when h passes game r's bound.
  std::uint64_t heap(std::uint64_t r, std::uint64_t h) const;
  /// The union's largest heap.
  std::uint64_t max_heap() const { return pairs_.size() - 1; }
  /// Heap `x` of the union as (game index, heap).
  std::uint64_t game_of(std::uint64_t x) const { return pairs_.at(x).first; }
  std::uint64_t heap_of(std::uint64_t x) const { return pairs_.at(x).second; }

  /// Positions are written `GAME:HEAP`; the union is never parsed from text.
  Position parse_position(Scanner& in) const override;
  std::string format_position(const Position& p) const override;
  void options(const Position& p, OptionVisitor& visit) const override;
  std::vector<Position> sample_positions(std::size_t count) const override;

 private:
  std::vector<std::shared_ptr<const Game>> games_;
  /// heaps_[r][h]: the union's heap for heap h of game r.
  std::vector<std::vector<std::uint64_t>> heaps_;
  /// pairs_[x] = (r, h).
  std::vector<std::pair<std::uint32_t, std::uint64_t>> pairs_;
};

}  // namespace grundy
