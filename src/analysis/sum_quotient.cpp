// Misère play of sums of heaps through the quotient (sum_quotient.hpp).
#include "grundy/analysis/sum_quotient.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <typeinfo>
#include <vector>

#include "grundy/analysis/quotient_moves.hpp"
#include "grundy/core/enum_names.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/take_break.hpp"
#include "grundy/solve/misere_nim.hpp"

namespace grundy {
namespace {

/// Games of one name are one game here only when they are one object or of one family (a spec's
/// name is canonical): two games a library user named alike stay apart, as the search keeps them.
bool same_rules(const Game& a, const Game& b) {
  return &a == &b || (a.name() == b.name() && typeid(a) == typeid(b));
}

/// The sum's heap games, each with its largest heap in the sum; nothing when no quotient can
/// take the sum: a component that is not a heap of a heap game (or is a coin-turning row), two
/// different games of one name, or Nim alone (its closed form is faster).
std::optional<std::vector<std::pair<std::shared_ptr<const Game>, std::uint64_t>>> heap_games(
    const Sum& sum) {
  std::vector<std::pair<std::shared_ptr<const Game>, std::uint64_t>> games;
  bool only_nim = true;
  for (const Component& c : sum.components) {
    const GameTraits& traits = c.game->traits();
    if (traits.layout != Layout::heaps || traits.rows_of_heads) return std::nullopt;
    only_nim = only_nim && traits.nim;
    auto same = std::find_if(games.begin(), games.end(),
                             [&](const auto& g) { return g.first->name() == c.game->name(); });
    if (same == games.end()) {
      games.emplace_back(c.game, c.position.x);
    } else if (!same_rules(*same->first, *c.game)) {
      return std::nullopt;  // two games of one name: the search tells them apart
    } else {
      same->second = std::max(same->second, c.position.x);
    }
  }
  if (games.empty() || only_nim) return std::nullopt;
  return games;
}

std::uint64_t largest_heap(
    const std::vector<std::pair<std::shared_ptr<const Game>, std::uint64_t>>& games) {
  std::uint64_t largest = 0;
  for (const auto& [game, heap] : games) largest = std::max(largest, heap);
  return largest;
}

/// Whether a heap of `game` beyond kQuotientOnlyMaxHeap can be decided through its quotient: a
/// periodicity theorem covers Φ, and a take-and-break heap's options can be counted by class.
bool huge_heaps_supported(const Game& game) {
  const TakeBreakCode* code = game.traits().take_break;
  return quotient_periodicity_theorem(game) && (code == nullptr || quotient_moves_support(*code));
}

/// The first heap of a heap game in `sum` beyond kQuotientOnlyMaxHeap (no search reaches it).
const Component* huge_heap(const Sum& sum) {
  for (const Component& c : sum.components) {
    if (c.game->traits().layout == Layout::heaps && c.position.x > kQuotientOnlyMaxHeap) return &c;
  }
  return nullptr;
}

/// Why no quotient decides `sum`, whose heap `huge` no search reaches.
std::string huge_heap_refusal(const Sum& sum, const Component& huge) {
  const std::string name = huge.game->name();
  const std::string head = "heap " + std::to_string(huge.position.x) + " of " + name +
                           " under misère play is beyond the exact search; past heap " +
                           std::to_string(kQuotientOnlyMaxHeap) +
                           " only a misère quotient with a proven period of phi decides it, ";
  const auto games = heap_games(sum);
  if (!games) return head + "for a sum of heaps of heap games only";
  if (games->size() > 1) return head + "for a sum of heaps of one game only";
  if (!huge_heaps_supported(*huge.game)) {
    return head + "and no periodicity theorem for such quotients covers " + name +
           " (octal and hexadecimal codes whose moves leave at most two heaps, finite "
           "subtraction sets)";
  }
  return head + "and none was proven for " + name + " within the budget (grundy quotient " + name +
         " shows how far it gets)";
}

}  // namespace

std::string QuotientUsed::completeness() const {
  return complete ? "complete (proven for every heap size)"
                  : "partial: heaps 0.." + std::to_string(max_heap) + ", not known beyond";
}

std::optional<SumQuotient> SumQuotient::of(const Sum& sum, const Limits& limits,
                                           std::function<void(const QuotientProgress&)> progress,
                                           const QuotientCache* cache, bool search_refused) {
  const auto games = heap_games(sum);
  if (!games) return std::nullopt;
  if (std::optional<SumQuotient> found = cached(sum, limits, cache)) return found;
  const std::uint64_t largest = largest_heap(*games);
  if (largest > (search_refused ? kQuotientOnlyMaxHeap : kQuotientPathMaxHeap)) return std::nullopt;
  std::shared_ptr<const HeapUnion> heaps;
  if (games->size() > 1) heaps = std::make_shared<HeapUnion>(*games);
  const Game& game = heaps ? *heaps : *games->front().first;
  QuotientOptions options;
  options.max_heap = heaps ? heaps->max_heap() : largest;
  options.limits = limits;
  options.max_work = search_refused ? kQuotientOnlyWork : kQuotientPathWork;
  options.progress = std::move(progress);
  if (!heaps && quotient_periodicity_theorem(game)) {
    // The sum's heaps, then on towards the quotient of every heap size while it is cheap.
    options.required_heap = largest;
    options.max_heap = kMaxQuotientHeap;
    options.end_at_proven_period = true;
    options.keep_verified_on_budget = true;
    options.work_past_required = kQuotientWorkTowardsProof;
  }
  try {
    SumQuotient found(heaps, misere_quotient(game, options), game);
    // Unions are particular to one sum's heaps: only a game's own quotient is kept.
    if (cache && !heaps) cache->store(found.quotient_);
    return found;
  } catch (const ResourceError&) {
    return std::nullopt;
  }
}

SumQuotient::SumQuotient(std::shared_ptr<const HeapUnion> heaps, MisereQuotient quotient,
                         const Game& game)
    : union_(std::move(heaps)), quotient_(std::move(quotient)) {
  if (!union_) periodicity_ = quotient_periodicity(game, quotient_);
}

QuotientUsed SumQuotient::used() const {
  return {quotient_.game, quotient_.max_heap, !union_ && periodicity_.proven};
}

std::optional<SumQuotient> SumQuotient::periodic(
    const Sum& sum, const Limits& limits, std::function<void(const QuotientProgress&)> progress,
    const QuotientCache* cache) {
  const auto games = heap_games(sum);
  if (!games || games->size() != 1 || !huge_heaps_supported(*games->front().first)) {
    return std::nullopt;
  }
  const Game& game = *games->front().first;
  QuotientOptions options;
  // The computation stops where the period is proven.
  options.max_heap = kMaxQuotientHeap;
  options.end_at_proven_period = true;
  options.limits = limits;
  options.max_work = kQuotientOnlyWork;
  options.progress = std::move(progress);
  try {
    SumQuotient found(nullptr, misere_quotient(game, options), game);
    if (cache) cache->store(found.quotient_);
    if (!found.reaches(game, games->front().second)) return std::nullopt;
    return found;
  } catch (const ResourceError&) {
    return std::nullopt;
  }
}

bool SumQuotient::reaches(const Game& game, std::uint64_t largest) const {
  if (largest <= quotient_.max_heap) return true;
  return huge_heaps_supported(game) && periodicity_.proven;
}

std::optional<SumQuotient> SumQuotient::unless_searched(
    const Sum& sum, const SearchOptions& search,
    std::function<void(const QuotientProgress&)> progress, const QuotientCache* cache) {
  // A cached quotient first: counting the search's bound costs more than reading it.
  if (std::optional<SumQuotient> found = cached(sum, search.limits, cache)) return found;
  // A heap no search reaches: the proven period of the quotient, or a refusal that says why.
  if (const Component* huge = huge_heap(sum)) {
    if (std::optional<SumQuotient> found = periodic(sum, search.limits, std::move(progress), cache))
      return found;
    throw ResourceError(huge_heap_refusal(sum, *huge));
  }
  // Nothing to compute a quotient of: no need to count the bound either.
  const auto games = heap_games(sum);
  if (!games) return std::nullopt;
  // Counting the bound can itself pass the search's budget: then the search would be refused,
  // and the quotient is the only way.
  std::optional<std::uint64_t> bound;
  try {
    bound = reachable_states_bound(sum, search);
  } catch (const ResourceError&) {
    bound.reset();
  }
  if (bound && *bound <= kSearchFirstStates) return std::nullopt;
  const bool refused = !bound || *bound > search.max_states;
  return of(sum, search.limits, std::move(progress), cache, refused);
}

std::optional<SumQuotient> SumQuotient::cached(const Sum& sum, const Limits& limits,
                                               const QuotientCache* cache) {
  if (!cache) return std::nullopt;
  const auto games = heap_games(sum);
  if (!games || games->size() != 1) return std::nullopt;
  const auto& [game, largest] = games->front();
  QuotientCache::Loaded loaded = cache->load(*game, limits);
  if (!loaded.quotient) return std::nullopt;
  SumQuotient found(nullptr, std::move(*loaded.quotient), *game);
  if (!found.reaches(*game, largest)) return std::nullopt;
  return found;
}

std::uint64_t SumQuotient::heap(const Game& game, std::uint64_t h) const {
  return union_ ? union_->heap(union_->game_index(game), h) : h;
}

Sum SumQuotient::as_heaps(const Sum& sum) const {
  if (!union_) return sum;
  Sum out;
  for (const Component& c : sum.components) {
    out.components.push_back({union_, Position{heap(*c.game, c.position.x), 0}});
  }
  return out;
}

std::uint32_t SumQuotient::element(const Sum& sum) const {
  std::uint32_t x = 0;
  for (const Component& c : sum.components) {
    x = quotient_.monoid.product(x, phi_at(quotient_, periodicity_, heap(*c.game, c.position.x)));
  }
  return x;
}

std::uint32_t SumQuotient::element(const Component& c, std::span<const Position> parts) const {
  std::uint32_t x = 0;
  for (const Position& p : parts) {
    x = quotient_.monoid.product(x, phi_at(quotient_, periodicity_, heap(*c.game, p.x)));
  }
  return x;
}

SearchSolution SumQuotient::solve(const Sum& sum, std::size_t max_moves) const {
  SearchSolution out = solve_by_quotient(as_heaps(sum), quotient_, max_moves, &periodicity_);
  if (union_) {
    // The union's heap h·m + r is heap h of game r, the component's own game.
    for (Move& m : out.winning_moves) {
      for (Position& p : m.to) p.x = union_->heap_of(p.x);
    }
  }
  return out;
}

namespace {

constexpr std::array kMiserePaths{
    std::pair{MiserePath::closed_form, std::string_view("closed form")},
    std::pair{MiserePath::quotient, std::string_view("quotient")},
    std::pair{MiserePath::search, std::string_view("search")},
};

}  // namespace

std::string_view misere_path_name(MiserePath path) noexcept {
  return enum_name(kMiserePaths, path, "search");
}

MisereChoice choose_misere_path(const Sum& sum, const SearchOptions& search,
                                const MisereRequest& request,
                                std::function<void(const QuotientProgress&)> progress,
                                const QuotientCache* cache) {
  MisereChoice choice;
  if (request.closed_form && is_nim_sum(sum)) {
    choice.path = MiserePath::closed_form;
    return choice;
  }
  if (request.use_quotient) {
    choice.quotient = SumQuotient::unless_searched(sum, search, progress, cache);
    if (!choice.quotient && request.small_quotient) {
      const bool small = std::all_of(sum.components.begin(), sum.components.end(),
                                     [](const Component& c) {
                                       return c.position.x <= kQuotientPathMaxHeap;
                                     });
      if (small) choice.quotient = SumQuotient::of(sum, search.limits, std::move(progress), cache);
    }
  }
  if (choice.quotient) choice.path = MiserePath::quotient;
  return choice;
}

}  // namespace grundy
