#pragma once
/// \file Misère play of sums of heaps through the misère quotient, when it is within a small
/// budget, and the one choice of how a misère position is decided (closed form, quotient or exact
/// search) that `solve`, `explain` and `play` make.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/analysis/quotient_cache.hpp"
#include "grundy/analysis/quotient_periodicity.hpp"
#include "grundy/core/limits.hpp"
#include "grundy/rules/heap_union.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/misere_search.hpp"
#include "grundy/solve/sum_solver.hpp"

namespace grundy {

/// The misère quotient that decided a misère position (solve, explain, play): its game, the heaps
/// it is verified for, and whether it is complete (Φ's period proven: the quotient of every heap
/// size).
struct QuotientUsed {
  std::string game;
  std::uint64_t max_heap = 0;
  bool complete = false;
  /// `complete (proven for every heap size)` or `partial: heaps 0..N, not known beyond`.
  std::string completeness() const;
};


/// The steps a solve spends on a quotient before it falls back to the exact search.
inline constexpr std::uint64_t kQuotientPathWork = 200'000'000;
/// The largest heap a solve computes a quotient to.
inline constexpr std::uint64_t kQuotientPathMaxHeap = 64;
/// When the exact search would be refused (its bound passes the state budget, or cannot be
/// counted), the quotient is the only way to an answer: it may go this far instead.
inline constexpr std::uint64_t kQuotientOnlyWork = 1'500'000'000;
inline constexpr std::uint64_t kQuotientOnlyMaxHeap = 4096;
/// A sum whose exact search needs at most this many states (a bound counted before searching)
/// is searched: a few milliseconds, less than most quotients take to build.
inline constexpr std::uint64_t kSearchFirstStates = 20'000;
/// Past the sum's largest heap, the quotient of one game that a periodicity theorem covers goes
/// on towards a proof of Φ's period (the quotient of every heap size, then cached for any later
/// sum) for at most this many steps: Kayles and 0.115 get there (10^6 and 3*10^6 steps), 0.644
/// (10^8) and 0.07 (never) stop partial, a few tens of milliseconds later.
inline constexpr std::uint64_t kQuotientWorkTowardsProof = 10'000'000;

/// The misère quotient that decides a sum of heaps: the quotient of the sums of heaps of the
/// sum's heap games (of the one game, or of their union, heap_union.hpp), up to its largest heaps.
/// Every position reached from the sum is such a sum with no larger heap, so one quotient serves
/// a whole game.
class SumQuotient {
 public:
  /// Nothing when a component is not a heap of a heap game (or is a coin-turning row), when a
  /// heap passes kQuotientPathMaxHeap, when the sum is Nim alone (its closed form is faster), or
  /// when the quotient is not found within kQuotientPathWork steps: the caller searches.
  /// `progress` is called as the quotient grows. With `cache`, a sum of one game's heaps uses the
  /// cached quotient when it covers them (at any size: then kQuotientPathMaxHeap does not
  /// apply), and a quotient computed is stored.
  /// `search_refused`: the exact search would be refused, so kQuotientOnlyMaxHeap and
  /// kQuotientOnlyWork apply instead.
  static std::optional<SumQuotient> of(const Sum& sum, const Limits& limits,
                                       std::function<void(const QuotientProgress&)> progress,
                                       const QuotientCache* cache = nullptr,
                                       bool search_refused = false);
  /// As of(sum, search.limits, progress, cache, refused), but nothing also when the exact search
  /// with `search`'s options needs at most kSearchFirstStates states: then the search is
  /// quicker; `refused` when its bound passes search.max_states. A heap beyond
  /// kQuotientOnlyMaxHeap, which no search reaches, is taken when the sum has one heap game whose
  /// Φ has a period proven within heaps 0..kQuotientOnlyMaxHeap (quotient_periodicity.hpp): the
  /// quotient is then that of every heap size; otherwise ResourceError says why not.
  static std::optional<SumQuotient> unless_searched(
      const Sum& sum, const SearchOptions& search,
      std::function<void(const QuotientProgress&)> progress, const QuotientCache* cache = nullptr);

  const MisereQuotient& quotient() const { return quotient_; }
  /// What the answers say of the quotient: its game, heaps, and whether it is complete.
  QuotientUsed used() const;
  /// The periodicity of Φ when the quotient was asked past its heaps (proven: the quotient covers
  /// every heap size).
  const QuotientPeriodicity& periodicity() const { return periodicity_; }
  /// The class of `sum` (heaps of this quotient's games, none larger than when it was made).
  std::uint32_t element(const Sum& sum) const;
  /// The class of the parts a move leaves in component `c` (heaps of c's game).
  std::uint32_t element(const Component& c, std::span<const Position> parts) const;
  /// solve_by_search's answer for `sum`, from the quotient: the moves are moves of `sum`.
  SearchSolution solve(const Sum& sum, std::size_t max_moves) const;

 private:
  /// The periodicity of Φ is read for a quotient of one game (`game`); a union's is never
  /// proven.
  SumQuotient(std::shared_ptr<const HeapUnion> heaps, MisereQuotient quotient, const Game& game);
  /// The quotient of a sum of one heap game with a heap beyond kQuotientOnlyMaxHeap: nothing
  /// unless its Φ has a proven period.
  static std::optional<SumQuotient> periodic(const Sum& sum, const Limits& limits,
                                             std::function<void(const QuotientProgress&)> progress,
                                             const QuotientCache* cache);
  /// Whether this quotient of `game` covers its heaps up to `largest`: within its table, or past
  /// it through a proven period of Φ.
  bool reaches(const Game& game, std::uint64_t largest) const;
  /// The cached quotient of the sum's one heap game, when it covers the sum's heaps.
  static std::optional<SumQuotient> cached(const Sum& sum, const Limits& limits,
                                           const QuotientCache* cache);
  /// The quotient game's heap for heap `h` of `game`.
  std::uint64_t heap(const Game& game, std::uint64_t h) const;
  /// `sum` as heaps of the quotient's game.
  Sum as_heaps(const Sum& sum) const;

  /// Null when the sum has one game: the quotient is that game's own.
  std::shared_ptr<const HeapUnion> union_;
  MisereQuotient quotient_;
  /// Of the one game's Φ (never proven for a union).
  QuotientPeriodicity periodicity_;
};

/// How a misère position is decided.
enum class MiserePath { closed_form, quotient, search };
/// "closed form", "quotient" or "search" (SolveAnswer::misere_method).
std::string_view misere_path_name(MiserePath path) noexcept;

/// What a request allows the choice of its misère path.
struct MisereRequest {
  /// Misère Nim alone by Bouton's closed form (`solve`; `play` and `explain` search it).
  bool closed_form = false;
  /// The misère quotient where it decides the sum (false: `--no-quotient`, or remoteness).
  bool use_quotient = true;
  /// Where the search is quicker (SumQuotient::unless_searched gives nothing), still a quotient
  /// within the solve's small budget (SumQuotient::of, heaps up to kQuotientPathMaxHeap):
  /// `explain` shows the classes.
  bool small_quotient = false;
};

struct MisereChoice {
  MiserePath path = MiserePath::search;
  /// With MiserePath::quotient: the quotient that decides the sum.
  std::optional<SumQuotient> quotient;
};

/// The one choice of how `sum` is decided under misère play (solve, explain, play): misère Nim's
/// closed form where allowed, else the quotient where it decides the sum (unless_searched, then
/// the small quotient where asked), else the exact search with `search`'s options. Throws
/// ResourceError as unless_searched does (a heap no search reaches, no quotient proven).
MisereChoice choose_misere_path(const Sum& sum, const SearchOptions& search,
                                const MisereRequest& request,
                                std::function<void(const QuotientProgress&)> progress,
                                const QuotientCache* cache);

}  // namespace grundy
