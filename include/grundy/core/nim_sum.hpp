#pragma once
/// \file Nim-addition: the value of a disjunctive sum is the XOR of its components' values
/// (Sprague–Grundy theorem; Bouton 1901 for Nim).

#include <span>

#include "grundy/core/value.hpp"

namespace grundy {

constexpr Value nim_sum(Value a, Value b) noexcept {
  return a ^ b;
}

constexpr Value nim_sum(std::span<const Value> values) noexcept {
  Value s = 0;
  for (Value v : values) s ^= v;
  return s;
}

}  // namespace grundy
