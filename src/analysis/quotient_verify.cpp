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
#include <unordered_set>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "quotient_candidate.hpp"
#include "quotient_extension.hpp"

namespace grundy::detail {

std::vector<Letter> distinct_letters(const ReducedCandidate& c, const HeapMoves& moves,
                                     std::uint32_t heap) {
  std::vector<Letter> letters;
  // Two heaps with one image and one set of option images add the same pairs: keep the first.
  const auto hash = [&](std::size_t i) {
    std::uint64_t h = letters[i].phi * 0x9E3779B97F4A7C15ULL;
    for (std::uint32_t t : letters[i].transitions) h = (h ^ t) * 0xBF58476D1CE4E5B9ULL;
    return static_cast<std::size_t>(h ^ (h >> 31));
  };
  const auto equal = [&](std::size_t i, std::size_t j) {
    return letters[i].phi == letters[j].phi && letters[i].transitions == letters[j].transitions;
  };
  std::unordered_set<std::size_t, decltype(hash), decltype(equal)> seen(16, hash, equal);
  for (std::uint32_t h = 1; h <= heap; ++h) {
    if (!moves.has_moves(h)) continue;
    Letter l{h, c.phi[h], {}};
    moves.for_each_option(h, [&](std::span<const std::uint32_t> parts) {
      std::uint32_t x = 0;
      for (std::uint32_t part : parts) x = c.monoid.product(x, c.phi[part]);
      l.transitions.push_back(x);
    });
    std::sort(l.transitions.begin(), l.transitions.end());
    l.transitions.erase(std::unique(l.transitions.begin(), l.transitions.end()),
                        l.transitions.end());
    letters.push_back(std::move(l));
    if (!seen.insert(letters.size() - 1).second) letters.pop_back();
  }
  return letters;
}

bool lex_less(const Word& a, const Word& b) {
  for (std::size_t h = a.size(); h-- > 0;) {
    if (a[h] != b[h]) return a[h] < b[h];
  }
  return false;
}

namespace {

/// The "no option in P" half, sums in lexicographic order (the largest heap most significant):
/// a depth-first search over the exponents of the letters, from the largest heap down, as the
/// marker enumerates them. Every option of a sum comes before it in this order and the order is
/// compatible with adding sums, so a pair (Φ(G), F_G) dominated by a stored pair of an earlier sum
/// G1 (same class, F_G1 ⊆ F_G) can only fail where G1 + X, an earlier sum, fails: it is checked
/// and not continued. The first failure met is the least.
class LexSearch {
 public:
  LexSearch(const ReducedCandidate& c, const std::vector<Letter>& letters, std::uint32_t heap,
            const Limits& limits, QuotientWork& work)
      : q_(c.monoid),
        letters_(letters),
        limits_(limits),
        work_(work),
        n_(c.monoid.order),
        words_((n_ + 63) / 64),
        word_(heap + 1, 0),
        pairs_(n_),
        rows_(2 * letters.size(), std::vector<std::uint64_t>(words_)),
        what_("verifying a quotient of " + std::to_string(n_) + " elements") {
    // column[s] has bit z set when z·s is in P. (Products are taken as s·z, the same in a
    // commutative monoid: one row of the table, read in order.)
    std::vector<std::uint8_t> p(n_);
    for (std::uint32_t x = 0; x < n_; ++x) p[x] = q_.p_portion[x] ? 1 : 0;
    column_.assign(static_cast<std::size_t>(n_) * words_, 0);
    for (std::uint32_t s = 0; s < n_; ++s) {
      const std::uint32_t* row = &q_.table[static_cast<std::size_t>(s) * n_];
      std::uint64_t* col = &column_[s * words_];
      for (std::uint32_t w = 0; w * 64 < n_; ++w) {
        const std::uint32_t end = std::min(n_ - w * 64, 64U);
        std::uint64_t word = 0;
        for (std::uint32_t b = 0; b < end; ++b) word |= std::uint64_t{p[row[w * 64 + b]]} << b;
        col[w] = word;
      }
    }
    work_.spend(static_cast<std::uint64_t>(n_) * n_);
  }

  /// The least failing sum, or nothing when there is none before `bound` (when given: the
  /// search stops at the first sum not less than it, since every later sum is larger too).
  std::optional<Word> run(const Word* bound) {
    bound_ = bound;
    std::vector<std::uint64_t> empty(words_, 0);
    pairs_.store(0, empty.data(), limits_, what_);
    if (visit(static_cast<int>(letters_.size()) - 1, 0, empty) && !reached_bound_) return word_;
    return std::nullopt;
  }

  /// After a run without a failure: what it read and stored.
  void record(VerifiedPairs& out) && {
    out.columns = std::move(column_);
    out.pairs = std::move(pairs_);
  }

 private:
  bool fails(std::uint32_t y, const std::vector<std::uint64_t>& f) const {
    return !q_.p_portion[y] && (f[0] & 1) == 0;
  }

  bool visit(int d, std::uint32_t y, const std::vector<std::uint64_t>& f) {
    if (d < 0) return false;
    const Letter& l = letters_[static_cast<std::size_t>(d)];
    // Each depth's two rows, allocated once: the search visits a chain of depths per pair.
    std::vector<std::uint64_t>& cur = rows_[2 * static_cast<std::size_t>(d)];
    std::vector<std::uint64_t>& next = rows_[2 * static_cast<std::size_t>(d) + 1];
    cur = f;
    std::uint32_t x = y;
    std::uint32_t added = 0;
    while (true) {
      if (visit(d - 1, x, cur)) return true;
      // F_{G+h}(z) = F_G(z·Φ(h)) or [some t in T(h) has z·Φ(G)·t in P].
      permute_bits(&q_.table[static_cast<std::size_t>(l.phi) * n_], n_, cur.data(), next.data());
      for (std::uint32_t t : l.transitions) {
        const std::uint64_t* col = &column_[q_.product(x, t) * words_];
        for (std::size_t w = 0; w < words_; ++w) next[w] |= col[w];
      }
      work_.spend(n_ + l.transitions.size() * words_);
      x = q_.product(x, l.phi);
      ++word_[l.heap];
      ++added;
      if (bound_ && !lex_less(word_, *bound_)) {
        reached_bound_ = true;
        return true;
      }
      if (fails(x, next)) return true;
      if (pairs_.dominated(x, next.data(), work_)) break;
      pairs_.store(x, next.data(), limits_, what_);
      cur.swap(next);  // both rows stay this depth's
    }
    word_[l.heap] -= added;
    return false;
  }

  const BipartiteMonoid& q_;
  const std::vector<Letter>& letters_;
  const Limits& limits_;
  QuotientWork& work_;
  std::uint32_t n_;
  std::size_t words_;
  Word word_;
  std::vector<std::uint64_t> column_;
  PairStore pairs_;
  std::vector<std::vector<std::uint64_t>> rows_;
  std::string what_;
  const Word* bound_ = nullptr;
  bool reached_bound_ = false;
};

}  // namespace

std::optional<Word> find_failure(const ReducedCandidate& c, const HeapMoves& moves,
                                 std::uint32_t heap, const Limits& limits, QuotientWork& work,
                                 VerifiedPairs* record) {
  const BipartiteMonoid& q = c.monoid;
  const std::uint32_t n = q.order;
  std::vector<Letter> letters = distinct_letters(c, moves, heap);
  if (q.p_portion[0]) return Word(heap + 1, 0);  // the empty sum is an N-position

  // The "in P, an option in P" half: the least failing sum through y is y's least sum plus h.
  std::optional<Word> least;
  for (std::uint32_t y = 0; y < n; ++y) {
    for (const Letter& l : letters) {
      if (!q.p_portion[q.product(y, l.phi)]) continue;
      for (std::uint32_t t : l.transitions) {
        if (q.p_portion[q.product(y, t)]) {
          Word w = c.words[y];
          ++w[l.heap];
          if (!least || lex_less(w, *least)) least = std::move(w);
          break;
        }
      }
    }
    work.spend(letters.size() + 1);
  }
  LexSearch search(c, letters, heap, limits, work);
  // Only a failure before the first half's least one matters.
  std::optional<Word> n_failure = search.run(least ? &*least : nullptr);
  if (n_failure) return n_failure;
  if (!least && record) {
    std::move(search).record(*record);
    record->letters = std::move(letters);
  }
  return least;
}

}  // namespace grundy::detail
