// Coin-turning games: Ruler, Turning Turtles, Twins, Mock Turtles, and their 2-D products
// (tartans). Definitions and numbering as in Winning Ways ch. 14 ("Turn and Turn About") and
// Ferguson, Game Theory, part I ch. 5; why a position is a single head, and a row the sum of its
// heads, is in coin_turning.hpp.
#include "grundy/rules/families/coin_turning.hpp"

#include <algorithm>
#include <bit>
#include <limits>
#include <map>
#include <span>
#include <string_view>
#include <utility>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/rules/registry.hpp"

namespace grundy {
namespace {

/// n (n - 1) / 2, saturating.
std::uint64_t pairs_below(std::uint64_t n) {
  return n < 2 ? 0 : saturating_mul(n % 2 == 0 ? n / 2 : n, n % 2 == 0 ? n - 1 : (n - 1) / 2);
}

void visit_parts(OptionVisitor& visit, std::initializer_list<std::uint64_t> coins) {
  Position parts[2];
  std::size_t k = 0;
  for (std::uint64_t c : coins) parts[k++] = Position{c, 0};
  visit.option(std::span<const Position>(parts, k));
}

/// Options whose enumeration would turn more coins than this in all (or hold a move of more
/// parts) are refused (ResourceError) before anything is allocated.
constexpr std::uint64_t kMaxEnumeratedCoins = std::uint64_t{1} << 24;

void check_enumerable(const Game& game, const std::string& position, std::uint64_t coins) {
  if (coins > kMaxEnumeratedCoins) {
    throw ResourceError("the moves of " + game.name() + ":" + position + " turn " +
                        (coins == kSaturated ? "2^64-1 or more" : std::to_string(coins)) +
                        " coins in all, too many to enumerate (at most " +
                        std::to_string(kMaxEnumeratedCoins) + ")");
  }
}
void check_enumerable(const Game& game, std::uint64_t n, std::uint64_t coins) {
  check_enumerable(game, std::to_string(n), coins);
}

/// A winning move that turns more coins than can be listed is refused rather than listed.
void check_listable(const Game& game, std::uint64_t n, std::uint64_t coins) {
  if (coins > kMaxListedCoins) {
    throw Error("a winning move from " + game.name() + ":" + std::to_string(n) + " turns " +
                std::to_string(coins) + " coins, too many to list (at most " +
                std::to_string(kMaxListedCoins) + ")");
  }
}

// ---------------------------------------------------------------------------------------------
// Ruler
// ---------------------------------------------------------------------------------------------

/// Ruler: turn any run of consecutive coins, the rightmost from heads to tails. Numbered from 1,
/// g(n) is the largest power of 2 dividing n (Winning Ways ch. 14; Ferguson I ch. 5).
class Ruler final : public TurningGame {
 public:
  Ruler() : TurningGame("ruler") {}
  std::uint64_t first_coin() const noexcept override { return 1; }
  Value coin_value(std::uint64_t n) const noexcept override { return n & (~n + 1); }
  ClosedForm coin_form(const Formula& coin) const override {
    return {.formula = Formula::apply(Formula::Op::lowbit, {coin}),
            .kind = "ruler",
            .proof =
                "Ruler: g(n) is the largest power of 2 dividing n, g(0) = 0 (Winning Ways "
                "ch. 14; Ferguson, Game Theory I.5)"};
  }
  std::uint64_t move_count(std::uint64_t n) const noexcept override { return n; }
  std::uint64_t coins_turned(std::uint64_t n) const noexcept override {
    return saturating_add(pairs_below(n), n);  // 1 + 2 + ... + n
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    // The run k..n leaves the parts k..n-1: suffixes of one buffer 1..n-1.
    const std::uint64_t n = p.x;
    if (n == 0) return;
    check_enumerable(*this, n, coins_turned(n));
    std::vector<Position> run(n - 1);
    for (std::uint64_t m = 1; m < n; ++m) run[m - 1] = Position{m, 0};
    for (std::uint64_t k = 1; k <= n; ++k)
      visit.option(std::span<const Position>(run).subspan(k - 1));
  }

  std::optional<std::uint64_t> formula_options_with_value(const Position& p, Value target,
                                                          std::size_t limit,
                                                          OptionVisitor& visit) const override {
    // XOR of g(1..j) is the Gray code j xor (j >> 1) (consecutive Gray codes differ in the bit of
    // the lowest set bit of j), so the run k..n leaves the value gray(n-1) xor gray(k-1), and as
    // the Gray code is a bijection exactly one k gives each value, when k falls in 1..n.
    const std::uint64_t n = p.x;
    if (n == 0) return 0;
    const std::uint64_t j = gray_inverse(gray(n - 1) ^ target);  // j = k - 1
    if (j > n - 1) return 0;
    if (limit > 0) {
      check_listable(*this, n, n - j);
      std::vector<Position> run;
      for (std::uint64_t m = j + 1; m < n; ++m) run.push_back(Position{m, 0});
      visit.option(run);
    }
    return 1;
  }

 private:
  static std::uint64_t gray(std::uint64_t j) { return j ^ (j >> 1); }
  static std::uint64_t gray_inverse(std::uint64_t g) {
    for (unsigned shift = 1; shift < 64; shift *= 2) g ^= g >> shift;
    return g;
  }
};

// ---------------------------------------------------------------------------------------------
// Turning Turtles and Twins
// ---------------------------------------------------------------------------------------------

/// Turning Turtles: turn one coin from heads to tails, and perhaps also one coin to its left.
/// Numbered from 1 it is Nim: g(n) = n (Winning Ways ch. 14).
class Turtles final : public TurningGame {
 public:
  Turtles() : TurningGame("turtles") {}
  std::uint64_t first_coin() const noexcept override { return 1; }
  Value coin_value(std::uint64_t n) const noexcept override { return n; }
  ClosedForm coin_form(const Formula& coin) const override {
    return {.formula = coin,
            .kind = "n",
            .proof =
                "Turning Turtles is Nim: g(n) = n, coins numbered from 1 (Winning Ways "
                "ch. 14)"};
  }
  std::uint64_t move_count(std::uint64_t n) const noexcept override { return n; }
  std::uint64_t coins_turned(std::uint64_t n) const noexcept override {
    return n == 0 ? 0 : saturating_add(saturating_mul(2, n - 1), 1);
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    if (p.x == 0) return;
    visit.option({});
    for (std::uint64_t m = 1; m < p.x; ++m) visit_parts(visit, {m});
  }

  std::optional<std::uint64_t> formula_options_with_value(const Position& p, Value target,
                                                          std::size_t limit,
                                                          OptionVisitor& visit) const override {
    if (p.x == 0 || target >= p.x) return 0;
    if (limit > 0) {
      if (target == 0) {
        visit.option({});
      } else {
        visit_parts(visit, {target});
      }
    }
    return 1;
  }
};

/// Twins: turn exactly two coins, the rightmost from heads to tails. Numbered from 0, g(n) = n:
/// Turning Turtles shifted by one, coin 0 taking the part of "turn one coin only"
/// (Winning Ways ch. 14; Ferguson I ch. 5).
class Twins final : public TurningGame {
 public:
  Twins() : TurningGame("twins") {}
  std::uint64_t first_coin() const noexcept override { return 0; }
  Value coin_value(std::uint64_t n) const noexcept override { return n; }
  ClosedForm coin_form(const Formula& coin) const override {
    return {.formula = coin,
            .kind = "n",
            .proof =
                "Twins: g(n) = n, coins numbered from 0 (Winning Ways ch. 14; Ferguson, "
                "Game Theory I.5)"};
  }
  std::uint64_t move_count(std::uint64_t n) const noexcept override { return n; }
  std::uint64_t coins_turned(std::uint64_t n) const noexcept override {
    return saturating_mul(2, n);
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    for (std::uint64_t m = 0; m < p.x; ++m) visit_parts(visit, {m});
  }

  std::optional<std::uint64_t> formula_options_with_value(const Position& p, Value target,
                                                          std::size_t limit,
                                                          OptionVisitor& visit) const override {
    if (target >= p.x) return 0;
    if (limit > 0) visit_parts(visit, {target});
    return 1;
  }
};

// ---------------------------------------------------------------------------------------------
// Mock Turtles
// ---------------------------------------------------------------------------------------------

/// Mock Turtles: turn one, two or three coins, the rightmost from heads to tails. Numbered from
/// 0, g(n) is the n-th odious number (odd count of 1 bits): 1, 2, 4, 7, 8, 11, ... (the Mock
/// Turtle theorem, Winning Ways ch. 14; Ferguson I ch. 5).
class MockTurtles final : public TurningGame {
 public:
  MockTurtles() : TurningGame("mockturtles") {}
  std::uint64_t first_coin() const noexcept override { return 0; }
  std::optional<Value> formula_value(const Position& p) const override {
    check_fits(p.x);
    return coin_value(p.x);
  }
  /// The n-th odious number is 2n or 2n + 1: from n = 2^63 on it passes 2^64-1.
  static void check_fits(std::uint64_t n) {
    if (n >= std::uint64_t{1} << 63) {
      throw Error("g(mockturtles:" + std::to_string(n) +
                  "), the odious number 2n or 2n+1, passes 2^64-1");
    }
  }
  Value coin_value(std::uint64_t n) const noexcept override { return odious(n); }
  ClosedForm coin_form(const Formula& coin) const override {
    using Op = Formula::Op;
    // 2n + [popcount(n) even]: the n-th odious number.
    const Formula parity =
        Formula::apply(Op::mod, {Formula::apply(Op::popcount, {coin}), Formula::constant(2)});
    return {.formula = Formula::apply(Op::add,
                                      {Formula::apply(Op::multiply, {Formula::constant(2), coin}),
                                       Formula::apply(Op::equal, {parity, Formula::constant(0)})}),
            .kind = "odious",
            .proof =
                "Mock Turtles: g(n) is the n-th odious number (odd count of binary ones), "
                "2n plus 1 when n has an even count, coins numbered from 0 (Winning Ways "
                "ch. 14; Ferguson, Game Theory I.5)"};
  }
  std::uint64_t move_count(std::uint64_t n) const noexcept override {
    return saturating_add(saturating_add(1, n), pairs_below(n));
  }
  std::uint64_t coins_turned(std::uint64_t n) const noexcept override {
    return saturating_add(saturating_add(1, saturating_mul(2, n)),
                          saturating_mul(3, pairs_below(n)));
  }

  void options(const Position& p, OptionVisitor& visit) const override {
    const std::uint64_t n = p.x;
    visit.option({});
    for (std::uint64_t a = 0; a < n; ++a) {
      visit_parts(visit, {a});
      for (std::uint64_t b = a + 1; b < n; ++b) visit_parts(visit, {a, b});
    }
  }

  std::optional<std::uint64_t> formula_options_with_value(const Position& p, Value target,
                                                          std::size_t limit,
                                                          OptionVisitor& visit) const override {
    // Turning n alone leaves 0; with coin a, odious(a); with a < b, odious(a) xor odious(b),
    // which is 2 (a xor b) plus a parity bit making it evil (even count of 1 bits) and non-zero.
    // So 0 is reached only by turning n alone, an odious t only by the coin t >> 1, and an evil
    // t != 0 exactly by the pairs {a, a xor s} with s = t >> 1, both below n.
    const std::uint64_t n = p.x;
    if (target == 0) {
      if (limit > 0) visit.option({});
      return 1;
    }
    if (std::popcount(target) % 2 == 1) {
      const std::uint64_t a = target >> 1;
      if (a >= n) return 0;
      if (limit > 0) visit_parts(visit, {a});
      return 1;
    }
    const std::uint64_t s = target >> 1;
    const unsigned h =
        static_cast<unsigned>(std::bit_width(s)) - 1;  // a < a xor s: bit h of a is 0
    // Counting a < n with a xor s < n: whole blocks of 2^(h+1) below n (a and a xor s share the
    // block) count in full; in the last, partial block of r numbers, 2 (r - 2^h) when r > 2^h.
    const std::uint64_t block = std::uint64_t{1} << (h + 1);
    const std::uint64_t r = n % block;
    const std::uint64_t half = block / 2;
    const std::uint64_t pairs = (n / block) * half + (r > half ? r - half : 0);
    std::vector<std::uint64_t> smaller;
    smallest_pair_coins(s, n, h, std::min<std::uint64_t>(limit, pairs), smaller);
    for (std::uint64_t a : smaller) visit_parts(visit, {a, a ^ s});
    return pairs;
  }

  /// The n-th odious number: 2n plus 1 when n has an even number of 1 bits.
  static Value odious(std::uint64_t n) noexcept {
    return 2 * n + (std::popcount(n) % 2 == 0 ? 1 : 0);
  }

 private:
  /// The least `wanted` coins a with bit h clear and a xor s < n, in increasing order: a walk
  /// down the bits of a, 0 before 1, pruned where a xor s would pass n.
  static void smallest_pair_coins(std::uint64_t s, std::uint64_t n, unsigned h,
                                  std::uint64_t wanted, std::vector<std::uint64_t>& out) {
    struct Walk {
      std::uint64_t s, n, wanted;
      unsigned h;
      std::vector<std::uint64_t>& out;
      void step(int bit, std::uint64_t a, bool tight) {  // tight: a xor s equals n above `bit`
        if (out.size() >= wanted) return;
        if (bit < 0) {
          if (!tight) out.push_back(a);  // tight to the end means a xor s == n
          return;
        }
        const auto b = static_cast<unsigned>(bit);
        for (std::uint64_t choice = 0; choice <= 1; ++choice) {
          if (choice == 1 && b == h) continue;
          const std::uint64_t x = choice ^ ((s >> b) & 1), bound = (n >> b) & 1;
          if (tight && x > bound) continue;
          step(bit - 1, a | (choice << b), tight && x == bound);
        }
      }
    };
    Walk{s, n, wanted, h, out}.step(63, 0, true);
  }
};

// ---------------------------------------------------------------------------------------------
// Registration
// ---------------------------------------------------------------------------------------------

/// A 1-D coin-turning family by its registered name (the registry is the only list of families),
/// for tartan's arguments; nothing when the name is not one.
std::shared_ptr<const TurningGame> make_turning(std::string_view name) {
  const Family* family = Registry::instance().find(name);
  if (family == nullptr || family->arguments != Arguments::none) return nullptr;
  return std::dynamic_pointer_cast<const TurningGame>(family->make(nullptr));
}

/// `ruler, turtles, twins, mockturtles`: the 1-D families, for error messages.
std::string turning_names() {
  std::string out;
  for (const Family* f : Registry::instance().families()) {
    if (make_turning(f->name) == nullptr) continue;
    out += (out.empty() ? "" : ", ") + f->name;
  }
  return out;
}

std::shared_ptr<const TurningGame> parse_factor(Scanner& args) {
  args.skip_spaces();
  const std::size_t start = args.offset();
  const std::string_view name = args.identifier();
  if (name.empty()) {
    args.fail("expected a 1-D coin-turning game (" + turning_names() + "), found " +
              describe_char(args.text(), args.offset()));
  }
  auto game = make_turning(name);
  if (game == nullptr) {
    args.fail_at(start, "'" + std::string(name) + "' is not a 1-D coin-turning game (" +
                            turning_names() + ")");
  }
  args.skip_spaces();
  return game;
}

std::shared_ptr<const Game> make_tartan(std::string_view first, std::string_view second) {
  return std::make_shared<const TartanGame>(make_turning(first), make_turning(second));
}

const FamilyRegistration kRuler{Family{
    .name = "ruler",
    .syntax = "ruler",
    .summary = "coin turning: turn a run of consecutive coins, the rightmost heads to tails; "
               "coins from 1, g(n) = largest power of 2 dividing n (position: a heads coin)",
    .arguments = Arguments::none,
    .examples = {"ruler"},
    .make = [](Scanner*) { return std::make_shared<const Ruler>(); },
}};

const FamilyRegistration kTurtles{Family{
    .name = "turtles",
    .syntax = "turtles",
    .summary = "Turning Turtles: turn a coin heads to tails and perhaps one coin left of it; "
               "coins from 1, g(n) = n (position: a heads coin)",
    .arguments = Arguments::none,
    .examples = {"turtles"},
    .make = [](Scanner*) { return std::make_shared<const Turtles>(); },
}};

const FamilyRegistration kTwins{Family{
    .name = "twins",
    .syntax = "twins",
    .summary = "coin turning: turn exactly two coins, the rightmost heads to tails; coins from 0, "
               "g(n) = n (position: a heads coin)",
    .arguments = Arguments::none,
    .examples = {"twins"},
    .make = [](Scanner*) { return std::make_shared<const Twins>(); },
}};

const FamilyRegistration kMockTurtles{Family{
    .name = "mockturtles",
    .syntax = "mockturtles",
    .summary = "Mock Turtles: turn 1, 2 or 3 coins, the rightmost heads to tails; coins from 0, "
               "g(n) = the n-th odious number (position: a heads coin)",
    .arguments = Arguments::none,
    .examples = {"mockturtles"},
    .make = [](Scanner*) { return std::make_shared<const MockTurtles>(); },
}};

const FamilyRegistration kTartan{Family{
    .name = "tartan",
    .syntax = "tartan(ruler,twins)",
    .summary = "2-D product of two coin-turning games: turn A x B, the corner (x,y) heads to "
               "tails; g(x,y) = g1(x) nim-times g2(y) (position: x,y)",
    .arguments = Arguments::required,
    .examples = {"tartan(ruler,ruler)", "tartan(mockturtles,twins)", "tartan(turtles, ruler)"},
    .make = [](Scanner* args) -> std::shared_ptr<const Game> {
      if (args == nullptr) throw SpecError(1, "tartan needs two games, e.g. tartan(ruler,twins)");
      auto first = parse_factor(*args);
      args->expect(',', "',' between the two games of tartan(G1,G2)");
      auto second = parse_factor(*args);
      return std::make_shared<const TartanGame>(std::move(first), std::move(second));
    },
}};

const FamilyRegistration kRugs{Family{
    .name = "rugs",
    .syntax = "rugs",
    .summary = "Rugs = tartan(ruler,ruler): turn every coin of a rectangle whose corner (x,y) "
               "goes heads to tails",
    .arguments = Arguments::none,
    .examples = {"rugs"},
    .make = [](Scanner*) { return make_tartan("ruler", "ruler"); },
}};

const FamilyRegistration kTurningCorners{Family{
    .name = "turningcorners",
    .syntax = "turningcorners",
    .summary = "Turning Corners = tartan(twins,twins): turn the 4 corners of a rectangle; "
               "g(x,y) = x nim-times y",
    .arguments = Arguments::none,
    .examples = {"turningcorners"},
    .make = [](Scanner*) { return make_tartan("twins", "twins"); },
}};

}  // namespace

// ---------------------------------------------------------------------------------------------
// TurningGame and TartanGame
// ---------------------------------------------------------------------------------------------

Position TurningGame::parse_position(Scanner& in) const {
  return Position{in.unsigned_integer("a coin number", kMaxCoordinate), 0};
}

std::string TurningGame::format_position(const Position& p) const {
  return std::to_string(p.x);
}

std::vector<Position> TurningGame::sample_positions(std::size_t count) const {
  std::vector<Position> out;
  for (std::uint64_t n = first_coin(); out.size() < count; ++n) out.push_back(Position{n, 0});
  return out;
}

TartanGame::TartanGame(std::shared_ptr<const TurningGame> first,
                       std::shared_ptr<const TurningGame> second)
    : Game("tartan(" + first->name() + "," + second->name() + ")"),
      first_(std::move(first)),
      second_(std::move(second)) {
  set_traits({.formula_values = true, .rows_of_heads = true});
}

Position TartanGame::parse_position(Scanner& in) const {
  const std::uint64_t x = in.unsigned_integer("a coin number", kMaxCoordinate);
  in.skip_spaces();
  in.expect(',', "',' between the coordinates x,y");
  in.skip_spaces();
  const std::uint64_t y = in.unsigned_integer("a coin number", kMaxCoordinate);
  return Position{x, y};
}

std::string TartanGame::format_position(const Position& p) const {
  return std::to_string(p.x) + "," + std::to_string(p.y);
}

void TartanGame::options(const Position& p, OptionVisitor& visit) const {
  // A move is a move of each factor: none when either has none (whatever the other's count).
  if (first_->move_count(p.x) == 0 || second_->move_count(p.y) == 0) return;
  check_enumerable(*this, format_position(p),
                   saturating_mul(first_->coins_turned(p.x), second_->coins_turned(p.y)));
  // Every move A at x (the coins it turns, ascending, x last) with every move B at y; the
  // option is A x B without (x, y), in lexicographic order.
  auto full_moves = [](const TurningGame& g, std::uint64_t n) {
    std::vector<std::vector<std::uint64_t>> moves;
    for_each_option(g, Position{n, 0}, [&](std::span<const Position> others) {
      std::vector<std::uint64_t> move;
      for (const Position& o : others) move.push_back(o.x);
      move.push_back(n);
      moves.push_back(std::move(move));
    });
    return moves;
  };
  const auto rows = full_moves(*first_, p.x);
  const auto columns = full_moves(*second_, p.y);
  std::vector<Position> parts;
  for (const auto& a : rows) {
    for (const auto& b : columns) {
      parts.clear();
      for (std::uint64_t x : a) {
        for (std::uint64_t y : b) parts.push_back(Position{x, y});
      }
      parts.pop_back();  // (x, y) itself, the last pair
      visit.option(parts);
    }
  }
}

std::optional<Value> TartanGame::formula_value(const Position& p) const {
  if (dynamic_cast<const MockTurtles*>(first_.get())) MockTurtles::check_fits(p.x);
  if (dynamic_cast<const MockTurtles*>(second_.get())) MockTurtles::check_fits(p.y);
  return nim_mul(first_->coin_value(p.x), second_->coin_value(p.y));
}

std::optional<ClosedForm> TartanGame::closed_form() const {
  const ClosedForm rows = first_->coin_form(Formula::x());
  const ClosedForm columns = second_->coin_form(Formula::y());
  return ClosedForm{
      .formula = Formula::apply(Formula::Op::nim_product, {rows.formula, columns.formula}),
      .kind = "tartan",
      .proof =
          "Tartan theorem: g(x, y) = g1(x) (x) g2(y), the nim product of the factors' values "
          "(Winning Ways ch. 14; Ferguson, Game Theory I.5.5); " +
          rows.proof + (columns.proof == rows.proof ? "" : "; " + columns.proof)};
}

std::optional<std::uint64_t> TartanGame::formula_options_with_value(const Position& p, Value,
                                                                    std::size_t,
                                                                    OptionVisitor&) const {
  constexpr std::uint64_t kMaxCoinTurns = std::uint64_t{1} << 24;
  const std::uint64_t work = saturating_mul(first_->coins_turned(p.x), second_->coins_turned(p.y));
  if (work <= kMaxCoinTurns) return std::nullopt;
  throw Error("the winning moves of " + name() + ":" + format_position(p) +
              " are not searched: its moves turn " +
              (work == kSaturated ? std::string("at least 2^64 - 1") : std::to_string(work)) +
              " coins in all (at most " + std::to_string(kMaxCoinTurns) + ")");
}

std::vector<Position> TartanGame::sample_positions(std::size_t count) const {
  // By the larger coordinate (from each game's first coin), then in lexicographic order.
  const std::uint64_t x0 = first_->first_coin(), y0 = second_->first_coin();
  std::vector<Position> out;
  for (std::uint64_t size = 0; out.size() < count; ++size) {
    for (std::uint64_t dx = 0; dx <= size && out.size() < count; ++dx) {
      for (std::uint64_t dy = 0; dy <= size && out.size() < count; ++dy) {
        if (std::max(dx, dy) == size) out.push_back(Position{x0 + dx, y0 + dy});
      }
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

Sum actual_rows(const Sum& sum) {
  // How often each head is listed, by (Game object, coin).
  std::map<std::pair<const Game*, Position>, std::size_t> listed;
  for (const Component& c : sum.components) {
    if (c.game->traits().rows_of_heads) ++listed[{c.game.get(), c.position}];
  }
  Sum out;
  for (const Component& c : sum.components) {
    if (!c.game->traits().rows_of_heads) {
      out.components.push_back(c);
      continue;
    }
    // Kept at its first listing only: the count is set to 0 once it is placed.
    std::size_t& count = listed[{c.game.get(), c.position}];
    if (count % 2 == 1) out.components.push_back(c);
    count = 0;
  }
  return out;
}

}  // namespace grundy
