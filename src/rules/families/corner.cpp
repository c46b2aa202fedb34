// The corner game (HDU 2147): a token on a board moves one square left, down or diagonally
// down-left; who cannot move loses. Position `x,y`: the steps still possible left and down, so
// (0,0) is terminal and the top-right square of an n x m board is `corner:m-1,n-1`.
//
// g(x, y) = 0 when x and y are both even, 2 when both are odd, and when one is odd (o) and the
// other even (e): 1 if o > e, 3 if o < e. Proof by induction on x + y over the three options:
// (even, even) moves only to positions of value 1, 2 or 3; (odd, odd) reaches the diagonal
// (even, even) = 0 and, by one of its two straight moves, a mixed position whose odd side is the
// larger = 1, and never 2; a mixed (o, e) reaches (o-1, e) = 0, and when e >= 1 also (o, e-1) = 2
// and (o-1, e-1), which is 3 if o > e and 1 if o < e; so its mex is 1 or 3 as claimed.
#include <string>
#include <vector>

#include "grundy/rules/formula.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {
namespace {

class Corner final : public Game {
 public:
  Corner() : Game("corner") {
    set_traits({.layout = Layout::grid, .symmetric = true, .formula_values = true});
  }

  Position parse_position(Scanner& in) const override {
    return parse_point_position(in, "the steps left", "the steps down");
  }
  std::string format_position(const Position& p) const override { return format_point_position(p); }

  void options(const Position& p, OptionVisitor& visit) const override {
    // In increasing order of (x, y): diagonal, left, down.
    if (p.x > 0 && p.y > 0) visit_single(Position{p.x - 1, p.y - 1}, visit);
    if (p.x > 0) visit_single(Position{p.x - 1, p.y}, visit);
    if (p.y > 0) visit_single(Position{p.x, p.y - 1}, visit);
  }

  std::optional<Value> formula_value(const Position& p) const override {
    const bool x_odd = (p.x & 1) != 0;
    const bool y_odd = (p.y & 1) != 0;
    if (x_odd == y_odd) return x_odd ? 2 : 0;
    const std::uint64_t odd = x_odd ? p.x : p.y;
    const std::uint64_t even = x_odd ? p.y : p.x;
    return odd > even ? 1 : 3;
  }

  std::optional<ClosedForm> closed_form() const override {
    // The same theorem as a table: index 4·(x mod 2) + 2·(y mod 2) + [x > y].
    using Op = Formula::Op;
    const Formula two = Formula::constant(2);
    const Formula index = Formula::apply(
        Op::add,
        {Formula::apply(Op::multiply,
                        {Formula::constant(4), Formula::apply(Op::mod, {Formula::x(), two})}),
         Formula::apply(
             Op::add,
             {Formula::apply(Op::multiply, {two, Formula::apply(Op::mod, {Formula::y(), two})}),
              Formula::apply(Op::less, {Formula::y(), Formula::x()})})});
    return ClosedForm{.formula = Formula::table({0, 0, 1, 3, 3, 1, 2, 2}, index),
                      .kind = "parities and diagonal",
                      .proof =
                          "corner game: g(x, y) is 0 when x and y are both even, 2 when both "
                          "are odd, and when one is odd 1 if it is the larger, 3 if the "
                          "smaller (by induction on x + y, src/rules/corner.cpp)"};
  }

  std::vector<Position> sample_positions(std::size_t count) const override {
    return diagonal_points(count);
  }
};

const FamilyRegistration kCorner{Family{
    .name = "corner",
    .syntax = "corner",
    .summary = "corner game: a token moves one step left, down or diagonally down-left "
               "(position x,y = the steps still possible left and down)",
    .arguments = Arguments::none,
    .examples = {"corner"},
    .make = [](Scanner*) { return std::make_shared<const Corner>(); },
}};

}  // namespace
}  // namespace grundy
