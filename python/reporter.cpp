// The engine's reporter for Python (reporter.hpp): Ctrl-C checks and tqdm progress bars.
#include "reporter.hpp"

#include <pybind11/pybind11.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>

#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/solve/component_search.hpp"
#include "grundy/solve/misere_search.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

/// Ctrl-C is honoured within about 100 ms wherever the engine reports progress
/// (KeyboardInterrupt); with the GIL released around the work, the check takes it back briefly.
/// With a DeferredInterrupt the work is asked to stop instead of being unwound at once.
class InterruptCheck {
 public:
  explicit InterruptCheck(DeferredInterrupt* deferred = nullptr) : deferred_(deferred) {}

  void operator()() {
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::milliseconds(100)) return;
    last_ = now;
    if (deferred_ != nullptr && deferred_->requested.load()) return;
    const py::gil_scoped_acquire gil;
    if (PyErr_CheckSignals() != 0) raised(py::error_already_set());
  }

  /// An exception of Python code run for the work (a signal handler's, or one raised inside a
  /// progress bar's code while a signal was handled there): thrown, or kept for when the work
  /// has stopped. Called with the GIL.
  void raised(py::error_already_set error) {
    if (deferred_ == nullptr) throw error;
    if (!deferred_->error) deferred_->error.emplace(std::move(error));
    deferred_->requested.store(true);
  }

 private:
  DeferredInterrupt* deferred_;
  std::chrono::steady_clock::time_point last_ = std::chrono::steady_clock::now();
};

/// A progress bar (tqdm, when it is installed) for long work, and the Ctrl-C check.
class ProgressBar {
 public:
  explicit ProgressBar(std::string label, InterruptCheck check = InterruptCheck())
      : label_(std::move(label)), check_(check) {}
  ~ProgressBar() { close(); }
  ProgressBar(const ProgressBar&) = delete;
  ProgressBar& operator=(const ProgressBar&) = delete;

  void update(std::uint64_t done, std::uint64_t total, const char* unit) {
    check_();
    const auto now = std::chrono::steady_clock::now();
    // Short work gets no bar: only after a second.
    if (now - started_ < std::chrono::seconds(1)) return;
    const py::gil_scoped_acquire gil;
    // A signal that arrives meanwhile is handled inside this Python code: its exception goes
    // where the check's would.
    try {
      if (!bar_) {
        if (!tqdm_available()) return;
        bar_ = py::module_::import("tqdm.auto")
                   .attr("tqdm")(py::arg("total") = total, py::arg("desc") = "grundy." + label_,
                                 py::arg("unit") = unit, py::arg("leave") = false);
      }
      bar_->attr("total") = total;
      bar_->attr("update")(done >= shown_ ? done - shown_ : 0);
      shown_ = std::max(shown_, done);
    } catch (py::error_already_set& e) {
      check_.raised(std::move(e));
    }
  }
  void close() {
    if (!bar_) return;
    const py::gil_scoped_acquire gil;
    try {
      bar_->attr("close")();
    } catch (py::error_already_set& e) {
      // Closed from a destructor, which cannot throw: a Ctrl-C handled here is sent again, for
      // the next check.
      if (e.matches(PyExc_KeyboardInterrupt)) PyErr_SetInterrupt();
    }
    bar_.reset();
  }

 private:
  /// Whether tqdm can be imported (asked once). Only an ImportError says no: any other exception
  /// (a KeyboardInterrupt raised inside the import) is thrown and asked again next time.
  static bool tqdm_available() {
    static std::optional<bool> available;  // read and written with the GIL
    if (!available) {
      try {
        py::module_::import("tqdm.auto");
        available = true;
      } catch (py::error_already_set& e) {
        if (!e.matches(PyExc_ImportError)) throw;
        available = false;
      }
    }
    return *available;
  }
  std::string label_;
  InterruptCheck check_;
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
  std::optional<py::object> bar_;
  std::uint64_t shown_ = 0;
};

}  // namespace

Reporter python_reporter(DeferredInterrupt* deferred, DeferredInterrupt* search_stop) {
  Reporter reporter;
  reporter.warning = [](const std::string& w) {
    const py::gil_scoped_acquire gil;
    PyErr_WarnEx(PyExc_RuntimeWarning, w.c_str(), 1);
  };
  reporter.table = [deferred](const std::string& label) -> TableProgress {
    auto bar = std::make_shared<ProgressBar>(label, InterruptCheck(deferred));
    return [bar](std::uint64_t done, std::uint64_t total) { bar->update(done, total, "values"); };
  };
  reporter.sequence = [deferred](const std::string& label) -> SequenceProgress {
    auto bar = std::make_shared<ProgressBar>(label, InterruptCheck(deferred));
    return [bar](std::uint64_t done, std::uint64_t total, std::size_t) {
      bar->update(done, total, "values");
    };
  };
  reporter.search = [deferred](const std::string& label) -> SearchProgressCallback {
    auto bar = std::make_shared<ProgressBar>(label, InterruptCheck(deferred));
    return [bar](const SearchProgress& p) {
      bar->update(p.states, p.bound.value_or(p.max_states), "states");
    };
  };
  reporter.quotient = [deferred](const std::string& label) {
    auto bar = std::make_shared<ProgressBar>(label, InterruptCheck(deferred));
    return [bar](const QuotientProgress& p) { bar->update(p.heap, 0, "heaps"); };
  };
  if (search_stop != nullptr) {
    reporter.components = [search_stop](const std::string& label) {
      auto bar = std::make_shared<ProgressBar>(label, InterruptCheck(search_stop));
      return [bar, caller = std::this_thread::get_id()](const ComponentSearchProgress& p) {
        if (std::this_thread::get_id() == caller) bar->update(p.nodes, 0, "nodes");
      };
    };
  }
  return reporter;
}

}  // namespace grundy::python
