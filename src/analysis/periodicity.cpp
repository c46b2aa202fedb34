#include "grundy/analysis/periodicity.hpp"

namespace grundy {

Value Periodicity::value_at(std::uint64_t n) const {
  if (n < values.size()) return values[n];
  const std::uint64_t cycles = (n - preperiod) / period;
  const std::uint64_t phase = (n - preperiod) % period;
  return values[preperiod + phase] + cycles * saltus;
}

}  // namespace grundy
