#pragma once
// What every area of the module does to call the engine: the engine's options from the keywords,
// the engine for a request (its Python games, the Python reporter), and the work run without the
// GIL when no Python code takes part.
#include <pybind11/pybind11.h>

#include <cstdint>
#include <optional>
#include <utility>

#include "arguments.hpp"
#include "games.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/solve/component_search.hpp"
#include "reporter.hpp"

namespace grundy::python {

/// The engine's options from the keywords most functions take, as the command's from its common
/// options (cli/common.cpp): max= (--max), max_memory= (--max-memory), threads= (--threads),
/// cache= (cache=False: --no-cache). Every other option keeps the engine's default, for the
/// functions that take its keyword to set (max_states=, max_moves=, quotient=); the keywords'
/// defaults are the engine's (EngineOptions).
EngineOptions engine_options(std::uint64_t max, const MaxMemory& max_memory, unsigned threads,
                             bool cache);
/// The component search's keywords, as the command's --table and --top-budget: table= (a path,
/// or None; optional_path) and top_budget= (None: the search's default) into `options`.
void set_component_search(EngineOptions& options, pybind11::handle table,
                          std::optional<TopBudget> top_budget);

/// The engine for a request: `options`, with the Python games met in the request's arguments
/// (their values from their own memos), and python_reporter (Ctrl-C deferred to the engine's safe
/// points when `deferred` is given; a component search stopped by Ctrl-C through `search_stop`,
/// whose flag becomes the search's stop flag, when it is given: see StoppableEngine).
Engine make_engine(EngineOptions options, const CustomGames& custom = {},
                   DeferredInterrupt* deferred = nullptr, DeferredInterrupt* search_stop = nullptr);

/// Runs `work` with the GIL released when no Python game takes part (Python games call back into
/// Python for their options).
template <class Work>
auto without_gil(const CustomGames& custom, Work&& work) -> decltype(work()) {
  if (!custom.empty()) return work();
  const pybind11::gil_scoped_release released;
  return work();
}

/// An engine (make_engine) whose component searches stop on Ctrl-C: its requests go through
/// run(). `custom` (the request's Python games) must outlive it.
class StoppableEngine {
 public:
  StoppableEngine(EngineOptions options, const CustomGames& custom)
      : custom_(custom), engine_(make_engine(std::move(options), custom, nullptr, &stop_)) {}
  StoppableEngine(const StoppableEngine&) = delete;
  StoppableEngine& operator=(const StoppableEngine&) = delete;

  const Engine& engine() const noexcept { return engine_; }

  /// Runs `work`, a request of engine(), as without_gil does. A Ctrl-C that stopped a component
  /// search (it saved its table first) raises KeyboardInterrupt in the command's words, or the
  /// exception the caller's own signal handler raised; a Ctrl-C that came as the work ended is
  /// raised after it. The stop is cleared first, so an engine kept across requests (a match)
  /// searches again after one.
  template <class Work>
  auto run(Work&& work) -> decltype(work()) {
    stop_.requested.store(false);
    stop_.error.reset();
    try {
      auto result = without_gil(custom_, work);
      if (stop_.error) throw *stop_.error;
      return result;
    } catch (const SearchStopped&) {
      if (!stop_.error) throw;
      if (!stop_.error->matches(PyExc_KeyboardInterrupt)) throw *stop_.error;
      PyErr_SetString(PyExc_KeyboardInterrupt,
                      "interrupted: the search was stopped (with table=, what it found is in the "
                      "table file)");
      throw pybind11::error_already_set();
    }
  }

 private:
  const CustomGames& custom_;
  DeferredInterrupt stop_;  // before engine_, whose search holds its flag
  Engine engine_;
};

}  // namespace grundy::python
