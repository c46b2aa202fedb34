#pragma once
/// \file The division recursion g(0) = 0, g(n) = mex { g(floor(n/k)) : k in D } (n >= 1) for a
/// set D of divisors k >= 2, computed as steps (maximal runs of equal values), not value by value.
///
/// Why steps suffice: g(n) depends only on which steps the points floor(n/k) fall in, and
/// floor(n/k) stays in the step [s, e] while n < k·(e+1). So from n the values are constant up to
/// the least k·(e_k + 1) over k in D (e_k: the end of the step holding floor(n/k)); the next point
/// to look at is that one. Values of the division games grow slowly and change rarely (div(2..6):
/// 68 steps up to 10^18), so g(10^18) takes microseconds.

#include <cstdint>
#include <vector>

#include "grundy/core/value.hpp"

namespace grundy {

class DivisionSteps {
 public:
  /// A maximal run of n with the same g(n): n >= start, up to the next step's start.
  struct Step {
    std::uint64_t start;
    Value value;
  };

  /// `divisors`: distinct, increasing, each at least 2.
  explicit DivisionSteps(std::vector<std::uint64_t> divisors);

  /// g(n), the steps extended to n first when they do not reach it. Throws Error when the values
  /// change more than `kMaxSteps` times below n (no theorem bounds the number of steps).
  Value value(std::uint64_t n);
  /// The steps of g(0..n): starts increasing from 0; the last one holds up to n at least.
  const std::vector<Step>& steps_to(std::uint64_t n);

  static constexpr std::size_t kMaxSteps = 1'000'000;

 private:
  /// The index of the step holding m <= known_.
  std::size_t step_of(std::uint64_t m) const;

  std::vector<std::uint64_t> divisors_;
  std::vector<Step> steps_{{0, 0}};
  std::uint64_t known_ = 0;  // g(0..known_) are in steps_
};

}  // namespace grundy
