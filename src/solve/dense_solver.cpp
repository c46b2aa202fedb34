#include "grundy/solve/dense_solver.hpp"

#include <bit>
#include <limits>
#include <stdexcept>
#include <string>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/families/subtraction.hpp"
#include "grundy/rules/take_break.hpp"
#include "subtraction_windows.hpp"

namespace grundy {
namespace {

/// What the inner loops cost against an option part looked up through options(), measured (0.07
/// and Grundy's game to 10^5, hex(0.8) to 2000, sub(1,3,...,39) and digits to 10^7): a two-heap
/// split in the one-word loop (values below 64) is a vectorised OR, 0.06 of a look-up; past 63
/// values each split marks a bitset, 0.13; a three-heap split, 0.12. Each value of the generic
/// path costs about 4 look-ups besides its options (the call, the mex).
constexpr double kSplitWeightWord = 0.06;
constexpr double kSplitWeightWide = 0.13;
constexpr double kThreeHeapWeight = 0.12;
constexpr std::uint64_t kGenericValueSteps = 4;

/// Heaps of a repeating code whose costs are added one by one; past that many the sum is taken
/// by the trapezoid rule on kWorkSamples intervals. A heap's cost grows with the heap as a
/// polynomial (the block's digits recur evenly), so the rule is close; it is an estimate, as the
/// weights are.
constexpr std::uint64_t kExactWorkHeaps = 4096;
constexpr std::uint64_t kWorkSamples = 1024;

/// The cost of heap m of a repeating code: one step, and its options weighted as above
/// (take_break_options_bound counts two-heap splits as r/2 + 1 and three-heap ones as r^2/12 + 1).
double repeating_heap_cost(const TakeBreakCode& code, std::uint64_t m, double split) {
  // The options of one kind at a time: a code with only that kind's bit in every digit.
  double cost = 1;
  for (const auto& [bit, weight] : {std::pair{kLeaveOne, 1.0}, std::pair{kLeaveTwo, split},
                                    std::pair{kLeaveThree, kThreeHeapWeight}}) {
    TakeBreakCode only = code;
    bool any = false;
    for (std::uint8_t& d : only.digits) {
      d &= bit;
      any = any || d != 0;
    }
    if (any) cost += weight * static_cast<double>(take_break_options_bound(only, m));
  }
  return cost;
}

/// Steps to fill heaps from..to of a repeating code: its moves remove any number of tokens, so a
/// heap costs at least its size with one-heap moves (a quadratic table), more with splits.
std::uint64_t repeating_work(const TakeBreakCode& code, std::uint64_t from, std::uint64_t to,
                             double split) {
  double steps = 0;
  if (to - from < kExactWorkHeaps) {
    for (std::uint64_t m = from; m <= to; ++m) steps += repeating_heap_cost(code, m, split);
  } else {
    // The sum over heaps is the integral of the cost from `from` to `to` plus half the two ends.
    const double width = static_cast<double>(to - from) / kWorkSamples;
    const double first = repeating_heap_cost(code, from, split);
    const double last = repeating_heap_cost(code, to, split);
    double inside = 0;
    for (std::uint64_t j = 1; j < kWorkSamples; ++j) {
      const auto m = from + static_cast<std::uint64_t>(static_cast<double>(j) * width);
      inside += repeating_heap_cost(code, std::min(m, to), split);
    }
    steps = (inside + (first + last) / 2) * width + (first + last) / 2;
  }
  return steps >= 1.8e19 ? kSaturated : static_cast<std::uint64_t>(steps);
}

/// Values reported between progress calls: about this many steps apart.
constexpr std::uint64_t kStepsPerReport = std::uint64_t{1} << 22;

}  // namespace

DenseSolver::DenseSolver(const Game& game, Limits limits) : game_(game), limits_(limits) {
  if (game.traits().layout != Layout::heaps) {
    throw std::logic_error("DenseSolver needs a heap-ordered game, not " + game.name());
  }
  if (const SubtractionSet* set = game.traits().subtraction;
      set != nullptr && game.traits().take_break == nullptr && SubtractionWindows::pay_off(*set)) {
    windows_ = std::make_unique<SubtractionWindows>(*set);
  }
}

DenseSolver::~DenseSolver() = default;

std::uint64_t DenseSolver::table_bytes(std::uint64_t n) {
  return bytes_for(saturating_add(n, 1), sizeof(std::uint32_t));
}

std::uint64_t DenseSolver::take_break_work(std::uint64_t from, std::uint64_t to) const {
  // Per value one step, and per digit k the moves from a remainder r = m - k: one heap (one
  // step), two heaps (about r/2 splits), three heaps (about r^2/12 splits).
  const TakeBreakCode& code = *game_.traits().take_break;
  const double split = max_value_ < 64 ? kSplitWeightWord : kSplitWeightWide;
  if (code.repeats()) return repeating_work(code, from, to, split);
  auto sum_r = [](double a, double b) { return (a + b) * (b - a + 1) / 2; };
  auto sum_r2 = [](double x) { return x * (x + 1) * (2 * x + 1) / 6; };
  double steps = static_cast<double>(to - from + 1);
  for (std::uint64_t k = 0; k < code.digits.size() && k <= to; ++k) {
    const std::uint8_t d = code.digits[k];
    const double a = static_cast<double>(std::max(from, k) - k);
    const double b = static_cast<double>(to - k);
    if (d & kLeaveOne) steps += b - a + 1;
    if (d & kLeaveTwo) steps += split * sum_r(a, b) / 2;
    if (d & kLeaveThree) steps += kThreeHeapWeight * (sum_r2(b) - (a > 0 ? sum_r2(a - 1) : 0)) / 12;
  }
  // In floating point: sums of squares pass 2^64 long before a table does.
  return steps >= 1.8e19 ? kSaturated : static_cast<std::uint64_t>(steps);
}

std::uint64_t DenseSolver::work_to(std::uint64_t n) const {
  const std::uint64_t from = table_.size();
  if (n < from) return 0;
  if (windows_) return windows_->work(from, n);
  if (game_.traits().take_break != nullptr) return take_break_work(from, n);
  // Heap n has the most options of 0..n in every family without a formula here (nim, digits,
  // Python games with few options); each option costs its parts.
  std::uint64_t parts = kGenericValueSteps;
  for_each_option(game_, Position{n, 0}, [&](std::span<const Position> option) {
    parts = saturating_add(parts, std::max<std::uint64_t>(option.size(), 1));
  });
  return saturating_mul(n - from + 1, parts);
}

void DenseSolver::extend_to(std::uint64_t n) {
  if (n < table_.size()) return;
  const std::string what = "a table of g(0.." + std::to_string(n) + ") for " + game_.name();
  std::uint64_t bytes = table_bytes(n);
  if (windows_) bytes = saturating_add(bytes, windows_->bytes(n));
  require_memory(limits_, bytes, what);
  // The table fits in the limit (so n + 1 entries are few enough to count).
  if (windows_ && n >= std::numeric_limits<std::uint32_t>::max()) {
    // The windows count copies of a value in 32 bits; a window holds at most n of them.
    throw ResourceError(what + " has more than 2^32-1 values, the most the sliding windows of " +
                        "a subtraction game count");
  }
  // The budget is the whole table's: extensions in small steps (a period search, a stream of
  // queries) add up to what one extension to n would take.
  const std::uint64_t work = work_to(n);
  require_work(saturating_add(work_done_, work), max_work_, what);
  work_done_ = saturating_add(work_done_, work);
  if (n + 1 > table_.capacity()) {
    // Grow geometrically for a stream of increasing queries, but never past the limit.
    const std::uint64_t doubled = std::min<std::uint64_t>(
        saturating_mul(table_.capacity(), 2), limits_.max_memory_bytes / sizeof(std::uint32_t));
    try {
      table_.reserve(static_cast<std::size_t>(std::max<std::uint64_t>(n + 1, doubled)));
    } catch (const std::exception&) {  // bad_alloc, length_error: a limit above what there is
      throw ResourceError(what + " needs " + format_bytes(table_bytes(n)) +
                          ", more than can be allocated");
    }
  }
  const TakeBreakCode* code = game_.traits().take_break;
  const std::uint64_t start = table_.size();
  const std::uint64_t values = n + 1 - start;
  // Reports about every kStepsPerReport steps, and at least every 2^14 values.
  const std::uint64_t report_every = std::clamp<std::uint64_t>(
      static_cast<std::uint64_t>(static_cast<double>(values) * kStepsPerReport /
                                 static_cast<double>(std::max<std::uint64_t>(work, 1))),
      1, std::uint64_t{1} << 14);
  std::uint64_t next_report = start + report_every;
  for (std::uint64_t m = start; m <= n; ++m) {
    if (windows_) {
      store(m, windows_->next(table_));
    } else {
      store(m, code != nullptr ? compute_take_break(m) : compute_generic(m));
    }
    if (progress_ && m >= next_report) {
      progress_(m - start, values);
      next_report = m + report_every;
    }
  }
}

void DenseSolver::store(std::uint64_t n, Value v) {
  if (v > std::numeric_limits<std::uint32_t>::max()) {
    throw Error("g(" + std::to_string(n) + ") of " + game_.name() +
                " exceeds 2^32-1, the widest "
                "value a dense table stores");
  }
  table_.push_back(static_cast<std::uint32_t>(v));
  max_value_ = std::max(max_value_, v);
}

Value DenseSolver::compute_take_break(std::uint64_t n) {
  // Every value so far is below 2^w, so every XOR of them is too, and the mex is at most 2^w.
  const std::uint64_t width = std::bit_ceil(max_value_ + 1);
  const TakeBreakCode& code = *game_.traits().take_break;
  const std::uint32_t* g = table_.data();
  if (width <= 64) {
    // The common case (octal games rarely pass 63): the marks fit one machine word, and the
    // split loop is a branch-free OR the compiler can vectorise.
    std::uint64_t marks = 0;
    for_each_digit(code, n, [&](std::uint64_t k, std::uint8_t d) {
      const std::uint64_t r = n - k;
      if ((d & kLeaveNothing) && r == 0) marks |= 1;
      if ((d & kLeaveOne) && r > 0) marks |= std::uint64_t{1} << g[r];
      if ((d & kLeaveTwo) && r >= 2) {
        for (std::uint64_t a = 1; 2 * a < r; ++a) marks |= std::uint64_t{1} << (g[a] ^ g[r - a]);
        // The equal split a + a has value 0; Grundy's game forbids it.
        if (r % 2 == 0 && !code.unequal_split) marks |= 1;
      }
      if ((d & kLeaveThree) && r >= 3) {
        for (std::uint64_t a = 1; 3 * a <= r; ++a) {
          for (std::uint64_t b = a; a + 2 * b <= r; ++b) {
            marks |= std::uint64_t{1} << (g[a] ^ g[b] ^ g[r - a - b]);
          }
        }
      }
    });
    return static_cast<Value>(std::countr_one(marks));
  }
  mex_.reset(width + 1);
  for_each_digit(code, n, [&](std::uint64_t k, std::uint8_t d) {
    const std::uint64_t r = n - k;
    if ((d & kLeaveNothing) && r == 0) mex_.mark(0);
    if ((d & kLeaveOne) && r > 0) mex_.mark(g[r]);
    if ((d & kLeaveTwo) && r >= 2) {
      for (std::uint64_t a = 1; 2 * a <= r; ++a) {
        if (code.unequal_split && 2 * a == r) continue;
        mex_.mark(g[a] ^ g[r - a]);
      }
    }
    if ((d & kLeaveThree) && r >= 3) {
      for (std::uint64_t a = 1; 3 * a <= r; ++a) {
        for (std::uint64_t b = a; a + 2 * b <= r; ++b) mex_.mark(g[a] ^ g[b] ^ g[r - a - b]);
      }
    }
  });
  return mex_.mex();
}

Value DenseSolver::compute_generic(std::uint64_t n) {
  scratch_.clear();
  const std::uint32_t* g = table_.data();
  for_each_option(game_, Position{n, 0}, [&](std::span<const Position> parts) {
    Value v = 0;
    for (const Position& part : parts) {
      if (part.x >= n) {
        throw std::logic_error(game_.name() + " is not heap-ordered: " + std::to_string(n) +
                               " has an option part " + std::to_string(part.x));
      }
      v ^= g[part.x];
    }
    scratch_.push_back(v);
  });
  return mex(scratch_, mex_);
}

}  // namespace grundy
