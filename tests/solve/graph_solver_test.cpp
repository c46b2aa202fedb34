#include "grundy/solve/graph_solver.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>

#include "grundy/core/error.hpp"
#include "grundy/spec/parser.hpp"
#include "temp_file.hpp"

namespace grundy {
namespace {

TEST(GraphSolver, ValuesOfTheTestDag) {
  GraphGame g(std::string(GRUNDY_TEST_DATA) + "/dag.txt");
  const auto values = solve_acyclic_graph(g);
  auto value_of = [&](const char* name) { return values.at(parse_position(g, name).x); };
  EXPECT_EQ(value_of("e"), 0u);
  EXPECT_EQ(value_of("d"), 1u);
  EXPECT_EQ(value_of("c"), 2u);
  EXPECT_EQ(value_of("b"), 0u);
  EXPECT_EQ(value_of("a"), 3u);
  EXPECT_EQ(value_of("f"), 0u);
  EXPECT_EQ(value_of("lonely"), 0u);
  EXPECT_EQ(value_of("x_1.y-2"), 1u);
}

TEST(GraphSolver, CycleIsRefusedPlainly) {
  const test::TempFile file("s a\na b\nb c\nc a\n");
  GraphGame g(file.path());
  try {
    solve_acyclic_graph(g);
    FAIL();
  } catch (const Error& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("cycle"), std::string::npos);
    EXPECT_NE(m.find("loopy"), std::string::npos);
  }
}

TEST(GraphSolver, LongChainIsLinear) {
  // 200000 vertices in a path: values alternate 0 1 0 1 ... from the end.
  std::string chain;
  for (int i = 0; i + 1 < 200000; ++i)
    chain += "v" + std::to_string(i) + " v" + std::to_string(i + 1) + "\n";
  const test::TempFile file(chain);
  GraphGame g(file.path());
  const auto values = solve_acyclic_graph(g);
  EXPECT_EQ(values.at(parse_position(g, "v0").x), 1u);  // 199999 moves to the end: odd
  EXPECT_EQ(values.at(parse_position(g, "v199999").x), 0u);
}

}  // namespace
}  // namespace grundy
