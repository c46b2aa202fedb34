#pragma once
// The specs the family-wide tests run on: every example of every registered family, and (when
// asked) a graph game from tests/data, which needs a file.

#include <string>
#include <vector>

#include "grundy/rules/registry.hpp"

namespace grundy::test {

enum class WithGraph { no, yes };

inline std::vector<std::string> family_example_specs(WithGraph graph = WithGraph::yes) {
  std::vector<std::string> specs;
  for (const Family* f : Registry::instance().families()) {
    for (const std::string& e : f->examples) specs.push_back(e);
  }
  if (graph == WithGraph::yes) {
    specs.push_back(std::string("graph(") + GRUNDY_TEST_DATA + "/dag.txt)");
  }
  return specs;
}

}  // namespace grundy::test
