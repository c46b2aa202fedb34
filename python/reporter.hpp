#pragma once
// The engine's reporter for Python: warnings through `warnings.warn`, tqdm progress bars, and
// Ctrl-C (KeyboardInterrupt) checked wherever the engine reports progress.
#include <pybind11/pybind11.h>

#include <atomic>
#include <optional>

#include "grundy/engine/engine.hpp"

namespace grundy::python {

/// Ctrl-C for work that stops itself at a safe point (write_sequence saves a checkpoint first):
/// the flag the engine polls, and the exception Python raised for the signal, to raise once the
/// engine has stopped.
struct DeferredInterrupt {
  std::atomic<bool> requested{false};
  std::optional<pybind11::error_already_set> error;
};

/// The engine's reporter for Python: warnings through `warnings.warn`, progress bars, Ctrl-C
/// (deferred to the engine's safe points when `deferred` is given). With `search_stop`, a
/// component search (Node-Kayles, Arc-Kayles, Cram) reports its progress too, and a Ctrl-C sets
/// `search_stop->requested`, the search's stop flag (EngineOptions::stop): the search saves its
/// table and throws SearchStopped. Its progress comes from any of its threads; only the calling
/// thread's reports are shown and looked at for Ctrl-C (Python handles signals in that thread
/// alone, and another thread waiting for the GIL while the caller held it would never get it).
Reporter python_reporter(DeferredInterrupt* deferred, DeferredInterrupt* search_stop = nullptr);

}  // namespace grundy::python
