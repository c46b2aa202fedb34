// Staircase Nim: coins on the steps of a staircase; a move takes any positive number of coins
// from one step down to the step below it, and coins moved off step 1 leave the game (they reach
// the floor, step 0). A position lists the coins on steps 1, 2, 3, ...: `staircase:3,1,4`.
//
// g = a_1 xor a_3 xor a_5 xor ... (the odd steps; R. Sprague, "Über zwei Abarten von Nim",
// Tôhoku Math. J. 43 (1937)). Proof: a move from an odd step lowers that step's heap and a move
// from an even step j raises the heap of the odd step j-1, so every option changes exactly one odd
// heap and no option has the position's own value; and every smaller value is reached by lowering
// one odd heap, as in Nim. So the odd steps are a Nim position and the even steps do not count.
#include <algorithm>
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

/// The most steps a staircase may have.
constexpr std::size_t kMaxSteps = 65536;

class StaircaseNim final : public Game {
 public:
  StaircaseNim() : Game("staircase"), kept_("staircase") {
    set_traits({.layout = Layout::general, .formula_values = true});
  }

  Position parse_position(Scanner& in) const override {
    const std::size_t start = in.offset();
    NumberList steps = parse_number_list(in, "a number of coins", kMaxCoordinate, kMaxSteps);
    std::uint64_t total = 0;
    for (const std::uint64_t a : steps) {
      const auto sum = checked_add(total, a);
      if (!sum || *sum > kMaxCoordinate) {
        in.fail_at(start,
                   "the staircase holds too many coins: the total is too large (the "
                   "largest is " +
                       std::to_string(kMaxCoordinate) + ")");
      }
      total = *sum;
    }
    return keep_normal(std::move(steps));
  }

  std::string format_position(const Position& p) const override {
    const NumberList& steps = kept_.list_of(p);
    return steps.empty() ? "0" : format_number_list(steps);
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    const NumberList steps = kept_.list_of(p);
    std::uint64_t count = 0;
    for (const std::uint64_t a : steps) count = saturating_add(count, a);
    // Far beyond it, the value and the winning moves still come from the formula.
    TuplePositions::require_listable(count, steps.size(), "staircase:" + format_position(p));
    for (std::size_t i = 0; i < steps.size(); ++i) {
      for (std::uint64_t k = 1; k <= steps[i]; ++k) visit_single(move(steps, i, k), visit);
    }
  }

  std::optional<ClosedForm> closed_form() const override {
    return ClosedForm{.formula = Formula::x(),
                      .kind = "x",
                      .proof =
                          "Staircase Nim: g = a1 xor a3 xor a5 xor ..., the coins on the odd "
                          "steps (Sprague 1937); with coins x on step 1 and y on step 2, g = x"};
  }

  std::optional<Value> formula_value(const Position& p) const override {
    const NumberList& steps = kept_.list_of(p);
    Value g = 0;
    for (std::size_t i = 0; i < steps.size(); i += 2) g ^= steps[i];  // steps 1, 3, 5, ...
    return g;
  }

  std::optional<std::uint64_t> formula_options_with_value(const Position& p, Value target,
                                                          std::size_t limit,
                                                          OptionVisitor& visit) const override {
    // Each option changes one odd heap (see the top of the file): lower odd step i to
    // a_i xor d, or raise odd step j-1 to a_{j-1} xor d with coins from step j.
    const NumberList steps = kept_.list_of(p);
    const Value d = *formula_value(p) ^ target;
    std::vector<Position> found;
    std::uint64_t count = 0;
    const auto add = [&](std::size_t from, std::uint64_t k) {
      ++count;
      if (found.size() < limit) found.push_back(move(steps, from, k));
    };
    if (d != 0) {
      for (std::size_t i = 0; i < steps.size(); ++i) {
        const bool odd_step = i % 2 == 0;  // index i is step i + 1
        if (odd_step) {
          if ((steps[i] ^ d) < steps[i]) add(i, steps[i] - (steps[i] ^ d));
        } else {
          const std::uint64_t below = steps[i - 1];
          if ((below ^ d) > below && (below ^ d) - below <= steps[i]) add(i, (below ^ d) - below);
        }
      }
    }
    std::sort(found.begin(), found.end());
    for (const Position& q : found) visit_single(q, visit);
    return count;
  }

  std::vector<Position> sample_positions(std::size_t count) const override {
    // Staircases of up to 4 steps by increasing number of coins.
    std::vector<Position> out;
    for (std::uint64_t total = 0; out.size() < count; ++total) {
      NumberList steps(4, 0);
      add_samples(steps, 0, total, count, out);
    }
    return out;
  }

 private:
  Position keep_normal(NumberList steps) const {
    while (!steps.empty() && steps.back() == 0) steps.pop_back();
    return kept_.keep(steps);
  }

  /// `k` coins moved from step i + 1 down one step.
  Position move(NumberList steps, std::size_t i, std::uint64_t k) const {
    steps[i] -= k;
    if (i > 0) steps[i - 1] += k;  // the total stays at most 2^63-1
    return keep_normal(std::move(steps));
  }

  void add_samples(NumberList& steps, std::size_t i, std::uint64_t left, std::size_t count,
                   std::vector<Position>& out) const {
    if (out.size() == count) return;
    if (i == steps.size()) {
      if (left == 0) out.push_back(keep_normal(steps));
      return;
    }
    for (std::uint64_t a = 0; a <= left; ++a) {
      steps[i] = a;
      add_samples(steps, i + 1, left - a, count, out);
    }
    steps[i] = 0;
  }

  TuplePositions kept_;
};

const FamilyRegistration kStaircaseNim{Family{
    .name = "staircase",
    .syntax = "staircase",
    .summary = "Staircase Nim: move any number of coins from a step to the step below, off step 1 "
               "to the floor (position: the coins on steps 1,2,3,...)",
    .arguments = Arguments::none,
    .examples = {"staircase"},
    .make = [](Scanner*) { return std::make_shared<const StaircaseNim>(); },
}};

}  // namespace
}  // namespace grundy
