// Misère play of a sum of heaps through the quotient: the outcome is the product of the heaps'
// classes, checked against P, and a move wins exactly when it leaves a product in P.
#include <algorithm>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/analysis/quotient_moves.hpp"
#include "grundy/analysis/quotient_periodicity.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"

namespace grundy {

SearchSolution solve_by_quotient(const Sum& sum, const MisereQuotient& q, std::size_t max_moves,
                                 const QuotientPeriodicity* periodicity) {
  const std::size_t n = sum.components.size();
  const QuotientPeriodicity none;
  const QuotientPeriodicity& per = periodicity ? *periodicity : none;
  const auto phi = [&](std::uint64_t h) { return phi_at(q, per, h); };
  // prefix[i] = product of the classes of components before i, suffix[i] of those from i on.
  std::vector<std::uint32_t> prefix(n + 1, 0), suffix(n + 1, 0), classes(n);
  for (std::size_t i = 0; i < n; ++i) {
    if (sum.components[i].game->name() != q.game) {
      throw Error("the sum holds " + sum.components[i].game->name() + ", not " + q.game +
                  " of the quotient");
    }
    classes[i] = phi(sum.components[i].position.x);
    prefix[i + 1] = q.monoid.product(prefix[i], classes[i]);
  }
  for (std::size_t i = n; i-- > 0;) suffix[i] = q.monoid.product(suffix[i + 1], classes[i]);
  SearchSolution out;
  out.outcome = q.monoid.p_portion[prefix[n]] ? Outcome::P : Outcome::N;
  if (out.outcome == Outcome::P) return out;
  std::vector<Move> found;
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t others = q.monoid.product(prefix[i], suffix[i + 1]);
    const Component& c = sum.components[i];
    found.clear();
    const TakeBreakCode* code = c.game->traits().take_break;
    if (c.position.x > q.max_heap && code != nullptr) {
      // Far beyond the table: the winning options by class, the first max_moves listed.
      auto listed = OptionFunction([&](std::span<const Position> parts) {
        found.push_back(Move{i, std::vector<Position>(parts.begin(), parts.end())});
      });
      const QuotientOptionCount count = quotient_options_where(
          *code, q, per, c.position.x,
          [&](std::uint32_t x) { return q.monoid.p_portion[q.monoid.product(others, x)]; },
          max_moves, listed);
      const std::size_t shown = found.size();
      add_winning_moves(found, max_moves, out);
      out.winning_move_count = saturating_add(out.winning_move_count, count.count - shown);
      continue;
    }
    for_each_option(*c.game, c.position, [&](std::span<const Position> parts) {
      std::uint32_t x = others;
      for (const Position& p : parts) x = q.monoid.product(x, phi(p.x));
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
