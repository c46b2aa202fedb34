// Grundy's game: a move splits one heap into two non-empty heaps of different sizes.
#include "grundy/rules/heap_game.hpp"
#include "grundy/rules/registry.hpp"
#include "grundy/rules/take_break.hpp"

namespace grundy {
namespace {

class GrundysGame final : public HeapGame {
 public:
  GrundysGame() : HeapGame("grundy"), code_{.digits = {kLeaveTwo}, .unequal_split = true} {
    GameTraits traits = this->traits();
    traits.take_break = &code_;
    set_traits(traits);
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    take_break_options(code_, p.x, visit);
  }

 private:
  TakeBreakCode code_;
};

const FamilyRegistration kGrundy{Family{
    .name = "grundy",
    .syntax = "grundy",
    .summary = "Grundy's game: split a heap into two non-empty heaps of different sizes",
    .arguments = Arguments::none,
    .examples = {"grundy"},
    .make = [](Scanner*) { return std::make_shared<const GrundysGame>(); },
}};

}  // namespace
}  // namespace grundy
