#pragma once
/// \file Internal: adding a heap to a verified quotient that does not grow, at a cost that does
/// not grow with the number of heaps (docs/theory/misere-quotients.md, "Adding a heap to a
/// verified quotient").
///
/// The verification of a quotient (find_failure) explores pairs (Φ(G), F_G) and stores an
/// antichain of them; what it stores, with the letters it read, is kept (VerifiedPairs). A new
/// heap h with option classes T(h) is then placed in a class x of the same quotient by one of:
///  - the interpolation lemma: T(h) ⊆ M(x) (no z has x·z and t·z both in P), h alone is in P iff
///    x is, and some stored pair of class x has F ⊆ F_h: any sum with heaps h is then told right
///    because the same sum with each h replaced by that pair's sum is, and has fewer options in P;
///  - the closure: the stored pairs (the empty sum's included) extended by the new letter, and
///    the pairs new to the store by every letter, each checked, until nothing new is stored.
/// Both leave the verification's state valid for the next heap; a failed closure is undone.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/core/limits.hpp"
#include "quotient_candidate.hpp"

namespace grundy::detail {

/// A heap as the verification reads it: its class and the classes of its options (sorted, each
/// once). Heaps of one letter add the same pairs to every sum.
struct Letter {
  std::uint32_t heap = 0;
  std::uint32_t phi = 0;
  std::vector<std::uint32_t> transitions;
};

/// out = the bitset z -> in[map[z]], z < n (both bitsets of (n + 63) / 64 words): F_G(z·Φ(h))
/// with `map` the row of Φ(h) in the table.
void permute_bits(const std::uint32_t* map, std::uint32_t n, const std::uint64_t* in,
                  std::uint64_t* out);

/// Pairs (y, F) — a class y of a monoid of `order` elements and a set F of its elements as a
/// bitset — stored in the order they come, and found by class.
class PairStore {
 public:
  PairStore() = default;
  explicit PairStore(std::uint32_t order)
      : words_((std::size_t{order} + 63) / 64), by_class_(order) {}

  std::size_t words() const { return words_; }
  std::uint64_t size() const { return classes_.size(); }
  std::uint32_t class_of(std::uint64_t i) const { return classes_[i]; }
  const std::uint64_t* bits(std::uint64_t i) const { return &bits_[i * words_]; }
  /// The stored pairs of class y, by index.
  const std::vector<std::uint32_t>& of_class(std::uint32_t y) const { return by_class_[y]; }

  /// Whether a stored pair (y, G) has G ⊆ f. Spends the words compared.
  bool dominated(std::uint32_t y, const std::uint64_t* f, QuotientWork& work) const;
  /// Stores (y, f); refused (ResourceError) past the memory limit.
  void store(std::uint32_t y, const std::uint64_t* f, const Limits& limits,
             const std::string& what);
  /// Forgets the pairs stored after the first `size`.
  void truncate(std::uint64_t size);

 private:
  std::size_t words_ = 0;
  std::vector<std::uint64_t> bits_;
  std::vector<std::uint32_t> classes_;
  std::vector<std::vector<std::uint32_t>> by_class_;
};

/// What a verification that found no failure leaves behind: the letters it read, the column of
/// each element (bit z of column s set when s·z is in P), and the pairs it stored, the empty
/// sum's (1, {}) first. Every pair (Φ(G), F_G) of a non-empty sum G of the letters holds (★), and
/// contains (same class, F ⊇) a stored pair; every stored pair but the first is a non-empty sum's.
struct VerifiedPairs {
  std::vector<Letter> letters;
  std::vector<std::uint64_t> columns;
  PairStore pairs;
};

/// The letters of the heaps 1..heap of `c` that have a move: one per class and set of option
/// classes (the least heap of each).
std::vector<Letter> distinct_letters(const ReducedCandidate& c, const HeapMoves& moves,
                                     std::uint32_t heap);

/// A verified, reduced quotient, with its verification's record, that takes new heaps into its
/// classes while it can.
class StableExtension {
 public:
  /// `q` is the quotient `record` verified; it must outlive this.
  StableExtension(const BipartiteMonoid& q, VerifiedPairs record, const Limits& limits);

  /// The class of heap `heap` of the quotient of the heaps 0..heap, when it is one of q's: q with
  /// Φ(heap) = that class is then verified for every sum of those heaps (and the record stays
  /// valid for the next heap). Nothing when no class of q takes the heap: the quotient grows.
  /// `images`: the classes of the heap's options (any order, repeats allowed).
  std::optional<std::uint32_t> place(std::uint32_t heap, std::span<const std::uint32_t> images,
                                     QuotientWork& work);

  /// Heaps placed by the interpolation lemma, by the closure, and not placed.
  std::uint64_t by_interpolation = 0;
  std::uint64_t by_closure = 0;
  std::uint64_t refused = 0;

 private:
  /// M(x): bit t set when no z has x·z and t·z both in P (computed when first asked).
  const std::uint64_t* compatible(std::uint32_t x, QuotientWork& work);
  /// Whether q with the letter `added` joined to the record's verifies: the closure.
  bool closes(const Letter& added, QuotientWork& work);
  /// The pair of (y, f) extended by `l` into (out_y, out); whether that pair holds (★).
  bool extend(const Letter& l, std::uint32_t y, const std::uint64_t* f, std::uint32_t& out_y,
              std::uint64_t* out, QuotientWork& work) const;

  const BipartiteMonoid& q_;
  VerifiedPairs v_;
  const Limits& limits_;
  std::size_t words_;
  std::vector<std::uint64_t> compatible_;
  std::vector<bool> has_compatible_;
  std::string what_;
};

}  // namespace grundy::detail
