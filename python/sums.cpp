// solve and quotient: who wins a sum and every winning move, as `grundy solve`, and the misère
// quotient of a heap game's sums of heaps, as `grundy quotient`.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <optional>

#include "areas.hpp"
#include "arguments.hpp"
#include "engine_call.hpp"
#include "games.hpp"
#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/engine/document.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/solve/misere_search.hpp"
#include "results.hpp"

namespace py = pybind11;

namespace grundy::python {
namespace {

py::object solve(const py::object& sum_text, bool misere, bool remoteness,
                 const EngineOptions& options) {
  CustomGames custom;
  const Sum sum = sum_argument(sum_text, custom);
  StoppableEngine request(options, custom);
  const SolveAnswer answer = request.run([&] {
    return request.engine().solve(sum, misere ? Play::misere : Play::normal, remoteness);
  });
  return to_python(to_document(answer));
}

py::object quotient(const py::object& game, std::optional<std::uint64_t> max_heap,
                    std::uint64_t max_work, const EngineOptions& options) {
  CustomGames custom;
  const auto parsed = game_argument(game, custom);
  const Engine engine = make_engine(options, custom);
  const QuotientAnswer answer = without_gil(custom, [&] {
    return engine.quotient(parsed, max_heap, max_work, engine.quotient_progress("quotient"));
  });
  return to_python(to_document(answer));
}

}  // namespace

void init_sums(py::module_& m) {
  // The keywords' defaults are the engine's.
  const EngineOptions defaults;
  m.def(
      "solve",
      [](const py::object& sum, bool misere, bool remoteness, MaxMoves max_moves, MaxValues max,
         MaxStates max_states, MaxMemory max_memory, Threads threads, bool cache, bool quotient,
         const py::object& table, std::optional<TopBudget> top_budget) {
        EngineOptions options = engine_options(max, max_memory, threads, cache);
        options.max_states = max_states;
        options.max_moves = max_moves;
        options.misere_quotient = quotient;
        set_component_search(options, table, top_budget);
        return solve(sum, misere, remoteness, options);
      },
      py::arg("sum"), py::arg("misere") = false, py::kw_only(), py::arg("remoteness") = false,
      py::arg("max_moves") = defaults.max_moves, py::arg("max") = defaults.max_values,
      py::arg("max_states") = defaults.max_states, py::arg("max_memory") = py::none(),
      py::arg("threads") = 0, py::arg("cache") = true, py::arg("quotient") = true,
      py::arg("table") = py::none(), py::arg("top_budget") = py::none(),
      R"(Who wins a sum and every winning move, as ``grundy solve --json``.

sum is text or a list of (game, position) pairs (a game: a spec or a grundy.Game). misere=True
plays misère: sums of heaps of heap games through the misère quotient of their games when it is
found within its budget, else by exact search within max_states positions (quotient=False: always
the search, as ``--no-quotient``); "decided_by" says which. remoteness=True adds the remoteness.
table= and top_budget= are value()'s, for the component search (Node-Kayles, Arc-Kayles, Cram).

>>> grundy.solve("nim:3 + nim:4 + nim:5")["winning_moves"]
[{'component': 0, 'from': 'nim:3', 'to': 'nim:1'}]
)");
  m.def(
      "quotient",
      [](const py::object& game, const py::object& max_heap, MaxWork max_work, MaxMemory max_memory,
         bool cache) {
        // None: the complete quotient, as the command without --max-heap.
        std::optional<std::uint64_t> heaps;
        if (!max_heap.is_none())
          heaps = whole_number(max_heap, "max_heap", grundy::kMaxQuotientHeap);
        EngineOptions options;
        options.max_memory = max_memory.bytes;
        options.use_cache = cache;
        return quotient(game, heaps, max_work, options);
      },
      py::arg("game"), py::kw_only(), py::arg("max_heap") = py::none(),
      py::arg("max_work") = grundy::kDefaultQuotientWork, py::arg("max_memory") = py::none(),
      py::arg("cache") = true,
      R"(The misère quotient of a heap game's sums of heaps 0..max_heap, as ``grundy quotient --json``;
without max_heap, until phi's period is proven ("complete": True, the quotient of every heap size)
or the budget ends ("complete": False).

>>> q = grundy.quotient("kayles", max_heap=12)
>>> q["order"], q["tame"]
(24, False)
>>> q = grundy.quotient("kayles")
>>> q["order"], q["complete"]
(40, True)
)");
}

}  // namespace grundy::python
