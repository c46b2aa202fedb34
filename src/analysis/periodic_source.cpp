#include "grundy/analysis/periodic_source.hpp"

#include <algorithm>

#include "grundy/analysis/period_search.hpp"
#include "grundy/analysis/periodic_moves.hpp"
#include "grundy/core/error.hpp"

namespace grundy {

PeriodAnswer find_or_load_periodicity(const Game& game, DenseSolver& solver,
                                      const PeriodOptions& options, std::uint64_t max_values) {
  PeriodAnswer answer;
  const PeriodicityTheorem theorem = periodicity_theorem(game);  // throws for other families
  if (theorem.kind != PeriodicityTheorem::Kind::none_applies && !closed_form_periodicity(theorem) &&
      options.cache_directory) {
    if (auto cached = PeriodCache(*options.cache_directory).load(game.name())) {
      answer.periodicity = std::move(cached);
      answer.values_computed = answer.periodicity->values_checked;
      answer.from_cache = true;
      return answer;
    }
  }
  PeriodSearch search = find_periodicity(game, solver, max_values);
  answer.values_computed = search.values_computed;
  answer.why_not = search.why_not;
  if (search.periodicity && search.periodicity->values_checked > 0 && options.cache_directory) {
    PeriodCache(*options.cache_directory).store(game.name(), *search.periodicity);
  }
  answer.periodicity = std::move(search.periodicity);
  return answer;
}

PeriodicSource::PeriodicSource(std::shared_ptr<const Game> game, PeriodOptions options)
    : game_(std::move(game)), options_(std::move(options)), direct_(game_, options_.limits) {
  if (game_->heap_ordered() && (game_->take_break_code() || game_->subtraction_set())) {
    PeriodicityTheorem th = periodicity_theorem(*game_);
    if (th.kind != PeriodicityTheorem::Kind::none_applies) theorem_ = std::move(th);
  }
}

bool PeriodicSource::ensure_period(std::uint64_t n) {
  if (periodicity_) return true;
  const std::uint64_t want = std::min(options_.max_values, n == ~std::uint64_t{0} ? n : n + 1);
  if (want <= searched_to_) return false;
  PeriodAnswer answer = find_or_load_periodicity(*game_, *direct_.dense(), options_, want);
  searched_to_ = std::max(searched_to_, answer.values_computed);
  periodicity_ = std::move(answer.periodicity);
  return periodicity_.has_value();
}

void PeriodicSource::prepare(std::span<const Position> positions) {
  std::vector<Position> direct;
  for (const Position& p : positions) {
    const bool by_period =
        periodic_family() && !game_->formula_value(p) && p.x >= kPeriodFrom && ensure_period(p.x);
    if (!by_period) direct.push_back(p);
  }
  try {
    direct_.prepare(direct);
  } catch (const ResourceError& e) {
    if (!periodic_family()) throw;
    throw ResourceError(no_period_message(e));
  }
}

std::string PeriodicSource::no_period_message(const ResourceError& e) const {
  return "no period of " + game_->name() + " is proven within " + std::to_string(searched_to_) +
         " values (--max), and " + e.what();
}

Value PeriodicSource::value(const Position& p) {
  if (!periodic_family() || game_->formula_value(p)) return direct_.value(p);
  if (periodicity_) return periodicity_->value_at(p.x);
  DenseSolver& table = *direct_.dense();
  if (p.x < table.size() || p.x < kPeriodFrom) return direct_.value(p);
  if (ensure_period(p.x)) return periodicity_->value_at(p.x);
  if (p.x < table.size()) return direct_.value(p);
  try {
    return direct_.value(p);
  } catch (const ResourceError& e) {
    throw ResourceError(no_period_message(e));
  }
}

OptionSearch PeriodicSource::options_with_value(const Position& p, Value target, std::size_t limit,
                                                OptionVisitor& visit) {
  if (!periodicity_ || periodicity_->saltus != 0 || p.x < direct_.dense()->size()) return {};
  if (const TakeBreakCode* code = game_->take_break_code()) {
    return take_break_options_with_value(*code, *periodicity_, p.x, target, limit, visit);
  }
  return {};  // subtraction games: few options each, enumerated with values from the period
}

}  // namespace grundy
