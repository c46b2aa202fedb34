// Nim: one heap; a move removes any positive number of tokens. g(n) = n (Bouton 1901).
#include "grundy/rules/families/nim.hpp"

#include "grundy/rules/families/subtraction.hpp"
#include "grundy/rules/heap_game.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {
namespace {

class Nim final : public HeapGame {
 public:
  Nim() : HeapGame("nim") {
    GameTraits traits = this->traits();
    traits.formula_values = true;
    traits.subtraction = &set_;  // Nim is the all-but game that excludes nothing
    traits.nim = true;
    set_traits(traits);
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    if (p.x == 0) return;
    visit.option({});
    for (std::uint64_t m = 1; m < p.x; ++m) {
      const Position left{m, 0};
      visit.option(std::span<const Position>(&left, 1));
    }
  }
  std::optional<Value> formula_value(const Position& p) const override { return p.x; }
  std::optional<std::uint64_t> formula_options_with_value(const Position& p, Value target,
                                                          std::size_t limit,
                                                          OptionVisitor& visit) const override {
    // The only option of value t is the heap of size t, and it exists iff t < n.
    if (target >= p.x) return 0;
    if (limit > 0) {
      if (target == 0) {
        visit.option({});
      } else {
        const Position left{target, 0};
        visit.option(std::span<const Position>(&left, 1));
      }
    }
    return 1;
  }

 private:
  SubtractionSet set_{.all_but = true, .finite = {}, .named = {}};
};

const FamilyRegistration kNim{Family{
    .name = "nim",
    .syntax = "nim",
    .summary = "one heap; remove any positive number of tokens (g(n) = n)",
    .arguments = Arguments::none,
    .examples = {"nim"},
    .make = [](Scanner*) { return std::make_shared<const Nim>(); },
}};

}  // namespace

std::shared_ptr<const Game> nim_game() {
  return std::make_shared<const Nim>();
}

}  // namespace grundy
