// check_quotient (quotient_check.hpp).
//
// Associativity is checked only against the generators (the classes Φ(h)): if (x·y)·g = x·(y·g)
// for all x, y and every generator g, and every element is a product of generators, then
// (x·y)·z = x·(y·z) for all z, by induction on z's length — z = z'·g gives
// (x·y)·(z'·g) = ((x·y)·z')·g = (x·(y·z'))·g = x·((y·z')·g) = x·(y·(z'·g)). That is |Q|²·k
// products, not |Q|³.
#include "grundy/analysis/quotient_check.hpp"

#include <algorithm>
#include <map>
#include <vector>

#include "grundy/core/error.hpp"
#include "quotient_candidate.hpp"

namespace grundy {
namespace {

QuotientCheck fails(std::string why) {
  return {false, std::move(why)};
}

/// The order of the quotient of the sums of the heaps whose classes are `gens`: the classes the
/// submonoid they generate falls into when two elements are apart iff some element of that
/// submonoid sends one into P and not the other (Moore's refinement by the generators' action,
/// from the partition by P). Every sum of those heaps maps exactly into `m`, so this is the
/// indistinguishability quotient of those sums.
std::uint32_t order_generated_by(const BipartiteMonoid& m, const std::vector<std::uint32_t>& gens,
                                 detail::QuotientWork& work) {
  std::vector<std::uint32_t> elements{0};
  std::vector<bool> reached(m.order, false);
  reached[0] = true;
  for (std::size_t i = 0; i < elements.size(); ++i) {
    for (std::uint32_t g : gens) {
      const std::uint32_t y = m.product(elements[i], g);
      if (!reached[y]) {
        reached[y] = true;
        elements.push_back(y);
      }
    }
  }
  std::vector<std::uint32_t> block(m.order, 0);
  for (std::uint32_t x : elements) block[x] = m.p_portion[x] ? 1 : 0;
  std::uint32_t blocks = 0;
  while (true) {
    std::map<std::vector<std::uint32_t>, std::uint32_t> signature;
    std::vector<std::uint32_t> next(m.order, 0);
    for (std::uint32_t x : elements) {
      std::vector<std::uint32_t> s{block[x]};
      for (std::uint32_t g : gens) s.push_back(block[m.product(x, g)]);
      next[x] = signature.emplace(std::move(s), signature.size()).first->second;
    }
    work.spend(elements.size() * (gens.size() + 1));
    const auto count = static_cast<std::uint32_t>(signature.size());
    block = std::move(next);
    if (count == blocks) return count;
    blocks = count;
  }
}

/// The options of heaps 0..n as the construction reads them (heaps without a move dropped from
/// what a move leaves), keeping one option for each class an option of a heap falls into: the
/// verification reads an option only through its class (quotient_verify.cpp), and a heap of 1000
/// tokens has a thousand options but a handful of classes among them.
detail::HeapMoves moves_of(const Game& game, const MisereQuotient& q, detail::QuotientWork& work) {
  const std::uint64_t n = q.max_heap;
  detail::HeapMoves moves;
  moves.options.resize(n + 1);
  moves.has_moves.assign(n + 1, false);
  std::vector<std::uint64_t> seen(q.monoid.order, ~std::uint64_t{0});  // the heap that saw it
  std::uint64_t options = 0;
  for (std::uint64_t h = 0; h <= n; ++h) {
    for_each_option(game, Position{h, 0}, [&](std::span<const Position> parts) {
      moves.has_moves[h] = true;
      ++options;
      std::uint32_t image = 0;
      for (const Position& p : parts) {
        if (p.y != 0 || p.x >= h) {
          throw Error("the options of " + game.name() + " are not sums of smaller heaps");
        }
        image = q.monoid.product(image, q.phi[p.x]);
      }
      if (seen[image] == h) return;
      seen[image] = h;
      std::vector<std::uint32_t> kept;
      for (const Position& p : parts) {
        if (moves.has_moves[p.x]) kept.push_back(static_cast<std::uint32_t>(p.x));
      }
      moves.options[h].push_back(std::move(kept));
    });
    if ((h & 63) == 0) {
      work.spend(options + 1);
      options = 0;
    }
  }
  return moves;
}

}  // namespace

QuotientCheck check_quotient(const Game& game, MisereQuotient& q, const Limits& limits,
                             std::uint64_t max_work) {
  if (q.game != game.name()) return fails("it is the quotient of " + q.game);
  if (game.traits().layout != Layout::heaps) return fails(game.name() + " is not a heap game");
  const BipartiteMonoid& m = q.monoid;
  const std::uint32_t n = m.order;
  if (n == 0 || m.table.size() != std::uint64_t{n} * n || m.p_portion.size() != n) {
    return fails("its table has the wrong size");
  }
  if (q.phi.size() != q.max_heap + 1 || q.orders.size() != q.max_heap + 1) {
    return fails("its Φ does not cover heaps 0.." + std::to_string(q.max_heap));
  }
  if (std::any_of(m.table.begin(), m.table.end(), [n](std::uint32_t x) { return x >= n; }) ||
      std::any_of(q.phi.begin(), q.phi.end(), [n](std::uint32_t x) { return x >= n; })) {
    return fails("an element is out of range");
  }
  if (q.phi[0] != 0) return fails("the empty heap is not the identity");
  detail::QuotientWork work(max_work, "checking the misère quotient of " + game.name());
  for (std::uint32_t x = 0; x < n; ++x) {
    if (m.product(0, x) != x || m.product(x, 0) != x) return fails("0 is not the identity");
    for (std::uint32_t y = 0; y < x; ++y) {
      if (m.product(x, y) != m.product(y, x)) return fails("the table is not commutative");
    }
    work.spend(n);
  }
  // The generators: the distinct classes of the heaps.
  std::vector<std::uint32_t> gens(q.phi.begin() + 1, q.phi.end());
  std::sort(gens.begin(), gens.end());
  gens.erase(std::unique(gens.begin(), gens.end()), gens.end());
  // Every element a product of generators; words[x] a least sum of class x (for find_failure).
  std::vector<detail::Word> words(n);
  std::vector<bool> reached(n, false);
  std::vector<std::uint32_t> queue{0};
  reached[0] = true;
  words[0].assign(q.max_heap + 1, 0);
  std::map<std::uint32_t, std::uint64_t> heap_of_class;
  for (std::uint64_t h = q.max_heap; h >= 1; --h) heap_of_class[q.phi[h]] = h;
  for (std::size_t i = 0; i < queue.size(); ++i) {
    for (std::uint32_t g : gens) {
      const std::uint32_t y = m.product(queue[i], g);
      if (reached[y]) continue;
      reached[y] = true;
      words[y] = words[queue[i]];
      ++words[y][heap_of_class[g]];
      queue.push_back(y);
    }
    work.spend(gens.size());
  }
  if (queue.size() != n) return fails("an element is not the class of any sum");
  for (std::uint32_t x = 0; x < n; ++x) {
    for (std::uint32_t y = 0; y < n; ++y) {
      const std::uint32_t xy = m.product(x, y);
      for (std::uint32_t g : gens) {
        if (m.product(xy, g) != m.product(x, m.product(y, g))) {
          return fails("the table is not associative");
        }
      }
    }
    work.spend(std::uint64_t{n} * (gens.size() + 1));
  }
  // Reduced (the quotient of all the heaps has every element apart), and the orders by heap:
  // the quotient of heaps 0..h changes only when Φ(h) leaves the submonoid of the heaps below.
  std::vector<std::uint32_t> below;
  std::vector<bool> in_submonoid(n, false);
  in_submonoid[0] = true;
  std::uint32_t order = 1;
  std::uint64_t grew = 0;
  for (std::uint64_t h = 0; h <= q.max_heap; ++h) {
    if (!in_submonoid[q.phi[h]]) {
      below.push_back(q.phi[h]);
      const std::uint32_t next = order_generated_by(m, below, work);
      if (next != order) grew = h;
      order = next;
      // The submonoid generated so far.
      std::vector<std::uint32_t> queue;
      for (std::uint32_t x = 0; x < n; ++x) {
        if (in_submonoid[x]) queue.push_back(x);
      }
      for (std::size_t i = 0; i < queue.size(); ++i) {
        const std::uint32_t y = m.product(queue[i], q.phi[h]);
        if (!in_submonoid[y]) {
          in_submonoid[y] = true;
          queue.push_back(y);
        }
        for (std::uint32_t g : below) {
          const std::uint32_t z = m.product(queue[i], g);
          if (!in_submonoid[z]) {
            in_submonoid[z] = true;
            queue.push_back(z);
          }
        }
      }
    }
    if (q.orders[h] != order) {
      return fails("it says the quotient of heaps 0.." + std::to_string(h) + " has " +
                   std::to_string(q.orders[h]) + " elements; it has " + std::to_string(order));
    }
  }
  if (order != n) return fails("two of its elements act alike (it is not reduced)");
  if (q.stable_from != grew)
    return fails("it says it last grew at heap " + std::to_string(q.stable_from));
  // Exact for every sum: the misère recursion, as the construction verifies its candidates.
  if (q.max_heap > ~std::uint32_t{0} - 1) return fails("its max_heap is too large");
  detail::ReducedCandidate candidate{m, q.phi, std::move(words), n};
  const auto heap = static_cast<std::uint32_t>(q.max_heap);
  if (const auto failure =
          detail::find_failure(candidate, moves_of(game, q, work), heap, limits, work)) {
    std::string sum;
    for (std::uint32_t h = 0; h <= heap; ++h) {
      for (std::uint32_t k = 0; k < (*failure)[h]; ++k) {
        sum += (sum.empty() ? "" : " + ") + std::to_string(h);
      }
    }
    return fails("it gives the sum of heaps " + (sum.empty() ? std::string("(none)") : sum) +
                 " the wrong misère outcome");
  }
  q.presentation = present(m, q.phi);
  q.tame = tame_kind(m);
  return {true, {}};
}

}  // namespace grundy
