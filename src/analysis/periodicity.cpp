#include "grundy/analysis/periodicity.hpp"

#include <string>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"

namespace grundy {

Value Periodicity::value_at(std::uint64_t n) const {
  if (n < values.size()) return values[n];
  const std::uint64_t cycles = (n - preperiod) / period;
  const std::uint64_t phase = (n - preperiod) % period;
  if (saltus == 0) return values[preperiod + phase];
  // 2^64-1 stands for an infinite value (loopy games): a finite value must stay below it.
  const auto shift = checked_mul(cycles, saltus);
  const auto value = shift ? checked_add(values[preperiod + phase], *shift) : std::nullopt;
  if (!value || *value == kSaturated) {
    throw Error("g(" + std::to_string(n) + ") is " + std::to_string(values[preperiod + phase]) +
                " + " + std::to_string(cycles) + "*" + std::to_string(saltus) +
                " by the period, more than the largest value, 2^64-2");
  }
  return *value;
}

}  // namespace grundy
