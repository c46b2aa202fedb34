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
/// (deferred to the engine's safe points when `deferred` is given).
Reporter python_reporter(DeferredInterrupt* deferred);

}  // namespace grundy::python
