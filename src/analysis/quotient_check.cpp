// check_quotient (quotient_check.hpp).
//
// Associativity is checked only against the generators (the classes Φ(h)): if (x·y)·g = x·(y·g)
// for all x, y and every generator g, and every element is a product of generators, then
// (x·y)·z = x·(y·z) for all z, by induction on z's length — z = z'·g gives
// (x·y)·(z'·g) = ((x·y)·z')·g = (x·(y·z'))·g = x·((y·z')·g) = x·(y·(z'·g)). That is |Q|²·k
// products, not |Q|³.
#include "grundy/analysis/quotient_check.hpp"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <initializer_list>
#include <map>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/rules/take_break.hpp"
#include "quotient_candidate.hpp"
#include "quotient_check_moves.hpp"

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
  std::vector<bool> has_moves;
  std::vector<std::uint64_t> seen(q.monoid.order, ~std::uint64_t{0});  // the heap that saw it
  std::uint64_t options = 0;
  for (std::uint64_t h = 0; h <= n; ++h) {
    has_moves.push_back(false);
    std::vector<std::vector<std::uint32_t>> kept_options;
    for_each_option(game, Position{h, 0}, [&](std::span<const Position> parts) {
      has_moves[h] = true;
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
        if (has_moves[p.x]) kept.push_back(static_cast<std::uint32_t>(p.x));
      }
      kept_options.push_back(std::move(kept));
    });
    moves.add_heap(has_moves[h], kept_options);
    if ((h & 63) == 0) {
      work.spend(options + 1);
      options = 0;
    }
  }
  return moves;
}

}  // namespace

namespace detail {

namespace {

/// dst |= src << shift, bitsets of `words` 64-bit words (bits past the end dropped).
void or_shifted(std::uint64_t* dst, const std::uint64_t* src, std::size_t words,
                std::uint64_t shift) {
  const std::size_t by_words = shift / 64;
  const unsigned by_bits = shift % 64;
  if (by_words >= words) return;
  if (by_bits == 0) {
    for (std::size_t w = by_words; w < words; ++w) dst[w] |= src[w - by_words];
    return;
  }
  dst[by_words] |= src[0] << by_bits;
  for (std::size_t w = by_words + 1; w < words; ++w) {
    dst[w] |= (src[w - by_words] << by_bits) | (src[w - by_words - 1] >> (64 - by_bits));
  }
}

/// The classes of the splits a + b (a, b >= 1) of each number of tokens r = 0..n: bit p of
/// classes[r * words .. (r + 1) * words) when a split of r is in class p, and stand_in[p] two heaps
/// whose sum is in class p (empty when no split is).
struct Splits {
  std::size_t words = 0;
  std::vector<std::uint64_t> classes;
  std::vector<std::vector<std::uint32_t>> stand_in;
};

/// The class of a + b is Φ(a)·Φ(b), so the classes at r are the products p = c·d of the pairs of
/// classes (c, d) for which some a of class c and b of class d add up to r: r lies in the sumset
/// A_c + A_d of the sets of heaps of each class. Those sumsets are bitsets over 0..n, each the
/// union over a in A_c of A_d shifted by a — |A_c| shifts per class pair, n·K shifts of n/64 words
/// in all for K classes, against n²/4 products one split at a time — merged by product into one
/// bitset R_p per class p; then r has a split of class p exactly when bit r of R_p is set. Every
/// split of every r is covered (each pair (a, b) is in the sumset of its classes), none is made
/// up (each bit comes from one). The least heaps of classes c and d (any pair of classes of
/// product p) stand for the splits of class p: the verification reads an option only through its
/// class. Nothing when the bitsets would be too large (then split_by_split below).
std::optional<Splits> splits_by_sumsets(const MisereQuotient& q, QuotientWork& work) {
  const BipartiteMonoid& m = q.monoid;
  const auto n = static_cast<std::uint32_t>(q.max_heap);
  const std::size_t words = std::size_t{n} / 64 + 1;
  if (std::uint64_t{m.order} * words > (std::uint64_t{1} << 22)) return std::nullopt;
  // The classes of heaps 1..n, the bitset of each, and the least heap of each.
  std::vector<std::uint32_t> classes;
  std::vector<std::uint32_t> least(m.order, 0);
  for (std::uint32_t a = 1; a <= n; ++a) {
    if (least[q.phi[a]] == 0) {
      least[q.phi[a]] = a;
      classes.push_back(q.phi[a]);
    }
  }
  std::vector<std::int32_t> index(m.order, -1);
  for (std::size_t i = 0; i < classes.size(); ++i) index[classes[i]] = static_cast<std::int32_t>(i);
  std::vector<std::uint64_t> heaps(classes.size() * words, 0);
  for (std::uint32_t a = 1; a <= n; ++a) {
    heaps[static_cast<std::size_t>(index[q.phi[a]]) * words + a / 64] |= std::uint64_t{1}
                                                                         << (a % 64);
  }
  // by_product[p]: the r that have a split of class p.
  Splits out;
  out.words = m.order / 64 + 1;
  out.stand_in.resize(m.order);
  std::vector<std::uint64_t> by_product(std::size_t{m.order} * words, 0);
  for (std::size_t i = 0; i < classes.size(); ++i) {
    for (std::size_t j = i; j < classes.size(); ++j) {
      const std::uint32_t p = m.product(classes[i], classes[j]);
      if (out.stand_in[p].empty()) out.stand_in[p] = {least[classes[i]], least[classes[j]]};
    }
    const std::uint64_t* own = &heaps[i * words];
    for (std::size_t w = 0; w < words; ++w) {
      for (std::uint64_t bits = own[w]; bits != 0; bits &= bits - 1) {
        const std::uint64_t a = w * 64 + static_cast<std::uint64_t>(std::countr_zero(bits));
        for (std::size_t j = i; j < classes.size(); ++j) {
          const std::uint32_t p = m.product(classes[i], classes[j]);
          or_shifted(&by_product[std::size_t{p} * words], &heaps[j * words], words, a);
        }
        work.spend((classes.size() - i) * words);
      }
    }
  }
  // Transposed (sums past n, up to 2n, left out): for each r, its classes.
  out.classes.assign((std::size_t{n} + 1) * out.words, 0);
  for (std::uint32_t p = 0; p < m.order; ++p) {
    const std::uint64_t* r_of = &by_product[std::size_t{p} * words];
    for (std::size_t w = 0; w < words; ++w) {
      for (std::uint64_t bits = r_of[w]; bits != 0; bits &= bits - 1) {
        const std::size_t r = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
        if (r > n) break;
        out.classes[r * out.words + p / 64] |= std::uint64_t{1} << (p % 64);
      }
    }
  }
  work.spend(std::uint64_t{m.order} * words + out.classes.size());
  return out;
}

/// The same, one split at a time (for unequal splits, Grundy's game, where a + a is no move).
Splits split_by_split(const MisereQuotient& q, bool unequal, QuotientWork& work) {
  const BipartiteMonoid& m = q.monoid;
  const auto n = static_cast<std::uint32_t>(q.max_heap);
  Splits out;
  out.words = m.order / 64 + 1;
  out.stand_in.resize(m.order);
  out.classes.assign((std::size_t{n} + 1) * out.words, 0);
  for (std::uint32_t r = 0; r <= n; ++r) {
    for (std::uint32_t a = 1; 2 * a <= r; ++a) {
      if (unequal && 2 * a == r) continue;
      const std::uint32_t image = m.product(q.phi[a], q.phi[r - a]);
      out.classes[r * out.words + image / 64] |= std::uint64_t{1} << (image % 64);
      if (out.stand_in[image].empty()) out.stand_in[image] = {a, r - a};
    }
    work.spend(r / 2 + 1);
  }
  return out;
}

}  // namespace

/// The same classes, for a take-and-break code whose moves leave at most two heaps (Kayles,
/// Dawson's Kayles, every octal code; Grundy's game), read from the code itself: a heap of h
/// tokens has, for each non-zero digit d_k (k <= h, r = h - k tokens left), the options "nothing"
/// (bit 1, r = 0), "heap r" (bit 2, r > 0) and "heaps a + (r - a)" for 1 <= a <= r/2 (bit 4; a !=
/// r - a under unequal splits) — exactly what take_break_options visits, the game's own options
/// (traits.take_break is the code the family's options() enumerate). The classes of the splits
/// of r tokens are found once for every heap that leaves r tokens, and all together
/// (splits_by_sumsets), instead of visiting every option of every heap through the game's
/// visitor (about n²/2 of them for Kayles to heap n: 460,000 to heap 963). So nothing is
/// skipped: every option of every heap 0..n is accounted for through its class, and the
/// verification that follows gets the same set of option classes of each heap as moves_of would
/// give it. Only the option kept to stand for a class may be another sum of heaps of that class:
/// the verification reads an option only through its class. Nothing for a code with three-heap
/// moves (hexadecimal bit 8).
std::optional<CheckMoves> take_break_heap_moves(const Game& game, const MisereQuotient& q,
                                                QuotientWork& work) {
  const TakeBreakCode* code = game.traits().take_break;
  if (code == nullptr || code->max_parts() > 2 || q.max_heap > (std::uint64_t{1} << 26)) {
    return std::nullopt;
  }
  const auto n = static_cast<std::uint32_t>(q.max_heap);
  const BipartiteMonoid& m = q.monoid;
  bool splits = false;
  for_each_digit(*code, n, [&](std::uint64_t, std::uint8_t d) { splits |= (d & kLeaveTwo) != 0; });
  // Each heap's classes of options as a bitset (after its class in key[0]), and a sum of heaps
  // standing for each class.
  const std::size_t class_words = m.order / 64 + 1;
  if ((std::uint64_t{n} + 1) * class_words > (std::uint64_t{1} << 24)) return std::nullopt;
  Splits split;
  if (splits && !code->unequal_split) {
    if (std::optional<Splits> sums = splits_by_sumsets(q, work)) split = std::move(*sums);
  }
  if (splits && split.classes.empty()) split = split_by_split(q, code->unequal_split, work);
  std::vector<std::uint64_t> key(class_words + 1);
  std::set<std::vector<std::uint64_t>> letters;
  std::vector<std::vector<std::uint32_t>> stand_in(m.order);
  std::vector<bool> has_stand_in(m.order, false);
  CheckMoves out;
  out.has_moves.assign(std::size_t{n} + 1, false);
  for (std::uint32_t h = 0; h <= n; ++h) {
    std::fill(key.begin(), key.end(), 0);
    bool any = false;
    const auto add = [&](std::uint32_t image, std::initializer_list<std::uint32_t> parts) {
      any = true;
      key[1 + image / 64] |= std::uint64_t{1} << (image % 64);
      if (!has_stand_in[image]) {
        has_stand_in[image] = true;
        stand_in[image].assign(parts);
      }
    };
    std::uint64_t steps = 1;
    for_each_digit(*code, h, [&](std::uint64_t k, std::uint8_t d) {
      const auto r = static_cast<std::uint32_t>(h - k);
      if ((d & kLeaveNothing) && r == 0) add(0, {});
      if ((d & kLeaveOne) && r > 0) add(q.phi[r], {r});
      if ((d & kLeaveTwo) && r >= 2) {
        const std::uint64_t* at = &split.classes[r * class_words];
        for (std::size_t w = 0; w < class_words; ++w) {
          any = any || at[w] != 0;
          key[1 + w] |= at[w];
        }
        steps += class_words;
      }
      ++steps;
    });
    work.spend(steps + class_words);
    out.has_moves[h] = any;
    key[0] = q.phi[h];
    if (!any || !letters.insert(key).second) {
      out.letters.add_heap(false, {});
      continue;
    }
    std::vector<std::vector<std::uint32_t>> options;
    for (std::size_t w = 0; w < class_words; ++w) {
      for (std::uint64_t bits = key[1 + w]; bits != 0; bits &= bits - 1) {
        const std::size_t image = w * 64 + static_cast<std::size_t>(std::countr_zero(bits));
        options.push_back(has_stand_in[image] ? stand_in[image] : split.stand_in[image]);
      }
    }
    out.letters.add_heap(true, options);
  }
  return out;
}

CheckMoves heap_moves_by_class(const Game& game, const MisereQuotient& q, QuotientWork& work,
                               bool from_code) {
  if (from_code) {
    if (std::optional<CheckMoves> moves = take_break_heap_moves(game, q, work)) {
      return std::move(*moves);
    }
  }
  const HeapMoves all = moves_of(game, q, work);
  CheckMoves out;
  std::set<std::vector<std::uint32_t>> letters;
  for (std::uint32_t h = 0; h < all.heaps(); ++h) {
    out.has_moves.push_back(all.has_moves(h));
    std::vector<std::vector<std::uint32_t>> options;
    std::vector<std::uint32_t> key;
    all.for_each_option(h, [&](std::span<const std::uint32_t> parts) {
      std::uint32_t x = 0;
      for (std::uint32_t part : parts) x = q.monoid.product(x, q.phi[part]);
      key.push_back(x);
      options.emplace_back(parts.begin(), parts.end());
    });
    std::sort(key.begin(), key.end());
    key.insert(key.begin(), q.phi[h]);
    const bool letter = all.has_moves(h) && letters.insert(std::move(key)).second;
    if (!letter) options.clear();
    out.letters.add_heap(letter, options);
    work.spend(options.size() + 1);
  }
  return out;
}

}  // namespace detail

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
  const detail::CheckMoves moves = detail::heap_moves_by_class(game, q, work, true);
  // A heap without a move is the empty game: its class is the identity. (The verification reads
  // only the heaps that have a move, and the options' parts that stand for classes through their
  // classes; so this comes first.)
  for (std::uint32_t h = 0; h <= heap; ++h) {
    if (!moves.has_moves[h] && q.phi[h] != 0) {
      return fails("it gives heap " + std::to_string(h) +
                   ", which has no move, a class other than the identity");
    }
  }
  if (const auto failure = detail::find_failure(candidate, moves.letters, heap, limits, work)) {
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
