// The sparse-space engine against the plain dense algorithm (the reference).
#include "grundy/analysis/sparse_space.hpp"

#include <gtest/gtest.h>

#include <string>

#include "grundy/solve/dense_solver.hpp"
#include "grundy/spec/parser.hpp"
#include "sanitizer_build.hpp"

namespace grundy {
namespace {

void expect_same_as_dense(const std::string& spec, std::uint64_t to, unsigned threads = 1) {
  const auto game = parse_game(spec);
  SparseSpaceSolver sparse(*game->traits().take_break, Limits{});
  sparse.set_threads(threads, /*adaptive=*/false);
  DenseSolver dense(*game, Limits{});
  sparse.extend_to(to);
  dense.extend_to(to);
  ASSERT_EQ(sparse.size(), to + 1);
  for (std::uint64_t n = 0; n <= to; ++n) {
    ASSERT_EQ(sparse.at(n), dense.values()[n])
        << spec << " at " << n << ", " << threads << " threads";
  }
}

TEST(SparseSpace, EveryOctalCodeUpToThreeDigits) {
  // 0.d1d2d3 and 4.d1d2d3 for every octal digit: 1024 codes to n = 2000 (1000 under the
  // sanitizers: the dense reference is quadratic).
  const std::uint64_t to = grundy_test::full_or_sanitized(2000, 1000);
  for (int lead : {0, 4}) {
    for (int code = 0; code < 512; ++code) {
      std::string spec = std::to_string(lead) + ".";
      spec += static_cast<char>('0' + code / 64);
      spec += static_cast<char>('0' + code / 8 % 8);
      spec += static_cast<char>('0' + code % 8);
      expect_same_as_dense(spec, to);
      if (HasFatalFailure()) return;
      // Threads set options aside and add them later: every path of that, on every code.
      expect_same_as_dense(spec, to, 3);
      if (HasFatalFailure()) return;
    }
  }
}

TEST(SparseSpace, GrundysGame) {
  expect_same_as_dense("grundy", 5000);
  expect_same_as_dense("grundy", 5000, 2);
}

/// The same values whatever the thread count, far out (wider values, new masks, long rare lists).
void expect_same_with_threads(const std::string& spec, std::uint64_t to) {
  const auto game = parse_game(spec);
  SparseSpaceSolver one(*game->traits().take_break, Limits{});
  one.extend_to(to);
  for (unsigned threads : {2u, 4u}) {
    SparseSpaceSolver many(*game->traits().take_break, Limits{});
    many.set_threads(threads, /*adaptive=*/false);
    many.extend_to(to);
    ASSERT_EQ(many.size(), one.size());
    EXPECT_EQ(many.value_bytes(), one.value_bytes());
    EXPECT_EQ(many.rare_count(), one.rare_count());
    for (std::uint64_t n = 0; n <= to; ++n) {
      ASSERT_EQ(many.at(n), one.at(n)) << spec << " at " << n << ", " << threads << " threads";
    }
  }
}

TEST(SparseSpace, ThreadsGiveTheSameValues) {
  using grundy_test::full_or_sanitized;
  expect_same_with_threads("grundy", full_or_sanitized(200000, 50000));
  // Values above 255 from g(10344) = 256 on: two bytes each.
  expect_same_with_threads("0.6", full_or_sanitized(100000, 30000));
  expect_same_with_threads("0.354", full_or_sanitized(100000, 25000));
  expect_same_with_threads("4.0", full_or_sanitized(50000, 12500));
}

TEST(SparseSpace, HexadecimalCodesWithoutThreeHeaps) {
  // Digits without bit 8 (0-7): the codes an octal game could also spell.
  for (const char* spec : {"hex(0.7)", "hex(4.3)", "hex(0.57)", "hex(0.167)", "hex(4.0)"}) {
    expect_same_as_dense(spec, 1500);
  }
}

TEST(SparseSpace, GrowsInStepsAndWidens) {
  // allbut-like growth is impossible for codes, but 4.0 (split only) and 0.6 give long runs;
  // extending in small steps must give the same values as one big step.
  const auto game = parse_game("0.6");
  SparseSpaceSolver steps(*game->traits().take_break, Limits{});
  for (std::uint64_t n = 0; n <= 3000; n += 37) steps.extend_to(n);
  SparseSpaceSolver once(*game->traits().take_break, Limits{});
  once.extend_to(steps.size() - 1);
  for (std::uint64_t n = 0; n < steps.size(); ++n) ASSERT_EQ(steps.at(n), once.at(n)) << n;
  EXPECT_EQ(steps.value_bytes(), 1);
}

TEST(SparseSpace, RefusesThreeHeapCodesAndHugeTables) {
  EXPECT_FALSE(SparseSpaceSolver::supports(*parse_game("hex(0.8)")->traits().take_break));
  EXPECT_TRUE(SparseSpaceSolver::supports(*parse_game("0.77")->traits().take_break));
  SparseSpaceSolver small(*parse_game("0.77")->traits().take_break,
                          Limits{.max_memory_bytes = 1000});
  EXPECT_THROW(small.extend_to(5000), ResourceError);
  // A repeating code has no last digit for the scans: not served, refused by name when asked.
  const auto lasker_game = parse_game("4.(3)");  // keeps the code alive
  const TakeBreakCode& lasker = *lasker_game->traits().take_break;
  EXPECT_FALSE(SparseSpaceSolver::supports(lasker));
  EXPECT_FALSE(SparseSpaceSolver::supports(*parse_game("0.(12)")->traits().take_break));
  try {
    SparseSpaceSolver refused(lasker, Limits{});
    ADD_FAILURE() << "not refused";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("repeat"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace grundy
