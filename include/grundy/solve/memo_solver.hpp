#pragma once
/// \file Grundy values of any game by memoised search over its positions, with an explicit stack
/// instead of recursion: a chain of 10^7 positions needs no deeper call stack than one.

#include <cstdint>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "grundy/core/limits.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/solve/value_source.hpp"

namespace grundy {

class MemoSolver final : public ValueSource {
 public:
  /// `game` must outlive the solver.
  MemoSolver(const Game& game, Limits limits);

  /// The value of `p`, solving every position it reaches that is not known yet. Throws Error when
  /// the game has a cycle among those positions, ResourceError when the memo would pass the
  /// memory limit; after any exception (the game's own included) the solver is still usable.
  Value value(const Position& p) override;

  /// Positions whose value is stored.
  std::size_t size() const noexcept { return memo_.size(); }

  /// Approximate bytes one stored position takes (node, bucket, hash).
  static constexpr std::uint64_t kBytesPerEntry = 64;

 private:
  const Value* known(const Position& p);
  Value search(const Position& root);

  const Game& game_;
  Limits limits_;
  std::unordered_map<Position, Value, PositionHash> memo_;
  std::unordered_set<Position, PositionHash> expanding_;  // positions whose parts are on the stack
  std::vector<Position> stack_;
  std::vector<Value> scratch_;
  MexSet mex_;
  Value formula_scratch_ = 0;
};

}  // namespace grundy
