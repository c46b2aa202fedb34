#include "grundy/analysis/periodic_source.hpp"

#include <algorithm>
#include <stdexcept>

#include "grundy/analysis/period_search.hpp"
#include "grundy/analysis/periodic_moves.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/solver_choice.hpp"

namespace grundy {

namespace {

template <class Solver>
PeriodAnswer find_or_load(const Game& game, Solver& solver, const PeriodOptions& options,
                          std::uint64_t max_values) {
  PeriodAnswer answer;
  const PeriodicityTheorem theorem = periodicity_theorem(game);  // throws for other families
  if (theorem.kind != PeriodicityTheorem::Kind::none_applies && !closed_form_periodicity(theorem)) {
    CertificateCheck check;
    if (auto cached = load_cached_certificate(game, options, &check)) {
      answer.periodicity = cached->periodicity;
      answer.values_computed = cached->periodicity.values_checked;
      answer.from_cache = true;
      answer.certificate = std::move(cached);
      answer.cache_check = check;
      return answer;
    }
  }
  PeriodSearch search = find_periodicity(game, solver, max_values);
  answer.values_computed = search.values_computed;
  answer.why_not = search.why_not;
  answer.candidate = search.candidate;
  if (search.periodicity) {
    answer.certificate = store_certificate(game, theorem, *search.periodicity, options);
  }
  answer.periodicity = std::move(search.periodicity);
  return answer;
}

}  // namespace

std::optional<PeriodCertificate> load_cached_certificate(const Game& game,
                                                         const PeriodOptions& options,
                                                         CertificateCheck* check) {
  if (!options.cache_directory) return std::nullopt;
  const PeriodCache cache(*options.cache_directory);
  PeriodCache::Loaded loaded =
      cache.load(game, options.cache_check_work, options.cache_spot_positions);
  if (!loaded.problem.empty()) {
    cache.discard(game.name());
    if (options.warning) {
      options.warning("the period cache file " + cache.file_for(game.name()).string() + " of " +
                      game.name() + " is not used (" + loaded.problem +
                      "); it is removed, and the period is computed again");
    }
  }
  if (check != nullptr) *check = loaded.check;
  return std::move(loaded.certificate);
}

PeriodCertificate store_certificate(const Game& game, const PeriodicityTheorem& theorem,
                                    const Periodicity& periodicity, const PeriodOptions& options) {
  PeriodCertificate certificate = make_certificate(game.name(), theorem, periodicity);
  if (options.cache_directory && periodicity.values_checked > 0) {
    PeriodCache(*options.cache_directory).store(certificate);
  }
  return certificate;
}

PeriodAnswer find_or_load_periodicity(const Game& game, DenseSolver& solver,
                                      const PeriodOptions& options, std::uint64_t max_values) {
  return find_or_load(game, solver, options, max_values);
}

PeriodAnswer find_or_load_periodicity(const Game& game, SparseSpaceSolver& solver,
                                      const PeriodOptions& options, std::uint64_t max_values) {
  return find_or_load(game, solver, options, max_values);
}

PeriodAnswer find_or_load_periodicity(const Game& game, const PeriodOptions& options,
                                      std::uint64_t max_values,
                                      const DenseSolver::Progress& progress) {
  if (game.traits().layout != Layout::heaps) {
    // No theory: a clear error; a sequence no theorem covers needs no table here.
    const PeriodicityTheorem theorem = periodicity_theorem(game);
    if (theorem.kind == PeriodicityTheorem::Kind::none_applies) {
      PeriodAnswer answer;
      answer.why_not = theorem.reason;
      return answer;
    }
  }
  if (solver_plan(game.traits()).sparse_space) {
    SparseSpaceSolver solver(*game.traits().take_break, options.limits);
    solver.set_threads(options.threads);
    solver.set_progress(progress);
    return find_or_load(game, solver, options, max_values);
  }
  DenseSolver solver(game, options.limits);
  solver.set_progress(progress);
  return find_or_load(game, solver, options, max_values);
}

CertificateCheck verify_period_answer(const Game& game, PeriodAnswer& answer,
                                      const PeriodOptions& options, std::uint64_t max_values,
                                      std::uint64_t max_work,
                                      const DenseSolver::Progress& progress) {
  if (!answer.certificate) return {};
  CertificateCheck check =
      reprove_certificate(game, *answer.certificate, options.limits, max_work, progress);
  if (check.holds) return check;
  if (!answer.from_cache) {
    throw std::logic_error("the period just proven for " + game.name() +
                           " does not hold: " + check.failure);
  }
  if (options.warning) {
    options.warning("the cached certificate of " + game.name() + " does not hold (" +
                    check.failure + "); it is removed, and the period is computed again");
  }
  PeriodCache(*options.cache_directory).discard(game.name());
  // Found again without reading the cache (so this cannot loop), then stored.
  PeriodOptions fresh = options;
  fresh.cache_directory.reset();
  answer = find_or_load_periodicity(game, fresh, max_values, progress);
  if (answer.periodicity) {
    store_certificate(game, periodicity_theorem(game), *answer.periodicity, options);
  }
  return verify_period_answer(game, answer, fresh, max_values, max_work, progress);
}

PeriodicSource::PeriodicSource(std::shared_ptr<const Game> game, PeriodOptions options)
    : game_(std::move(game)), options_(std::move(options)), direct_(game_, options_.limits) {
  const SolverPlan plan = solver_plan(game_->traits());
  if (plan.sparse_space) {
    sparse_ = std::make_unique<SparseSpaceSolver>(*game_->traits().take_break, options_.limits);
    sparse_->set_threads(options_.threads);
  }
  if (plan.periodicity) {
    PeriodicityTheorem th = periodicity_theorem(*game_);
    if (th.kind != PeriodicityTheorem::Kind::none_applies) theorem_ = std::move(th);
  }
}

bool PeriodicSource::ensure_period(std::uint64_t n) {
  if (periodicity_) return true;
  const std::uint64_t want = std::min(options_.max_values, n == ~std::uint64_t{0} ? n : n + 1);
  if (want <= searched_to_) return false;
  PeriodAnswer answer = sparse_
                            ? find_or_load_periodicity(*game_, *sparse_, options_, want)
                            : find_or_load_periodicity(*game_, *direct_.dense(), options_, want);
  searched_to_ = std::max(searched_to_, answer.values_computed);
  periodicity_ = std::move(answer.periodicity);
  return periodicity_.has_value();
}

std::uint64_t PeriodicSource::table_size() const {
  if (sparse_) return sparse_->size();
  if (const DenseSolver* table = direct_.dense()) return table->size();
  return 0;
}

void PeriodicSource::prepare(std::span<const Position> positions) {
  std::vector<Position> direct;
  std::uint64_t largest = 0;
  bool any = false;
  bool period_failed = false;  // a position a proven period would have answered
  for (const Position& p : positions) {
    if (game_->traits().formula_values && game_->formula_value(p)) continue;
    const bool by_period = periodic_family() && p.x >= kPeriodFrom && ensure_period(p.x);
    if (by_period) continue;
    period_failed = period_failed || (periodic_family() && p.x >= kPeriodFrom);
    direct.push_back(p);
    largest = std::max(largest, p.x);
    any = true;
  }
  try {
    if (sparse_) {
      if (any) {
        require_within_max(largest);
        sparse_->extend_to(largest);
      }
    } else {
      direct_.prepare(direct);
    }
  } catch (const ResourceError& e) {
    // Only a table that a period could have replaced is a --max problem; small heaps over the
    // memory limit are a plain --max-memory refusal.
    if (!period_failed) throw;
    throw ResourceError(no_period_message(e));
  }
}

void PeriodicSource::require_within_max(std::uint64_t n) const {
  if (theorem_ || n < options_.max_values) return;
  // No theorem covers the game (Grundy's game), so nothing but a table answers g(n), and the
  // sparse-space engine's work cannot be told before it runs (it grows with the rare values):
  // past --max it is refused at once, not left running for minutes. The memory limit first, as
  // the table itself would refuse.
  const std::string table = "a table of g(0.." + std::to_string(n) + ") for " + game_->name();
  require_memory(options_.limits, SparseSpaceSolver::table_bytes(n, 1), table);
  throw ResourceError(table + " holds more than --max " + std::to_string(options_.max_values) +
                      " values, and no periodicity theorem covers " + game_->name() +
                      " to answer past a table: --max " + std::to_string(n + 1) +
                      " computes it (progress on a terminal)");
}

std::string PeriodicSource::no_period_message(const ResourceError& e) const {
  return "no period of " + game_->name() + " is proven within " + std::to_string(searched_to_) +
         " values (--max), and " + e.what();
}

Value PeriodicSource::value(const Position& p) {
  if (game_->traits().formula_values && game_->formula_value(p)) return direct_.value(p);
  if (periodicity_) return periodicity_->value_at(p.x);
  if (p.x >= table_size() && periodic_family() && p.x >= kPeriodFrom && ensure_period(p.x)) {
    return periodicity_->value_at(p.x);
  }
  try {
    if (sparse_) {
      if (p.x >= sparse_->size()) require_within_max(p.x);
      sparse_->extend_to(p.x);
      return sparse_->at(p.x);
    }
    return direct_.value(p);
  } catch (const ResourceError& e) {
    if (!periodic_family() || p.x < kPeriodFrom) throw;
    throw ResourceError(no_period_message(e));
  }
}

OptionSearch PeriodicSource::options_with_value(const Position& p, Value target, std::size_t limit,
                                                OptionVisitor& visit) {
  if (!periodicity_ || p.x < table_size()) return {};
  if (const TakeBreakCode* code = game_->traits().take_break) {
    return take_break_options_with_value(*code, *periodicity_, p.x, target, limit, visit);
  }
  if (theorem_ && theorem_->kind == PeriodicityTheorem::Kind::arithmetic) {
    // All-but games: a heap has as many options as tokens, the period finds those of one value.
    return one_heap_options_with_value(theorem_->moves, *periodicity_, p.x, target, limit, visit);
  }
  return {};  // other subtraction games: few options each, enumerated with values from the period
}

std::optional<std::vector<ValueCount>> PeriodicSource::option_value_counts(const Position& p) {
  if (!periodicity_ || p.x < table_size()) return std::nullopt;
  if (const TakeBreakCode* code = game_->traits().take_break) {
    return take_break_option_value_counts(*code, *periodicity_, p.x);
  }
  return std::nullopt;  // subtraction games: few options each, enumerated
}

}  // namespace grundy
