// The Python module `grundy`: a thin face over the library, like the command. Results are plain
// dicts with the fields of the command's JSON documents, so a script can switch between the two.
// Each area of the module is in a file of its own (areas.hpp), added here by its init_* function.
#include <pybind11/eval.h>
#include <pybind11/pybind11.h>

#include <exception>

#include "areas.hpp"
#include "grundy/core/error.hpp"

namespace py = pybind11;

PYBIND11_MODULE(grundy, m) {
  using namespace grundy::python;
  m.doc() = "Exact Grundy values, periods and winning moves of impartial games (Sprague-Grundy).";
  // Bad specs, positions and refused requests are the caller's input errors, as in the command.
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const grundy::Error& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });

  init_games(m);
  init_results(m);

  // grundy.page(): the page installed with the module, found relative to it
  // (GRUNDY_PAGE_FROM_MODULE, python/CMakeLists.txt).
  m.attr("_page_from_module") = GRUNDY_PAGE_FROM_MODULE;
  py::exec(R"py(
def page():
    """page() -> str

    The path of the page, grundy.html: the engine in WebAssembly in one file that a browser opens
    from disk (docs/page.md). `cmake --install` of the page's build (the page
    preset) puts it into a prefix; this module finds it there when it is installed into the same
    prefix, and raises FileNotFoundError otherwise."""
    import os
    path = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                         _page_from_module))
    if not os.path.isfile(path):
        raise FileNotFoundError(
            "the page is not installed: no " + path + " (cmake --preset page && cmake --build "
            "--preset page && cmake --install build/page --prefix PREFIX, with the PREFIX this "
            "module is installed in)")
    return path
)py",
           m.attr("__dict__"));

  // Every function takes the command's limits as keywords.
  init_values(m);
  init_sequence_arrays(m);
  init_period(m);
  init_formula(m);
  init_sums(m);
  init_explain(m);
  init_play(m);
  init_plots(m);
  init_tables(m);
  init_nimbers(m);
}
