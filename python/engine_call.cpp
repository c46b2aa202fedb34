// The engine's options and the engine for a request from Python (engine_call.hpp).
#include "engine_call.hpp"

#include <utility>

#include "reporter.hpp"

namespace grundy::python {

EngineOptions engine_options(std::uint64_t max, const MaxMemory& max_memory, unsigned threads,
                             bool cache) {
  EngineOptions options;
  options.max_values = max;
  options.max_memory = max_memory.bytes;
  options.threads = threads;
  options.use_cache = cache;
  return options;
}

void set_component_search(EngineOptions& options, pybind11::handle table,
                          std::optional<TopBudget> top_budget) {
  options.component_table = optional_path(table, "table");
  if (top_budget) options.component_top_budget = top_budget->value;
}

Engine make_engine(EngineOptions options, const CustomGames& custom, DeferredInterrupt* deferred,
                   DeferredInterrupt* search_stop) {
  for (const auto& [game, defined] : custom) options.defined_games[game] = &defined->defined;
  if (search_stop != nullptr) options.stop = &search_stop->requested;
  return Engine(std::move(options), python_reporter(deferred, search_stop));
}

}  // namespace grundy::python
