// The misère quotient, heap by heap (docs/theory/misere-quotients.md).
//
// With the quotient Q_(h-1) of the sums of heaps below h known and verified, heap h is first
// tried in each class of Q_(h-1) (the conservative extension). Failing that, a trial Q_(h-1) ×
// C(2, 2) is marked, reduced and verified against the misère recursion for every sum
// (quotient_verify.cpp), which names the least failing sum; the trial is recalibrated from that
// sum's heaps (Siegel's MisereSolver strategy) until one passes, with a fallback that grows
// candidates from Q_(h-1) towards the free monoid. Only a verified candidate is kept, and a
// verified reduced candidate is the quotient itself (Plambeck & Siegel 2008: a bipartite monoid
// that gives every sum its outcome and in which no two elements are indistinguishable is
// isomorphic to the misère quotient).
#include "grundy/analysis/misere_quotient.hpp"

#include <algorithm>
#include <memory>
#include <optional>
#include <string>

#include "grundy/analysis/quotient_periodicity.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/work_budget.hpp"
#include "quotient_candidate.hpp"
#include "quotient_extension.hpp"

namespace grundy {

std::uint64_t BipartiteMonoid::p_count() const {
  return static_cast<std::uint64_t>(std::count(p_portion.begin(), p_portion.end(), true));
}

std::uint32_t MisereQuotient::element(std::span<const std::uint64_t> heaps) const {
  std::uint32_t x = 0;
  for (std::uint64_t h : heaps) {
    if (h > max_heap) {
      throw Error("heap " + std::to_string(h) + " is beyond the quotient of " + game +
                  ", computed to heap " + std::to_string(max_heap));
    }
    x = monoid.product(x, phi[h]);
  }
  return x;
}

Outcome MisereQuotient::outcome(std::span<const std::uint64_t> heaps) const {
  return monoid.p_portion[element(heaps)] ? Outcome::P : Outcome::N;
}

namespace {

using detail::FreeHeap;
using detail::HeapMoves;
using detail::Word;

/// The next candidate after a failure at `w`: its heaps that are not free become free; a free
/// heap whose multiplicity in `w` reaches its cyclic part's index gets a longer one. When neither
/// happens, the heaps their moves leave are freed too, and failing that every cyclic part of `w`
/// grows: the candidates grow towards the free monoid, and some candidate is fine enough.
void refine(std::vector<FreeHeap>& free, const Word& w, const HeapMoves& moves) {
  const auto find = [&](std::uint32_t h) {
    return std::find_if(free.begin(), free.end(), [&](const FreeHeap& f) { return f.heap == h; });
  };
  const auto lengthen = [](FreeHeap& f, std::uint32_t to) {
    f.index = std::max(f.index + 1, to);
    if (f.index > 2 * f.period + 4) f.period *= 2;
  };
  bool changed = false;
  for (std::uint32_t h = 1; h < w.size(); ++h) {
    if (w[h] == 0) continue;
    auto it = find(h);
    if (it == free.end()) {
      free.push_back({h, std::max<std::uint32_t>(2, w[h] + 1), 2});
      changed = true;
    } else if (w[h] >= it->index) {
      lengthen(*it, w[h] + 1);
      changed = true;
    }
  }
  if (changed) return;
  for (std::uint32_t h = 1; h < w.size(); ++h) {
    if (w[h] == 0) continue;
    moves.for_each_option(h, [&](std::span<const std::uint32_t> parts) {
      for (std::uint32_t part : parts) {
        if (find(part) == free.end()) {
          free.push_back({part, 2, 2});
          changed = true;
        }
      }
    });
  }
  if (changed) return;
  for (std::uint32_t h = 1; h < w.size(); ++h) {
    if (w[h] != 0) lengthen(*find(h), w[h] + 1);
  }
}

/// Recalibration candidates beyond this many elements (before reduction) are not tried.
constexpr std::uint64_t kMaxRecalibrated = std::uint64_t{1} << 26;

/// The index a of x in `m`: the least a with x^(a+p) = x^a for some p >= 1.
std::uint32_t power_index(const BipartiteMonoid& m, std::uint32_t x) {
  std::vector<std::uint32_t> seen(m.order, ~std::uint32_t{0});
  std::uint32_t y = 0;
  for (std::uint32_t k = 0;; ++k) {
    if (seen[y] != ~std::uint32_t{0}) return seen[y];
    seen[y] = k;
    y = m.product(y, x);
  }
}

/// Φ(w) in `c`.
std::uint32_t image(const detail::ReducedCandidate& c, const Word& w) {
  std::uint32_t x = 0;
  for (std::uint32_t h = 1; h < w.size(); ++h) {
    for (std::uint32_t k = 0; k < w[h]; ++k) x = c.monoid.product(x, c.phi[h]);
  }
  return x;
}

/// Recalibration after the least failure `w` (the step of Siegel's MisereSolver): every sum
/// before `w` satisfies (★), so by induction (options come first) each has its true outcome, and
/// so `w`, whose options are among them, has the outcome opposite to its mark. The heaps of `w`,
/// fewest first, get a cyclic component of their own on top of the trial's submonoid generated
/// by the other heaps, long enough for their multiplicity in `w` and their class's index. The
/// next trial is the smallest reduced candidate, among the subsets of the least size, that gives
/// every sum learnt so far (`test`: earlier least failures) its true outcome — a trial that
/// contradicts an earlier fact would fail there again — or, when there is none, `w` alone.
/// Nothing when no candidate gives `w` its outcome.
std::optional<detail::ReducedCandidate> recalibrate(
    const detail::ReducedCandidate& trial, const Word& w, const detail::CandidateTest& test,
    const HeapMoves& moves, std::uint32_t heap, const Limits& limits, detail::QuotientWork& work,
    std::uint64_t& candidates, std::uint64_t& largest) {
  std::vector<std::uint32_t> support;
  for (std::uint32_t h = 1; h < w.size(); ++h) {
    if (w[h] != 0 && moves.has_moves(h)) support.push_back(h);
  }
  const auto n = static_cast<std::uint32_t>(support.size());
  // The smallest candidate of the least size that keeps every fact; failing that, the smallest
  // of the least size that gives `w` its outcome (sizes up to one more are searched for the
  // first kind). A candidate that gives `w` a wrong outcome is never reduced.
  using Kept = std::shared_ptr<detail::CandidateReduction>;
  Kept newest;
  std::uint64_t newest_order = 0;
  std::uint32_t newest_k = 0;
  for (std::uint32_t k = 1; k <= n && (!newest || k <= newest_k + 1); ++k) {
    Kept all;
    std::uint64_t all_order = 0;
    // The k-subsets of the support in lexicographic order (smaller heaps first).
    std::vector<std::uint32_t> pick(k);
    for (std::uint32_t i = 0; i < k; ++i) pick[i] = i;
    while (true) {
      std::vector<FreeHeap> free;
      for (std::uint32_t i : pick) {
        const std::uint32_t h = support[i];
        const std::uint32_t a = std::max(power_index(trial.monoid, trial.phi[h]), w[h] - 1);
        const std::uint32_t p = a >= 8 ? 2 * ((a - 4) / 2) : 2;
        free.push_back({h, a, p});
      }
      std::uint64_t size = trial.monoid.order;
      for (const FreeHeap& f : free) size = saturating_mul(size, std::uint64_t{f.index} + f.period);
      if (size <= kMaxRecalibrated) {
        auto tried = std::make_shared<detail::CandidateReduction>(trial.monoid, trial.phi, moves,
                                                                  heap, free, limits, work);
        ++candidates;
        largest = std::max(largest, tried->candidate_order());
        const detail::CandidateReduction::Verdict verdict = tried->check(test);
        if (verdict.all_hold || verdict.newest_holds) {
          const std::uint64_t order = tried->reduced_order();
          if (verdict.all_hold && (!all || order < all_order)) {
            all = tried;
            all_order = order;
          }
          if (verdict.newest_holds && (!newest || (k == newest_k && order < newest_order))) {
            newest = tried;
            newest_order = order;
            newest_k = k;
          }
        }
      }
      std::int64_t i = static_cast<std::int64_t>(k) - 1;
      while (i >= 0 && pick[static_cast<std::size_t>(i)] == n - k + static_cast<std::uint32_t>(i)) {
        --i;
      }
      if (i < 0) break;
      ++pick[static_cast<std::size_t>(i)];
      for (auto j = static_cast<std::size_t>(i) + 1; j < k; ++j) pick[j] = pick[j - 1] + 1;
    }
    if (all) return all->quotient();
  }
  if (newest) return newest->quotient();
  return std::nullopt;
}

/// Q_(h-1) with heap h in the class x: the conservative extension, tried before any new element.
detail::ReducedCandidate with_heap_as(const detail::ReducedCandidate& current, std::uint32_t x) {
  detail::ReducedCandidate c = current;
  c.phi.push_back(x);
  for (Word& w : c.words) w.push_back(0);
  c.candidate_order = c.monoid.order;
  return c;
}

/// Whether heap h could be in the class x of Q_(h-1) at all: h is a P-position alone iff none of
/// its options is, and no y may have both y·x and y·t in P for an option image t of h.
bool may_be(const BipartiteMonoid& m, std::uint32_t x, const std::vector<std::uint32_t>& t) {
  bool p_option = false;
  for (std::uint32_t o : t) p_option = p_option || m.p_portion[o];
  if (m.p_portion[x] == p_option) return false;
  for (std::uint32_t y = 0; y < m.order; ++y) {
    if (!m.p_portion[m.product(y, x)]) continue;
    for (std::uint32_t o : t) {
      if (m.p_portion[m.product(y, o)]) return false;
    }
  }
  return true;
}

/// The end of the message when the budget or the memory runs out while heap `f.heap` is added:
/// how far the quotient is verified, and what the failed trials prove at that heap.
std::string stalled_at(const QuotientFrontier& f) {
  if (f.heap == 0) return "";
  std::string out = "; verified to heap " + std::to_string(f.heap - 1) + " (order " +
                    std::to_string(f.verified_order) + ")";
  if (f.copies > 1) {  // one copy: only the sums of smaller heaps, verified already
    const std::string h = std::to_string(f.heap);
    out += "; at heap " + h + " every sum with fewer than " + std::to_string(f.copies) +
           " heaps of " + h + " is decided, which proves that phi(" + h + ") has at least " +
           std::to_string(f.distinct_powers) + " distinct powers and the quotient of heaps 0.." +
           h + " at least " + std::to_string(f.order_at_least) + " elements";
    if (!f.witnesses.empty()) {
      const QuotientFrontier::Witness& w = f.witnesses.back();
      std::string sum;
      for (std::uint64_t x : w.sum) sum += (sum.empty() ? "" : "+") + std::to_string(x);
      out += " (" + (sum.empty() ? std::string("the empty sum") : sum) + " with " +
             std::to_string(w.copies) + " and with " + std::to_string(w.copies + 2) + " heaps of " +
             h + " added has different outcomes)";
    }
  }
  return out;
}

/// Q_h when heap h is in no class of Q_(h-1): trials from Q_(h-1) × C(2, 2), recalibrated at
/// each failure (MisereSolver's strategy); when a recalibration finds nothing, or the trials
/// pass kMaxRecalibrations, the candidates grow from Q_(h-1) towards the free monoid instead
/// (`refine`), which ends. Only a verified trial is returned; with `record`, its verification's
/// record is left there.
detail::ReducedCandidate new_element(const detail::ReducedCandidate& current,
                                     const HeapMoves& moves, std::uint32_t h,
                                     const QuotientOptions& options, detail::QuotientWork& work,
                                     MisereQuotient& out, QuotientFrontier& frontier,
                                     detail::VerifiedPairs* record) {
  constexpr int kMaxRecalibrations = 256;
  std::vector<FreeHeap> free{{h, 2, 2}};
  const auto from_verified = [&] {
    detail::ReducedCandidate next =
        detail::reduce_candidate(current.monoid, current.phi, moves, h, free, options.limits, work);
    ++out.candidates;
    out.largest_candidate = std::max(out.largest_candidate, next.candidate_order);
    return next;
  };
  detail::ReducedCandidate trial = from_verified();
  // The true outcomes learnt from the least failures so far (the newest first).
  detail::CandidateTest facts;
  bool recalibrating = true;
  for (int round = 0;; ++round) {
    if (options.progress) options.progress({h, current.monoid.order, trial.candidate_order});
    const auto failure = detail::find_failure(trial, moves, h, options.limits, work, record);
    if (!failure) return trial;
    if ((*failure)[h] > frontier.copies) {
      const QuotientFrontier found =
          detail::frontier_of(trial, moves, h, *failure, options.limits, work);
      frontier.copies = found.copies;
      frontier.distinct_powers = std::max(frontier.distinct_powers, found.distinct_powers);
      frontier.order_at_least = std::max(frontier.order_at_least, found.order_at_least);
      if (!found.witnesses.empty()) frontier.witnesses = found.witnesses;
    }
    if (recalibrating && round < kMaxRecalibrations) {
      facts.facts.insert(facts.facts.begin(),
                         {*failure, !trial.monoid.p_portion[image(trial, *failure)]});
      auto next = recalibrate(trial, *failure, facts, moves, h, options.limits, work,
                              out.candidates, out.largest_candidate);
      if (next) {
        trial = std::move(*next);
        continue;
      }
    }
    recalibrating = false;
    refine(free, *failure, moves);
    trial = from_verified();
  }
}

/// How often (in heaps) the computation looks for a proven period of Φ.
constexpr std::uint32_t kPeriodCheckInterval = 16;

/// Heaps past the last verified one up to max_heap, in the classes the proven period gives them
/// (quotient_periodicity.hpp): the quotient no longer grows.
void extend_by_period(const QuotientPeriodicity& period, std::uint64_t max_heap,
                      detail::ReducedCandidate& current, MisereQuotient& out) {
  for (std::uint64_t h = current.phi.size(); h <= max_heap; ++h) {
    current.phi.push_back(current.phi[h - period.period]);
    out.orders.push_back(current.monoid.order);
  }
}

}  // namespace

MisereQuotient misere_quotient(const Game& game, const QuotientOptions& given) {
  QuotientOptions options = given;
  if (game.traits().layout != Layout::heaps) {
    throw Error("misère quotients need a heap game (octal, hexadecimal, subtraction): " +
                game.name() + " is not one");
  }
  if (options.max_heap > kMaxQuotientHeap) {
    throw ResourceError("a misère quotient to heap " + std::to_string(options.max_heap) +
                        " is beyond the limit of heap " + std::to_string(kMaxQuotientHeap));
  }
  // Each heap's moves are read as it is added: a proven period may end the work long before
  // max_heap.
  HeapMoves moves(game);
  moves.read_heap();
  const std::optional<PeriodicityTheorem> theorem =
      options.stop_at_proven_period ? quotient_periodicity_theorem(game) : std::nullopt;
  detail::QuotientWork work(
      options.max_work,
      "the misère quotient of " + game.name() +
          (options.end_at_proven_period ? std::string()
                                        : " to heap " + std::to_string(options.max_heap)));
  // The last progress reported, reported again while a long candidate is worked on.
  QuotientProgress last{1, 1, 0};
  if (given.progress) {
    options.progress = [&](const QuotientProgress& p) {
      last = p;
      given.progress(p);
    };
    work.set_poll([&] { given.progress(last); });
  }
  MisereQuotient out;
  out.game = game.name();
  out.max_heap = options.max_heap;
  detail::ReducedCandidate current;
  current.phi = {0};
  current.words = {Word(1, 0)};
  out.orders.push_back(1);
  // The last verification's record, which places the heaps that the quotient does not grow at.
  std::optional<detail::StableExtension> stable;
  const auto count_placed = [&] {
    if (!stable) return;
    out.placed_by_interpolation += stable->by_interpolation;
    out.placed_by_closure += stable->by_closure;
  };
  const auto keep_record = [&](detail::VerifiedPairs record) {
    count_placed();
    stable.reset();
    stable.emplace(current.monoid, std::move(record), options.limits);
  };
  if (options.incremental) {
    detail::VerifiedPairs record;
    if (detail::find_failure(current, moves, 0, options.limits, work, &record)) {
      throw Error("the quotient of the empty sum fails its verification");  // cannot happen
    }
    keep_record(std::move(record));
  }
  // What is known of the heap being added, for the message when the budget runs out there, and
  // whether no existing class took it (placement, complete, found none).
  QuotientFrontier frontier;
  bool seeking_new_element = false;
  try {
    for (std::uint32_t h = 1; h <= options.max_heap; ++h) {
      if (options.keep_verified_on_budget && h == options.required_heap + 1 &&
          options.work_past_required != ~std::uint64_t{0}) {
        work.limit_to(options.work_past_required, "the " + about_steps(options.work_past_required) +
                                                      " steps allowed past heap " +
                                                      std::to_string(options.required_heap) +
                                                      " ran out");
      }
      std::vector<std::uint32_t> images;
      moves.read_heap([&](std::span<const std::uint32_t> parts) {
        std::uint32_t y = 0;
        for (std::uint32_t part : parts) y = current.monoid.product(y, current.phi[part]);
        images.push_back(y);
      });
      if (!moves.has_moves(h)) {
        // No move: the empty game, the identity.
        current.phi.push_back(0);
        for (Word& w : current.words) w.push_back(0);
        out.orders.push_back(current.monoid.order);
      } else {
        frontier = QuotientFrontier{};
        frontier.heap = h;
        frontier.verified_order = frontier.order_at_least = current.monoid.order;
        bool extended = false;
        if (options.incremental) {
          if (const std::optional<std::uint32_t> x = stable->place(h, images, work)) {
            current.phi.push_back(*x);
            for (Word& w : current.words) w.push_back(0);
            extended = true;
          }
        } else {
          for (std::uint32_t x = 0; x < current.monoid.order && !extended; ++x) {
            work.spend(current.monoid.order * images.size() + 1);
            if (!may_be(current.monoid, x, images)) continue;
            detail::ReducedCandidate next = with_heap_as(current, x);
            if (!detail::find_failure(next, moves, h, options.limits, work)) {
              current = std::move(next);
              extended = true;
              ++out.placed_by_verification;
            }
          }
        }
        if (!extended) {
          seeking_new_element = true;
          detail::VerifiedPairs record;
          current = new_element(current, moves, h, options, work, out, frontier,
                                options.incremental ? &record : nullptr);
          if (options.incremental) keep_record(std::move(record));
          seeking_new_element = false;
        }
        out.orders.push_back(current.monoid.order);
        if (current.monoid.order != out.orders[h - 1]) out.stable_from = h;
        if (options.progress) options.progress({h + 1, current.monoid.order, 0});
      }
      if (theorem && h % kPeriodCheckInterval == 0 && h < options.max_heap) {
        const QuotientPeriodicity period = phi_periodicity(theorem, current.phi);
        if (period.proven) {
          if (options.end_at_proven_period) {
            out.max_heap = h;
          } else {
            extend_by_period(period, options.max_heap, current, out);
          }
          break;
        }
      }
    }
  } catch (const ResourceError& e) {
    if (!options.keep_verified_on_budget || frontier.heap <= options.required_heap) {
      throw QuotientStalled(std::string(e.what()) + stalled_at(frontier), frontier);
    }
    // The quotient of the heaps below the one that did not close is verified: it is kept.
    out.max_heap = frontier.heap - 1;
    out.stopped = QuotientStop{e.what(),
                               frontier.heap,
                               frontier.copies,
                               frontier.distinct_powers,
                               frontier.order_at_least,
                               seeking_new_element};
  }
  count_placed();
  out.monoid = std::move(current.monoid);
  out.phi = std::move(current.phi);
  out.presentation = present(out.monoid, out.phi);
  out.tame = tame_kind(out.monoid);
  return out;
}

}  // namespace grundy
