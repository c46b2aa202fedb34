// Benchmarks of issue #3 "Performance": the engine against the source documents' algorithms
// (re-implemented here, with their bugs fixed so that both compute the same values), measured in
// one run, followed by a table of ratios.
//
//   build/release/bench/families_bench                       (everything, about two minutes)
//   build/release/bench/families_bench --benchmark_filter=Cut
//
// - bit-count table (k = 7) up to B one-bits: the engine's DP over XOR-reachable bitsets against
//   the source's enumeration of every multiset of 7 classes, whose `reachable` array is sized to
//   hold every value (the source's 2^20 flags are too small from 38 one-bits on);
// - the cutting game for every W, H <= 200: the engine's grid table against the source's memoised
//   recursion, with its scratch array made local to each call (shared, it corrupts results);
// - the digit game up to 10^6: building the table, and queries per second.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <map>
#include <memory>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "grundy/solve/dense_solver.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/spec/parser.hpp"

namespace {

using grundy::Position;
using grundy::Value;

// ---------------------------------------------------------------------------------------------
// Bit-count table
// ---------------------------------------------------------------------------------------------

constexpr int kPicks = 7;

Value engine_bitcount(int bits) {
  const auto game = grundy::parse_game("bitcount(7)");
  const std::uint64_t x = bits == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << bits) - 1;
  return *game->formula_value(Position{x, 0});
}

/// The source's method: for each i, mark the XOR of every multiset of 7 values among
/// g[0..i-1] (indices non-decreasing), then take the first unmarked value.
class EnumerationTable {
 public:
  explicit EnumerationTable(std::size_t reachable_size) : reachable_(reachable_size) {}

  Value table_up_to(int bits) {
    g_[0] = 0;
    for (int i = 1; i <= bits; ++i) {
      std::fill(reachable_.begin(), reachable_.end(), 0);
      mark(i, kPicks, 0, 0);
      Value m = 0;
      while (reachable_[m] != 0) ++m;
      g_[i] = m;
    }
    return g_[bits];
  }

 private:
  void mark(int limit, int left, Value x, int from) {
    if (left == 0) {
      reachable_[x] = 1;
      return;
    }
    for (int j = from; j < limit; ++j) mark(limit, left - 1, x ^ g_[j], j);
  }

  std::vector<char> reachable_;
  std::array<Value, 65> g_{};
};

void BitCountTable_Engine(benchmark::State& state) {
  const int bits = static_cast<int>(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(engine_bitcount(bits));
}

void BitCountTable_SourceEnumeration(benchmark::State& state) {
  const int bits = static_cast<int>(state.range(0));
  // Large enough to be correct: above every XOR of values below the largest value's power of 2.
  Value largest = 0;
  for (int b = 0; b <= bits; ++b) largest = std::max(largest, engine_bitcount(b));
  EnumerationTable table(static_cast<std::size_t>(std::bit_ceil(largest + 1)) + 1);
  Value got = 0;
  for (auto _ : state) benchmark::DoNotOptimize(got = table.table_up_to(bits));
  if (got != engine_bitcount(bits)) state.SkipWithError("the two tables disagree");
}

// ---------------------------------------------------------------------------------------------
// Cutting game, every W, H <= 200
// ---------------------------------------------------------------------------------------------

constexpr int kSheet = 200;

/// The source's memoised recursion; its mex scratch is a local array per call (values stay
/// below the number of cuts, at most 2 * 197).
class RecursiveCut {
 public:
  RecursiveCut() { memo_.fill(-1); }
  int value(int r, int c) {
    int& slot = memo_[static_cast<std::size_t>(r * (kSheet + 1) + c)];
    if (slot != -1) return slot;
    std::array<bool, 512> seen{};
    for (int i = 2; i < r - 1; ++i)
      seen[static_cast<std::size_t>(value(i, c) ^ value(r - i, c))] = true;
    for (int i = 2; i < c - 1; ++i)
      seen[static_cast<std::size_t>(value(r, i) ^ value(r, c - i))] = true;
    int g = 0;
    while (seen[static_cast<std::size_t>(g)]) ++g;
    return slot = g;
  }

 private:
  std::array<int, (kSheet + 1) * (kSheet + 1)> memo_;
};

void CutAllSheets_Engine(benchmark::State& state) {
  const auto game = grundy::parse_game("cut");
  std::uint64_t wins = 0;
  for (auto _ : state) {
    grundy::Evaluator evaluator(game, grundy::Limits{});
    const Position largest{kSheet, kSheet};
    evaluator.prepare(std::span<const Position>(&largest, 1));
    wins = 0;
    for (std::uint64_t w = 2; w <= kSheet; ++w) {
      for (std::uint64_t h = 2; h <= kSheet; ++h) wins += evaluator.value({w, h}) != 0;
    }
    benchmark::DoNotOptimize(wins);
  }
  state.counters["wins"] = static_cast<double>(wins);
}

void CutAllSheets_SourceRecursion(benchmark::State& state) {
  std::uint64_t wins = 0;
  for (auto _ : state) {
    auto recursion = std::make_unique<RecursiveCut>();
    wins = 0;
    for (int w = 2; w <= kSheet; ++w) {
      for (int h = 2; h <= kSheet; ++h) wins += recursion->value(w, h) != 0;
    }
    benchmark::DoNotOptimize(wins);
  }
  state.counters["wins"] = static_cast<double>(wins);
}

// ---------------------------------------------------------------------------------------------
// Digit game up to 10^6
// ---------------------------------------------------------------------------------------------

constexpr std::uint64_t kDigitsUpTo = 1'000'000;

void DigitsTable_Engine(benchmark::State& state) {
  const auto game = grundy::parse_game("digits");
  for (auto _ : state) {
    grundy::DenseSolver solver(*game, grundy::Limits{});
    solver.extend_to(kDigitsUpTo);
    benchmark::DoNotOptimize(solver.values().data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kDigitsUpTo + 1));
}

/// The source's win/loss DP over 0..10^6 (a reference point for the table build).
void DigitsTable_SourceWinLoss(benchmark::State& state) {
  std::vector<char> wins(kDigitsUpTo + 1);
  for (auto _ : state) {
    for (std::uint64_t n = 1; n <= kDigitsUpTo; ++n) {
      std::uint64_t largest = 0, smallest = 9;
      for (std::uint64_t rest = n; rest > 0; rest /= 10) {
        const std::uint64_t d = rest % 10;
        largest = std::max(largest, d);
        if (d != 0) smallest = std::min(smallest, d);
      }
      wins[n] = wins[n - largest] == 0 || wins[n - smallest] == 0;
    }
    benchmark::DoNotOptimize(wins.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(kDigitsUpTo + 1));
}

void DigitsQueries_Engine(benchmark::State& state) {
  grundy::Evaluator evaluator(grundy::parse_game("digits"), grundy::Limits{});
  const Position largest{kDigitsUpTo, 0};
  evaluator.prepare(std::span<const Position>(&largest, 1));
  std::mt19937_64 rng(2026);
  std::vector<std::uint64_t> queries(1 << 16);
  for (auto& q : queries) q = rng() % (kDigitsUpTo + 1);
  std::size_t i = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(evaluator.value({queries[i], 0}));
    i = (i + 1) & (queries.size() - 1);
  }
  state.SetItemsProcessed(state.iterations());
}

// ---------------------------------------------------------------------------------------------
// Registration, and the ratios after the run
// ---------------------------------------------------------------------------------------------

void register_all() {
  for (int bits : {16, 24, 32, 40, 48, 56, 64}) {
    benchmark::RegisterBenchmark(("BitCountTable/Engine/" + std::to_string(bits)).c_str(),
                                 BitCountTable_Engine)
        ->Arg(bits)
        ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(
        ("BitCountTable/SourceEnumeration/" + std::to_string(bits)).c_str(),
        BitCountTable_SourceEnumeration)
        ->Arg(bits)
        ->Unit(benchmark::kMillisecond)
        ->MinTime(0.01);
  }
  benchmark::RegisterBenchmark("CutAllSheets/Engine", CutAllSheets_Engine)
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("CutAllSheets/SourceRecursion", CutAllSheets_SourceRecursion)
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("DigitsTable/Engine", DigitsTable_Engine)
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("DigitsTable/SourceWinLoss", DigitsTable_SourceWinLoss)
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("DigitsQueries/Engine", DigitsQueries_Engine);
}

/// Keeps each run's CPU time per iteration (seconds) and items per second, by the name it was
/// registered under. CPU time, because the machine may be shared: wall time then varies more.
class RatioReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred || run.run_type != Run::RT_Iteration) continue;
      const std::string& name = run.run_name.function_name;
      seconds_[name] = run.GetAdjustedCPUTime() / benchmark::GetTimeUnitMultiplier(run.time_unit);
      if (auto it = run.counters.find("items_per_second"); it != run.counters.end()) {
        per_second_[name] = it->second.value;
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }

  void print_ratios() const {
    std::printf("\nRatios (source algorithm CPU time / engine CPU time, same run):\n");
    auto ratio = [&](const std::string& label, const std::string& source,
                     const std::string& engine) {
      const auto s = seconds_.find(source);
      const auto e = seconds_.find(engine);
      if (s == seconds_.end() || e == seconds_.end()) return;
      std::printf("  %-34s %12.3f ms vs %10.3f ms  x%.1f\n", label.c_str(), s->second * 1e3,
                  e->second * 1e3, s->second / e->second);
    };
    for (int bits : {16, 24, 32, 40, 48, 56, 64}) {
      const std::string b = std::to_string(bits);
      ratio("bit-count table to " + b + " bits", "BitCountTable/SourceEnumeration/" + b,
            "BitCountTable/Engine/" + b);
    }
    ratio("cutting game, all W,H <= 200", "CutAllSheets/SourceRecursion", "CutAllSheets/Engine");
    ratio("digit game table to 10^6 (*)", "DigitsTable/SourceWinLoss", "DigitsTable/Engine");
    if (auto q = per_second_.find("DigitsQueries/Engine"); q != per_second_.end()) {
      std::printf("  digit game queries (table built)   %.3g queries/s\n", q->second);
    }
    std::printf(
        "  (*) the source's DP keeps win/loss only; the engine keeps Grundy values, through\n"
        "      the generic options interface\n");
  }

 private:
  std::map<std::string, double> seconds_;
  std::map<std::string, double> per_second_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  register_all();
  RatioReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.print_ratios();
  benchmark::Shutdown();
  return 0;
}
