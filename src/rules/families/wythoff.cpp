// Wythoff's game: two heaps; a move removes any positive number of tokens from one heap, or the
// same positive number from both. Position `a,b`.
//
// Grundy values come from a grid table (the game is Corner the Queen, so the table takes each
// mex over three incrementally kept line sets); that serves moderate coordinates. Outcomes and
// winning moves of any position up to 2^63-1 come from Wythoff's theorem (see wythoff.hpp): from
// an N-position the winning moves are the moves to P-positions, and there are at most three.
#include "grundy/rules/families/wythoff.hpp"

#include <algorithm>
#include <array>
#include <string>
#include <utility>
#include <vector>

#include "grundy/core/checked.hpp"
#include "grundy/rules/formula.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {
namespace wythoff {
namespace {

/// floor(m·√5) for m <= 2^63. Writing m·√5 = 2m + m·(√5 - 2) and √5 - 2 = 1/φ³, the fractional
/// part t = floor(m/φ³) is the largest t with t·(2 + √5) <= m, i.e. 2t <= m and
/// 5t² <= (m - 2t)²; both sides stay below 2^127 since t <= m/4. Binary search over t.
uint128 floor_sqrt5_times(std::uint64_t m) {
  std::uint64_t lo = 0;      // satisfies the condition
  std::uint64_t hi = m / 4;  // φ³ > 4, so t <= m/4
  while (lo < hi) {
    const std::uint64_t mid = lo + (hi - lo + 1) / 2;
    const uint128 left = uint128{5} * mid * mid;
    const uint128 rest = uint128{m} - 2 * uint128{mid};
    if (left <= rest * rest) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return 2 * uint128{m} + lo;
}

/// The number of j >= 1 with a_j <= v: a_j <= v iff j·φ < v + 1 iff j < (v + 1)/φ, and
/// (v + 1)/φ = (v + 1)·φ - (v + 1) is irrational, so the count is a_{v+1} - (v + 1).
std::uint64_t count_lower_up_to(std::uint64_t v) {
  return lower(v + 1) - (v + 1);
}

}  // namespace

std::uint64_t lower(std::uint64_t k) {
  // k·φ = (k + k·√5)/2; with s = k·√5 irrational (k > 0) and r = floor(s), floor((k + s)/2) =
  // floor((k + r)/2) whatever the parity of k + r.
  return static_cast<std::uint64_t>((uint128{k} + floor_sqrt5_times(k)) / 2);
}

std::uint64_t partner(std::uint64_t v) {
  if (v == 0) return 0;
  const std::uint64_t up_to_v = count_lower_up_to(v);
  if (up_to_v > count_lower_up_to(v - 1)) return v + up_to_v;  // v = a_j, j = up_to_v
  // Otherwise v = b_j with j = v - up_to_v (the upper numbers up to v are the other positive
  // integers up to v), and its partner is a_j = b_j - j = up_to_v.
  return up_to_v;
}

}  // namespace wythoff

namespace {

class Wythoff final : public Game {
 public:
  Wythoff() : Game("wythoff") {
    set_traits({.layout = Layout::grid,
                .symmetric = true,
                .grid_moves = GridMoves::queen,
                .formula_p_positions = true});
  }

  Position parse_position(Scanner& in) const override {
    return parse_point_position(in, "the first heap", "the second heap");
  }
  std::string format_position(const Position& p) const override { return format_point_position(p); }

  void options(const Position& p, OptionVisitor& visit) const override {
    for (std::uint64_t x = 0; x < p.x; ++x) visit_single(Position{x, p.y}, visit);
    for (std::uint64_t y = 0; y < p.y; ++y) visit_single(Position{p.x, y}, visit);
    for (std::uint64_t d = 1; d <= std::min(p.x, p.y); ++d) {
      visit_single(Position{p.x - d, p.y - d}, visit);
    }
  }

  std::optional<bool> formula_is_p_position(const Position& p) const override {
    // The exact arithmetic of wythoff.hpp holds for coordinates up to 2^63-1 (a partner then stays
    // below 2^64); larger ones are left to the tables, which refuse them.
    if (std::max(p.x, p.y) > kMaxCoordinate) return std::nullopt;
    return wythoff::is_p_position(p.x, p.y);
  }

  std::optional<ClosedForm> closed_form() const override {
    // (x, y) is a P-position iff min(x, y) = a_k = floor(k·φ) for k = |x - y|.
    using Op = Formula::Op;
    const Formula k = Formula::apply(Op::abs_diff, {Formula::x(), Formula::y()});
    return ClosedForm{
        .formula = Formula::apply(Op::equal, {Formula::apply(Op::min, {Formula::x(), Formula::y()}),
                                              Formula::apply(Op::golden_floor, {k})}),
        .p_positions = true,
        .kind = "Wythoff pairs",
        .proof =
            "Wythoff's theorem: the P-positions are (a_k, a_k + k) and (a_k + k, a_k) with "
            "a_k = floor(k*phi), phi = (1 + sqrt 5)/2 (Wythoff 1907)"};
  }

  std::optional<std::uint64_t> formula_options_with_value(const Position& p, Value target,
                                                          std::size_t limit,
                                                          OptionVisitor& visit) const override {
    if (target != 0 || std::max(p.x, p.y) > kMaxCoordinate) return std::nullopt;
    // The P-positions reachable from (x, y): keep y and take x to y's partner, keep x and take y
    // to x's partner, or keep the difference k = |x - y| and take the smaller heap to a_k. The
    // first two change one coordinate, the third both, so the three are distinct.
    std::array<Position, 3> moves;
    std::size_t count = 0;
    if (const std::uint64_t x = wythoff::partner(p.y); x < p.x) moves[count++] = {x, p.y};
    if (const std::uint64_t y = wythoff::partner(p.x); y < p.y) moves[count++] = {p.x, y};
    const std::uint64_t low = std::min(p.x, p.y);
    if (const std::uint64_t a = wythoff::lower(std::max(p.x, p.y) - low); a < low) {
      moves[count++] = {p.x - (low - a), p.y - (low - a)};
    }
    // Three elements at most: sorted by hand (std::sort here trips GCC 12's -Warray-bounds in
    // sanitizer builds, a false positive on its unrolled insertion sort).
    for (std::size_t i = 1; i < count; ++i) {
      for (std::size_t j = i; j > 0 && moves[j] < moves[j - 1]; --j)
        std::swap(moves[j], moves[j - 1]);
    }
    for (std::size_t i = 0; i < count && i < limit; ++i) visit_single(moves[i], visit);
    return count;
  }

  std::vector<Position> sample_positions(std::size_t count) const override {
    return diagonal_points(count);
  }
};

const FamilyRegistration kWythoff{Family{
    .name = "wythoff",
    .syntax = "wythoff",
    .summary = "Wythoff's game: two heaps; remove any number from one heap or the same number "
               "from both (position a,b)",
    .arguments = Arguments::none,
    .examples = {"wythoff"},
    .make = [](Scanner*) { return std::make_shared<const Wythoff>(); },
}};

}  // namespace
}  // namespace grundy
