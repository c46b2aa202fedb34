#pragma once
/// \file The division recursions, computed as steps (maximal runs of equal values), not value by
/// value, for a set D of divisors k:
/// - quotient (`div(D)`): g(0) = 0, g(n) = mex { g(floor(n/k)) : k in D } (n >= 1, each k >= 2);
/// - rest (`subdiv(D)`): a move takes floor(n/k) >= 1 tokens away, g(n) = mex { g(n -
///   floor(n/k)) : k in D, k <= n } (each k >= 1; k = 1 takes the whole heap).
///
/// Why steps suffice: each option is q_k(n), a non-decreasing function of n below n, so g(n)
/// depends only on which steps the points q_k(n) fall in (and, for rest, on which k <= n). A point
/// stays in its step [s, e] while q_k(n) <= e: for the quotient while n < k·(e+1), for the rest
/// while n <= floor(e·k/(k-1)) (n - floor(n/k) = ceil(n·(k-1)/k) <= e). So from n the values are
/// constant up to the least such bound over k in D, and nothing between is looked at. Values of
/// the division games grow slowly and change rarely (div(2..6): 68 steps up to 10^18), so
/// g(10^18) takes microseconds.

#include <cstdint>
#include <vector>

#include "grundy/core/value.hpp"

namespace grundy {

/// What a move of a division game leaves of the heap n: floor(n/k), or n - floor(n/k).
enum class DivisionLeave : std::uint8_t { quotient, rest };

class DivisionSteps {
 public:
  /// A maximal run of n with the same g(n): n >= start, up to the next step's start.
  struct Step {
    std::uint64_t start;
    Value value;
  };

  /// `divisors`: distinct, increasing, each at least 2 (at least 1 for the rest).
  explicit DivisionSteps(std::vector<std::uint64_t> divisors,
                         DivisionLeave leave = DivisionLeave::quotient);

  /// g(n), the steps extended to n first when they do not reach it. Throws Error when the values
  /// change more than `kMaxSteps` times below n (no theorem bounds the number of steps).
  Value value(std::uint64_t n);
  /// The steps of g(0..n): starts increasing from 0; the last one holds up to n at least. Throws
  /// Error when there are more than `most` (at most kMaxSteps) below n.
  const std::vector<Step>& steps_to(std::uint64_t n, std::size_t most = kMaxSteps);

  static constexpr std::size_t kMaxSteps = 1'000'000;

 private:
  /// The index of the step holding m <= known_.
  std::size_t step_of(std::uint64_t m) const;

  std::vector<std::uint64_t> divisors_;
  DivisionLeave leave_;
  std::vector<Step> steps_{{0, 0}};
  std::uint64_t known_ = 0;  // g(0..known_) are in steps_
};

}  // namespace grundy
