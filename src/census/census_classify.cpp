#include "grundy/census/census_classify.hpp"

#include "grundy/analysis/period_run.hpp"
#include "grundy/rules/take_break.hpp"
#include "grundy/version.hpp"

namespace grundy {
namespace {

bool has_three_heap_moves(const Game& game) {
  const TakeBreakCode* code = game.traits().take_break;
  return code != nullptr && code->max_parts() >= 3;
}

}  // namespace

void set_profile(const ValueProfile& profile, GameResult& result) {
  result.largest_value = profile.largest_value;
  result.largest_first = profile.largest_first;
  result.rare_mask = profile.rare_mask;
  result.rare_count = profile.rare_count;
  result.last_rare = profile.last_rare;
}

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

GameResult classify_game(const CensusJob& job, const Engine& engine,
                         const std::atomic<bool>* stop) {
  const std::shared_ptr<const Game> game = Engine::game(job.game);
  const PeriodRun run = engine.period_run(game, {.values = job.budget.values_for(*game),
                                                 .seconds = job.budget.seconds_for(*game),
                                                 .sequence = job.sequence,
                                                 .stop = stop});
  GameResult r;
  r.game = run.game;
  r.engine = kEngineVersion;
  r.values_computed = run.values_computed;
  set_profile(run.profile, r);
  if (const std::optional<Periodicity>& p = run.proven) {
    r.census_class =
        p->values_checked <= kTrivialValues ? CensusClass::trivial : CensusClass::solved;
    r.preperiod = p->preperiod;
    r.period = p->period;
    r.saltus = p->saltus;
    r.theorem = run.theorem;
    r.proof = p->proof;
    r.certificate = run.certificate;
  } else if (const std::optional<ObservedRegularity>& c = run.observed) {
    r.regularity = c->saltus == 0 ? Regularity::periodic : Regularity::arithmetic_periodic;
    r.observed_preperiod = c->preperiod;
    r.observed_period = c->period;
    r.observed_saltus = c->saltus;
    r.observed_values_needed = c->values_needed;
  } else {
    r.regularity = Regularity::neither;
  }
  r.stopped_by_time = run.stopped;
  r.seconds = run.seconds;
  return r;
}

}  // namespace grundy
