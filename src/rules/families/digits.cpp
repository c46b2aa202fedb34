// The digit game: from n, subtract its largest decimal digit or its smallest non-zero digit; 0 is
// terminal. Every move lowers n by 1..9, so the game is heap-ordered and a dense table serves it.
#include <algorithm>

#include "grundy/rules/heap_game.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {
namespace {

class Digits final : public HeapGame {
 public:
  Digits() : HeapGame("digits") {}

  Position parse_position(Scanner& in) const override {
    return Position{in.unsigned_integer("a number", kMaxCoordinate), 0};
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    if (p.x == 0) return;
    std::uint64_t largest = 0;
    std::uint64_t smallest_non_zero = 9;
    for (std::uint64_t rest = p.x; rest > 0; rest /= 10) {
      const std::uint64_t d = rest % 10;
      largest = std::max(largest, d);
      if (d != 0) smallest_non_zero = std::min(smallest_non_zero, d);
    }
    // n > 0 has a non-zero digit, so both moves exist (and coincide when every non-zero digit is
    // the same). Removing the smaller digit leaves the larger heap: options in increasing order.
    leave(p.x - largest, visit);
    if (smallest_non_zero != largest) leave(p.x - smallest_non_zero, visit);
  }

 private:
  static void leave(std::uint64_t n, OptionVisitor& visit) {
    if (n == 0) {
      visit.option({});
    } else {
      const Position left{n, 0};
      visit.option(std::span<const Position>(&left, 1));
    }
  }
};

const FamilyRegistration kDigits{Family{
    .name = "digits",
    .syntax = "digits",
    .summary = "digit game: subtract the largest digit or the smallest non-zero digit of n",
    .arguments = Arguments::none,
    .examples = {"digits"},
    .make = [](Scanner*) { return std::make_shared<const Digits>(); },
}};

}  // namespace
}  // namespace grundy
