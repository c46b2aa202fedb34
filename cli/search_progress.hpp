#pragma once
// A progress line for searches over a sum's positions (misère play, remoteness, genera).

#include <functional>
#include <string>

#include "common.hpp"
#include "grundy/engine/engine.hpp"

namespace grundy::cli {

/// Shows "positions searched, of at most the bound, rate, budget" on stderr while a search runs,
/// when stderr is a terminal; nothing otherwise (the callback is then empty).
std::function<void(const SearchProgress&)> terminal_search_progress(std::string label);

/// Clears the line when it goes out of scope, so that an error message starts a clean line.
struct SearchProgressLine {
  SearchProgressLine() = default;
  SearchProgressLine(const SearchProgressLine&) = delete;
  SearchProgressLine& operator=(const SearchProgressLine&) = delete;
  ~SearchProgressLine() { end_progress(); }
};

}  // namespace grundy::cli
