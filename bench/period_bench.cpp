// Period finding: the finder alone is linear in the values it is given (Complexity fit), and the
// time to prove the long-period octal games of issue #4 end to end.
//   build/release/bench/period_bench                                # everything (a few minutes)
//   build/release/bench/period_bench --benchmark_filter=Finder      # the finder's complexity only
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "grundy/analysis/period_search.hpp"
#include "grundy/spec/parser.hpp"

namespace {

/// A sequence of N values: random for n < N/8, then periodic with period N/16 — the shape of an
/// octal nim-sequence, with a proof reachable inside N values under the two-heap bound.
std::vector<std::uint32_t> synthetic(std::size_t n) {
  std::mt19937 rng(static_cast<unsigned>(n));
  const std::size_t preperiod = n / 8, period = n / 16;
  std::vector<std::uint32_t> g(n);
  for (std::size_t k = 0; k < preperiod + period; ++k) g[k] = rng() % 16;
  for (std::size_t k = preperiod + period; k < n; ++k) g[k] = g[k - period];
  return g;
}

void BM_Finder(benchmark::State& state) {
  const auto g = synthetic(static_cast<std::size_t>(state.range(0)));
  grundy::PeriodicityTheorem theorem;
  theorem.kind = grundy::PeriodicityTheorem::Kind::take_break;
  theorem.reach = 2;
  theorem.heaps = 2;
  for (auto _ : state) {
    auto proven = grundy::prove_period(std::span<const std::uint32_t>(g), theorem);
    if (!proven) state.SkipWithError("no period proven");
    benchmark::DoNotOptimize(proven);
  }
  state.SetComplexityN(state.range(0));
  state.SetItemsProcessed(state.iterations() * state.range(0));
}
BENCHMARK(BM_Finder)->RangeMultiplier(4)->Range(1 << 12, 1 << 22)->Complexity(benchmark::oN);

/// Time to prove a period from scratch: the dense (quadratic) value table plus the checks.
void BM_ProveOctal(benchmark::State& state, const char* code) {
  const auto game = grundy::parse_game(code);
  for (auto _ : state) {
    grundy::DenseSolver solver(*game, grundy::Limits{});
    const grundy::PeriodSearch search = grundy::find_periodicity(*game, solver, 2'000'000);
    if (!search.periodicity) state.SkipWithError("no period proven");
    state.counters["preperiod"] = static_cast<double>(search.periodicity->preperiod);
    state.counters["period"] = static_cast<double>(search.periodicity->period);
    state.counters["values"] = static_cast<double>(search.values_computed);
  }
}
BENCHMARK_CAPTURE(BM_ProveOctal, kayles, "0.77")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(BM_ProveOctal, 0.16, "0.16")->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK_CAPTURE(BM_ProveOctal, 0.56, "0.56")->Unit(benchmark::kSecond)->Iterations(1);
BENCHMARK_CAPTURE(BM_ProveOctal, 0.127, "0.127")->Unit(benchmark::kSecond)->Iterations(1);

}  // namespace
