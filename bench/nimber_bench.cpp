// Nimber arithmetic: products per second of every multiplication method side by side, then a
// summary of ns per product and the speed-up over the 16-bit log/exp table method, all from the
// same run.
//
//   build/release/bench/nimber_bench                             # everything, then the summary
//   build/release/bench/nimber_bench --benchmark_repetitions=5   # the summary uses medians
//
// For each method, over the same 1024 random pairs of 64-bit operands:
//   throughput  one call per product, results XORed into an accumulator that escapes through
//               DoNotOptimize (so no product can be dropped);
//   latency     a dependent chain, each product feeding the next;
//   batch       one call for all 1024 products (the span form of nim_mul), written to memory.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <cstdio>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "grundy/core/nimber.hpp"

namespace {

using grundy::NimMulFunction;
using grundy::NimMulMethod;
using grundy::Value;

constexpr std::size_t kBatch = 1024;

struct Operands {
  std::array<Value, kBatch> a{};
  std::array<Value, kBatch> b{};
};

const Operands& operands() {
  static const Operands ops = [] {
    Operands o;
    std::mt19937_64 rng(20240601);
    for (std::size_t i = 0; i < kBatch; ++i) {
      o.a[i] = rng();
      o.b[i] = rng();
    }
    return o;
  }();
  return ops;
}

void set_product_counter(benchmark::State& state) {
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations() * kBatch));
  // Seconds per product (shown in ns); the summary reads it back.
  state.counters["per_product"] = benchmark::Counter(
      static_cast<double>(kBatch),
      benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

template <class Mul>
void throughput(benchmark::State& state, Mul mul) {
  const Operands& o = operands();
  for (auto _ : state) {
    Value acc = 0;
    for (std::size_t i = 0; i < kBatch; ++i) acc ^= mul(o.a[i], o.b[i]);
    benchmark::DoNotOptimize(acc);
  }
  set_product_counter(state);
}

void batch(benchmark::State& state, grundy::NimMulBatchFunction mul) {
  const Operands& o = operands();
  std::array<Value, kBatch> out{};
  for (auto _ : state) {
    mul(o.a.data(), o.b.data(), out.data(), kBatch);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  set_product_counter(state);
}

template <class Mul>
void latency(benchmark::State& state, Mul mul) {
  const Operands& o = operands();
  Value x = 0x9E3779B97F4A7C15ULL;
  for (auto _ : state) {
    // Each product depends on the previous one; the XOR keeps x away from 0.
    for (std::size_t i = 0; i < kBatch; ++i) x = mul(x, o.b[i]) ^ o.a[i];
    benchmark::DoNotOptimize(x);
  }
  set_product_counter(state);
}

void register_benchmarks() {
  for (NimMulMethod m : grundy::nim_mul_methods()) {
    const NimMulFunction f = grundy::nim_mul_function(m);
    const std::string name(grundy::nim_mul_method_name(m));
    if (f == nullptr) {
      std::fprintf(stderr, "nim_mul method %s: not supported by this CPU, skipped\n", name.c_str());
      continue;
    }
    benchmark::RegisterBenchmark(("nim_mul/throughput/" + name).c_str(),
                                 [f](benchmark::State& s) { throughput(s, f); });
    benchmark::RegisterBenchmark(("nim_mul/latency/" + name).c_str(),
                                 [f](benchmark::State& s) { latency(s, f); });
    const grundy::NimMulBatchFunction fb = grundy::nim_mul_batch_function(m);
    benchmark::RegisterBenchmark(("nim_mul/batch/" + name).c_str(),
                                 [fb](benchmark::State& s) { batch(s, fb); });
  }
  // The public entry point, as a user calls it (through the run-time dispatch).
  benchmark::RegisterBenchmark("nim_mul/throughput/nim_mul", [](benchmark::State& s) {
    throughput(s, [](Value a, Value b) { return grundy::nim_mul(a, b); });
  });
  benchmark::RegisterBenchmark("nim_square/throughput", [](benchmark::State& s) {
    throughput(s, [](Value a, Value b) { return grundy::nim_square(a ^ b); });
  });
  benchmark::RegisterBenchmark("nim_sqrt/throughput", [](benchmark::State& s) {
    throughput(s, [](Value a, Value b) { return grundy::nim_sqrt(a ^ b); });
  });
  benchmark::RegisterBenchmark("nim_inv/throughput", [](benchmark::State& s) {
    throughput(s, [](Value a, Value b) { return grundy::nim_inv(a | b | 1); });
  });
  benchmark::RegisterBenchmark("nim_log/primitive_base", [](benchmark::State& s) {
    const Operands& o = operands();
    const Value g = grundy::nim_primitive_element();
    std::size_t i = 0;
    for (auto _ : s) {
      benchmark::DoNotOptimize(grundy::nim_log(g, o.a[i] | 1));
      i = (i + 1) % kBatch;
    }
  });
}

/// The console output, plus the per-product time of every run kept for the summary (the median
/// when repetitions are asked for).
class SummaryReporter : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      const auto it = run.counters.find("per_product");
      if (run.error_occurred || it == run.counters.end()) continue;
      const bool median = run.run_type == Run::RT_Aggregate && run.aggregate_name == "median";
      if (run.run_type == Run::RT_Aggregate && !median) continue;
      const std::string name = run.run_name.str();
      if (median || !medians_.count(name)) seconds_[name] = it->second.value;
      if (median) medians_[name] = true;
    }
    ConsoleReporter::ReportRuns(runs);
  }

  void print_summary() const {
    std::printf(
        "\nns per product (CPU time), and the speed-up over the 16-bit log/exp table method\n"
        "measured the same way in this run:\n");
    for (const char* kind : {"throughput", "batch", "latency"}) {
      const std::string prefix = std::string("nim_mul/") + kind + "/";
      const auto baseline = seconds_.find(prefix + "log_exp16");
      for (const auto& [name, seconds] : seconds_) {
        if (name.rfind(prefix, 0) != 0) continue;
        std::printf("  %-34s %8.2f ns", name.c_str(), seconds * 1e9);
        if (baseline != seconds_.end()) std::printf("   x%.2f", baseline->second / seconds);
        std::printf("\n");
      }
    }
    std::printf("  nim_mul uses: %s (one product), %s (the span form)\n",
                std::string(grundy::nim_mul_method_name(grundy::nim_mul_method())).c_str(),
                std::string(grundy::nim_mul_method_name(grundy::nim_mul_batch_method())).c_str());
  }

 private:
  std::map<std::string, double> seconds_;
  std::map<std::string, bool> medians_;
};

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  register_benchmarks();
  SummaryReporter reporter;
  benchmark::RunSpecifiedBenchmarks(&reporter);
  reporter.print_summary();
  benchmark::Shutdown();
  return 0;
}
