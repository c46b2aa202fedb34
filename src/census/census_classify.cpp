#include "grundy/census/census_classify.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <optional>
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
#include "grundy/engine/engine.hpp"
#include "grundy/rules/take_break.hpp"
#include "grundy/solve/dense_solver.hpp"
#include "grundy/solve/solver_choice.hpp"
#include "grundy/version.hpp"

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
  Deadline(double seconds, const std::atomic<bool>* stop)
      : start_(Clock::now()), stop_(stop) {
    set(seconds);
  }
  void set(double seconds) {
    limit_ = seconds > 0 ? std::optional(start_ + std::chrono::duration_cast<Clock::duration>(
                                                      std::chrono::duration<double>(seconds)))
                         : std::nullopt;
  }
  void check() const {
    if (stop_ != nullptr && stop_->load()) throw StopWork{true};
    if (limit_ && Clock::now() >= *limit_) throw StopWork{false};
  }
  double elapsed() const {
    return std::chrono::duration<double>(Clock::now() - start_).count();
  }

 private:
  Clock::time_point start_;
  std::optional<Clock::time_point> limit_;
  const std::atomic<bool>* stop_;
};

bool has_three_heap_moves(const Game& game) {
  const TakeBreakCode* code = game.traits().take_break;
  return code != nullptr && code->max_parts() >= 3;
}

/// The state of one classification: the game, its theorem, what is known so far.
struct Work {
  std::shared_ptr<const Game> game;
  PeriodicityTheorem theorem;
  GameResult result;
  std::optional<Periodicity> proven;
  bool stopped = false;  // by the deadline (or a resource limit) rather than the values budget
};

/// The one growth driver (period_growth.hpp): extends the solver towards `target` values, checking
/// the period on the way when a theorem applies, until it is proven.
template <class Extend, class Values>
void grow(Work& work, std::uint64_t target, Extend&& extend, Values&& values,
          std::uint64_t have) {
  const bool provable = work.theorem.kind != PeriodicityTheorem::Kind::none_applies;
  work.proven = grow_and_prove({.have = have, .budget = target}, extend,
                               [&](std::uint64_t n) -> std::optional<Periodicity> {
                                 if (!provable) return std::nullopt;
                                 return values([&](auto g) {
                                   return prove_period(g.first(n), work.theorem);
                                 });
                               });
}

void record_proof(Work& work) {
  Periodicity& p = *work.proven;
  GameResult& r = work.result;
  r.census_class = p.values_checked <= kTrivialValues ? CensusClass::trivial : CensusClass::solved;
  r.preperiod = p.preperiod;
  r.period = p.period;
  r.saltus = p.saltus;
  r.theorem = std::string(theorem_kind_name(work.theorem.kind));
  r.proof = p.proof;
  r.certificate = serialise_certificate(make_certificate(work.game->name(), work.theorem, p));
}

template <class T>
void describe_open(Work& work, std::span<const T> g) {
  GameResult& r = work.result;
  // An ordinary period first (with the values its theorem needs), else an arithmetic one (with
  // the values the arithmetic theorem needs, or 2^64-1 where none covers the game).
  if (auto c = unproven_candidate(g, work.theorem)) {
    r.regularity = c->saltus == 0 ? Regularity::periodic : Regularity::arithmetic_periodic;
    r.observed_preperiod = c->preperiod;
    r.observed_period = c->period;
    r.observed_saltus = c->saltus;
    r.observed_values_needed = c->values_needed;
  } else {
    r.regularity = Regularity::neither;
  }
}

/// Take-and-break codes with at most two heaps per move: the sparse-space engine, its values in
/// the game's sequence file (continued when the file holds some).
void run_sparse(Work& work, const CensusJob& job, const Limits& limits, Deadline& deadline) {
  const TakeBreakCode& code = *work.game->traits().take_break;
  std::unique_ptr<SequenceFile> file =
      SequenceFile::create_or_continue(job.sequence, work.game->name());
  const std::uint64_t had = file->count();
  if (had > 0) {
    // A continued game's values are checked before anything is built on them.
    file->with_values(had, [&](auto g) {
      return spot_check_values(*work.game, g, kContinueCheckWork);
    });
  }
  SparseSpaceSolver solver(code, limits, *file, had);
  solver.set_threads(1, false);
  solver.set_progress([&](std::uint64_t, std::uint64_t) { deadline.check(); });
  const auto values = [&](auto&& f) { return solver.with_values(f); };
  const auto extend = [&](std::uint64_t n) { solver.extend_to(n - 1); };

  const std::uint64_t target = std::max(job.budget.values_for(*work.game), had);
  try {
    grow(work, target, extend, values, solver.size());
  } catch (const StopWork& stop) {
    file->checkpoint(solver.size());
    if (stop.by_stop_flag) {
      throw Interrupted("interrupted: " + work.game->name() + " stopped at g(" +
                        std::to_string(solver.size()) + "), saved in '" +
                        job.sequence.string() + "'");
    }
    work.stopped = true;
  }
  work.result.values_computed = solver.size();
  solver.with_values([&](auto g) {
    describe_values(g.first(work.proven ? work.proven->values_checked : solver.size()),
                    work.result);
    if (!work.proven) describe_open(work, g);
  });
  if (work.proven) {
    work.result.values_computed = work.proven->values_checked;
    file.reset();
    std::filesystem::remove(job.sequence);  // the certificate holds everything
  } else {
    file->checkpoint(solver.size());
  }
}

/// Every other heap game: a dense table in memory, written to the sequence file when the game
/// stays open. A continued file is recomputed and compared (the table cannot start midway).
void run_dense(Work& work, const CensusJob& job, const Limits& limits, Deadline& deadline) {
  DenseSolver solver(*work.game, limits);
  solver.set_progress([&](std::uint64_t, std::uint64_t) { deadline.check(); });
  const auto values = [&](auto&& f) { return f(solver.values()); };
  const auto extend = [&](std::uint64_t n) { solver.extend_to(n - 1); };
  std::unique_ptr<SequenceFile> file;
  std::uint64_t had = 0;
  if (std::filesystem::exists(job.sequence)) {
    file = SequenceFile::create_or_continue(job.sequence, work.game->name());
    had = file->count();
  }
  try {
    grow(work, std::max(job.budget.values_for(*work.game), had), extend, values, 0);
  } catch (const StopWork& stop) {
    if (stop.by_stop_flag) throw Interrupted("interrupted: " + work.game->name());
    work.stopped = true;
  } catch (const ResourceError&) {
    // The table's own work or memory limit: the values so far are the game's budget.
    work.stopped = true;
  }
  const std::span<const std::uint32_t> g = solver.values();
  work.result.values_computed = work.proven ? work.proven->values_checked : g.size();
  describe_values(g.first(work.result.values_computed), work.result);
  if (file) {
    // The file's values must be the ones just recomputed.
    file->with_values(std::min<std::uint64_t>(had, g.size()), [&](auto held) {
      for (std::uint64_t n = 0; n < held.size(); ++n) {
        if (held[n] != g[n]) {
          throw Error("the sequence file '" + job.sequence.string() + "' of " +
                      work.game->name() + " holds g(" + std::to_string(n) + ") = " +
                      std::to_string(held[n]) + ", but g(" + std::to_string(n) +
                      ") = " + std::to_string(g[n]));
        }
      }
      return 0;
    });
  }
  if (work.proven) {
    file.reset();
    std::filesystem::remove(job.sequence);
    return;
  }
  describe_open(work, g);
  if (g.size() <= had) return;
  if (!file) file = SequenceFile::create_or_continue(job.sequence, work.game->name());
  file->reserve(g.size());
  for (std::uint64_t n = had; n < g.size(); ++n) file->put(n, g[n]);
  file->checkpoint(g.size());
}

}  // namespace

bool looks_bounded(const Game& game, const GameResult& result) {
  // Few rare values (under 1%): the sparse-space engine runs fast on it, and once the rare values
  // stop appearing a period usually follows; many rare ones: more values come slowly.
  return result.census_class == CensusClass::open && game.traits().take_break != nullptr &&
         result.largest_first < result.values_computed / 2 &&
         result.rare_count < result.values_computed / 100;
}

std::uint64_t CensusBudget::values_for(const Game& game) const {
  return has_three_heap_moves(game) ? three_heap_values : values;
}

double CensusBudget::seconds_for(const Game& game) const {
  return has_three_heap_moves(game) ? three_heap_seconds : seconds;
}

template <class T>
void describe_values(std::span<const T> g, GameResult& result) {
  result.largest_value = 0;
  result.largest_first = 0;
  for (std::uint64_t n = 0; n < g.size(); ++n) {
    if (g[n] > result.largest_value) {
      result.largest_value = g[n];
      result.largest_first = n;
    }
  }
  result.rare_mask = 0;
  result.rare_count = 0;
  result.last_rare.reset();
  if (g.empty() || result.largest_value >= kMaskHistogramValues) return;
  std::vector<std::uint64_t> histogram(std::bit_ceil(std::uint64_t{result.largest_value} + 1));
  if (histogram.size() < 2) histogram.resize(2);
  for (T v : g) ++histogram[v];
  result.rare_mask = best_sparse_mask(histogram);
  for (std::uint64_t n = 0; n < g.size(); ++n) {
    if (is_rare_value(g[n], result.rare_mask)) {
      ++result.rare_count;
      result.last_rare = n;
    }
  }
}

template <class T>
std::uint64_t spot_check_values(const Game& game, std::span<const T> g, std::uint64_t max_work,
                                std::uint64_t positions) {
  if (g.empty()) return 0;
  std::vector<std::uint64_t> at{g.size() - 1};
  for (std::uint64_t k = 1; k < positions; ++k) {
    at.push_back(static_cast<std::uint64_t>(static_cast<uint128>(g.size()) * k /
                                            positions));
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

GameResult classify_game(const CensusJob& job, const Limits& limits,
                         const std::atomic<bool>* stop) {
  Work work;
  work.game = Engine::game(job.game);
  if (!work.game->integer_positions()) {
    throw Error("a census classifies heap games; the positions of " + work.game->name() +
                " are not heap sizes");
  }
  work.theorem = periodicity_theorem(*work.game);
  work.result.game = work.game->name();
  work.result.engine = kEngineVersion;
  Deadline deadline(job.budget.seconds_for(*work.game), stop);

  if (auto closed = closed_form_periodicity(work.theorem)) {
    work.proven = std::move(closed);
  } else {
    // The solver is the plan's (solver_choice.hpp), as for every other request.
    if (solver_plan(work.game->traits()).sparse_space) {
      run_sparse(work, job, limits, deadline);
    } else {
      run_dense(work, job, limits, deadline);
    }
  }
  if (work.proven) record_proof(work);
  work.result.stopped_by_time = work.stopped;
  work.result.seconds = deadline.elapsed();
  return work.result;
}

template void describe_values(std::span<const std::uint8_t>, GameResult&);
template void describe_values(std::span<const std::uint16_t>, GameResult&);
template void describe_values(std::span<const std::uint32_t>, GameResult&);
template std::uint64_t spot_check_values(const Game&, std::span<const std::uint8_t>,
                                         std::uint64_t, std::uint64_t);
template std::uint64_t spot_check_values(const Game&, std::span<const std::uint16_t>,
                                         std::uint64_t, std::uint64_t);
template std::uint64_t spot_check_values(const Game&, std::span<const std::uint32_t>,
                                         std::uint64_t, std::uint64_t);

}  // namespace grundy
