#include "grundy/solve/dense_solver.hpp"

#include <bit>
#include <limits>
#include <stdexcept>
#include <string>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/take_break.hpp"

namespace grundy {

DenseSolver::DenseSolver(const Game& game, Limits limits) : game_(game), limits_(limits) {
  if (!game.heap_ordered()) {
    throw std::logic_error("DenseSolver needs a heap-ordered game, not " + game.name());
  }
}

std::uint64_t DenseSolver::table_bytes(std::uint64_t n) {
  return bytes_for(saturating_add(n, 1), sizeof(std::uint32_t));
}

void DenseSolver::extend_to(std::uint64_t n) {
  if (n < table_.size()) return;
  const std::string what = "a table of g(0.." + std::to_string(n) + ") for " + game_.name();
  require_memory(limits_, table_bytes(n), what);
  // The table fits in the limit (so n + 1 entries are few enough to count).
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
  const TakeBreakCode* code = game_.take_break_code();
  const std::uint64_t start = table_.size();
  std::uint64_t next_report = start + (std::uint64_t{1} << 14);
  for (std::uint64_t m = start; m <= n; ++m) {
    store(m, code != nullptr ? compute_take_break(m) : compute_generic(m));
    if (progress_ && m >= next_report) {
      progress_(m - start, n + 1 - start);
      next_report = m + (std::uint64_t{1} << 14);
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
  const TakeBreakCode& code = *game_.take_break_code();
  const std::uint32_t* g = table_.data();
  if (width <= 64) {
    // The common case (octal games rarely pass 63): the marks fit one machine word, and the
    // split loop is a branch-free OR the compiler can vectorise.
    std::uint64_t marks = 0;
    for (std::uint64_t k = 0; k < code.digits.size() && k <= n; ++k) {
      const std::uint8_t d = code.digits[k];
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
    }
    return static_cast<Value>(std::countr_one(marks));
  }
  mex_.reset(width + 1);
  for (std::uint64_t k = 0; k < code.digits.size() && k <= n; ++k) {
    const std::uint8_t d = code.digits[k];
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
  }
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
