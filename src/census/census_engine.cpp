#include "grundy/census/census_engine.hpp"

#include <utility>

namespace grundy {

Engine census_engine(const Limits& per_game) {
  EngineOptions options;
  options.max_memory = per_game.max_memory_bytes;
  options.threads = 1;
  options.use_cache = false;
  return Engine(std::move(options));
}

}  // namespace grundy
