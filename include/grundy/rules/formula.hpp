#pragma once
/// \file Closed forms as expressions of a position's coordinates: g(n) of a heap n, or g(x, y) of
/// two coordinates (points x,y; sheets WxH; or the two numbers a,b of a family of lists), or, as
/// 1 or 0, whether the position is a P-position. A family states the closed form its theorem
/// gives (Game::closed_form); the analysis fits forms on computed values
/// (analysis/closed_form.hpp); engine/formula_code.hpp writes one for a person and as a C++ or
/// Python function.
/// All three share one meaning: the value computed here, exact arithmetic on whole numbers below
/// 2^64, undefined where that leaves them (a difference below 0, a table's end passed).

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/value.hpp"

namespace grundy {

class Formula {
 public:
  enum class Op : std::uint8_t {
    x,             ///< the heap n, or the first coordinate
    y,             ///< the second coordinate
    constant,      ///< a whole number
    add,           ///< a + b
    subtract,      ///< a - b, defined for a >= b
    multiply,      ///< a·b
    floor_div,     ///< floor(a / b), b > 0
    ceil_div,      ///< ceil(a / b), b > 0
    mod,           ///< a mod b, b > 0
    bit_xor,       ///< a xor b: nim-addition
    bit_and,       ///< a & b
    min,           ///< min(a, b)
    max,           ///< max(a, b)
    abs_diff,      ///< |a - b|
    less,          ///< 1 when a < b, else 0
    equal,         ///< 1 when a == b, else 0
    select,        ///< b when a != 0, else c
    popcount,      ///< the number of binary ones of a
    lowbit,        ///< the largest power of 2 dividing a (2^v2(a), the ruler function); 0 for 0
    bit_width,     ///< the number of binary digits of a; 0 for 0
    nim_product,   ///< a (x) b, the product of the nimbers (core/nimber.hpp)
    golden_floor,  ///< floor(a·φ), φ = (1 + √5)/2, for a <= 2^63 (Wythoff's a_k)
    table,         ///< T[a], defined for a below the table's length
    periodic,      ///< T[a] for a < i, else Q[(a - i) mod p] + s·floor((a - i)/p)
    runs,          ///< the value of the run holding a: V[j] for the last start S[j] <= a
    member,        ///< 1 when a is one of the numbers S, else 0
  };

  /// The constant 0.
  Formula();

  static Formula x();
  static Formula y();
  static Formula constant(Value c);
  /// An operation of one, two or three arguments (select), as listed in Op.
  static Formula apply(Op op, std::vector<Formula> args);
  /// T[arg].
  static Formula table(std::vector<Value> values, Formula arg);
  /// g(arg) of an (arithmetic-)periodic sequence: `values` holds g(0..i+p-1), the preperiod i
  /// then one period p; `saltus` is s in g(a + p) = g(a) + s for a >= i.
  static Formula periodic(std::vector<Value> values, std::uint64_t preperiod, Value saltus,
                          Formula arg);
  /// The value of the run holding arg: `starts` increase from 0, `values[j]` holds from starts[j]
  /// to the next start.
  static Formula runs(std::vector<std::uint64_t> starts, std::vector<Value> values, Formula arg);
  /// 1 when arg is one of `set` (increasing), else 0.
  static Formula member(std::vector<std::uint64_t> set, Formula arg);

  Op op() const noexcept { return node_->op; }
  /// The constant of Op::constant.
  Value constant_value() const noexcept { return node_->constant; }
  const std::vector<Formula>& args() const noexcept { return node_->args; }
  /// table: T; periodic: g(0..i+p-1); runs: the run values.
  const std::vector<Value>& values() const noexcept { return node_->values; }
  /// runs: the starts; member: the set.
  const std::vector<std::uint64_t>& starts() const noexcept { return node_->starts; }
  /// periodic: i, p and s.
  std::uint64_t preperiod() const noexcept { return node_->preperiod; }
  std::uint64_t period() const noexcept { return node_->values.size() - node_->preperiod; }
  Value saltus() const noexcept { return node_->saltus; }

  /// The value at (x, y) (y is 0 for a heap), or nothing where the expression is undefined: a
  /// difference below 0, a result past 2^64-1, a division by 0, a table's end passed, φ·a for
  /// a > 2^63.
  std::optional<Value> at(std::uint64_t x, std::uint64_t y = 0) const;

  /// Whether the expression reads x, and y (a formula of two coordinates).
  bool uses_x() const { return uses(Op::x); }
  bool uses_y() const { return uses(Op::y); }
  /// This formula with `arg` in place of x: F(arg), a form of one number applied to another
  /// expression (F(x xor y), or a tartan's factor of y).
  Formula of(const Formula& arg) const;

  friend bool operator==(const Formula& a, const Formula& b);

 private:
  struct Node {
    Op op = Op::constant;
    Value constant = 0;
    std::vector<Formula> args{};
    std::vector<Value> values{};
    std::vector<std::uint64_t> starts{};
    std::uint64_t preperiod = 0;
    Value saltus = 0;
  };
  explicit Formula(std::shared_ptr<const Node> node) : node_(std::move(node)) {}
  bool uses(Op variable) const;

  std::shared_ptr<const Node> node_;
};

/// A closed form: g at every position a formula takes, or (`p_positions`) 1 at the P-positions
/// and 0 elsewhere; what kind of form it is; and the theorem that proves it, or nothing when it is
/// only what computed values show.
struct ClosedForm {
  Formula formula{};
  bool p_positions = false;
  /// The kind, for a person and for JSON: "n mod p", "periodic", "ruler", "x xor y", ...
  /// (docs/cli.md lists them).
  std::string kind{};
  /// The theorem, in one sentence with its source; empty when observed only.
  std::string proof{};

  bool proven() const noexcept { return !proof.empty(); }
};

}  // namespace grundy
