#include "common.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <iostream>
#include <optional>

#include "grundy/core/error.hpp"
#include "grundy/core/scanner.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/sum.hpp"
#include "search_progress.hpp"

namespace grundy::cli {

std::optional<std::uint64_t> CommonOptions::max_memory_bytes() const {
  if (max_memory.empty()) return std::nullopt;
  try {
    return parse_size(max_memory);
  } catch (const ResourceError&) {
    throw;
  } catch (const Error& e) {
    throw Error(std::string("--max-memory: ") + e.what());
  }
}

EngineOptions engine_options(const CommonOptions& common, const std::string& max, bool no_cache) {
  EngineOptions options;
  options.max_memory = common.max_memory_bytes();
  options.threads = static_cast<unsigned>(parse_number_option("--threads", common.threads, 1024));
  options.max_values = parse_number_option("--max", max, kMaxCoordinate);
  options.use_cache = !no_cache;
  if (!common.table.empty()) options.component_table = common.table;
  if (!common.top_budget.empty()) {
    options.component_top_budget =
        parse_number_option("--top-budget", common.top_budget, std::uint64_t{1} << 62);
  }
  return options;
}

namespace {
/// The one stop flag of the process: every interrupt handler below sets it.
std::atomic<bool> g_interrupted{false};

extern "C" void on_component_interrupt(int) {
  g_interrupted.store(true);
}

extern "C" void on_interrupt_or_terminate(int signal) {
  g_interrupted.store(true);
  std::signal(signal, SIG_DFL);  // a second one stops at once
}
}  // namespace

const std::atomic<bool>* interrupt_flag() {
  return &g_interrupted;
}

void stop_on_interrupt_or_terminate() {
  std::signal(SIGINT, on_interrupt_or_terminate);
  std::signal(SIGTERM, on_interrupt_or_terminate);
}

void stop_component_search_on_interrupt(const Game& game, EngineOptions& options) {
  if (game.traits().layout != Layout::components) return;
  // SIGTERM too (`timeout`, `kill`): the search stops and its table is saved either way.
  std::signal(SIGINT, on_component_interrupt);
  std::signal(SIGTERM, on_component_interrupt);
  options.stop = interrupt_flag();
}

void stop_component_search_on_interrupt(const Sum& sum, EngineOptions& options) {
  for (const Component& c : sum.components) stop_component_search_on_interrupt(*c.game, options);
}

void add_component_search_options(CLI::App& command, CommonOptions& options) {
  command.add_option(
      "--table", options.table,
      "Node-Kayles, Arc-Kayles, Cram: the component search's table file, read "
      "when it exists and written when the search ends or is stopped (Ctrl-C, SIGTERM)");
  command.add_option("--top-budget", options.top_budget,
                     "Node-Kayles, Arc-Kayles, Cram: the nodes each option at the top gets in the "
                     "first pass of a round (four times more each later pass; default " +
                         std::to_string(ComponentSearchOptions{}.top_budget) +
                         "); 0: each option searched to its answer in turn");
}

Reporter terminal_reporter() {
  Reporter reporter;
  reporter.warning = [](const std::string& w) {
    end_progress();
    std::cerr << "grundy: warning: " << w << '\n';
  };
  reporter.table = [](const std::string& label) { return terminal_progress(label); };
  reporter.sequence = [](const std::string& label) { return terminal_sequence_progress(label); };
  reporter.search = [](const std::string& label) { return terminal_search_progress(label); };
  reporter.quotient = [](const std::string& label) { return terminal_quotient_progress(label); };
  reporter.components = [](const std::string& label) { return terminal_component_progress(label); };
  reporter.done = [] { end_progress(); };
  return reporter;
}

void add_no_quotient_option(CLI::App& command, bool& no_quotient) {
  command.add_flag("--no-quotient", no_quotient,
                   "With --misere: decide by the exact search even where the misère quotient of "
                   "the heap games would (a cross-check)");
}

void add_period_search_options(CLI::App& command, std::string& max, bool& no_cache) {
  command.add_option("--max", max,
                     "For positions beyond a table: compute at most N values to prove a period "
                     "(default " +
                         kDefaultMax + ")");
  command.add_flag("--no-cache", no_cache,
                   "Neither read nor write the caches (proven periods, misère quotients)");
}

void add_threads_option(CLI::App& command, CommonOptions& options) {
  command.add_option("--threads", options.threads,
                     "Threads computing long nim-sequences of take-and-break games, and of the "
                     "component search (default 0: one per core)");
}

void add_common_options(CLI::App& command, CommonOptions& options) {
  command.add_flag("--json", options.json, "Print one JSON document on stdout");
  command.add_option("--max-memory", options.max_memory,
                     "Largest table allowed, e.g. 512M or 8G (default: the memory available); "
                     "bigger requests are refused before allocating");
}

std::uint64_t parse_number_option(std::string_view option, const std::string& text,
                                  std::uint64_t max) {
  Scanner in(text);
  try {
    const std::uint64_t v = in.unsigned_integer("a whole number", max);
    in.expect_end("the number");
    return v;
  } catch (const SpecError& e) {
    throw Error(std::string(option) + " '" + quote_excerpt(text) + "': " + e.detail());
  }
}

namespace {
bool g_progress_drawn = false;
}

namespace {

void draw_progress(const std::string& label, std::uint64_t done, std::uint64_t total, double rate,
                   const std::string& extra) {
  const double eta = rate > 0 ? static_cast<double>(total - done) / rate : 0;
  std::fprintf(
      stderr, "\r%s: %llu / %llu values (%.1f%%), %.0f values/s%s, ETA %.0f s   ", label.c_str(),
      static_cast<unsigned long long>(done), static_cast<unsigned long long>(total),
      100.0 * static_cast<double>(done) / static_cast<double>(total), rate, extra.c_str(), eta);
  std::fflush(stderr);
  g_progress_drawn = true;
}

}  // namespace

TableProgress terminal_progress(std::string label) {
  if (!isatty(STDERR_FILENO)) return {};
  const auto started = std::chrono::steady_clock::now();
  auto last = started;
  return [label = std::move(label), started, last](std::uint64_t done,
                                                   std::uint64_t total) mutable {
    const auto now = std::chrono::steady_clock::now();
    if (now - last < std::chrono::milliseconds(200)) return;
    last = now;
    const double seconds = std::chrono::duration<double>(now - started).count();
    draw_progress(label, done, total, seconds > 0 ? static_cast<double>(done) / seconds : 0, "");
  };
}

SequenceProgress terminal_sequence_progress(std::string label) {
  if (!isatty(STDERR_FILENO)) return {};
  const auto started = std::chrono::steady_clock::now();
  auto last = started;
  std::optional<std::uint64_t> first;
  return [label = std::move(label), started, last, first](std::uint64_t done, std::uint64_t total,
                                                          std::size_t rare) mutable {
    // The rate counts this run's values only (a resumed run starts far from g(0)).
    if (!first) first = done;
    const auto now = std::chrono::steady_clock::now();
    if (now - last < std::chrono::milliseconds(200)) return;
    last = now;
    const double seconds = std::chrono::duration<double>(now - started).count();
    const std::uint64_t fresh = done > *first ? done - *first : 0;
    const double rate = seconds > 0 ? static_cast<double>(fresh) / seconds : 0;
    draw_progress(label, done, total, rate, ", " + std::to_string(rare) + " rare");
  };
}

void mark_progress_drawn() {
  g_progress_drawn = true;
}

void end_progress() {
  if (g_progress_drawn) {
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
    g_progress_drawn = false;
  }
}

}  // namespace grundy::cli
