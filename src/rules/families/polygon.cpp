// The polygon-chord game (BOJ 13034): players draw non-crossing chords between unused vertices of
// a convex polygon with n vertices. A chord leaves a and n-2-a free vertices on its two sides, so
// g(n) = mex over a of g(a) xor g(n-2-a): the take-and-break code 0.07.
#include "grundy/rules/families/take_break_game.hpp"
#include "grundy/rules/registry.hpp"
#include "grundy/rules/take_break.hpp"

namespace grundy {
namespace {

class Polygon final : public TakeBreakHeapGame {
 public:
  Polygon()
      : TakeBreakHeapGame("polygon",
                          TakeBreakCode{.digits = {0, 0, kLeaveNothing | kLeaveOne | kLeaveTwo}}) {}

  Position parse_position(Scanner& in) const override {
    return Position{in.unsigned_integer("a number of vertices", kMaxCoordinate), 0};
  }
};

const FamilyRegistration kPolygon{Family{
    .name = "polygon",
    .syntax = "polygon",
    .summary = "polygon-chord game: draw a chord between two unused vertices without crossing "
               "(position: the number of vertices; same values as 0.07)",
    .arguments = Arguments::none,
    .examples = {"polygon"},
    .make = [](Scanner*) { return std::make_shared<const Polygon>(); },
}};

}  // namespace
}  // namespace grundy
