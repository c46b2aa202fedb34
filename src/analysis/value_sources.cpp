#include "grundy/analysis/value_sources.hpp"

#include "grundy/solve/solver_choice.hpp"

namespace grundy {

std::unique_ptr<ValueSource> make_value_source(std::shared_ptr<const Game> game,
                                               ValueSourceOptions options) {
  if (solver_plan(game->traits()).table == ValueTable::components) {
    options.components.search.limits = options.period.limits;
    ComponentSourceOptions& c = options.components;
    return std::make_unique<ComponentSource>(std::move(game), std::move(c.search),
                                             std::move(c.table_file), std::move(c.warning));
  }
  auto source = std::make_unique<PeriodicSource>(std::move(game), std::move(options.period));
  if (options.progress) source->set_progress(std::move(options.progress));
  return source;
}

SumEvaluators::Factory value_sources(ValueSourceOptions options) {
  return [options = std::move(options)](
             std::shared_ptr<const Game> game) -> std::unique_ptr<ValueSource> {
    return make_value_source(std::move(game), options);
  };
}

}  // namespace grundy
