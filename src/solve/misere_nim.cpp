// Misère Nim in closed form (Bouton; Winning Ways ch. 13), and which games are Nim heaps.

#include <algorithm>
#include <memory>
#include <typeinfo>
#include <vector>

#include "grundy/solve/misere_nim.hpp"

namespace grundy {

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
                     [](const Component& c) { return c.game->traits().nim; });
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
