#include "grundy/analysis/value_sources.hpp"

namespace grundy {

std::unique_ptr<PeriodicSource> make_value_source(std::shared_ptr<const Game> game,
                                                  const PeriodOptions& options,
                                                  const DenseSolver::Progress& progress) {
  auto source = std::make_unique<PeriodicSource>(std::move(game), options);
  if (progress) source->set_progress(progress);
  return source;
}

SumEvaluators::Factory value_sources(PeriodOptions options, DenseSolver::Progress progress) {
  return [options = std::move(options), progress = std::move(progress)](
             std::shared_ptr<const Game> game) -> std::unique_ptr<ValueSource> {
    return make_value_source(std::move(game), options, progress);
  };
}

}  // namespace grundy
