// Verification of a candidate quotient against the misère recursion, for every sum of heaps.
//
// A sum G is a misère P-position iff it has a move and every option is an N-position (the
// player who cannot move wins). So a map Φ into a monoid with a P-portion gives every sum its
// true outcome as soon as, for every sum G, Φ(G) is in P exactly when G is not empty and no
// option of G has its image in P (by induction on G: its options are told right, so G is).
// Both halves are checked finitely:
//  - "in P, no option in P": an option of G + h is G + (an option of h), with image Φ(G)·t, t in
//    the images T(h) of h's options; Φ(G) runs over the whole monoid, so it suffices that no y
//    has y·Φ(h) and y·t both in P (|Q| · Σ|T(h)| checks).
//  - "not in P, some option in P": the options of G + h are those of G plus h, and G plus those of
//    h. Whether a sum G + Z has an option of the first kind in P depends on G only through
//    F_G(z) = [some option image o of G has z·o in P], z in Q, and F_{G+h}(z) = F_G(z·Φ(h)) or
//    [some t in T(h) has z·Φ(G)·t in P]. So the pairs (Φ(G), F_G) reachable from (1, {}) by
//    adding heaps are finitely many, and checking "Φ(G) in P or F_G(1)" on each covers every G.
//    F only grows along a continuation, so a pair whose F contains a stored pair's F (same
//    Φ(G)) can fail only where that one fails, and is not stored.
#include <algorithm>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "quotient_candidate.hpp"

namespace grundy::detail {

namespace {

struct Letter {
  std::uint32_t heap;
  std::uint32_t phi;
  std::vector<std::uint32_t> transitions;
};

std::vector<Letter> distinct_letters(const ReducedCandidate& c, const HeapMoves& moves,
                                     std::uint32_t heap) {
  std::vector<Letter> letters;
  for (std::uint32_t h = 1; h <= heap; ++h) {
    if (!moves.has_moves[h]) continue;
    Letter l{h, c.phi[h], {}};
    for (const auto& parts : moves.options[h]) {
      std::uint32_t x = 0;
      for (std::uint32_t part : parts) x = c.monoid.product(x, c.phi[part]);
      l.transitions.push_back(x);
    }
    std::sort(l.transitions.begin(), l.transitions.end());
    l.transitions.erase(std::unique(l.transitions.begin(), l.transitions.end()),
                        l.transitions.end());
    // Two heaps with one image and one set of option images add the same pairs: keep the first.
    const bool seen = std::any_of(letters.begin(), letters.end(), [&](const Letter& o) {
      return o.phi == l.phi && o.transitions == l.transitions;
    });
    if (!seen) letters.push_back(std::move(l));
  }
  return letters;
}

}  // namespace

std::optional<Word> find_failure(const ReducedCandidate& c, const HeapMoves& moves,
                                 std::uint32_t heap, const Limits& limits, QuotientWork& work) {
  const BipartiteMonoid& q = c.monoid;
  const std::uint32_t n = q.order;
  const std::vector<Letter> letters = distinct_letters(c, moves, heap);
  if (q.p_portion[0]) return Word(heap + 1, 0);  // the empty sum is an N-position

  for (std::uint32_t y = 0; y < n; ++y) {
    for (const Letter& l : letters) {
      if (!q.p_portion[q.product(y, l.phi)]) continue;
      for (std::uint32_t t : l.transitions) {
        if (q.p_portion[q.product(y, t)]) {
          Word w = c.words[y];
          ++w[l.heap];
          return w;
        }
      }
    }
    work.spend(letters.size() + 1);
  }

  const std::size_t words = (n + 63) / 64;
  // column[s] has bit z set when z·s is in P.
  std::vector<std::uint64_t> column(static_cast<std::size_t>(n) * words, 0);
  for (std::uint32_t s = 0; s < n; ++s) {
    for (std::uint32_t z = 0; z < n; ++z) {
      if (q.p_portion[q.product(z, s)]) column[s * words + z / 64] |= std::uint64_t{1} << (z % 64);
    }
  }
  work.spend(static_cast<std::uint64_t>(n) * n);

  std::vector<std::uint32_t> ys{0};
  std::vector<std::uint64_t> bits(words, 0);
  std::vector<std::uint32_t> parent{0};
  std::vector<std::uint32_t> parent_heap{0};
  // The stored pairs of each class (none of them contains another's F).
  std::vector<std::vector<std::uint32_t>> by_class(n);
  by_class[0].push_back(0);
  const std::uint64_t pair_bytes = words * 8 + 32;
  std::vector<std::uint64_t> next(words);
  for (std::uint32_t i = 0; i < ys.size(); ++i) {
    if ((i & 1023) == 0) {
      require_memory(limits, bytes_for(ys.size(), pair_bytes),
                     "verifying a quotient of " + std::to_string(n) + " elements");
    }
    for (const Letter& l : letters) {
      const std::uint32_t y = ys[i];
      const std::uint32_t y2 = q.product(y, l.phi);
      std::fill(next.begin(), next.end(), 0);
      const std::uint64_t* f = &bits[i * words];
      for (std::uint32_t z = 0; z < n; ++z) {
        const std::uint32_t zg = q.product(z, l.phi);
        if ((f[zg / 64] >> (zg % 64)) & 1) next[z / 64] |= std::uint64_t{1} << (z % 64);
      }
      for (std::uint32_t t : l.transitions) {
        const std::uint64_t* col = &column[q.product(y, t) * words];
        for (std::size_t w = 0; w < words; ++w) next[w] |= col[w];
      }
      work.spend(n + l.transitions.size() * words);
      const bool has_p_option = next[0] & 1;
      if (q.p_portion[y2] == has_p_option) {
        Word w(heap + 1, 0);
        ++w[l.heap];
        for (std::uint32_t j = i; j != 0; j = parent[j]) ++w[parent_heap[j]];
        return w;
      }
      // A pair whose F contains the F of a stored pair with the same class is dominated: F grows
      // monotonically along every continuation, so every "no option in P" failure reachable from
      // it is reachable from the stored pair too (the P half is checked above, for all sums).
      bool dominated = false;
      for (std::uint32_t j : by_class[y2]) {
        const std::uint64_t* g = &bits[j * words];
        bool subset = true;
        for (std::size_t w = 0; w < words && subset; ++w) subset = (g[w] & ~next[w]) == 0;
        if (subset) {
          dominated = true;
          break;
        }
      }
      work.spend(by_class[y2].size() * words + 1);
      if (dominated) continue;
      const auto id = static_cast<std::uint32_t>(ys.size());
      ys.push_back(y2);
      bits.insert(bits.end(), next.begin(), next.end());
      parent.push_back(i);
      parent_heap.push_back(l.heap);
      by_class[y2].push_back(id);
    }
  }
  return std::nullopt;
}

}  // namespace grundy::detail
