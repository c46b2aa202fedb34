// Division games: from n >= 1, a move leaves floor(n/k) for a k of the set (`div(2,3,4,5,6)`,
// `div(2..6)`; 0 is terminal), or, in the variant `subdiv(2,3)`, takes floor(n/k) >= 1 tokens
// away and leaves n - floor(n/k). The contest problems that pose them take n up to 10^18, where
// the values are not periodic but constant on long runs: they come from DivisionSteps
// (division_steps.hpp) as steps, so any heap is answered in microseconds. Every move lowers n, so
// the game is heap-ordered as well (a dense table of small heaps agrees: the family tests).
#include <algorithm>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/rules/families/division_steps.hpp"
#include "grundy/rules/formula.hpp"
#include "grundy/rules/heap_game.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {
namespace {

/// The most divisors a set may hold (each heap has at most that many options).
constexpr std::size_t kMaxDivisors = 4096;
/// The most runs a closed form lists (closed_form): past them the game has none.
constexpr std::size_t kMostRunsInAForm = 4096;

class Division final : public HeapGame {
 public:
  Division(std::vector<std::uint64_t> divisors, DivisionLeave leave)
      : HeapGame(spec_name(divisors, leave)),
        divisors_(divisors),
        leave_(leave),
        steps_(std::move(divisors), leave) {
    set_traits({.layout = Layout::heaps, .formula_values = true});
  }

  static std::shared_ptr<const Game> make_quotient(Scanner* args) {
    return make(args, DivisionLeave::quotient);
  }
  static std::shared_ptr<const Game> make_rest(Scanner* args) {
    return make(args, DivisionLeave::rest);
  }

  static std::shared_ptr<const Game> make(Scanner* args, DivisionLeave leave) {
    const bool rest = leave == DivisionLeave::rest;
    const std::string name = rest ? "subdiv" : "div";
    const std::string example =
        rest ? "e.g. subdiv(2,3) or subdiv(2..6)" : "e.g. div(2,3) or div(2..6)";
    if (args == nullptr) {
      throw SpecError(1, name + " needs its divisors, " + example);
    }
    Scanner& in = *args;
    std::vector<std::uint64_t> divisors;
    do {
      in.skip_spaces();
      const std::size_t at = in.offset();
      const std::uint64_t lo = in.unsigned_integer("a divisor", kMaxCoordinate);
      std::uint64_t hi = lo;
      if (in.accept("..")) {
        const std::size_t hi_at = in.offset();
        hi = in.unsigned_integer("the end of the range", kMaxCoordinate);
        if (hi < lo) {
          in.fail_at(hi_at,
                     "empty range of divisors " + std::to_string(lo) + ".." + std::to_string(hi));
        }
      }
      // subdiv(1) takes the whole heap; div(1) would leave it as it is.
      const std::uint64_t least = rest ? 1 : 2;
      if (lo < least) {
        in.fail_at(at, "a divisor must be at least " + std::to_string(least) + ", found " +
                           std::to_string(lo) +
                           (lo == 0 ? " (n/0 is not a number)" : " (n/1 = n would be a pass)"));
      }
      if (hi - lo >= kMaxDivisors || divisors.size() + (hi - lo + 1) > kMaxDivisors) {
        in.fail_at(at, "at most " + std::to_string(kMaxDivisors) + " divisors");
      }
      for (std::uint64_t k = lo;; ++k) {
        divisors.push_back(k);
        if (k == hi) break;
      }
      in.skip_spaces();
    } while (in.accept(','));
    std::sort(divisors.begin(), divisors.end());
    divisors.erase(std::unique(divisors.begin(), divisors.end()), divisors.end());
    return std::make_shared<const Division>(std::move(divisors), leave);
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    if (p.x == 0) return;
    // Each heap once (two divisors may leave the same one), in increasing order.
    std::uint64_t last = ~std::uint64_t{0};
    const auto leave = [&](std::uint64_t q) {
      if (q == last) return;
      last = q;
      if (q == 0) {
        visit.option({});
      } else {
        visit_single(Position{q, 0}, visit);
      }
    };
    if (leave_ == DivisionLeave::quotient) {
      // Larger divisors leave smaller heaps: from the largest, the options increase.
      for (auto k = divisors_.rbegin(); k != divisors_.rend(); ++k) leave(p.x / *k);
    } else {
      // Larger divisors take fewer tokens, so leave larger heaps: from the smallest. A divisor
      // above n would take nothing: no move.
      for (const std::uint64_t k : divisors_) {
        if (k > p.x) break;
        leave(p.x - p.x / k);
      }
    }
  }

  std::optional<Value> formula_value(const Position& p) const override {
    const std::lock_guard lock(mutex_);
    return steps_.value(p.x);
  }

  std::optional<ClosedForm> closed_form() const override {
    const std::lock_guard lock(mutex_);
    std::vector<std::uint64_t> starts;
    std::vector<Value> values;
    // A formula to paste holds its runs: a few dozen for the sets of contest problems, but some
    // sets change value tens of thousands of times (subdiv(2..6) below 10^7).
    for (const DivisionSteps::Step& step : steps_.steps_to(kMaxCoordinate, kMostRunsInAForm)) {
      starts.push_back(step.start);
      values.push_back(step.value);
    }
    const std::string option = leave_ == DivisionLeave::quotient ? "floor(n/k)" : "n - floor(n/k)";
    return ClosedForm{
        .formula = Formula::runs(std::move(starts), std::move(values), Formula::x()),
        .kind = "runs",
        .proof =
            "division game: g is constant on runs, computed exactly for every n <= 2^63-1: "
            "g(n) depends only on the runs its options " +
            option +
            " fall in, so the value holds until one of them leaves its run "
            "(rules/families/division_steps.hpp)"};
  }

  std::optional<std::vector<ValueRun>> formula_runs(std::uint64_t from,
                                                    std::uint64_t to) const override {
    const std::lock_guard lock(mutex_);
    const auto& steps = steps_.steps_to(to);
    std::vector<ValueRun> runs;
    for (std::size_t i = 0; i < steps.size() && steps[i].start <= to; ++i) {
      const std::uint64_t end = i + 1 < steps.size() ? steps[i + 1].start - 1 : to;
      if (end < from) continue;
      runs.push_back({std::max(from, steps[i].start), std::min(end, to), steps[i].value});
    }
    return runs;
  }

 private:
  /// The canonical name: the divisors increasing, ranges expanded (as `sub(1..3)` is
  /// `sub(1,2,3)`).
  static std::string spec_name(const std::vector<std::uint64_t>& divisors, DivisionLeave leave) {
    std::string out = leave == DivisionLeave::rest ? "subdiv(" : "div(";
    for (std::size_t i = 0; i < divisors.size(); ++i) {
      out += (i > 0 ? "," : "") + std::to_string(divisors[i]);
    }
    return out + ")";
  }

  std::vector<std::uint64_t> divisors_;
  DivisionLeave leave_;
  mutable std::mutex mutex_;
  mutable DivisionSteps steps_;
};

const FamilyRegistration kDivision{Family{
    .name = "div",
    .syntax = "div(2,3) | div(2..6)",
    .summary = "division game: from n, leave floor(n/k) for a k of the set (k >= 2); 0 is "
               "terminal; values as steps, any n to 2^63-1",
    .arguments = Arguments::required,
    .examples = {"div(2)", "div(2,3)", "div(2..6)", "div(3,5,7)", "div(2..9)"},
    .make = &Division::make_quotient,
}};

const FamilyRegistration kSubtractedDivision{Family{
    .name = "subdiv",
    .syntax = "subdiv(2,3) | subdiv(2..6)",
    .summary = "division game, the rest: from n, take floor(n/k) >= 1 tokens for a k of the set "
               "(k >= 1), leaving n - floor(n/k); values as steps, any n to 2^63-1",
    .arguments = Arguments::required,
    .examples = {"subdiv(2)", "subdiv(2,3)", "subdiv(3,5,7)", "subdiv(1,3)", "subdiv(2,4)"},
    .make = &Division::make_rest,
}};

}  // namespace
}  // namespace grundy
