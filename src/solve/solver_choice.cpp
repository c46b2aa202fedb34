// Which solver serves which game (solver_choice.hpp).
#include "grundy/solve/solver_choice.hpp"

#include <algorithm>

#include "grundy/rules/take_break.hpp"

namespace grundy {
namespace {

ValueTable value_table_for(const GameTraits& traits) noexcept {
  switch (traits.layout) {
    case Layout::heaps:
      return ValueTable::dense;
    case Layout::grid:
      return ValueTable::grid;
    case Layout::graph:
      return ValueTable::graph;
    case Layout::components:
      return ValueTable::components;
    case Layout::general:
    case Layout::integers:
      break;
  }
  return ValueTable::memo;
}

bool sparse_space_serves(const GameTraits& traits) noexcept {
  // Its scans take the digits as a finite list: a repeating code removes any number of tokens.
  return traits.layout == Layout::heaps && traits.take_break != nullptr &&
         !traits.take_break->repeats() &&
         std::none_of(traits.take_break->digits.begin(), traits.take_break->digits.end(),
                      [](std::uint8_t d) { return (d & kLeaveThree) != 0; });
}

bool periodicity_may_apply(const GameTraits& traits) noexcept {
  return traits.layout == Layout::heaps &&
         (traits.take_break != nullptr || traits.subtraction != nullptr);
}

}  // namespace

SolverPlan solver_plan(const GameTraits& traits) noexcept {
  return SolverPlan{.table = value_table_for(traits),
                    .formula = traits.formula_values,
                    .sparse_space = sparse_space_serves(traits),
                    .periodicity = periodicity_may_apply(traits)};
}

}  // namespace grundy
