#pragma once
// What every area of the module does to call the engine: the engine's options from the keywords,
// the engine for a request (its Python games, the Python reporter), and the work run without the
// GIL when no Python code takes part.
#include <pybind11/pybind11.h>

#include <cstdint>

#include "arguments.hpp"
#include "games.hpp"
#include "grundy/engine/engine.hpp"

namespace grundy::python {

struct DeferredInterrupt;

/// The engine's options from the keywords most functions take, as the command's from its common
/// options (cli/common.cpp): max= (--max), max_memory= (--max-memory), threads= (--threads),
/// cache= (cache=False: --no-cache). Every other option keeps the engine's default, for the
/// functions that take its keyword to set (max_states=, max_moves=, quotient=); the keywords'
/// defaults are the engine's (EngineOptions).
EngineOptions engine_options(std::uint64_t max, const MaxMemory& max_memory, unsigned threads,
                             bool cache);

/// The engine for a request: `options`, with the Python games met in the request's arguments
/// (their values from their own memos), and python_reporter (Ctrl-C deferred to the engine's safe
/// points when `deferred` is given).
Engine make_engine(EngineOptions options, const CustomGames& custom = {},
                   DeferredInterrupt* deferred = nullptr);

/// Runs `work` with the GIL released when no Python game takes part (Python games call back into
/// Python for their options).
template <class Work>
auto without_gil(const CustomGames& custom, Work&& work) -> decltype(work()) {
  if (!custom.empty()) return work();
  const pybind11::gil_scoped_release released;
  return work();
}

}  // namespace grundy::python
