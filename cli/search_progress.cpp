#include "search_progress.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>

#include "common.hpp"

namespace grundy::cli {

std::function<void(const SearchProgress&)> terminal_search_progress(std::string label) {
  if (!isatty(STDERR_FILENO)) return {};
  const auto started = std::chrono::steady_clock::now();
  auto last = started;
  return [label = std::move(label), started, last](const SearchProgress& p) mutable {
    const auto now = std::chrono::steady_clock::now();
    if (now - last < std::chrono::milliseconds(200)) return;
    last = now;
    const double seconds = std::chrono::duration<double>(now - started).count();
    const double rate = seconds > 0 ? static_cast<double>(p.states) / seconds : 0;
    const std::string bound = p.bound ? "bound " + std::to_string(*p.bound) + ", " : "";
    if (p.states == 0) {
      // Still bounding the search: its components' options are being listed.
      std::fprintf(stderr, "\r%s: %llu components' options listed (--max-states %llu)   ",
                   label.c_str(), static_cast<unsigned long long>(p.components),
                   static_cast<unsigned long long>(p.max_states));
    } else {
      std::fprintf(stderr,
                   "\r%s: %llu positions of the sum searched (%s--max-states %llu), %.0f/s   ",
                   label.c_str(), static_cast<unsigned long long>(p.states), bound.c_str(),
                   static_cast<unsigned long long>(p.max_states), rate);
    }
    std::fflush(stderr);
    mark_progress_drawn();
  };
}

std::function<void(const ComponentSearchProgress&)> terminal_component_progress(std::string label) {
  if (!isatty(STDERR_FILENO)) return {};
  const auto started = std::chrono::steady_clock::now();
  auto last = started;
  return [label = std::move(label), started, last](const ComponentSearchProgress& p) mutable {
    const auto now = std::chrono::steady_clock::now();
    if (now - last < std::chrono::milliseconds(200)) return;
    last = now;
    if (p.database_sets != 0) {
      // The endgame database, computed once before the search.
      std::fprintf(
          stderr, "\r%s: computing the endgame database, %.0f%% of %llu sets   ", label.c_str(),
          100.0 * static_cast<double>(p.database_done) / static_cast<double>(p.database_sets),
          static_cast<unsigned long long>(p.database_sets));
      std::fflush(stderr);
      mark_progress_drawn();
      return;
    }
    const double seconds = std::chrono::duration<double>(now - started).count();
    const double rate = seconds > 0 ? static_cast<double>(p.nodes) / seconds : 0;
    // The round at the top: is some option's value *v? (k of n options answered), and its pass
    // (each option asked with a budget of nodes that grows from pass to pass).
    std::string top;
    if (p.top_options != 0) {
      top = ", top: *" + std::to_string(p.top_value) + "? " + std::to_string(p.top_answered) +
            "/" + std::to_string(p.top_options) + " options";
      if (p.top_pass > 1 || p.top_budget != 0) {
        top += ", pass " + std::to_string(p.top_pass) + " (" +
               (p.top_budget == 0 ? std::string("no bound")
                                  : std::to_string(p.top_budget) + " nodes an option") +
               ")";
      }
    }
    std::fprintf(stderr,
                 "\r%s: %llu components searched, table %llu entries (%s of %s), %.0f/s%s   ",
                 label.c_str(), static_cast<unsigned long long>(p.nodes),
                 static_cast<unsigned long long>(p.table_entries),
                 format_bytes(p.table_bytes).c_str(), format_bytes(p.max_bytes).c_str(), rate,
                 top.c_str());
    std::fflush(stderr);
    mark_progress_drawn();
  };
}

std::function<void(const QuotientProgress&)> terminal_quotient_progress(std::string label) {
  if (!isatty(STDERR_FILENO)) return {};
  auto last = std::chrono::steady_clock::now();
  return [label = std::move(label), last](const QuotientProgress& p) mutable {
    const auto now = std::chrono::steady_clock::now();
    if (now - last < std::chrono::milliseconds(200)) return;
    last = now;
    std::fprintf(
        stderr, "\r%s: misère quotient to heap %llu, |Q| = %llu, candidate of %llu elements   ",
        label.c_str(), static_cast<unsigned long long>(p.heap),
        static_cast<unsigned long long>(p.order), static_cast<unsigned long long>(p.candidate));
    std::fflush(stderr);
    mark_progress_drawn();
  };
}

}  // namespace grundy::cli
