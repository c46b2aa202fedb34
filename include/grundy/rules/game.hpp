#pragma once
/// \file The one interface every game family implements: positions, their text form, options.

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "grundy/core/scanner.hpp"
#include "grundy/core/value.hpp"
#include "grundy/rules/game_traits.hpp"

namespace grundy {

struct ClosedForm;

/// Receives the options of a position one at a time. An option is a list of component positions
/// of the same game whose values XOR (a take-and-break move can leave several heaps); an empty
/// list means the move leaves nothing. Families give the parts in non-decreasing order and never
/// give the same option twice.
class OptionVisitor {
 public:
  virtual void option(std::span<const Position> parts) = 0;

 protected:
  ~OptionVisitor() = default;
};

/// Adapts a callable `void(std::span<const Position>)` to an OptionVisitor.
template <class F>
class OptionFunction final : public OptionVisitor {
 public:
  explicit OptionFunction(F f) : f_(std::move(f)) {}
  void option(std::span<const Position> parts) override { f_(parts); }

 private:
  F f_;
};

/// A count of options too large for 64 bits: formula_options_with_value returns it for "2^64-1 or
/// more".
inline constexpr std::uint64_t kTooManyToCount = ~std::uint64_t{0};
/// What formula_options_with_value returns when it gave options but did not count them all (a
/// theorem finds the moves, but there are too many to enumerate for their count).
inline constexpr std::uint64_t kNotCounted = kTooManyToCount - 1;

/// A maximal run of equal Grundy values of a heap game: g(n) = value for from <= n <= to.
struct ValueRun {
  std::uint64_t from = 0;
  std::uint64_t to = 0;
  Value value = 0;
  friend bool operator==(const ValueRun&, const ValueRun&) = default;
};

/// An impartial game: a family with its parameters bound (`sub(1,3,4)`, `0.77`, `graph(g.txt)`).
/// Rules only describe the game; solving lives in the solve layer.
class Game {
 public:
  explicit Game(std::string name) : name_(std::move(name)) {}
  virtual ~Game() = default;
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  /// The canonical spec of the game: aliases and ranges expanded (`kayles` -> `0.77`).
  const std::string& name() const noexcept { return name_; }

  /// Reads a position from `in` (without surrounding spaces); throws SpecError on bad text.
  /// The caller checks that nothing follows.
  virtual Position parse_position(Scanner& in) const = 0;
  virtual std::string format_position(const Position& p) const = 0;

  /// Every option of `p`, each exactly once: the moves as a person makes them (listed, counted,
  /// played).
  virtual void options(const Position& p, OptionVisitor& visit) const = 0;
  /// The options an exhaustive search over positions may expand instead, below the position it
  /// was asked about: the same games up to isomorphism, perhaps fewer and smaller (Node-Kayles:
  /// one move per automorphism orbit, what it leaves split into canonical components), never
  /// listed to a person. By default options().
  virtual void search_options(const Position& p, OptionVisitor& visit) const { options(p, visit); }

  /// What the family states about itself (game_traits.hpp): the solvers read this, never the
  /// family's name or type.
  const GameTraits& traits() const noexcept { return traits_; }
  /// Positions are single integers x (y is 0): heap sizes, numbers.
  bool integer_positions() const noexcept { return traits_.integer_positions(); }

  /// The value of `p` by a formula (Nim: the heap size), or nothing when the family has none.
  virtual std::optional<Value> formula_value(const Position&) const { return std::nullopt; }
  /// For families with a formula: the options of `p` whose value is `target`, without enumerating
  /// every option. Gives at most `limit` of them to `visit` and returns how many there are in
  /// all (kTooManyToCount when that is 2^64-1 or more); nothing when the family has no such
  /// formula for this position and target.
  virtual std::optional<std::uint64_t> formula_options_with_value(const Position& p, Value target,
                                                                  std::size_t limit,
                                                                  OptionVisitor& visit) const {
    (void)p, (void)target, (void)limit, (void)visit;
    return std::nullopt;
  }
  /// For families with a theorem that tells P-positions without knowing Grundy values (Wythoff's
  /// game): whether `p` is a P-position; nothing when the family has none. Such a family also
  /// answers formula_options_with_value(p, 0, ...), the moves to P-positions, for every p.
  virtual std::optional<bool> formula_is_p_position(const Position&) const { return std::nullopt; }
  /// For heap families whose values come as runs (division games): the maximal runs of g over
  /// heaps from..to, in order, the first and last cut to the range; nothing when the family has
  /// no such formula (the runs are then found value by value).
  virtual std::optional<std::vector<ValueRun>> formula_runs(std::uint64_t from,
                                                            std::uint64_t to) const {
    (void)from, (void)to;
    return std::nullopt;
  }
  /// The closed form a theorem gives for the family (rules/formula.hpp): g, or which positions
  /// are P-positions, as a formula of a heap n, or of two coordinates x, y as `grundy table` reads
  /// them (a point x,y; a sheet xXy; the two numbers x,y of a family of lists, whose other
  /// positions the formula does not cover); nothing when the family states none. May throw
  /// ResourceError when a table the form holds is too large to compute.
  virtual std::optional<ClosedForm> closed_form() const;
  /// Up to `count` small positions, smallest first: for tests, demos and tables.
  virtual std::vector<Position> sample_positions(std::size_t count) const = 0;

  /// The move from `p` to its option `to` in the family's own notation for a person, when it has
  /// one (a board's cells: `b2-b3`); empty when a move is named by what it leaves.
  virtual std::string move_name(const Position& p, std::span<const Position> to) const {
    (void)p, (void)to;
    return {};
  }
  /// A picture of `p` for a person (a board with its coordinates), lines ending in '\n'; empty
  /// when the family has none.
  virtual std::string drawing(const Position& p) const {
    (void)p;
    return {};
  }

 protected:
  /// A family states its traits once, in its constructor.
  void set_traits(const GameTraits& traits) noexcept { traits_ = traits; }

 private:
  std::string name_;
  GameTraits traits_;
};

/// Calls `f(parts)` for every option of `p`.
template <class F>
void for_each_option(const Game& game, const Position& p, F&& f) {
  OptionFunction<std::decay_t<F>> visitor(std::forward<F>(f));
  game.options(p, visitor);
}

/// Reads a heap size 0..2^63-1 (shared by every integer-position family).
Position parse_heap_position(Scanner& in);

/// Reads a point `x,y` (spaces allowed around the comma), each coordinate 0..2^63-1; `x_name` and
/// `y_name` name the coordinates in errors.
Position parse_point_position(Scanner& in, std::string_view x_name, std::string_view y_name);

/// `x,y`.
std::string format_point_position(const Position& p);

/// The first `count` points (x, y) by increasing x + y, then x: samples for point games.
std::vector<Position> diagonal_points(std::size_t count);

/// Gives `visit` the option made of the single part `q`.
inline void visit_single(const Position& q, OptionVisitor& visit) {
  visit.option(std::span<const Position>(&q, 1));
}

}  // namespace grundy
