// The multiplication game (HDU 1517): from p (the game starts at p = 1), a move multiplies p by any
// k in a..b; the player who makes p >= N wins, so every p >= N is terminal.
//
// Values without exploring positions. Every later position is p·m for an integer m, and
// p·m >= N iff m >= ceil(N/p): the game from p is the game from 1 with target M = ceil(N/p).
// Since ceil(ceil(M/k)/k') = ceil(M/(k·k')), its values are h(ceil(N/p)) where h(1) = 0 and
// h(M) = mex { h(ceil(M/k)) : a <= k <= b } for M >= 2.
//
// h is a step function with few steps (a few dozen up to 2^63 for 2..9), and it is computed step
// by step rather than point by point: between two points where some ceil(M/k) crosses the start of
// a step, the set of steps the options reach does not change, and neither does h. For a step
// [s, e] the options reach it iff (s-1)·k < M <= e·k for some k in a..b; those intervals of M
// overlap from the first k with k·(e-s+1) >= s-1 on, so the next change is found in O(1) per step.
#include <algorithm>
#include <iterator>
#include <string>
#include <vector>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/mex.hpp"
#include "grundy/rules/formula.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {
namespace {

std::uint64_t ceil_div(std::uint64_t n, std::uint64_t d) {
  return n / d + (n % d != 0);
}

/// A maximal run of M with the same h(M): M >= start, up to the next run's start.
struct Step {
  std::uint64_t start;
  Value value;
};

/// h on 1..target as steps. Throws Error when h changes implausibly often (a guard: no proof
/// bounds the number of steps, though every case tried has O(log N) of them).
std::vector<Step> compute_steps(std::uint64_t a, std::uint64_t b, std::uint64_t target) {
  constexpr std::size_t kMaxChanges = 1'000'000;
  std::vector<Step> steps{{1, 0}};  // h(1) = 0: p >= N, the game is over
  MexSet reached;
  for (std::uint64_t m = 2, changes = 0; m <= target; ++changes) {
    if (changes > kMaxChanges) {
      throw Error("multiply(" + std::to_string(a) + ".." + std::to_string(b) + "," +
                  std::to_string(target) + "): its values change more than " +
                  std::to_string(kMaxChanges) + " times; not supported");
    }
    // The steps reached from m. The last step is open: it covers start..m-1 so far, and the
    // options reach into it iff (start-1)·a < m, since ceil(m/k) < m always.
    reached.reset(steps.size() + 1);
    for (std::size_t j = 0; j + 1 < steps.size(); ++j) {
      const std::uint64_t s = steps[j].start;
      const std::uint64_t e = steps[j + 1].start - 1;
      const std::uint64_t k = std::max(a, ceil_div(m, e));  // the least k with ceil(m/k) <= e
      if (k <= b && uint128{s - 1} * k < m) reached.mark(steps[j].value);
    }
    const Step open = steps.back();
    if (uint128{open.start - 1} * a < m) reached.mark(open.value);
    const Value g = reached.mex();
    if (g != open.value) steps.push_back(Step{m, g});

    // The next m where a step's reachability may change.
    uint128 next = ~uint128{0};
    for (std::size_t j = 0; j + 1 < steps.size(); ++j) {
      const std::uint64_t s = steps[j].start;
      const std::uint64_t e = steps[j + 1].start - 1;
      const std::uint64_t k = std::max(a, ceil_div(m, e));
      if (k > b) continue;  // m > e·b: never reached again
      const uint128 first = uint128{s - 1} * k + 1;
      if (first > m) {
        next = std::min(next, first);
      } else {
        // Reached through k; the intervals of the larger k join this one iff k·(e-s+1) >= s-1.
        const bool joined = uint128{k} * (e - s + 1) >= s - 1;
        next = std::min(next, uint128{e} * (joined ? b : k) + 1);
      }
    }
    const uint128 open_reached = uint128{steps.back().start - 1} * a + 1;
    if (open_reached > m) next = std::min(next, open_reached);
    if (next > target) break;
    m = static_cast<std::uint64_t>(next);
  }
  return steps;
}

class Multiply final : public Game {
 public:
  Multiply(std::uint64_t a, std::uint64_t b, std::uint64_t target)
      : Game("multiply(" + std::to_string(a) + ".." + std::to_string(b) + "," +
             std::to_string(target) + ")"),
        a_(a),
        b_(b),
        target_(target),
        steps_(compute_steps(a, b, target)) {
    set_traits({.layout = Layout::integers, .formula_values = true});
  }

  static std::shared_ptr<const Game> make(Scanner* args) {
    const char* example = "e.g. multiply(2..9,100)";
    if (args == nullptr) {
      throw SpecError(1, std::string("multiply needs its factors and target, ") + example);
    }
    Scanner& in = *args;
    in.skip_spaces();
    const std::size_t a_at = in.offset();
    const std::uint64_t a = in.unsigned_integer("the smallest factor", kMaxCoordinate);
    if (a < 2) {
      in.fail_at(a_at, "the smallest factor must be at least 2, found " + std::to_string(a) +
                           (a == 0 ? " (a factor 0 would leave 0, from which the game never ends)"
                                   : " (a factor 1 would let a game last forever)"));
    }
    if (!in.accept("..")) {
      in.fail("expected '..' and the largest factor after the smallest (" + std::string(example) +
              "), found " + describe_char(in.text(), in.offset()));
    }
    const std::size_t b_at = in.offset();
    const std::uint64_t b = in.unsigned_integer("the largest factor", kMaxCoordinate);
    if (b < a) {
      in.fail_at(b_at, "empty range of factors " + std::to_string(a) + ".." + std::to_string(b));
    }
    in.skip_spaces();
    in.expect(',', "',' and the target N after the factors (" + std::string(example) + ")");
    in.skip_spaces();
    const std::size_t n_at = in.offset();
    const std::uint64_t target = in.unsigned_integer("the target N", kMaxCoordinate);
    if (target < 1) in.fail_at(n_at, "the target N must be at least 1");
    if (uint128{target - 1} * b > kMaxCoordinate) {
      in.fail_at(n_at, "the target N = " + std::to_string(target) + " with factors up to " +
                           std::to_string(b) +
                           " lets positions pass 2^63-1 (the largest is (N-1)·b); positions are "
                           "64-bit");
    }
    return std::make_shared<const Multiply>(a, b, target);
  }

  Position parse_position(Scanner& in) const override {
    const std::size_t at = in.offset();
    const std::uint64_t p = in.unsigned_integer("a number", kMaxCoordinate);
    if (p == 0) in.fail_at(at, zero_message());
    return Position{p, 0};
  }
  std::string format_position(const Position& p) const override { return std::to_string(p.x); }

  void options(const Position& p, OptionVisitor& visit) const override {
    require_positive(p);
    if (p.x >= target_) return;
    for (std::uint64_t k = a_;; ++k) {
      const Position next{p.x * k, 0};  // at most (N-1)·b, checked when the game was made
      visit.option(std::span<const Position>(&next, 1));
      if (k == b_) break;
    }
  }

  std::optional<Value> formula_value(const Position& p) const override {
    require_positive(p);
    return h(ceil_div(target_, p.x));
  }

  std::optional<std::uint64_t> formula_options_with_value(const Position& p, Value target,
                                                          std::size_t limit,
                                                          OptionVisitor& visit) const override {
    require_positive(p);
    if (p.x >= target_) return 0;
    // The option p·k has value h(ceil(m/k)), m = ceil(N/p); ceil(m/k) lies in the step [s, e]
    // iff ceil(m/e) <= k <= floor((m-1)/(s-1)) (any k >= ceil(m/e) when s = 1). Later steps
    // give smaller k, so walking the steps backwards lists the options in increasing order.
    const std::uint64_t m = ceil_div(target_, p.x);
    std::uint64_t count = 0;
    std::size_t given = 0;
    for (std::size_t j = steps_.size(); j-- > 0;) {
      if (steps_[j].value != target) continue;
      const std::uint64_t s = steps_[j].start;
      const std::uint64_t e = j + 1 < steps_.size() ? steps_[j + 1].start - 1 : target_;
      const std::uint64_t lo = std::max(a_, ceil_div(m, e));
      const std::uint64_t hi = s == 1 ? b_ : std::min(b_, (m - 1) / (s - 1));
      if (lo > hi) continue;
      count += hi - lo + 1;
      for (std::uint64_t k = lo; given < limit; ++k) {
        const Position next{p.x * k, 0};
        visit.option(std::span<const Position>(&next, 1));
        ++given;
        if (k == hi) break;
      }
    }
    return count;
  }

  std::optional<ClosedForm> closed_form() const override {
    std::vector<std::uint64_t> starts;
    std::vector<Value> values;
    for (const Step& step : steps_) {
      starts.push_back(step.start);
      values.push_back(step.value);
    }
    const Formula target =
        Formula::apply(Formula::Op::ceil_div, {Formula::constant(target_), Formula::x()});
    return ClosedForm{
        .formula = Formula::runs(std::move(starts), std::move(values), target),
        .kind = "runs",
        .proof =
            "multiplication game: g(p) = h(ceil(N/p)), the game from p being the game from 1 "
            "with target ceil(N/p) since ceil(ceil(M/k)/k') = ceil(M/(k*k')); h(1) = 0, "
            "h(M) = mex h(ceil(M/k)) for a <= k <= b, computed exactly as runs up to N "
            "(src/rules/multiply.cpp)"};
  }

  std::vector<Position> sample_positions(std::size_t count) const override {
    std::vector<Position> out;
    for (std::uint64_t p = 1; out.size() < count; ++p) out.push_back(Position{p, 0});
    return out;
  }

 private:
  Value h(std::uint64_t m) const {
    // The last step starting at or before m (m >= 1 = the first start).
    const auto after = std::upper_bound(steps_.begin(), steps_.end(), m,
                                        [](std::uint64_t v, const Step& s) { return v < s.start; });
    return std::prev(after)->value;
  }
  static std::string zero_message() {
    return "multiply has no position 0: from 0 the game would never end (0 times anything is 0); "
           "positions start at 1";
  }
  static void require_positive(const Position& p) {
    if (p.x == 0) throw Error(zero_message());
  }

  std::uint64_t a_;
  std::uint64_t b_;
  std::uint64_t target_;
  std::vector<Step> steps_;
};

const FamilyRegistration kMultiply{Family{
    .name = "multiply",
    .syntax = "multiply(2..9,N)",
    .summary = "multiplication game: from p (start 1) multiply by any k in a..b; making p >= N "
               "wins",
    .arguments = Arguments::required,
    .examples = {"multiply(2..9,100)", "multiply(2..3,50)", "multiply(3..5,1000)",
                 "multiply(2..2,40)", "multiply(4..30,5000)"},
    .make = &Multiply::make,
}};

}  // namespace
}  // namespace grundy
