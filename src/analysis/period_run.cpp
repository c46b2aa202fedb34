// A budgeted run towards a proof of a heap game's period (period_run.hpp).
#include "grundy/analysis/period_run.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <vector>

#include "grundy/analysis/period_certificate.hpp"
#include "grundy/analysis/period_growth.hpp"
#include "grundy/analysis/period_search.hpp"
#include "grundy/analysis/periodicity_theorem.hpp"
#include "grundy/analysis/sequence_run.hpp"
#include "grundy/analysis/sparse_mask.hpp"
#include "grundy/analysis/sparse_space.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/core/sequence_file.hpp"
#include "grundy/rules/take_break.hpp"
#include "grundy/solve/dense_solver.hpp"
#include "grundy/solve/solver_choice.hpp"

namespace grundy {
namespace {

using Clock = std::chrono::steady_clock;

/// The options a continued game's sequence file may cost to check (about a second).
constexpr std::uint64_t kContinueCheckWork = 50'000'000;
/// Values whose histogram is kept to find the best rare mask (larger values: no mask).
constexpr Value kMaskHistogramValues = Value{1} << 22;

/// Thrown from a solver's progress callback to stop it between blocks of work.
struct StopWork {
  bool by_stop_flag;
};

/// When the work on one game must stop: the seconds budget, or the caller's stop flag.
class Deadline {
 public:
  Deadline(double seconds, const std::atomic<bool>* stop) : start_(Clock::now()), stop_(stop) {
    if (seconds > 0) {
      limit_ = start_ +
               std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
    }
  }
  void check() const {
    if (stop_ != nullptr && stop_->load()) throw StopWork{true};
    if (limit_ && Clock::now() >= *limit_) throw StopWork{false};
  }
  double elapsed() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

 private:
  Clock::time_point start_;
  std::optional<Clock::time_point> limit_;
  const std::atomic<bool>* stop_;
};

/// The state of one run: the game, its theorem, what is known so far.
struct Work {
  std::shared_ptr<const Game> game;
  PeriodicityTheorem theorem;
  PeriodRun run;
};

/// The one growth driver (period_growth.hpp): extends the solver towards `target` values, checking
/// the period on the way when a theorem applies, until it is proven.
template <class Extend, class Values>
void grow(Work& work, std::uint64_t target, Extend&& extend, Values&& values, std::uint64_t have) {
  const bool provable = work.theorem.kind != PeriodicityTheorem::Kind::none_applies;
  work.run.proven = grow_and_prove(
      {.have = have, .budget = target}, extend, [&](std::uint64_t n) -> std::optional<Periodicity> {
        if (!provable) return std::nullopt;
        return values([&](auto g) { return prove_period(g.first(n), work.theorem); });
      });
}

template <class T>
void describe_open(Work& work, std::span<const T> g) {
  // An ordinary period first (with the values its theorem needs), else an arithmetic one (with
  // the values the arithmetic theorem needs, or 2^64-1 where none covers the game).
  if (auto c = unproven_candidate(g, work.theorem)) {
    work.run.observed = ObservedRegularity{c->preperiod, c->period, c->saltus, c->values_needed};
  }
}

/// Take-and-break codes with at most two heaps per move: the sparse-space engine, its values in
/// the game's sequence file (continued when the file holds some).
void run_sparse(Work& work, const PeriodRunBudget& budget, const Limits& limits,
                const Deadline& deadline) {
  const TakeBreakCode& code = *work.game->traits().take_break;
  std::unique_ptr<SequenceFile> file =
      SequenceFile::create_or_continue(budget.sequence, work.game->name());
  const std::uint64_t had = file->count();
  if (had > 0) {
    // A continued game's values are checked before anything is built on them.
    file->with_values(had,
                      [&](auto g) { return spot_check_values(*work.game, g, kContinueCheckWork); });
  }
  SparseSpaceSolver solver(code, limits, *file, had);
  solver.set_threads(1, false);
  solver.set_progress([&](std::uint64_t, std::uint64_t) { deadline.check(); });
  const auto values = [&](auto&& f) { return solver.with_values(f); };
  const auto extend = [&](std::uint64_t n) { solver.extend_to(n - 1); };

  try {
    grow(work, std::max(budget.values, had), extend, values, solver.size());
  } catch (const StopWork& stop) {
    file->checkpoint(solver.size());
    if (stop.by_stop_flag) {
      throw Interrupted("interrupted: " + work.game->name() + " stopped at g(" +
                        std::to_string(solver.size()) + "), saved in '" + budget.sequence.string() +
                        "'");
    }
    work.run.stopped = true;
  }
  work.run.values_computed = solver.size();
  solver.with_values([&](auto g) {
    work.run.profile =
        value_profile(g.first(work.run.proven ? work.run.proven->values_checked : solver.size()));
    if (!work.run.proven) describe_open(work, g);
  });
  if (work.run.proven) {
    work.run.values_computed = work.run.proven->values_checked;
    file.reset();
    std::filesystem::remove(budget.sequence);  // the certificate holds everything
  } else {
    file->checkpoint(solver.size());
  }
}

/// Every other heap game: a dense table in memory, written to the sequence file when the game
/// stays open. A continued file is recomputed and compared (the table cannot start midway).
void run_dense(Work& work, const PeriodRunBudget& budget, const Limits& limits,
               const Deadline& deadline) {
  DenseSolver solver(*work.game, limits);
  solver.set_progress([&](std::uint64_t, std::uint64_t) { deadline.check(); });
  const auto values = [&](auto&& f) { return f(solver.values()); };
  const auto extend = [&](std::uint64_t n) { solver.extend_to(n - 1); };
  std::unique_ptr<SequenceFile> file;
  std::uint64_t had = 0;
  if (std::filesystem::exists(budget.sequence)) {
    file = SequenceFile::create_or_continue(budget.sequence, work.game->name());
    had = file->count();
  }
  try {
    grow(work, std::max(budget.values, had), extend, values, 0);
  } catch (const StopWork& stop) {
    if (stop.by_stop_flag) throw Interrupted("interrupted: " + work.game->name());
    work.run.stopped = true;
  } catch (const ResourceError&) {
    // The table's own work or memory limit: the values so far are the game's budget.
    work.run.stopped = true;
  }
  const std::span<const std::uint32_t> g = solver.values();
  work.run.values_computed = work.run.proven ? work.run.proven->values_checked : g.size();
  work.run.profile = value_profile(g.first(work.run.values_computed));
  if (file) {
    // The file's values must be the ones just recomputed.
    file->with_values(std::min<std::uint64_t>(had, g.size()), [&](auto held) {
      for (std::uint64_t n = 0; n < held.size(); ++n) {
        if (held[n] != g[n]) {
          throw Error("the sequence file '" + budget.sequence.string() + "' of " +
                      work.game->name() + " holds g(" + std::to_string(n) +
                      ") = " + std::to_string(held[n]) + ", but g(" + std::to_string(n) +
                      ") = " + std::to_string(g[n]));
        }
      }
      return 0;
    });
  }
  if (work.run.proven) {
    file.reset();
    std::filesystem::remove(budget.sequence);
    return;
  }
  describe_open(work, g);
  if (g.size() <= had) return;
  if (!file) file = SequenceFile::create_or_continue(budget.sequence, work.game->name());
  file->reserve(g.size());
  for (std::uint64_t n = had; n < g.size(); ++n) file->put(n, g[n]);
  file->checkpoint(g.size());
}

}  // namespace

template <class T>
ValueProfile value_profile(std::span<const T> g) {
  ValueProfile profile;
  for (std::uint64_t n = 0; n < g.size(); ++n) {
    if (g[n] > profile.largest_value) {
      profile.largest_value = g[n];
      profile.largest_first = n;
    }
  }
  if (g.empty() || profile.largest_value >= kMaskHistogramValues) return profile;
  std::vector<std::uint64_t> histogram(std::bit_ceil(std::uint64_t{profile.largest_value} + 1));
  if (histogram.size() < 2) histogram.resize(2);
  for (T v : g) ++histogram[v];
  profile.rare_mask = best_sparse_mask(histogram);
  for (std::uint64_t n = 0; n < g.size(); ++n) {
    if (is_rare_value(g[n], profile.rare_mask)) {
      ++profile.rare_count;
      profile.last_rare = n;
    }
  }
  return profile;
}

template <class T>
std::uint64_t spot_check_values(const Game& game, std::span<const T> g, std::uint64_t max_work,
                                std::uint64_t positions) {
  if (g.empty()) return 0;
  std::vector<std::uint64_t> at{g.size() - 1};
  for (std::uint64_t k = 1; k < positions; ++k) {
    at.push_back(static_cast<std::uint64_t>(static_cast<uint128>(g.size()) * k / positions));
  }
  std::sort(at.begin(), at.end());
  at.erase(std::unique(at.begin(), at.end()), at.end());
  std::reverse(at.begin(), at.end());  // the last values first: they matter most
  std::uint64_t work = 0, checked = 0;
  std::vector<Value> seen;
  MexSet scratch;
  for (std::uint64_t n : at) {
    if (checked > 0 && work > max_work) break;
    seen.clear();
    OptionFunction visit([&](std::span<const Position> parts) {
      Value x = 0;
      for (const Position& q : parts) {
        if (q.x >= g.size() || q.x >= n) {
          throw Error("the options of heap " + std::to_string(n) + " of " + game.name() +
                      " are not smaller heaps");
        }
        x ^= g[q.x];
      }
      seen.push_back(x);
      ++work;
    });
    game.options(Position{n, 0}, visit);
    const Value expected = mex(seen, scratch);
    if (expected != g[n]) {
      throw Error("the values of " + game.name() + " fail their check: g(" + std::to_string(n) +
                  ") is " + std::to_string(g[n]) + " where the mex of its options is " +
                  std::to_string(expected));
    }
    ++checked;
  }
  return checked;
}

PeriodRun run_period(const std::shared_ptr<const Game>& game, const PeriodRunBudget& budget,
                     const Limits& limits) {
  if (!game->integer_positions()) {
    throw Error("a period run grows the values of heaps; the positions of " + game->name() +
                " are not heap sizes");
  }
  Work work;
  work.game = game;
  work.theorem = periodicity_theorem(*game);
  work.run.game = game->name();
  const Deadline deadline(budget.seconds, budget.stop);
  if (auto closed = closed_form_periodicity(work.theorem)) {
    work.run.proven = std::move(closed);
  } else if (solver_plan(game->traits()).sparse_space) {
    // The solver is the plan's (solver_choice.hpp), as for every other request.
    run_sparse(work, budget, limits, deadline);
  } else {
    run_dense(work, budget, limits, deadline);
  }
  if (work.run.proven) {
    work.run.theorem = std::string(theorem_kind_name(work.theorem.kind));
    work.run.certificate =
        serialise_certificate(make_certificate(game->name(), work.theorem, *work.run.proven));
  }
  work.run.seconds = deadline.elapsed();
  return work.run;
}

template ValueProfile value_profile(std::span<const std::uint8_t>);
template ValueProfile value_profile(std::span<const std::uint16_t>);
template ValueProfile value_profile(std::span<const std::uint32_t>);
template std::uint64_t spot_check_values(const Game&, std::span<const std::uint8_t>, std::uint64_t,
                                         std::uint64_t);
template std::uint64_t spot_check_values(const Game&, std::span<const std::uint16_t>, std::uint64_t,
                                         std::uint64_t);
template std::uint64_t spot_check_values(const Game&, std::span<const std::uint32_t>, std::uint64_t,
                                         std::uint64_t);

}  // namespace grundy
