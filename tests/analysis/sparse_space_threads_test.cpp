// The sparse-space engine's threads: the batch pipeline (batch k finished and recorded while
// batch k+1 is computed), the barrier, the sequential path (a wider store, a new value range, a
// new mask) and the adaptive choice between one thread and all; runs stopped by a progress
// callback, by a refusal in the middle of a batch and by an interruption from another thread.
// Each run's values are checked against one thread or a theorem.
//
// This executable is also the whole of the ThreadSanitizer build (the tsan preset), so the
// workloads are sized to take seconds there: small enough to run under TSan, long enough that
// every path of the pipeline runs with 2 to 4 threads.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "grundy/analysis/sequence_run.hpp"
#include "grundy/analysis/sparse_space.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/sequence_file.hpp"
#include "grundy/core/value_store.hpp"
#include "grundy/spec/parser.hpp"
#include "temp_file.hpp"

namespace grundy {
namespace {

TakeBreakCode code_of(const std::string& spec) {
  return *parse_game(spec)->traits().take_break;
}

/// Bash's game as a take-and-break code: remove 1..k tokens (digit 3: leaving none or one heap).
/// Its values are g(n) = n mod (k + 1), so g(n) = n up to n = k: the values pass 255 and 65535
/// and the store widens.
TakeBreakCode bash_game(std::uint64_t k) {
  TakeBreakCode code;
  code.digits.assign(k + 1, 3);
  code.digits[0] = 0;
  return code;
}

/// The first heaps of a run are computed on one thread (a block that starts below 64 heaps has
/// nothing to share): runs that must widen or fail on the threaded path start with this.
constexpr std::uint64_t kPastTheFirstHeaps = 100;

/// The values of one thread (the reference: the one-thread path is checked against the plain
/// dense algorithm by sparse_space_test) up to `to`.
std::vector<Value> one_thread(const TakeBreakCode& code, std::uint64_t to) {
  SparseSpaceSolver one(code, Limits{});
  one.extend_to(to);
  std::vector<Value> values(to + 1);
  for (std::uint64_t n = 0; n <= to; ++n) values[n] = one.at(n);
  return values;
}

void expect_values(const SparseSpaceSolver& solver, const std::vector<Value>& truth,
                   const std::string& what) {
  ASSERT_LE(solver.size(), truth.size()) << what;
  for (std::uint64_t n = 0; n < solver.size(); ++n) {
    ASSERT_EQ(solver.at(n), truth[n]) << what << " at " << n;
  }
}

TEST(SparseSpaceThreads, BatchesGiveTheValuesOfOneThread) {
  // 0.354: two-heap moves, a mask that drifts (re-chosen as the rare list doubles); Grundy's
  // game: unequal splits, values past 64 (new value ranges, each a new mask). Extending in
  // uneven steps ends blocks in the middle of a batch.
  struct Case {
    const char* spec;
    std::uint64_t to;
    std::vector<unsigned> threads;
  };
  for (const Case& c :
       {Case{"0.354", 8000, {2, 4}}, Case{"grundy", 8000, {3}}, Case{"4.07", 3000, {2}}}) {
    const TakeBreakCode code = code_of(c.spec);
    const std::vector<Value> truth = one_thread(code, c.to);
    SparseSpaceSolver reference(code, Limits{});
    reference.extend_to(c.to);
    for (unsigned threads : c.threads) {
      const std::string what = std::string(c.spec) + ", " + std::to_string(threads) + " threads";
      SparseSpaceSolver many(code, Limits{});
      many.set_threads(threads, /*adaptive=*/false);
      std::set<Value> masks;
      for (std::uint64_t to = 50; to < c.to; to += to / 2 + 77) {
        many.extend_to(to);
        masks.insert(many.mask());
      }
      many.extend_to(c.to);
      masks.insert(many.mask());
      ASSERT_EQ(many.size(), c.to + 1) << what;
      expect_values(many, truth, what);
      EXPECT_EQ(many.rare_count(), reference.rare_count()) << what;
      EXPECT_EQ(many.mask(), reference.mask()) << what;
      // The mask was chosen again while the threads ran (not only in the first heaps).
      EXPECT_GE(masks.size(), 2u) << what;
    }
  }
}

TEST(SparseSpaceThreads, WidensFromOneToTwoBytesMidRun) {
  // g(256) = 256 needs two bytes: the store widens while batches run.
  const std::uint64_t k = 1000;
  for (unsigned threads : {2u, 4u}) {
    SparseSpaceSolver many(bash_game(k), Limits{});
    many.set_threads(threads, /*adaptive=*/false);
    many.extend_to(kPastTheFirstHeaps);
    EXPECT_EQ(many.value_bytes(), 1);
    many.extend_to(2500);
    EXPECT_EQ(many.value_bytes(), 2);
    for (std::uint64_t n = 0; n <= 2500; ++n) {
      ASSERT_EQ(many.at(n), n % (k + 1)) << n << ", " << threads << " threads";
    }
  }
}

TEST(SparseSpaceThreads, WidensFromTwoToFourBytesMidRun) {
  // A resumed run: the store already holds g(0..65535) = 0..65535 (two bytes each); g(65536) =
  // 65536 needs four. Computing the first 65536 values here would take minutes under TSan.
  const std::uint64_t k = 65536 + 150, start = 65536, to = k + 50;
  const TakeBreakCode code = bash_game(k);
  for (unsigned threads : {3u}) {
    MemoryValueStore store{Limits{}};
    store.widen(2, 0);
    store.reserve(start);
    for (std::uint64_t n = 0; n < start; ++n) store.set(n, n);
    SparseSpaceSolver many(code, Limits{}, store, start);
    many.set_threads(threads, /*adaptive=*/false);
    EXPECT_EQ(many.value_bytes(), 2);
    many.extend_to(to);
    EXPECT_EQ(many.value_bytes(), 4);
    for (std::uint64_t n = 0; n <= to; ++n) {
      ASSERT_EQ(many.at(n), n % (k + 1)) << n << ", " << threads << " threads";
    }
  }
}

TEST(SparseSpaceThreads, AdaptiveChoiceMeasuresBothAndProbesAgain) {
  // Blocks run on one thread or on all, whichever was faster; the other is tried every 16
  // blocks. Each call below is one block: the first two (long enough to be timed, at least
  // under TSan) measure one thread, then both; the short ones after them include two probes.
  const TakeBreakCode code = code_of("0.354");
  const std::uint64_t to = 12000;
  const std::vector<Value> truth = one_thread(code, to);
  SparseSpaceSolver adaptive(code, Limits{});
  adaptive.set_threads(2, /*adaptive=*/true);
  adaptive.extend_to(4000);
  adaptive.extend_to(8000);
  for (std::uint64_t n = 8000; n <= to; n += 100) adaptive.extend_to(n);
  adaptive.extend_to(to);
  expect_values(adaptive, truth, "adaptive, 2 threads");
  EXPECT_EQ(adaptive.size(), to + 1);
}

TEST(SparseSpaceThreads, ProgressExceptionStopsARunThatThenContinues) {
  // Progress is reported after each block (thousands of values): Bash's game with k = 3 has
  // cheap heaps, so that the call below takes more than one block (at most 32768 values after
  // the short first call) even under TSan.
  struct Stop {};
  const std::uint64_t k = 3, to = 70000;
  SparseSpaceSolver many(bash_game(k), Limits{});
  many.set_threads(3, /*adaptive=*/false);
  many.extend_to(kPastTheFirstHeaps);
  const std::uint64_t start = many.size();
  std::uint64_t reported = 0;
  many.set_progress([&](std::uint64_t done, std::uint64_t total) {
    EXPECT_EQ(many.size(), start + done);  // a safe point: size() and the values agree
    EXPECT_EQ(total, to + 1 - start);
    reported = done;
    throw Stop{};
  });
  EXPECT_THROW(many.extend_to(to), Stop);
  ASSERT_GT(reported, 0u);
  EXPECT_EQ(many.size(), start + reported);
  EXPECT_LT(many.size(), to + 1);
  for (std::uint64_t n = 0; n < many.size(); ++n) ASSERT_EQ(many.at(n), n % (k + 1)) << n;
  many.set_progress(nullptr);
  many.extend_to(to);
  ASSERT_EQ(many.size(), to + 1);
  for (std::uint64_t n = 0; n <= to; ++n) ASSERT_EQ(many.at(n), n % (k + 1)) << n;
}

TEST(SparseSpaceThreads, RefusalInTheMiddleOfABatchReleasesTheThreads) {
  // Widening to two bytes at g(256) needs the old and the new copy: refused under this limit,
  // on the sequential path while the other threads wait at the barrier.
  const std::uint64_t k = 1000;
  for (unsigned threads : {2u, 4u}) {
    SparseSpaceSolver many(bash_game(k), Limits{.max_memory_bytes = 10000});
    many.set_threads(threads, /*adaptive=*/false);
    many.extend_to(kPastTheFirstHeaps);
    EXPECT_THROW(many.extend_to(2000), ResourceError);
    EXPECT_EQ(many.size(), 256u);
    EXPECT_EQ(many.value_bytes(), 1);
    for (std::uint64_t n = 0; n < many.size(); ++n) ASSERT_EQ(many.at(n), n);
    EXPECT_THROW(many.extend_to(300), ResourceError);  // the same refusal again, no hang
    EXPECT_EQ(many.size(), 256u);
  }
}

TEST(SparseSpaceThreads, InterruptedFromAnotherThreadThenResumed) {
  // Ctrl-C: a signal handler sets a flag; the run stops at its next safe point with the values
  // so far saved, and the same call continues from them.
  const auto game = parse_game("0.354");
  const std::uint64_t to = 20000;
  const std::vector<Value> truth = one_thread(*game->traits().take_break, to);
  test::TempFile file;
  SequenceRunOptions options;
  options.period.threads = 3;
  options.period.max_values = 0;  // no period checks: the engine runs to the end
  options.period.cache_directory.reset();
  std::atomic<bool> interrupted{false};
  std::atomic<bool> started{false};
  options.interrupted = &interrupted;
  options.progress = [&](std::uint64_t, std::uint64_t, std::size_t) { started.store(true); };
  {
    std::jthread ctrl_c([&](std::stop_token stop) {
      while (!started.load() && !stop.stop_requested()) std::this_thread::yield();
      interrupted.store(true);
    });
    EXPECT_THROW(write_sequence_file(game, file.path(), to * 100, options), Interrupted);
  }
  std::uint64_t saved = 0;
  {
    const auto partial = SequenceFile::open(file.path());
    EXPECT_FALSE(partial->complete());
    saved = partial->count();
    ASSERT_GT(saved, 0u);
    ASSERT_LT(saved, to * 100);
    for (std::uint64_t n = 0; n < std::min(saved, to + 1); ++n) {
      ASSERT_EQ(partial->at(n), truth[n]) << "saved g(" << n << ")";
    }
  }
  interrupted.store(false);
  const SequenceRunResult resumed =
      write_sequence_file(game, file.path(), std::max(saved, to), options);
  EXPECT_EQ(resumed.resumed_at, saved);
  const auto done = SequenceFile::open(file.path());
  ASSERT_TRUE(done->complete());
  ASSERT_GE(done->count(), to + 1);
  for (std::uint64_t n = 0; n <= to; ++n) ASSERT_EQ(done->at(n), truth[n]) << "g(" << n << ")";
}

}  // namespace
}  // namespace grundy
