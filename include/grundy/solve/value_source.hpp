#pragma once
/// \file Where a solver gets a component's Grundy value: a table, a memo, a formula, or (wired in
/// by the faces) a proven period. The sum solver sees only this interface.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "grundy/core/value.hpp"
#include "grundy/rules/game.hpp"

namespace grundy {

/// What a value source can say about the options of one value, without the caller enumerating
/// every option.
struct OptionSearch {
  bool answered = false;               ///< false: the caller should enumerate the options itself
  std::optional<std::uint64_t> count;  ///< how many options have that value, when known
  std::string count_unknown_reason;    ///< why `count` is missing
};

/// How many options of a position have one value.
struct ValueCount {
  Value value = 0;
  std::uint64_t count = 0;
  friend bool operator==(const ValueCount&, const ValueCount&) = default;
};

class ValueSource {
 public:
  virtual ~ValueSource() = default;
  /// The Grundy value of `p`; throws Error (e.g. ResourceError) when it cannot be had. A loopy
  /// position of infinite value gives kInfiniteValue (graph_solver.hpp).
  virtual Value value(const Position& p) = 0;
  /// Announces every position about to be asked, so tables are sized (and memory checked) once.
  virtual void prepare(std::span<const Position> positions) { (void)positions; }
  /// For positions too large to enumerate: the options of `p` of value `target`, the first
  /// `limit` of them in increasing order given to `visit`.
  virtual OptionSearch options_with_value(const Position& p, Value target, std::size_t limit,
                                          OptionVisitor& visit) {
    (void)p, (void)target, (void)limit, (void)visit;
    return {};
  }
  /// For positions too large to enumerate: how many options of `p` have each value, by increasing
  /// value (values no option has are left out); nothing when the source cannot tell, and the
  /// caller should enumerate the options itself.
  virtual std::optional<std::vector<ValueCount>> option_value_counts(const Position& p) {
    (void)p;
    return std::nullopt;
  }
};

}  // namespace grundy
