#include "grundy/rules/families/division_steps.hpp"

#include <algorithm>
#include <iterator>
#include <string>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/mex.hpp"

namespace grundy {

DivisionSteps::DivisionSteps(std::vector<std::uint64_t> divisors, DivisionLeave leave)
    : divisors_(std::move(divisors)), leave_(leave) {}

std::size_t DivisionSteps::step_of(std::uint64_t m) const {
  const auto after = std::upper_bound(steps_.begin(), steps_.end(), m,
                                      [](std::uint64_t v, const Step& s) { return v < s.start; });
  return static_cast<std::size_t>(std::prev(after) - steps_.begin());
}

const std::vector<DivisionSteps::Step>& DivisionSteps::steps_to(std::uint64_t n, std::size_t most) {
  most = std::min(most, kMaxSteps);
  MexSet reached;
  // known_ < n: g(known_ + 1) is the first value not known.
  std::uint64_t m = known_ + 1;
  while (known_ < n) {
    // The mex of one value per divisor is at most their count: larger values need no mark.
    reached.reset(divisors_.size() + 1);
    // The values are constant from m up to (not including) the first point where some option
    // leaves its step, or (rest) a divisor k > m starts to allow a move; the last step is taken
    // to end at m - 1, all that is known.
    uint128 next = ~uint128{0};
    for (const std::uint64_t k : divisors_) {
      if (leave_ == DivisionLeave::rest && k > m) {
        next = std::min(next, uint128{k});
        continue;
      }
      const std::uint64_t q = leave_ == DivisionLeave::quotient ? m / k : m - m / k;
      const std::size_t j = step_of(q);
      reached.mark(steps_[j].value);
      const std::uint64_t end = j + 1 < steps_.size() ? steps_[j + 1].start - 1 : m - 1;
      if (leave_ == DivisionLeave::quotient) {
        next = std::min(next, uint128{k} * (uint128{end} + 1));
      } else if (k > 1) {
        // The last n with n - floor(n/k) <= end is floor(end·k/(k-1)); k = 1 always leaves 0.
        next = std::min(next, uint128{end} * k / (k - 1) + 1);
      }
    }
    const Value g = reached.mex();
    if (g != steps_.back().value) {
      if (steps_.size() >= most) {
        throw Error("the values of this division game change more than " + std::to_string(most) +
                    " times below " + std::to_string(n) + "; not supported");
      }
      steps_.push_back(Step{m, g});
    }
    // g(m..next-1) = g: next > m always (each option of m lies in its step, and a divisor that
    // allows no move yet is above m).
    const uint128 last = next - 1;
    known_ = last >= n ? n : static_cast<std::uint64_t>(last);
    m = known_ + 1;
  }
  return steps_;
}

Value DivisionSteps::value(std::uint64_t n) {
  steps_to(n);
  return steps_[step_of(n)].value;
}

}  // namespace grundy
