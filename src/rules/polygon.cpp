// The polygon-chord game (BOJ 13034): players draw non-crossing chords between unused vertices of
// a convex polygon with n vertices. A chord leaves a and n-2-a free vertices on its two sides, so
// g(n) = mex over a of g(a) xor g(n-2-a): the take-and-break code 0.07.
#include "grundy/rules/heap_game.hpp"
#include "grundy/rules/registry.hpp"
#include "grundy/rules/take_break.hpp"

namespace grundy {
namespace {

class Polygon final : public HeapGame {
 public:
  Polygon() : HeapGame("polygon"), code_{.digits = {0, 0, kLeaveNothing | kLeaveOne | kLeaveTwo}} {
    GameTraits traits = this->traits();
    traits.take_break = &code_;
    set_traits(traits);
  }

  Position parse_position(Scanner& in) const override {
    return Position{in.unsigned_integer("a number of vertices", kMaxCoordinate), 0};
  }
  void options(const Position& p, OptionVisitor& visit) const override {
    take_break_options(code_, p.x, visit);
  }

 private:
  TakeBreakCode code_;
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
