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

Engine make_engine(EngineOptions options, const CustomGames& custom, DeferredInterrupt* deferred) {
  for (const auto& [game, defined] : custom) options.defined_games[game] = &defined->defined;
  return Engine(std::move(options), python_reporter(deferred));
}

}  // namespace grundy::python
