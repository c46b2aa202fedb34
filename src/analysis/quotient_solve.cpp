// Misère play of a sum of heaps through the quotient: the outcome is the product of the heaps'
// classes, checked against P, and a move wins exactly when it leaves a product in P.
#include <algorithm>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/core/error.hpp"

namespace grundy {

SearchSolution solve_by_quotient(const Sum& sum, const MisereQuotient& q, std::size_t max_moves) {
  const std::size_t n = sum.components.size();
  std::vector<std::uint64_t> heaps(n);
  for (std::size_t i = 0; i < n; ++i) heaps[i] = sum.components[i].position.x;
  // prefix[i] = product of the classes of components before i, suffix[i] of those from i on.
  std::vector<std::uint32_t> prefix(n + 1, 0), suffix(n + 1, 0);
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint64_t h = heaps[i];
    if (sum.components[i].game->name() != q.game) {
      throw Error("the sum holds " + sum.components[i].game->name() + ", not " + q.game +
                  " of the quotient");
    }
    if (h > q.max_heap) {
      throw Error("heap " + std::to_string(h) + " is beyond the quotient of " + q.game +
                  ", computed to heap " + std::to_string(q.max_heap));
    }
    prefix[i + 1] = q.monoid.product(prefix[i], q.phi[h]);
  }
  for (std::size_t i = n; i-- > 0;) suffix[i] = q.monoid.product(suffix[i + 1], q.phi[heaps[i]]);
  SearchSolution out;
  out.outcome = q.monoid.p_portion[prefix[n]] ? Outcome::P : Outcome::N;
  if (out.outcome == Outcome::P) return out;
  std::vector<Move> found;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t others = q.monoid.product(prefix[i], suffix[i + 1]);
    found.clear();
    for_each_option(*sum.components[i].game, sum.components[i].position,
                    [&](std::span<const Position> parts) {
                      std::uint32_t x = others;
                      for (const Position& p : parts) x = q.monoid.product(x, q.phi[p.x]);
                      if (!q.monoid.p_portion[x]) return;
                      Move m{i, std::vector<Position>(parts.begin(), parts.end())};
                      std::sort(m.to.begin(), m.to.end());
                      found.push_back(std::move(m));
                    });
    add_winning_moves(found, max_moves, out);
  }
  out.winning_moves_truncated = out.winning_move_count > out.winning_moves.size();
  return out;
}

}  // namespace grundy
