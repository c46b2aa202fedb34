#pragma once
/// \file Sets of nimbers as the component search asks about them (Beling and Rogalski, "On
/// pruning search trees of impartial games", Artificial Intelligence 283, 2020): the values a
/// question is about (ValueSet, a bit per value below 64), and what a position's value can still
/// be while its options are looked at one by one (Candidates). docs/theory/component-search.md
/// proves the rules these follow.

#include <bit>
#include <cstddef>
#include <cstdint>

#include "grundy/core/value.hpp"

namespace grundy {

/// A set of values below 64, value v its bit v.
struct ValueSet {
  std::uint64_t bits = 0;

  static constexpr std::size_t kLimit = 64;

  static ValueSet all() noexcept { return {~std::uint64_t{0}}; }
  static ValueSet single(Value v) noexcept {
    return {v < kLimit ? std::uint64_t{1} << v : std::uint64_t{0}};
  }
  /// {0, 1, ..., n - 1} (n <= 64).
  static ValueSet below(std::size_t n) noexcept {
    return {n >= kLimit ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1};
  }

  bool empty() const noexcept { return bits == 0; }
  bool contains(Value v) const noexcept { return v < kLimit && ((bits >> v) & 1U) != 0; }
  Value least() const noexcept { return static_cast<Value>(std::countr_zero(bits)); }
  Value largest() const noexcept { return static_cast<Value>(63 - std::countl_zero(bits)); }
  /// {0, ..., largest()}: the values a question about this set cares about at all.
  ValueSet up_to_largest() const noexcept {
    return empty() ? ValueSet{} : below(static_cast<std::size_t>(largest()) + 1);
  }
  /// {v xor x : v in this set}, when every such value stays below 64 (x < 64).
  ValueSet xored(Value x) const noexcept {
    if (x == 0) return *this;
    ValueSet out;
    for (std::uint64_t b = bits; b != 0; b &= b - 1) {
      out.bits |= std::uint64_t{1} << (static_cast<Value>(std::countr_zero(b)) ^ x);
    }
    return out;
  }

  friend ValueSet operator&(ValueSet a, ValueSet b) noexcept { return {a.bits & b.bits}; }
  friend ValueSet operator|(ValueSet a, ValueSet b) noexcept { return {a.bits | b.bits}; }
  friend ValueSet operator-(ValueSet a, ValueSet b) noexcept { return {a.bits & ~b.bits}; }
  friend bool operator==(ValueSet, ValueSet) = default;
};

/// What the value of a position with n options can still be: at first {0, ..., n} (a mex of n
/// values is at most n). Each option looked at takes exactly one value out: its own value when
/// that is still a candidate, else the largest candidate. The true value g is never taken out
/// below the largest value a question cares about, and after all n options one candidate is
/// left, g when it is at most that largest value (docs/theory/component-search.md).
/// Candidates of 64 and more are only counted: questions are about values below 64.
class Candidates {
 public:
  explicit Candidates(std::size_t options) noexcept
      : low_(ValueSet::below(options + 1)),
        high_(options + 1 > ValueSet::kLimit ? options + 1 - ValueSet::kLimit : 0) {}

  /// The candidates below 64.
  ValueSet low() const noexcept { return low_; }
  /// The candidates below 64 but the largest candidate (when that is below 64).
  ValueSet low_but_largest() const noexcept {
    if (high_ != 0 || low_.empty()) return low_;
    return {low_.bits & ~(std::uint64_t{1} << low_.largest())};
  }
  /// Takes out `v` when it is a candidate, else the largest candidate.
  void take(Value v) noexcept {
    if (low_.contains(v)) {
      low_.bits &= ~(std::uint64_t{1} << v);
    } else {
      take_largest();
    }
  }
  void take_largest() noexcept {
    if (high_ != 0) {
      --high_;
    } else if (!low_.empty()) {
      low_.bits &= ~(std::uint64_t{1} << low_.largest());
    }
  }
  /// The least candidate below 64; low() must not be empty.
  Value least() const noexcept { return low_.least(); }

 private:
  ValueSet low_;
  std::size_t high_;
};

}  // namespace grundy
