#pragma once
/// \file Coin-turning games (Winning Ways ch. 14, "Turn and Turn About"; Ferguson, Game Theory,
/// part I ch. 5).
///
/// A row of coins, each heads or tails. A move turns over a set of coins whose rightmost coin
/// goes from heads to tails; which sets may be turned depends only on that rightmost coin n (the
/// moves "at n"). The player who cannot move (every coin tails) loses.
///
/// Positions as sums of single heads. A row with heads at H has value XOR of g(h), h in H, where
/// g(n) is the value of the row whose only head is n: turning a set M whose rightmost coin is n
/// takes the heads set H to H xor M (symmetric difference), and since values XOR, the option's
/// value is (XOR over H) xor g(n) xor (XOR over M minus n) -- the same as moving from the
/// component n of the sum of single heads to the sum of single heads at M minus n. The option
/// values of H and of that sum coincide, so by induction the values do (Winning Ways ch. 14).
/// So here a position is one head: `ruler:6` is coin 6 heads; a row with several heads is the
/// sum `ruler:2 + ruler:6`; and the option of a move at n lists the other coins it turns as
/// parts. A part may name a coin that is heads elsewhere in the sum: in the row that coin goes
/// back to tails, in the sum two equal components appear, and g xor g = 0 makes the values agree.
///
/// A 2-D product G1 x G2 (a tartan) plays on a board of coins (x, y): its moves at (x, y) turn
/// A x B for every move A at x in G1 and B at y in G2, the coin (x, y) going from heads to tails.
/// The Tartan theorem (Winning Ways ch. 14; Ferguson I.5.5): g(x, y) = g1(x) (x) g2(y), a nim
/// product.
///
/// Only under normal play is the row the sum of its heads. Misère play and remoteness are
/// properties of the row itself: in `ruler:2 + ruler:3`, turning coins 2 and 3 leaves no head (a
/// misère loss for the mover), while the sum of heads would still hold the component `ruler:2`
/// twice. So the search over a sum's positions (solve/misere_search.hpp) and `grundy play` take
/// every component of one coin-turning Game object as a head of one row: a coin listed an even
/// number of times is tails (turned twice, it is as it was), and the game ends when the row has
/// no move. Heads with no move of their own (coin 0 of Twins) may be left out: a move at n turns
/// a set depending on n only, so such a head never changes which moves exist.

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grundy/rules/formula.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/sum.hpp"

namespace grundy {

/// A 1-D coin-turning game; positions are single heads (Position{n, 0}: coin n).
class TurningGame : public Game {
 public:
  explicit TurningGame(std::string name) : Game(std::move(name)) {
    set_traits({.layout = Layout::integers, .formula_values = true, .rows_of_heads = true});
  }

  /// The first coin's number, 0 or 1, as Winning Ways numbers the game. Position 0 of a game
  /// numbered from 1 is the empty row: no coin, value 0, no moves.
  virtual std::uint64_t first_coin() const noexcept = 0;
  /// g(n): the value of the row whose only head is coin n.
  virtual Value coin_value(std::uint64_t n) const noexcept = 0;
  /// The number of moves at coin n, and the number of coins they turn in all (coin n included),
  /// both saturating at 2^64 - 1: the cost of enumerating the options of n.
  virtual std::uint64_t move_count(std::uint64_t n) const noexcept = 0;
  virtual std::uint64_t coins_turned(std::uint64_t n) const noexcept = 0;

  Position parse_position(Scanner& in) const override;
  std::string format_position(const Position& p) const override;
  std::optional<Value> formula_value(const Position& p) const override { return coin_value(p.x); }
  /// g(n) as a formula of the coin `coin` (n of a row, or a tartan's x or y), with its theorem.
  virtual ClosedForm coin_form(const Formula& coin) const = 0;
  std::optional<ClosedForm> closed_form() const override { return coin_form(Formula::x()); }
  std::vector<Position> sample_positions(std::size_t count) const override;
};

/// The 2-D product game of two 1-D coin-turning games; positions are single heads (x, y),
/// written `x,y`, x a coin of the first game and y of the second.
class TartanGame final : public Game {
 public:
  TartanGame(std::shared_ptr<const TurningGame> first, std::shared_ptr<const TurningGame> second);

  const TurningGame& first() const noexcept { return *first_; }
  const TurningGame& second() const noexcept { return *second_; }

  Position parse_position(Scanner& in) const override;
  std::string format_position(const Position& p) const override;
  void options(const Position& p, OptionVisitor& visit) const override;
  /// The Tartan theorem: g1(x) (x) g2(y).
  std::optional<Value> formula_value(const Position& p) const override;
  /// The same as a formula of x and y, the factors' own forms in it.
  std::optional<ClosedForm> closed_form() const override;
  /// Nothing (so a solver enumerates the options) while that takes at most 2^24 coin turns;
  /// beyond that, an Error: the winning moves of so large a position are not searched.
  std::optional<std::uint64_t> formula_options_with_value(const Position& p, Value target,
                                                          std::size_t limit,
                                                          OptionVisitor& visit) const override;
  std::vector<Position> sample_positions(std::size_t count) const override;

 private:
  std::shared_ptr<const TurningGame> first_;
  std::shared_ptr<const TurningGame> second_;
};

/// `sum` with the rows of its coin-turning games as they are: a head listed an even number of
/// times (same Game object, same coin) removed, one listed an odd number of times kept once, at
/// its first place. Other components are unchanged and keep their order.
Sum actual_rows(const Sum& sum);

/// Largest number of coins one listed move may turn; a winning move turning more is an Error
/// rather than a list of millions of parts.
inline constexpr std::uint64_t kMaxListedCoins = std::uint64_t{1} << 16;

}  // namespace grundy
