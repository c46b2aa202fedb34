#include "grundy/solve/work_budget.hpp"

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"

namespace grundy {

std::string about_steps(std::uint64_t steps) {
  if (steps == kSaturated) return "more than 1.8*10^19";
  int exponent = 0;
  std::uint64_t mantissa = steps;
  while (mantissa >= 10) {
    mantissa /= 10;
    ++exponent;
  }
  return std::to_string(mantissa) + "*10^" + std::to_string(exponent);
}

void require_work(std::uint64_t steps, std::uint64_t limit, std::string_view what) {
  if (steps <= limit) return;
  throw ResourceError(std::string(what) + " needs about " + about_steps(steps) +
                      " steps to fill, above the limit of " + about_steps(limit) +
                      " (about a minute of work)");
}

}  // namespace grundy
