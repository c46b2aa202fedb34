// Grundy's game: a move splits one heap into two non-empty heaps of different sizes.
#include "grundy/rules/families/take_break_game.hpp"
#include "grundy/rules/registry.hpp"
#include "grundy/rules/take_break.hpp"

namespace grundy {
namespace {

const FamilyRegistration kGrundy{Family{
    .name = "grundy",
    .syntax = "grundy",
    .summary = "Grundy's game: split a heap into two non-empty heaps of different sizes",
    .arguments = Arguments::none,
    .examples = {"grundy"},
    .make =
        [](Scanner*) {
          return std::make_shared<const TakeBreakHeapGame>(
              "grundy", TakeBreakCode{.digits = {kLeaveTwo}, .unequal_split = true});
        },
}};

}  // namespace
}  // namespace grundy
