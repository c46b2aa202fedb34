#pragma once
// The areas of the module `grundy`, one file each (as OpenSpiel's pybind11 module has its
// init_pyspiel_* functions): grundy_module.cpp calls each init_* in turn, which adds the area's
// classes and functions to the module. Each function parses its arguments, calls the engine
// (engine_call.hpp) and converts what it returns (results.hpp).
#include <pybind11/pybind11.h>

namespace grundy::python {

/// games.cpp: grundy.Game, a game whose options come from a Python callable.
void init_games(pybind11::module_& m);
/// results.cpp: grundy.Result, the dict every function's document is returned as.
void init_results(pybind11::module_& m);
/// values.cpp: value, seq (runs=True: the runs), genus and write_sequence.
void init_values(pybind11::module_& m);
/// sequence_arrays.cpp: open_sequence, a finished sequence file mapped read-only, as a numpy
/// array of its values in their stored width.
void init_sequence_arrays(pybind11::module_& m);
/// period.cpp: period, the proven period of a heap game.
void init_period(pybind11::module_& m);
/// formula.cpp: formula, a closed form of g (or of the P-positions).
void init_formula(pybind11::module_& m);
/// sums.cpp: solve (who wins a sum, the winning moves) and quotient (the misère quotient).
void init_sums(pybind11::module_& m);
/// explain.cpp: explain, why a position has its value.
void init_explain(pybind11::module_& m);
/// play.cpp: grundy.Match and play, a game against the perfect player.
void init_play(pybind11::module_& m);
/// plots.cpp: grundy.Svg, plot and plot_period.
void init_plots(pybind11::module_& m);
/// tables.cpp: table and plot_table, the values of a two-coordinate game over a grid.
void init_tables(pybind11::module_& m);
/// nimbers.cpp: nim_add, nim_mul, ...: the arithmetic of `grundy nimber`.
void init_nimbers(pybind11::module_& m);

}  // namespace grundy::python
