// The cutting game (POJ 2311): a W x H sheet of paper is cut along a grid line into two
// rectangles, and every side of every piece must stay at least 2, so a side of length L is cut at
// 2..L-2. The pieces then are played as a sum. A player who cannot cut loses.
//
// A position keeps its orientation (`5x7` prints as `5x7`, its parts as the sheet was cut), so
// what the user typed is what they see. Values are symmetric in W and H (rotating a sheet changes
// nothing), which the grid table uses to store g(w, h) once for w <= h. Options are listed up to
// that rotation too: the vertical cuts of a square give the rotations of its horizontal cuts, so
// a square lists only the horizontal ones, and every option is a distinct set of pieces.
#include <string>
#include <vector>

#include "grundy/rules/game.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {
namespace {

constexpr std::uint64_t kMinSide = 2;

class Cut final : public Game {
 public:
  Cut() : Game("cut") {
    set_traits({.layout = Layout::grid,
                .symmetric = true,
                .grid_moves = GridMoves::cuts,
                .min_side = kMinSide});
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
