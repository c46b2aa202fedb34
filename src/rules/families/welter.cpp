// Welter's game: coins on distinct squares 0, 1, 2, ... of a strip; a move takes a coin to any
// empty square to its left (passing other coins is allowed). It is Nim whose heaps must stay
// distinct. A position lists the squares holding coins: `welter:2,5,9`. Values are Welter's
// function (welter.hpp), by Conway's mating method.
#include "grundy/rules/families/welter.hpp"

#include <algorithm>
#include <bit>
#include <memory>
#include <string>
#include <vector>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/formula.hpp"
#include "grundy/rules/registry.hpp"
#include "grundy/rules/tuple_positions.hpp"

namespace grundy {
namespace {

/// The most coins a strip may hold.
constexpr std::size_t kMaxCoins = 4096;
/// The most steps (options valued, times 64 times the coins) spent listing the winning moves.
constexpr std::uint64_t kMaxWelterMoveWork = std::uint64_t{1} << 30;

class WelterGame final : public Game {
 public:
  WelterGame() : Game("welter"), kept_("welter") {
    set_traits({.layout = Layout::general, .formula_values = true});
  }

  Position parse_position(Scanner& in) const override {
    const std::size_t start = in.offset();
    NumberList squares = parse_number_list(in, "a square", kMaxCoordinate, kMaxCoins);
    std::sort(squares.begin(), squares.end());
    if (auto twice = std::adjacent_find(squares.begin(), squares.end()); twice != squares.end()) {
      in.fail_at(start, "two coins on square " + std::to_string(*twice) +
                            " (the coins of Welter's game are on distinct squares)");
    }
    return kept_.keep(squares);
  }

  std::string format_position(const Position& p) const override {
    return format_number_list(kept_.list_of(p));
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    const NumberList squares = kept_.list_of(p);
    const std::uint64_t count = option_count(squares);
    // Far beyond it, the value still comes from Welter's function.
    TuplePositions::require_listable(count, squares.size(), "welter:" + format_position(p));
    for_each_move(squares, [&](const NumberList& q) { visit_single(kept_.keep(q), visit); });
  }

  std::optional<ClosedForm> closed_form() const override {
    using Op = Formula::Op;
    return ClosedForm{
        .formula = Formula::apply(
            Op::subtract,
            {Formula::apply(Op::bit_xor, {Formula::x(), Formula::y()}), Formula::constant(1)}),
        .kind = "(x xor y) - 1",
        .proof =
            "Welter's function of two coins, which are always mates: [x|y] = (x xor y) - 1 "
            "(Conway, On Numbers and Games ch. 13)"};
  }

  std::optional<Value> formula_value(const Position& p) const override {
    NumberList squares = kept_.list_of(p);
    return welter_function(squares);
  }

  std::optional<std::uint64_t> formula_options_with_value(const Position& p, Value target,
                                                          std::size_t limit,
                                                          OptionVisitor& visit) const override {
    // Every option is valued by Welter's function, without keeping it as a position.
    const NumberList squares = kept_.list_of(p);
    const std::uint64_t work =
        saturating_mul(saturating_mul(option_count(squares), 64), squares.size());
    if (work > kMaxWelterMoveWork) {
      throw ResourceError("the moves of " + quote_excerpt("welter:" + format_position(p), 80) +
                          " to a given value need about " + std::to_string(work) +
                          " steps (every option valued), above the limit of " +
                          std::to_string(kMaxWelterMoveWork));
    }
    std::vector<Position> found;
    std::uint64_t count = 0;
    NumberList scratch;
    for_each_move(squares, [&](const NumberList& q) {
      scratch = q;
      if (welter_function(scratch) != target) return;
      ++count;
      if (found.size() < limit) found.push_back(kept_.keep(q));
    });
    std::sort(found.begin(), found.end());
    for (const Position& q : found) visit_single(q, visit);
    return count;
  }

  std::vector<Position> sample_positions(std::size_t count) const override {
    // Sets of 1 to 4 squares by increasing largest square.
    std::vector<Position> out;
    for (std::uint64_t top = 0; out.size() < count; ++top) {
      for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << top) && out.size() < count; ++mask) {
        if (std::popcount(mask) > 3) continue;
        NumberList squares;
        for (std::uint64_t s = 0; s < top; ++s) {
          if ((mask >> s) & 1) squares.push_back(s);
        }
        squares.push_back(top);
        out.push_back(kept_.keep(squares));
      }
    }
    return out;
  }

 private:
  /// sum over coins of the empty squares to its left: a_i - i for the i-th smallest square.
  static std::uint64_t option_count(const NumberList& squares) {
    std::uint64_t count = 0;
    for (std::size_t i = 0; i < squares.size(); ++i) count = saturating_add(count, squares[i] - i);
    return count;
  }

  /// Calls f(squares after the move), sorted, for every move.
  template <class F>
  static void for_each_move(const NumberList& squares, F&& f) {
    NumberList q;
    for (std::size_t i = 0; i < squares.size(); ++i) {
      std::size_t below = 0;  // coins on squares below `to`
      for (std::uint64_t to = 0; to < squares[i]; ++to) {
        if (below < i && squares[below] == to) {
          ++below;
          continue;
        }
        q.assign(squares.begin(), squares.begin() + static_cast<std::ptrdiff_t>(below));
        q.push_back(to);
        q.insert(q.end(), squares.begin() + static_cast<std::ptrdiff_t>(below),
                 squares.begin() + static_cast<std::ptrdiff_t>(i));
        q.insert(q.end(), squares.begin() + static_cast<std::ptrdiff_t>(i) + 1, squares.end());
        f(q);
      }
    }
  }

  TuplePositions kept_;
};

const FamilyRegistration kWelterGame{Family{
    .name = "welter",
    .syntax = "welter",
    .summary = "Welter's game: coins on distinct squares; move a coin left to any empty square "
               "(position: the squares holding coins)",
    .arguments = Arguments::none,
    .examples = {"welter"},
    .make = [](Scanner*) { return std::make_shared<const WelterGame>(); },
}};

}  // namespace
}  // namespace grundy
