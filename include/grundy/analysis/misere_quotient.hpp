#pragma once
/// \file Misère quotients of heap games (Plambeck, "Taming the wild in impartial combinatorial
/// games", INTEGERS 5 (2005) G5; Plambeck & Siegel, "Misère quotients for impartial games", JCTA
/// 115 (2008)): for the set A_n of all sums of heaps of sizes up to n, the commutative monoid
/// Q = A_n / ≡ of the classes of sums that no added sum of A_n tells apart under misère play, its
/// P-portion (the classes of misère P-positions) and the pretending function Φ (heap -> class).
/// The misère outcome of any sum of heaps up to n is then Φ(h1)·Φ(h2)···Φ(hk) in Q, checked
/// against P. docs/theory/misere-quotients.md says how it is computed and why that is exact.

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/core/outcome.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/misere_search.hpp"

namespace grundy {

/// How far a quotient computation has come: for a progress display.
struct QuotientProgress {
  std::uint64_t heap = 0;
  /// |Q| of the heaps below `heap` (the last verified quotient).
  std::uint64_t order = 0;
  /// Elements of the candidate being tried now (before reduction).
  std::uint64_t candidate = 0;
};

/// The most heaps a quotient is computed to.
inline constexpr std::uint64_t kMaxQuotientHeap = 100'000;

/// The default work budget (elementary steps: a product in a candidate monoid, a state of the
/// verification): about a minute at most.
inline constexpr std::uint64_t kDefaultQuotientWork = 4'000'000'000ULL;

struct QuotientOptions {
  /// The quotient of the sums of heaps 0..max_heap.
  std::uint64_t max_heap = 30;
  /// Memory any one table (a candidate monoid, the verification's states) may use.
  Limits limits;
  /// Elementary steps in all; beyond, ResourceError.
  std::uint64_t max_work = kDefaultQuotientWork;
  /// Called after each heap and while a candidate is tried.
  std::function<void(const QuotientProgress&)> progress;
  /// Stop adding heaps one by one once a period of Φ is proven (quotient_periodicity.hpp, looked
  /// for every 16 heaps): the heaps up to max_heap then get the classes the period gives them,
  /// as the theorem guarantees. false: every heap is verified (a check of the theorem).
  bool stop_at_proven_period = true;
  /// Place a heap that the quotient does not grow at by checking only what that heap can change
  /// (docs/theory/misere-quotients.md, "Adding a heap to a verified quotient": the interpolation
  /// lemma, else the closure of the last verification's stored pairs), at a cost that does not
  /// grow with the number of heaps. false: each such heap is placed by a full verification of
  /// every sum, as before #28 (kept as a check of the fast path: the quotients are identical).
  bool incremental = true;
  /// Stop at the first heap (checked every 16 heaps, up to max_heap) where a period of Φ is
  /// proven: the result then covers every heap size, and its max_heap is that heap.
  bool end_at_proven_period = false;
  /// When the work budget or the memory limit ends the computation at heap h, return the
  /// quotient of the heaps 0..h-1 (verified; MisereQuotient::stopped says why) instead of
  /// throwing QuotientStalled.
  bool keep_verified_on_budget = false;
  /// With keep_verified_on_budget: the heaps 0..required_heap are verified all the same (the
  /// budget ending below them still throws), and past them the computation goes on, towards a
  /// proven period, for at most work_past_required more steps.
  std::uint64_t required_heap = 0;
  std::uint64_t work_past_required = ~std::uint64_t{0};
};

/// A finite commutative monoid with its P-portion, as a multiplication table of small integers.
/// Element 0 is the identity (the class of the empty sum).
struct BipartiteMonoid {
  std::uint32_t order = 1;
  /// table[x * order + y] = x·y.
  std::vector<std::uint32_t> table{0};
  /// p_portion[x]: the sums of class x are misère P-positions.
  std::vector<bool> p_portion{false};

  std::uint32_t product(std::uint32_t x, std::uint32_t y) const { return table[x * order + y]; }
  std::uint64_t p_count() const;
};

/// The tame quotients (Plambeck & Siegel 2008, §3): those of misère Nim itself. T_0 = {1} (only
/// games without moves), T_1 = {1, a | a² = 1} (heaps of one token), and for k >= 2, T_k of order
/// 2^k + 2: the quotient of the Nim heaps below 2^k.
struct TameKind {
  bool tame = false;
  /// k of T_k when tame.
  std::uint32_t k = 0;
};

/// A presentation of the monoid: generators (the classes Φ(h) of the least heaps h that are not
/// products of earlier generators) and relations between monomials in them.
struct Presentation {
  /// The heap size each generator is Φ of.
  std::vector<std::uint64_t> generator_heaps;
  /// A monomial: the exponent of each generator.
  using Monomial = std::vector<std::uint32_t>;
  /// lhs = rhs: every monomial that is not the least (by degree, then lexicographically) of its
  /// class, while its divisors are, equals the least one of its class. Together they rewrite any
  /// monomial to the least of its class, so they present the monoid.
  std::vector<std::pair<Monomial, Monomial>> relations;
  /// The least monomial of each element.
  std::vector<Monomial> normal_forms;
};

/// Why a computation that keeps what it verified (QuotientOptions::keep_verified_on_budget)
/// ended before its max_heap.
struct QuotientStop {
  /// The limit that ended it: the work budget's or the memory limit's message.
  std::string reason;
  /// The heap that did not close (max_heap + 1), and what its failed trials prove
  /// (QuotientFrontier::copies > 1: bounds on the quotient there).
  std::uint64_t heap = 0;
  std::uint32_t copies = 0;
  std::uint32_t distinct_powers = 0;
  std::uint64_t order_at_least = 0;
  /// The heap was proven to fall into no class of the quotient of the heaps below (it stopped
  /// while a new element was sought): the quotient grows there, to more than its order.
  bool grows = false;
};

struct MisereQuotient {
  std::string game;
  std::uint64_t max_heap = 0;
  BipartiteMonoid monoid;
  /// phi[h] for h = 0..max_heap: the class of the heap of h tokens.
  std::vector<std::uint32_t> phi;
  /// orders[h] = |Q| of the sums of heaps up to h.
  std::vector<std::uint32_t> orders;
  /// The last heap size at which the quotient grew (0 when it never did): the quotient of the
  /// heaps up to max_heap is the quotient of the heaps up to this one, with Φ of the later heaps
  /// among its elements. Whether it stays so beyond max_heap is observed, not proven here.
  std::uint64_t stable_from = 0;
  Presentation presentation;
  TameKind tame;
  /// Candidates tried in all, and the largest (before reduction).
  std::uint64_t candidates = 0;
  std::uint64_t largest_candidate = 0;
  /// How the heaps that did not grow the quotient were placed (QuotientOptions::incremental): by
  /// the interpolation lemma, by the closure of the stored pairs, and by a full verification.
  std::uint64_t placed_by_interpolation = 0;
  std::uint64_t placed_by_closure = 0;
  std::uint64_t placed_by_verification = 0;
  /// Set when the computation ended at the budget before max_heap (keep_verified_on_budget).
  std::optional<QuotientStop> stopped;

  /// The misère outcome of the sum of these heaps (each at most max_heap): P or N. Throws Error
  /// for a heap beyond max_heap.
  Outcome outcome(std::span<const std::uint64_t> heaps) const;
  /// The class of the sum of these heaps.
  std::uint32_t element(std::span<const std::uint64_t> heaps) const;
};

/// What is proven at a heap where the computation stopped (its budget or memory spent) before any
/// candidate passed: a trial whose least failing sum holds k copies of that heap gives every sum
/// with fewer copies its true outcome (they all come before the failure in the verification's
/// order), so the classes such sums tell apart by sums of smaller heaps are classes of the true
/// quotient (docs/theory/misere-quotients.md, "When a heap does not close").
struct QuotientFrontier {
  /// The heap being added, and |Q| of the verified quotient of the heaps below it.
  std::uint64_t heap = 0;
  std::uint32_t verified_order = 0;
  /// k: every sum with fewer than k heaps of `heap` is decided exactly by the best trial (0 when
  /// no trial had a failure past the smaller heaps).
  std::uint32_t copies = 0;
  /// The distinct classes among Φ(heap)^0, ..., Φ(heap)^(k-1): Φ(heap) has at least this many
  /// distinct powers in the quotient of the heaps 0..heap (and of any larger bound).
  std::uint32_t distinct_powers = 0;
  /// A lower bound on |Q| of the heaps 0..heap (and of any larger bound): the distinct classes
  /// among the sums with fewer than k heaps of `heap`.
  std::uint64_t order_at_least = 0;
  /// For each j with j + 2 < k where Φ(heap)^j and Φ(heap)^(j+2) differ: j, and the sum of
  /// smaller heaps (of the fewest heaps) whose outcome with j heaps of `heap` added differs from
  /// its outcome with j + 2 added. The last one shows that no period 2 starts before j + 1.
  struct Witness {
    std::uint32_t copies = 0;
    std::vector<std::uint64_t> sum;
  };
  std::vector<Witness> witnesses;
};

/// The budget or the memory ran out at a heap that no candidate closed: the message says how far
/// the quotient was verified and what the frontier proves.
class QuotientStalled : public ResourceError {
 public:
  QuotientStalled(const std::string& what, QuotientFrontier frontier)
      : ResourceError(what), frontier_(frontier) {}
  const QuotientFrontier& frontier() const noexcept { return frontier_; }

 private:
  QuotientFrontier frontier_;
};

/// The misère quotient of the sums of heaps 0..options.max_heap of `game`, whose positions are
/// heap sizes and whose options are sums of smaller heaps (Layout::heaps: octal and hexadecimal
/// codes, subtraction games, Grundy's game). Throws Error for another layout, ResourceError when
/// a candidate or the verification passes the memory limit or the work budget — QuotientStalled,
/// with what is proven at that heap, when it happens while a new element is sought.
MisereQuotient misere_quotient(const Game& game, const QuotientOptions& options);

struct QuotientPeriodicity;

/// The misère outcome of `sum`, whose components are heaps of the quotient's game up to its
/// max_heap, and its winning moves as solve_by_search gives them (by component, then by what they
/// leave; the first `max_moves`, all counted): a move wins iff the product it leaves is in P.
/// With a proven `periodicity` of Φ (quotient_periodicity.hpp) the heaps may be of any size: a
/// take-and-break heap beyond the table has its winning moves found by class
/// (quotient_moves.hpp). Throws Error for another game or a heap beyond what the quotient covers.
/// remoteness and states are left 0.
SearchSolution solve_by_quotient(const Sum& sum, const MisereQuotient& quotient,
                                 std::size_t max_moves,
                                 const QuotientPeriodicity* periodicity = nullptr);

/// Whether (monoid, P) is isomorphic to a tame quotient, and which.
TameKind tame_kind(const BipartiteMonoid& monoid);

/// The presentation of `monoid` generated by the classes phi[h] (phi[0] is the identity).
Presentation present(const BipartiteMonoid& monoid, std::span<const std::uint32_t> phi);

/// A monomial in the generators a, b, c, ... as text: "a^2bc" ("1" for the empty one).
std::string format_monomial(const Presentation::Monomial& m);

}  // namespace grundy
