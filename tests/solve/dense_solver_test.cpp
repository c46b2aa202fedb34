#include "grundy/solve/dense_solver.hpp"

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace grundy
