// The cutting game (POJ 2311): a W x H sheet of paper is cut along a grid line into two
// rectangles, and every side of every piece must stay at least 2, so a side of length L is cut at
// 2..L-2. The pieces then are played as a sum. A player who cannot cut loses.
//
// A position keeps its orientation (`5x7` prints as `5x7`, its parts as the sheet was cut), so
// what the user typed is what they see. Values are symmetric in W and H (rotating a sheet changes
// nothing), which the grid table uses to store g(w, h) once for w <= h. Options are listed up to
// that rotation too: the vertical cuts of a square give the rotations of its horizontal cuts, so
// a square lists only the horizontal ones, and every option is a distinct set of pieces.
//
// The closed form (a theorem, proven here). A strip cut across only, a sheet 2 or 3 wide, is a
// heap: cutting width n into a, n - a >= 2 is Dawson's Kayles (0.07) on a heap of n - 2, which
// loses 2 and may split, so its value is h(n) = g_0.07(n - 2). Then, for every sheet,
//   g(W x H) = h(W) when h(H) = 0,  h(H) when h(W) = 0,  and 1 when neither is 0.
// Proof, by induction on W + H; write c(W, H) for the right-hand side, and note that a cut of W
// leaves a + b = W, each piece keeping H, valued c(a, H) xor c(b, H).
// - h(H) = 0 (H's own cuts a + b = H all have h(a) != h(b), else h(H) would not be 0). The cuts of
//   W give {h(a) xor h(b)}, whose mex is h(W). A cut of H gives c(W, a) xor c(W, b) with h(a) !=
//   h(b), so not both 0: if h(W) = 0 it is h(a) xor h(b) != 0 = h(W); if h(W) != 0 it is
//   h(W) xor 1 (one of them 0) or 1 xor 1 = 0 (neither), never h(W). So the mex is h(W).
// - h(W) = 0: the same with W and H exchanged.
// - Neither is 0: h(W) != 0, so some cut a + b = W has h(a) = h(b), and it gives 0 (both 0: h(H)
//   xor h(H); neither: 1 xor 1). No option is 1: a cut gives h(H) xor h(H) = 0, h(H) xor 1 != 1
//   (h(H) != 0), or 1 xor 1 = 0, and the cuts of H alike. So the mex is 1.
// h is periodic: 0.07 has period 34 from heap 53 (Guy and Smith's theorem, checked below on the
// values it needs), so h(n + 34) = h(n) from n = 55, and the form answers sheets of any size,
// with the winning cuts of a huge sheet counted by residue (formula_options_with_value).
#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "grundy/core/mex.hpp"
#include "grundy/rules/formula.hpp"
#include "grundy/rules/game.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {
namespace {

constexpr std::uint64_t kMinSide = 2;

/// h(n) = g_0.07(n - 2), the value of a strip of width n cut across only: periodic with period
/// kStripPeriod from kStripPreperiod.
constexpr std::uint64_t kStripPreperiod = 55;
constexpr std::uint64_t kStripPeriod = 34;
/// Guy and Smith's theorem for 0.07 (a move removes t = 2 and leaves at most 2 heaps): the period
/// p from heap i holds forever once g(m + p) = g(m) for i <= m < 2i + p + t; in widths n = m + 2,
/// for kStripPreperiod <= n < kStripCheckEnd.
constexpr std::uint64_t kStripCheckEnd = 2 * (kStripPreperiod - 2) + kStripPeriod + 2 + 2;

/// h(0..kStripCheckEnd + kStripPeriod - 1) by mex over the cuts (h(0) and h(1), widths that are
/// no sheet, are 0), and whether the period holds on the range the theorem needs.
struct StripValues {
  std::array<Value, kStripCheckEnd + kStripPeriod> h{};
  bool periodic = true;

  StripValues() {
    std::vector<Value> seen;
    MexSet scratch;
    for (std::uint64_t n = kMinSide; n < h.size(); ++n) {
      seen.clear();
      for (std::uint64_t a = kMinSide; a + kMinSide <= n; ++a) seen.push_back(h[a] ^ h[n - a]);
      h[n] = mex(seen, scratch);
    }
    for (std::uint64_t n = kStripPreperiod; n < kStripCheckEnd; ++n) {
      periodic = periodic && h[n + kStripPeriod] == h[n];
    }
  }

  /// h(n) for any width n >= 2.
  Value at(std::uint64_t n) const {
    return n < kStripPreperiod + kStripPeriod
               ? h[n]
               : h[kStripPreperiod + (n - kStripPreperiod) % kStripPeriod];
  }
};

const StripValues& strip_values() {
  static const StripValues values;
  return values;
}

/// c(W, H) from h(W) and h(H).
constexpr Value sheet_value(Value hw, Value hh) {
  if (hh == 0) return hw;
  if (hw == 0) return hh;
  return 1;
}

class Cut final : public Game {
 public:
  Cut() : Game("cut") {
    set_traits({.layout = Layout::grid,
                .symmetric = true,
                .grid_moves = GridMoves::cuts,
                .min_side = kMinSide,
                .formula_values = strip_values().periodic});
  }

  Position parse_position(Scanner& in) const override {
    const std::uint64_t w = side(in, "the width");
    in.skip_spaces();
    if (in.peek() != 'x' && in.peek() != 'X') {
      in.fail("expected 'x' between the width and the height (e.g. 5x7), found " +
              describe_char(in.text(), in.offset()));
    }
    in.get();
    in.skip_spaces();
    const std::uint64_t h = side(in, "the height");
    return Position{w, h};
  }
  std::string format_position(const Position& p) const override {
    return std::to_string(p.x) + "x" + std::to_string(p.y);
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    const std::uint64_t w = p.x;
    const std::uint64_t h = p.y;
    // Cutting at i and at w - i gives the same two pieces: i runs to w / 2 only.
    for (std::uint64_t i = kMinSide; i <= w / 2 && w - i >= kMinSide; ++i) {
      const Position parts[2] = {{i, h}, {w - i, h}};
      visit.option(parts);
    }
    if (w == h) return;
    for (std::uint64_t j = kMinSide; j <= h / 2 && h - j >= kMinSide; ++j) {
      const Position parts[2] = {{w, j}, {w, h - j}};
      visit.option(parts);
    }
  }

  std::optional<Value> formula_value(const Position& p) const override {
    if (!strip_values().periodic || p.x < kMinSide || p.y < kMinSide) return std::nullopt;
    return sheet_value(strip_values().at(p.x), strip_values().at(p.y));
  }

  std::optional<std::uint64_t> formula_options_with_value(const Position& p, Value target,
                                                          std::size_t limit,
                                                          OptionVisitor& visit) const override {
    if (!formula_value(p)) return std::nullopt;
    std::uint64_t count = 0;
    std::size_t given = 0;
    // The cuts of W (each piece keeping H), then those of H, as options() lists them.
    count += cuts_with_value(p.x, p.y, false, target, limit, given, visit);
    if (p.x != p.y) count += cuts_with_value(p.y, p.x, true, target, limit, given, visit);
    return count;
  }

  std::optional<ClosedForm> closed_form() const override {
    if (!strip_values().periodic) return std::nullopt;
    using Op = Formula::Op;
    const StripValues& strip = strip_values();
    const std::vector<Value> h(strip.h.begin(),
                               strip.h.begin() + kStripPreperiod + kStripPeriod);
    const auto strip_of = [&](Formula side) {
      return Formula::periodic(h, kStripPreperiod, 0, std::move(side));
    };
    const Formula hw = strip_of(Formula::x());
    const Formula hh = strip_of(Formula::y());
    const auto is_zero = [](const Formula& f) {
      return Formula::apply(Op::equal, {f, Formula::constant(0)});
    };
    return ClosedForm{
        .formula = Formula::apply(
            Op::select,
            {is_zero(hh), hw, Formula::apply(Op::select, {is_zero(hw), hh, Formula::constant(1)})}),
        .kind = "strip values",
        .proof = "cutting game: with h(n) = g(n - 2) of Dawson's Kayles 0.07 (a strip cut across "
                 "only), g(WxH) = h(W) when h(H) = 0, h(H) when h(W) = 0, and 1 otherwise (by "
                 "induction on W + H, src/rules/families/cut.cpp); h(n + 34) = h(n) for n >= 55 "
                 "(Guy-Smith periodicity theorem for 0.07, checked on h(55.." +
                 std::to_string(kStripCheckEnd + kStripPeriod - 1) + "))"};
  }

  std::vector<Position> sample_positions(std::size_t count) const override {
    // By area-like size: w + h = 4, 5, 6, ..., each with w increasing.
    std::vector<Position> out;
    for (std::uint64_t total = 2 * kMinSide; out.size() < count; ++total) {
      for (std::uint64_t w = kMinSide; w + kMinSide <= total && out.size() < count; ++w) {
        out.push_back(Position{w, total - w});
      }
    }
    return out;
  }

 private:
  /// The cuts of the side `length` (each piece keeping the side `other`) whose value is
  /// `target`: how many, and the first of them (in increasing order of the smaller piece) given to
  /// `visit` while `given` < `limit`. `along`: the pieces are (other, a), else (a, other). A
  /// cut at a (the smaller piece) with a >= kStripPreperiod + kStripPeriod has both pieces in h's
  /// period, so its value depends on a mod kStripPeriod only: those are counted by residue.
  static std::uint64_t cuts_with_value(std::uint64_t length, std::uint64_t other, bool along,
                                       Value target, std::size_t limit, std::size_t& given,
                                       OptionVisitor& visit) {
    const StripValues& strip = strip_values();
    const Value h_other = strip.at(other);
    if (length < 2 * kMinSide) return 0;
    const std::uint64_t last = length / 2;  // the smaller piece runs kMinSide..last
    const auto value_at = [&](std::uint64_t a) {
      return sheet_value(strip.at(a), h_other) ^ sheet_value(strip.at(length - a), h_other);
    };
    const auto give = [&](std::uint64_t a) {
      if (given >= limit) return;
      const Position parts[2] = {along ? Position{other, a} : Position{a, other},
                                 along ? Position{other, length - a} : Position{length - a, other}};
      visit.option(parts);
      ++given;
    };
    const std::uint64_t periodic_from = kStripPreperiod + kStripPeriod;
    std::uint64_t count = 0;
    for (std::uint64_t a = kMinSide; a <= std::min(last, periodic_from - 1); ++a) {
      if (value_at(a) == target) {
        ++count;
        give(a);
      }
    }
    if (last < periodic_from) return count;
    // a in periodic_from..last: the residues of one period whose cut has the value, then every a
    // of those residues, smallest first, while there is room.
    std::vector<std::uint64_t> starts;
    for (std::uint64_t a = periodic_from; a < periodic_from + kStripPeriod && a <= last; ++a) {
      if (value_at(a) == target) {
        starts.push_back(a);
        count += (last - a) / kStripPeriod + 1;
      }
    }
    for (std::uint64_t k = 0; given < limit && !starts.empty(); ++k) {
      bool any = false;
      for (const std::uint64_t start : starts) {
        const std::uint64_t a = start + k * kStripPeriod;
        if (a > last) break;
        any = true;
        give(a);
      }
      if (!any) break;
    }
    return count;
  }

  static std::uint64_t side(Scanner& in, std::string_view what) {
    const std::size_t at = in.offset();
    const std::uint64_t v = in.unsigned_integer(what, kMaxCoordinate);
    if (v < kMinSide) {
      in.fail_at(at, std::string(what) +
                         " of a sheet must be at least 2 (a piece narrower than 2 "
                         "cannot occur), found " +
                         std::to_string(v));
    }
    return v;
  }
};

const FamilyRegistration kCut{Family{
    .name = "cut",
    .syntax = "cut",
    .summary = "cutting game: cut a WxH sheet along a grid line into two rectangles whose sides "
               "stay >= 2 (position WxH)",
    .arguments = Arguments::none,
    .examples = {"cut"},
    .make = [](Scanner*) { return std::make_shared<const Cut>(); },
}};

}  // namespace
}  // namespace grundy
