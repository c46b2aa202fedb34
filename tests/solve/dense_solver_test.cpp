#include "grundy/solve/dense_solver.hpp"

#include <gtest/gtest.h>

#include <string>

#include "brute_force.hpp"
#include "grundy/core/error.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

TEST(DenseSolver, ExtendsIncrementally) {
  const auto game = parse_game("0.77");
  DenseSolver solver(*game, Limits{});
  test::BruteForce brute(*game);
  for (std::uint64_t n : {5u, 3u, 40u, 41u, 120u}) EXPECT_EQ(solver.value(n), brute.value({n, 0}));
  EXPECT_EQ(solver.size(), 121u);
}

TEST(DenseSolver, RefusesBeforeAllocating) {
  const auto game = parse_game("0.07");
  DenseSolver solver(*game, Limits{.max_memory_bytes = 1 << 20});
  EXPECT_NO_THROW(solver.extend_to(1000));
  try {
    solver.extend_to(1000000000000ULL);
    FAIL();
  } catch (const ResourceError& e) {
    EXPECT_NE(std::string(e.what()).find("1.00 MiB"), std::string::npos);
  }
  EXPECT_EQ(solver.size(), 1001u);  // nothing was lost
  EXPECT_THROW(solver.extend_to(kMaxCoordinate), ResourceError);
}

TEST(DenseSolver, TakeBreakFastPathAgreesWithGenericOptions) {
  // Octal, hexadecimal, Grundy's game: the code loop against the brute-force recursion.
  for (const char* spec :
       {"0.77", "0.137", "4.07", "hex(0.8F)", "hex(C.3)", "grundy", "0.6", "hex(8.0)"}) {
    const auto game = parse_game(spec);
    DenseSolver solver(*game, Limits{});
    test::BruteForce brute(*game);
    for (std::uint64_t n = 0; n < 45; ++n)
      EXPECT_EQ(solver.value(n), brute.value({n, 0})) << spec << " " << n;
  }
}

TEST(DenseSolver, RefusesTooMuchWorkBeforeComputing) {
  // sub(squares) to 10^9: about 3*10^4 options per heap, 3*10^13 look-ups. The memory fits
  // (4 GB under a 64 GiB limit); the work does not, and the refusal names the limit at once.
  const auto game = parse_game("sub(squares)");
  DenseSolver solver(*game, Limits{.max_memory_bytes = std::uint64_t{64} << 30});
  solver.extend_to(100);
  EXPECT_GT(solver.work_to(1000000000), DenseSolver::kMaxWork);
  try {
    solver.extend_to(1000000000);
    FAIL() << "no refusal";
  } catch (const ResourceError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("g(0..1000000000) for sub(squares)"), std::string::npos) << message;
    EXPECT_NE(message.find("steps"), std::string::npos) << message;
    EXPECT_NE(message.find("limit of 1*10^10"), std::string::npos) << message;
  }
  EXPECT_EQ(solver.size(), 101u);  // nothing was lost, nothing was added
  EXPECT_LE(solver.work_to(200000), DenseSolver::kMaxWork);
  EXPECT_NO_THROW(solver.extend_to(2000));
}

TEST(DenseSolver, TheBudgetCoversEveryExtensionTogether) {
  // Small steps (as a period search takes them) add up: the table as a whole is refused once it
  // passes the budget, though no single step does.
  const auto game = parse_game("0.77");
  DenseSolver solver(*game, Limits{});
  solver.set_max_work(100'000);
  EXPECT_LT(solver.work_to(1000), 100'000u);
  std::uint64_t n = 16;
  try {
    while (n < 1'000'000) {
      solver.extend_to(n);
      n += n / 16 + 1;
    }
    FAIL() << "no refusal up to " << n;
  } catch (const ResourceError& e) {
    EXPECT_NE(std::string(e.what()).find("limit of 1*10^5"), std::string::npos) << e.what();
  }
  EXPECT_LT(n, 3000u);
  // What was computed stays, and is right.
  test::BruteForce brute(*game);
  for (std::uint64_t m = 0; m < solver.size(); m += 97) {
    EXPECT_EQ(solver.values()[m], brute.value({m, 0}));
  }
}

TEST(DenseSolver, WorkEstimatesFollowTheFamily) {
  const Limits limits{};
  // Three-heap code: cubic. Two-heap: quadratic. Generic: options of the largest heap.
  const auto hex = parse_game("hex(0.8)");
  EXPECT_GT(DenseSolver(*hex, limits).work_to(1000000), DenseSolver::kMaxWork);
  const auto kayles = parse_game("0.77");
  EXPECT_LT(DenseSolver(*kayles, limits).work_to(10000), DenseSolver::kMaxWork);
  EXPECT_GT(DenseSolver(*kayles, limits).work_to(10000000), DenseSolver::kMaxWork);
  // Ranges and all-but sets take a few steps a value, however many elements.
  const auto range = parse_game("sub(1..1000000)");
  EXPECT_LT(DenseSolver(*range, limits).work_to(100000000), DenseSolver::kMaxWork);
  const auto all_but = parse_game("allbut(1,2)");
  EXPECT_LT(DenseSolver(*all_but, limits).work_to(100000000), DenseSolver::kMaxWork);
  const auto digits = parse_game("digits");
  EXPECT_LT(DenseSolver(*digits, limits).work_to(100000000), DenseSolver::kMaxWork);
}

TEST(DenseSolver, RepeatingCodesCostWhatTheirOptionsCost) {
  // A move may remove any number of tokens: heap m of 0.(3) has m options (quadratic in all), of
  // 0.(7) also about m^2/4 two-heap splits (cubic), of 4.(3) m + m/2 (its splits remove nothing).
  // The estimate follows the options counted here, below 4096 heaps summed heap by heap, past it
  // by the trapezoid rule.
  const Limits limits{};
  const auto linear = parse_game("0.(3)");
  const auto splits = parse_game("0.(7)");
  const auto lasker_game = parse_game("4.(3)");
  for (const std::uint64_t n :
       {std::uint64_t{1000}, std::uint64_t{3000}, std::uint64_t{50000}, std::uint64_t{200000}}) {
    const double one_heap = static_cast<double>(n) * static_cast<double>(n + 1) / 2;
    const double estimate = static_cast<double>(DenseSolver(*linear, limits).work_to(n));
    EXPECT_GT(estimate, 0.9 * one_heap) << n;
    EXPECT_LT(estimate, 1.2 * one_heap + 4 * static_cast<double>(n)) << n;
    const double with_splits = static_cast<double>(DenseSolver(*splits, limits).work_to(n));
    const double cubic = static_cast<double>(n) * static_cast<double>(n) * static_cast<double>(n);
    EXPECT_GT(with_splits, estimate + 0.5 * 0.06 * cubic / 12) << n;  // split weight 0.06
    EXPECT_LT(with_splits, estimate + 2 * 0.06 * cubic / 12 + 4 * one_heap) << n;
    const double lasker = static_cast<double>(DenseSolver(*lasker_game, limits).work_to(n));
    EXPECT_GT(lasker, estimate) << n;
    EXPECT_LT(lasker, 2 * estimate) << n;
  }
  // Past the budget: refused at once, however far (no heap-by-heap sum up to 2^62).
  DenseSolver solver(*linear, limits);
  EXPECT_GT(solver.work_to(1000000), DenseSolver::kMaxWork);
  EXPECT_GT(solver.work_to(std::uint64_t{1} << 62), DenseSolver::kMaxWork);
  try {
    solver.extend_to(1000000);
    FAIL() << "no refusal";
  } catch (const ResourceError& e) {
    EXPECT_NE(std::string(e.what()).find("steps"), std::string::npos) << e.what();
  }
  // What it computes is the brute force's.
  for (const auto& game : {splits, lasker_game}) {
    test::BruteForce brute(*game);
    DenseSolver table(*game, limits);
    for (std::uint64_t n = 0; n < 40; ++n) EXPECT_EQ(table.value(n), brute.value({n, 0})) << n;
  }
}

TEST(DenseSolver, ReportsProgressOfLongExtensions) {
  // A thousand options per value: reports come by work, not only every 2^14 values.
  std::string spec = "sub(2";
  for (int s = 4; s <= 2000; s += 2) spec += "," + std::to_string(s);
  const auto game = parse_game(spec + ")");
  DenseSolver solver(*game, Limits{});
  std::uint64_t reports = 0;
  std::uint64_t last_done = 0;
  solver.set_progress([&](std::uint64_t done, std::uint64_t total) {
    EXPECT_EQ(total, 10001u);
    EXPECT_GT(done, last_done);
    last_done = done;
    ++reports;
  });
  solver.extend_to(10000);
  EXPECT_GE(reports, 2u);
}

}  // namespace
}  // namespace grundy
