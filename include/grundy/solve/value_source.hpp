#pragma once
/// \file Where a solver gets a component's Grundy value: a table, a memo, a formula, or (wired in
/// by the faces) a proven period. The sum solver sees only this interface.

#include "grundy/core/value.hpp"

namespace grundy {

class ValueSource {
 public:
  virtual ~ValueSource() = default;
  /// The Grundy value of `p`; throws Error (e.g. ResourceError) when it cannot be had.
  virtual Value value(const Position& p) = 0;
};

}  // namespace grundy
