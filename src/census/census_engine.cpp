#include "grundy/census/census_engine.hpp"

namespace grundy {
namespace {

EngineOptions census_options(const Limits& per_game) {
  EngineOptions options;
  options.max_memory = per_game.max_memory_bytes;
  options.threads = 1;
  options.use_cache = false;
  return options;
}

}  // namespace

Engine census_engine(const Limits& per_game) {
  // Made in place (not copied nor moved from a local): GCC 12 at -O1, the sanitizer build, takes
  // a copied EngineOptions' empty table path for one read uninitialised (a false positive of
  // -Wmaybe-uninitialized).
  return Engine(census_options(per_game));
}

}  // namespace grundy
