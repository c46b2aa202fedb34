// Issue #5: long nim-sequences. The engine (grundy::SparseSpaceSolver) against the in-repo
// baseline (octal_baseline.hpp: the textbook sparse-space loop), timed in the same process, with
// the quadratic reference (grundy::DenseSolver, a plain mex over every option) at a small n.
// Every run checks that the sequences agree and exits non-zero when they do not.
//
//   bench/octal.sh                       Grundy's game and 0.6 at 10^6 and 10^7
//   bench/octal.sh --big                 ... and at 10^8
//   octal_bench --check 20000            agreement only (dense, baseline, engine), no timings
//   octal_bench --game 0.07 --reps 5     other codes; repetitions at n <= 10^6
//   octal_bench --size 100000            other sizes (instead of 10^6 and 10^7)
//
// At n <= 10^6 each algorithm runs --reps times (alternating baseline and engine) and the median
// is reported; at larger n each runs once. The ratio is engine values/s over baseline values/s
// (above 1: the engine is faster). Cores are shared, so only ratios from one run mean anything.
#include <algorithm>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "grundy/analysis/sparse_space.hpp"
#include "grundy/solve/dense_solver.hpp"
#include "grundy/spec/parser.hpp"
#include "octal_baseline.hpp"

namespace {

using grundy::SparseSpaceSolver;
using grundy::TakeBreakCode;
using octal_bench::SparseSpaceBaseline;

/// The engine with `threads` threads (1: the single-threaded engine).
std::unique_ptr<SparseSpaceSolver> make_engine(const TakeBreakCode& code, unsigned threads) {
  auto engine = std::make_unique<SparseSpaceSolver>(code, grundy::Limits{});
  engine->set_threads(threads, /*adaptive=*/false);  // always on `threads`
  return engine;
}

[[noreturn]] void fail(const std::string& message) {
  std::fprintf(stderr, "octal_bench: FAILED: %s\n", message.c_str());
  std::exit(1);
}

struct Options {
  std::vector<std::string> games;
  std::vector<std::uint64_t> sizes{1'000'000, 10'000'000};
  std::uint64_t small_n = 20'000;  // where the quadratic reference runs too
  std::uint64_t check_n = 0;       // --check N: agreement only
  int reps = 3;
  unsigned threads = 0;  // the engine's second configuration; 0: one per core
};

std::uint64_t parse_count(std::string_view text) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc{} || end != text.data() + text.size() || value == 0) {
    fail("expected a positive integer, got '" + std::string(text) + "'");
  }
  return value;
}

Options parse_options(int argc, char** argv) {
  Options options;
  bool big = false;
  std::vector<std::uint64_t> sizes;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    auto next = [&]() -> std::string_view {
      if (i + 1 >= argc) fail(std::string(arg) + " needs a value");
      return argv[++i];
    };
    if (arg == "--big") {
      big = true;
    } else if (arg == "--check") {
      options.check_n = parse_count(next());
    } else if (arg == "--game") {
      options.games.emplace_back(next());
    } else if (arg == "--size") {
      sizes.push_back(parse_count(next()));
    } else if (arg == "--reps") {
      options.reps = static_cast<int>(parse_count(next()));
    } else if (arg == "--threads") {
      options.threads = static_cast<unsigned>(parse_count(next()));
    } else if (arg == "--small") {
      options.small_n = parse_count(next());
    } else if (arg == "--help" || arg == "-h") {
      std::puts(
          "usage: octal_bench [--big] [--size N]... [--game SPEC]... [--reps R] [--small N]\n"
          "                   [--threads T]\n"
          "       octal_bench --check N [--game SPEC]...\n"
          "  times the sparse-space engine against the textbook baseline at 10^6 and 10^7\n"
          "  (--size N: at N instead; --big: also 10^8) for Grundy's game and 0.6 (--game:\n"
          "  other specs), and the quadratic reference at --small N (default 20000);\n"
          "  --check N: only checks that the three agree at N (exit 1 when they do not);\n"
          "  the engine runs on 1 thread and on T (default: one per core)");
      std::exit(0);
    } else {
      fail("unknown argument '" + std::string(arg) + "' (see --help)");
    }
  }
  if (!sizes.empty()) options.sizes = sizes;
  if (big) options.sizes.push_back(100'000'000);
  if (options.games.empty()) {
    options.games = {"grundy", "0.6"};
    // The agreement check also covers a few other shapes: removals leaving nothing, one heap or
    // two, a split without removal, and 0.354, whose rare count drifts under an early mask.
    if (options.check_n != 0) {
      for (const char* spec : {"0.07", "0.137", "4.07", "0.354", "0.16"}) {
        options.games.emplace_back(spec);
      }
    }
  }
  return options;
}

TakeBreakCode code_of(const std::string& spec) {
  const auto game = grundy::parse_game(spec);
  const TakeBreakCode* code = game->traits().take_break;
  if (code == nullptr) fail("'" + spec + "' is not a take-and-break game");
  if (!SparseSpaceSolver::supports(*code)) fail("'" + spec + "' has moves leaving three heaps");
  return *code;
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

double median(std::vector<double> xs) {
  std::sort(xs.begin(), xs.end());
  const std::size_t m = xs.size() / 2;
  return xs.size() % 2 == 1 ? xs[m] : (xs[m - 1] + xs[m]) / 2;
}

/// g(0..n) of the engine as 32-bit values.
std::vector<std::uint32_t> engine_values(const SparseSpaceSolver& engine) {
  return engine.with_values(
      [](auto values) { return std::vector<std::uint32_t>(values.begin(), values.end()); });
}

/// Fails loudly unless `a` and `b` both hold g(0..n) and agree.
void require_same(const std::string& spec, std::uint64_t n, const char* a_name,
                  std::span<const std::uint32_t> a, const char* b_name,
                  std::span<const std::uint32_t> b) {
  if (a.size() != n + 1 || b.size() != n + 1) {
    fail(spec + " to " + std::to_string(n) + ": " + a_name + " has " + std::to_string(a.size()) +
         " values, " + b_name + " " + std::to_string(b.size()));
  }
  const auto [pa, pb] = std::mismatch(a.begin(), a.end(), b.begin());
  if (pa != a.end()) {
    const auto at = static_cast<std::uint64_t>(pa - a.begin());
    fail(spec + ": g(" + std::to_string(at) + ") is " + std::to_string(*pa) + " by the " + a_name +
         " but " + std::to_string(*pb) + " by the " + b_name);
  }
}

struct Run {
  std::vector<std::uint32_t> values;
  double seconds = 0;  // median
  std::size_t rare = 0;
  std::uint32_t mask = 0;
  std::uint64_t scans = 0;           // baseline only: values that needed step 2
  std::uint64_t scanned_splits = 0;  // baseline only: splits examined in step 2
};

/// Runs the engine with `threads` threads and keeps the last results in `eng`.
void time_engine(const TakeBreakCode& code, std::uint64_t n, unsigned threads, bool last,
                 std::vector<double>& seconds, Run& eng) {
  const auto start = std::chrono::steady_clock::now();
  const auto engine = make_engine(code, threads);
  engine->extend_to(n);
  seconds.push_back(seconds_since(start));
  if (last) {
    eng.values = engine_values(*engine);
    eng.rare = engine->rare_count();
    eng.mask = static_cast<std::uint32_t>(engine->mask());
  }
}

/// Runs baseline, the engine on one thread and (when `threads` > 1) on `threads` threads,
/// `reps` times each, alternating; keeps the last results.
void time_all(const TakeBreakCode& code, std::uint64_t n, int reps, unsigned threads, Run& base,
              Run& eng, Run& eng_threads) {
  std::vector<double> base_s, eng_s, threads_s;
  for (int rep = 0; rep < reps; ++rep) {
    {
      const auto start = std::chrono::steady_clock::now();
      SparseSpaceBaseline baseline(code);
      baseline.extend_to(n);
      base_s.push_back(seconds_since(start));
      if (rep + 1 == reps) {
        base.values = baseline.values();
        base.rare = baseline.rare_count();
        base.mask = baseline.mask();
        base.scans = baseline.scans();
        base.scanned_splits = baseline.scanned_splits();
      }
    }
    time_engine(code, n, 1, rep + 1 == reps, eng_s, eng);
    if (threads > 1) time_engine(code, n, threads, rep + 1 == reps, threads_s, eng_threads);
  }
  base.seconds = median(base_s);
  eng.seconds = median(eng_s);
  if (threads > 1) eng_threads.seconds = median(threads_s);
}

std::vector<std::uint32_t> dense_values(const std::string& spec, std::uint64_t n, double* secs) {
  const auto game = grundy::parse_game(spec);
  const auto start = std::chrono::steady_clock::now();
  grundy::DenseSolver dense(*game, grundy::Limits{});
  dense.extend_to(n);
  if (secs != nullptr) *secs = seconds_since(start);
  return {dense.values().begin(), dense.values().end()};
}

std::uint32_t max_value(const std::vector<std::uint32_t>& values) {
  return values.empty() ? 0 : *std::max_element(values.begin(), values.end());
}

std::string pow10_name(std::uint64_t n) {
  int e = 0;
  std::uint64_t m = n;
  while (m % 10 == 0 && m > 1) {
    m /= 10;
    ++e;
  }
  if (m == 1 && e >= 3) return "10^" + std::to_string(e);
  return std::to_string(n);
}

int check_only(const Options& options) {
  for (const std::string& spec : options.games) {
    const TakeBreakCode code = code_of(spec);
    const std::uint64_t n = options.check_n;
    const auto dense = dense_values(spec, n, nullptr);
    Run base, eng, eng_threads;
    time_all(code, n, 1, 3, base, eng, eng_threads);
    require_same(spec, n, "quadratic reference", dense, "baseline", base.values);
    require_same(spec, n, "baseline", base.values, "engine", eng.values);
    require_same(spec, n, "engine", eng.values, "engine on 3 threads", eng_threads.values);
    std::printf(
        "%-8s g(0..%llu) agree: reference = baseline = engine (max value %u; rare "
        "positions %zu baseline, %zu engine)\n",
        spec.c_str(), static_cast<unsigned long long>(n), max_value(dense), base.rare, eng.rare);
  }
  return 0;
}

void print_row(const char* what, std::uint64_t n, int reps, double seconds, double base_seconds) {
  const double per_s = static_cast<double>(n + 1) / seconds;
  const std::string runs = reps > 1 ? "m" + std::to_string(reps) : "1";
  std::printf("  %-10s %-9s %-4s %9.3f s %12.3g values/s   x%.2f\n", what, pow10_name(n).c_str(),
              runs.c_str(), seconds, per_s, base_seconds / seconds);
}

int benchmark(const Options& options) {
  const unsigned threads =
      options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  const std::string threads_label = "engine " + std::to_string(threads) + "t";
  std::printf(
      "octal_bench: engine on 1 and on %u threads; 'mR' = median of R runs, '1' = one run;\n"
      "x = speed relative to the baseline in the same row group (values/s ratio)\n",
      threads);
  for (const std::string& spec : options.games) {
    const TakeBreakCode code = code_of(spec);
    std::printf("\n%s (%s)\n", spec.c_str(), grundy::format_take_break_code(code).c_str());

    // Small n: the quadratic reference too, and all three must agree.
    {
      const std::uint64_t n = options.small_n;
      std::vector<double> dense_s;
      std::vector<std::uint32_t> dense;
      for (int rep = 0; rep < options.reps; ++rep) {
        double s = 0;
        dense = dense_values(spec, n, &s);
        dense_s.push_back(s);
      }
      Run base, eng, eng_threads;
      time_all(code, n, options.reps, threads, base, eng, eng_threads);
      require_same(spec, n, "quadratic reference", dense, "baseline", base.values);
      require_same(spec, n, "baseline", base.values, "engine", eng.values);
      print_row("reference", n, options.reps, median(dense_s), base.seconds);
      print_row("baseline", n, options.reps, base.seconds, base.seconds);
      print_row("engine 1t", n, options.reps, eng.seconds, base.seconds);
      if (threads > 1) {
        require_same(spec, n, "engine", eng.values, "engine on threads", eng_threads.values);
        print_row(threads_label.c_str(), n, options.reps, eng_threads.seconds, base.seconds);
      }
      std::printf("  agree: reference = baseline = engine to %s\n", pow10_name(n).c_str());
    }

    for (const std::uint64_t n : options.sizes) {
      const int reps = n <= 1'000'000 ? options.reps : 1;
      Run base, eng, eng_threads;
      time_all(code, n, reps, threads, base, eng, eng_threads);
      require_same(spec, n, "baseline", base.values, "engine", eng.values);
      print_row("baseline", n, reps, base.seconds, base.seconds);
      print_row("engine 1t", n, reps, eng.seconds, base.seconds);
      if (threads > 1) {
        require_same(spec, n, "engine", eng.values, "engine on threads", eng_threads.values);
        print_row(threads_label.c_str(), n, reps, eng_threads.seconds, base.seconds);
      }
      std::printf(
          "  agree to %s; max value %u; rare positions: baseline %zu (mask 0x%x), "
          "engine %zu (mask 0x%x)\n",
          pow10_name(n).c_str(), max_value(base.values), base.rare, base.mask, eng.rare, eng.mask);
      std::printf(
          "  baseline: %.2f%% of values needed the scan of step 2, %.0f splits scanned "
          "per value on average\n",
          100.0 * static_cast<double>(base.scans) / static_cast<double>(n + 1),
          static_cast<double>(base.scanned_splits) / static_cast<double>(n + 1));
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::setvbuf(stdout, nullptr, _IOLBF, 0);  // rows as they come, also through a pipe or a file
  try {
    const Options options = parse_options(argc, argv);
    return options.check_n != 0 ? check_only(options) : benchmark(options);
  } catch (const std::exception& e) {
    fail(e.what());
  }
}
