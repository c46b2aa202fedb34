#pragma once
// A progress line for searches over a sum's positions (misère play, remoteness, genera).

#include <functional>
#include <string>

#include "common.hpp"
#include "grundy/analysis/misere_quotient.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/solve/component_search.hpp"
#include "grundy/solve/misere_search.hpp"

namespace grundy::cli {

/// Shows "positions searched, of at most the bound, rate, budget" on stderr while a search runs,
/// when stderr is a terminal; nothing otherwise (the callback is then empty).
std::function<void(const SearchProgress&)> terminal_search_progress(std::string label);

/// Shows "components searched, table entries and size, rate" on stderr while a component search
/// runs (Node-Kayles, Arc-Kayles, Cram), when stderr is a terminal; nothing otherwise.
std::function<void(const ComponentSearchProgress&)> terminal_component_progress(std::string label);

/// Shows "heap, |Q| so far, candidate size" on stderr while a misère quotient is computed, when
/// stderr is a terminal; nothing otherwise.
std::function<void(const QuotientProgress&)> terminal_quotient_progress(std::string label);

}  // namespace grundy::cli
