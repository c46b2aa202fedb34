// Positions at the edge of 64 bits (2^63-2 .. 2^64-1) in every registered family, through the
// library: the value sources (Evaluator, PeriodicSource), the sum solver alone and with a nim
// heap, and the options (formula options of a value, and the first options enumerated). Each is
// a correct answer or an Error (ResourceError included) — never another exception, a crash, a
// hang or a wrong value. Where the family answers by a formula or a theorem, the answer is checked
// against that formula or theorem, computed here independently.
#include <gtest/gtest.h>

#include <bit>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "family_specs.hpp"
#include "grundy/analysis/periodic_source.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/nimber.hpp"
#include "grundy/rules/registry.hpp"
#include "grundy/rules/take_break.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/solve/graph_solver.hpp"
#include "grundy/solve/sum_solver.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

constexpr std::uint64_t kTwo63 = std::uint64_t{1} << 63;
constexpr std::uint64_t kTop = ~std::uint64_t{0};
/// Each case (one position through every path) must end well within this: the processor time of
/// the test's process over the threads it gives the computation (kThreads), never more than the
/// wall time when those threads run, and not inflated when other work loads the machine, as the
/// wall time is (a hang still runs past it).
constexpr double kSecondsPerCase = 3.0;
constexpr unsigned kThreads = 2;

/// Heap sizes and coordinates at the edges: around 2^63 and up to 2^64-1.
const std::vector<std::uint64_t> kEdges = {kTwo63 - 2, kTwo63 - 1, kTwo63,
                                           kTwo63 + 1, kTop - 1,   kTop};
/// Small coordinates to pair with an edge one.
const std::vector<std::uint64_t> kSmall = {0, 1, 2, 3};

std::vector<std::string> all_specs() {
  return test::family_example_specs();
}

std::vector<Position> edge_positions(const Game& game) {
  std::vector<Position> out;
  if (game.integer_positions() || game.traits().layout == Layout::graph) {
    for (std::uint64_t x : kEdges) out.push_back(Position{x, 0});
    return out;
  }
  std::vector<std::uint64_t> coordinates = kSmall;
  coordinates.insert(coordinates.end(), kEdges.begin(), kEdges.end());
  for (std::uint64_t x : coordinates) {
    for (std::uint64_t y : coordinates) {
      if (std::max(x, y) >= kEdges.front()) out.push_back(Position{x, y});
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// The formulas and theorems, computed here
// ---------------------------------------------------------------------------------------------

/// What a family's theory says of a position: its value, or that none fits in 64 bits (so the
/// library must refuse), or nothing known here.
struct Expected {
  std::optional<Value> value;
  bool refuse = false;
  std::optional<bool> p_position;  // a theorem on outcomes only (Wythoff)
};

/// The n-th odious number (odd count of 1 bits), when it fits: 2n or 2n+1.
std::optional<Value> odious(std::uint64_t n) {
  if (n >= kTwo63) return std::nullopt;
  const Value twice = 2 * n;
  return std::popcount(twice) % 2 == 1 ? twice : twice + 1;
}

/// 1-D coin-turning values (Winning Ways ch. 14): nothing when the value passes 2^64-1.
std::optional<Value> coin_value(const std::string& family, std::uint64_t n) {
  if (family == "ruler") return n & (~n + 1);  // the largest power of 2 dividing n
  if (family == "turtles" || family == "twins") return n;
  return odious(n);  // mockturtles
}

/// floor(sqrt(v)) for v < 2^128: Newton's method on integers, from 2^64 (above the root) down.
uint128 isqrt(uint128 v) {
  if (v < 2) return v;
  uint128 x = uint128{1} << 64;
  while (true) {
    const uint128 y = (x + v / x) / 2;
    if (y >= x) return x;
    x = y;
  }
}

/// Wythoff's theorem: (x, y), x <= y, is a P-position iff x = floor(k·φ) with k = y - x, and
/// floor(k·φ) = (k + floor(sqrt(5k²))) / 2 (k·√5 is irrational for k > 0). Past k = 2^64/φ²
/// the pair would pass 2^64, so there is none.
bool wythoff_p(std::uint64_t x, std::uint64_t y) {
  if (x > y) std::swap(x, y);
  const std::uint64_t k = y - x;
  if (k == 0) return x == 0;
  if (k > 7'100'000'000'000'000'000ull) return false;
  const uint128 a = (uint128{k} + isqrt(uint128{5} * k * k)) / 2;
  return a == x;
}

/// Bit-count game: G(b) is the mex of the XORs of k picks (repeats allowed) from G(0..b-1); by
/// brute force over the multisets of picks while they are few.
std::map<unsigned, std::vector<Value>> g_bitcount_cache;
std::optional<Value> bitcount_value(unsigned k, unsigned bits) {
  std::vector<Value>& g = g_bitcount_cache[k];
  while (g.size() <= bits) {
    const std::size_t b = g.size();
    // Multisets of k picks from b classes: C(b + k - 1, k); stop where that is large.
    uint128 multisets = 1;
    for (unsigned i = 1; i <= k; ++i) multisets = multisets * (b + i - 1) / i;
    if (multisets > 300'000) return std::nullopt;
    std::set<Value> reached;
    std::vector<std::size_t> pick(k, 0);  // non-decreasing class indices
    if (b > 0) {
      while (true) {
        Value x = 0;
        for (std::size_t c : pick) x ^= g[c];
        reached.insert(x);
        std::size_t i = k;
        while (i > 0 && pick[i - 1] == b - 1) --i;
        if (i == 0) break;
        ++pick[i - 1];
        for (std::size_t j = i; j < k; ++j) pick[j] = pick[i - 1];
      }
    }
    Value m = 0;
    while (reached.count(m)) ++m;
    g.push_back(m);
  }
  return g[bits];
}

/// The number inside "name(N)" or the last number of "name(..., N)".
std::uint64_t last_argument(const std::string& spec) {
  const std::size_t close = spec.rfind(')');
  std::size_t start = close;
  while (start > 0 && std::isdigit(static_cast<unsigned char>(spec[start - 1]))) --start;
  return std::stoull(spec.substr(start, close - start));
}

/// Values a period search may compute: three-heap codes cost the cube.
std::uint64_t search_limit(const Game& game) {
  const TakeBreakCode* code = game.traits().take_break;
  return code != nullptr && code->max_parts() == 3 ? 150 : 2000;
}

/// Values of a heap game through a proven period, reduced here into a plain table's range.
std::optional<Value> by_period(const std::shared_ptr<const Game>& game, std::uint64_t n) {
  if (game->traits().layout != Layout::heaps ||
      (!game->traits().take_break && !game->traits().subtraction)) {
    return std::nullopt;
  }
  static std::map<std::string, std::optional<Periodicity>> proven;
  if (!proven.contains(game->name())) {
    PeriodOptions options;
    options.cache_directory.reset();
    options.limits = Limits{.max_memory_bytes = std::uint64_t{256} << 20};
    try {
      proven[game->name()] =
          find_or_load_periodicity(*game, options, search_limit(*game)).periodicity;
    } catch (const Error&) {
      proven[game->name()] = std::nullopt;
    }
  }
  if (!proven[game->name()]) return std::nullopt;
  const Periodicity& p = *proven[game->name()];
  if (n < p.preperiod) return std::nullopt;
  const std::uint64_t m = p.preperiod + (n - p.preperiod) % p.period;
  const std::uint64_t cycles = (n - p.preperiod) / p.period;
  Evaluator plain(game, Limits{.max_memory_bytes = std::uint64_t{256} << 20});
  const auto shift = checked_mul(cycles, p.saltus);
  if (!shift) return std::nullopt;
  return checked_add(plain.value(Position{m, 0}), *shift);
}

Expected expected(const std::shared_ptr<const Game>& game, const Position& p) {
  const std::string& name = game->name();
  Expected e;
  auto family_of = [](const std::string& spec) { return spec.substr(0, spec.find('(')); };
  const std::string family = family_of(name);
  auto tartan = [&](const std::string& first, const std::string& second) {
    const auto a = coin_value(first, p.x), b = coin_value(second, p.y);
    if (!a || !b) {
      e.refuse = true;
      return;
    }
    e.value = nim_mul(*a, *b);  // the tartan theorem (Winning Ways ch. 14)
  };
  if (family == "nim") {
    e.value = p.x;
  } else if (family == "ruler" || family == "turtles" || family == "twins" ||
             family == "mockturtles") {
    e.value = coin_value(family, p.x);
    e.refuse = !e.value;
  } else if (family == "tartan") {
    const std::size_t comma = name.find(',');
    tartan(name.substr(7, comma - 7), name.substr(comma + 1, name.size() - comma - 2));
  } else if (family == "rugs") {
    tartan("ruler", "ruler");
  } else if (family == "turningcorners") {
    tartan("twins", "twins");
  } else if (family == "corner") {
    // Parity (corner.cpp): 0 both even, 2 both odd, else 1 when the odd one is larger, 3 if not.
    const bool xo = p.x % 2, yo = p.y % 2;
    e.value = xo == yo ? (xo ? 2 : 0) : ((xo ? p.x : p.y) > (xo ? p.y : p.x) ? 1 : 3);
  } else if (family == "bitcount") {
    e.value = bitcount_value(static_cast<unsigned>(last_argument(name)),
                             static_cast<unsigned>(std::popcount(p.x)));
  } else if (family == "multiply") {
    if (p.x >= last_argument(name)) e.value = 0;  // the target is reached: no move
  } else if (family == "wythoff") {
    e.p_position = wythoff_p(p.x, p.y);
  } else if (family == "graph") {
    e.refuse = true;  // no vertex has such a number
  } else {
    e.value = by_period(game, p.x);
  }
  // 2^64-1 is the infinite value: a finite one equal to it is refused, not confused with it.
  if (e.value == kInfiniteValue) {
    e.value.reset();
    e.refuse = true;
  }
  return e;
}

// ---------------------------------------------------------------------------------------------
// Running one path
// ---------------------------------------------------------------------------------------------

/// The result of one call: a value, or the message of an Error.
struct Attempt {
  std::optional<Value> value;
  std::string error;
};

template <class F>
Attempt attempt(F&& f) {
  Attempt a;
  try {
    a.value = f();
  } catch (const Error& e) {
    a.error = e.what();
    EXPECT_FALSE(a.error.empty());
    EXPECT_EQ(a.error.find('\n'), std::string::npos) << "one line: " << a.error;
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not an Error: " << e.what();
    a.error = "?";
  }
  return a;
}

struct Enough {};  // stops an enumeration of options

PeriodOptions period_options(const Game& game) {
  PeriodOptions options;
  options.cache_directory.reset();
  options.max_values = search_limit(game);
  options.threads = kThreads;
  options.limits = Limits{.max_memory_bytes = std::uint64_t{64} << 20};
  return options;
}

class EdgePositions : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { game_ = parse_game(GetParam()); }

  void check_value(const Position& p, const Expected& e, const Attempt& a, const char* path) {
    SCOPED_TRACE(path);
    if (a.value) {
      EXPECT_FALSE(e.refuse) << "answered " << *a.value << " where no 64-bit value is right";
      if (e.value) {
        EXPECT_EQ(*a.value, *e.value) << format_component(*game_, p);
      }
    } else {
      EXPECT_FALSE(a.error.empty());
    }
  }

  /// The sum `p` (+ nim:1 when `with_nim`), solved; checked against the value when it is known,
  /// and each winning move listed checked to leave nim-sum 0 (or a P-position, for a theorem on
  /// P-positions) by the values computed here.
  void check_sum(const Position& p, std::optional<Value> value, const Expected& e, bool with_nim,
                 PeriodicSource& source) {
    SCOPED_TRACE(with_nim ? "solve_sum with nim:1" : "solve_sum alone");
    Sum sum{{Component{game_, p}}};
    const auto nim = parse_game("nim");
    Evaluator nim_source(nim, Limits{});
    std::vector<ValueSource*> sources{&source};
    if (with_nim) {
      sum.components.push_back(Component{nim, Position{1, 0}});
      sources.push_back(&nim_source);
    }
    SumSolution s;
    try {
      s = solve_sum(sum, sources, 4);
    } catch (const Error&) {
      return;
    } catch (const std::exception& ex) {
      ADD_FAILURE() << "not an Error: " << ex.what();
      return;
    }
    if (s.nim_sum_known && value) {
      EXPECT_EQ(s.nim_sum, *value ^ (with_nim ? 1 : 0));
      EXPECT_EQ(s.outcome == Outcome::P, s.nim_sum == 0);
    }
    if (!with_nim && e.p_position) {
      EXPECT_EQ(s.outcome == Outcome::P, *e.p_position);
    }
    for (const Move& m : s.winning_moves) {
      if (m.component == 0 && !with_nim && e.p_position) {
        ASSERT_EQ(m.to.size(), 1u);
        EXPECT_TRUE(wythoff_p(m.to[0].x, m.to[0].y)) << "a winning move to an N-position";
        continue;
      }
      // The nim-sum after the move: the moved component's new value xor the other's value.
      std::optional<Value> after = m.component == 0 ? (with_nim ? 1 : 0) : value;
      for (const Position& part : m.to) {
        if (!after) break;
        if (m.component == 1) {
          *after ^= part.x;
          continue;
        }
        if (game_->traits().layout == Layout::heaps) {
          EXPECT_LT(part.x, p.x);
        }
        const Expected pe = expected(game_, part);
        after = pe.value ? std::optional<Value>(*after ^ *pe.value) : std::nullopt;
      }
      if (after) {
        EXPECT_EQ(*after, 0u) << "a listed winning move leaves a non-zero nim-sum";
      }
    }
  }

  /// The options a family gives without enumerating, and the first few it enumerates.
  void check_options(const Position& p, PeriodicSource& source) {
    SCOPED_TRACE("options");
    auto well_formed = [&](std::span<const Position> parts) {
      for (const Position& part : parts) {
        if (game_->traits().layout == Layout::heaps) {
          EXPECT_LT(part.x, p.x);
        }
        if (game_->traits().layout == Layout::grid) {
          EXPECT_TRUE(part.x <= p.x && part.y <= p.y && part != p);
        }
      }
    };
    for (Value target : {Value{0}, Value{1}, Value{2}}) {
      std::size_t given = 0;
      OptionFunction visit([&](std::span<const Position> parts) {
        ++given;
        well_formed(parts);
      });
      const Attempt a = attempt([&]() -> Value {
        const auto count = game_->formula_options_with_value(p, target, 3, visit);
        return count.value_or(0);
      });
      EXPECT_LE(given, 3u);
      if (a.value) {
        EXPECT_LE(given, *a.value);
      }
      given = 0;
      attempt([&]() -> Value {
        source.options_with_value(p, target, 3, visit);
        return 0;
      });
      EXPECT_LE(given, 3u);
    }
    std::size_t enumerated = 0;
    try {
      for_each_option(*game_, p, [&](std::span<const Position> parts) {
        well_formed(parts);
        if (++enumerated == 8) throw Enough{};
      });
    } catch (const Enough&) {
    } catch (const Error&) {
    } catch (const std::exception& ex) {
      ADD_FAILURE() << "options: not an Error: " << ex.what();
    }
  }

  std::shared_ptr<const Game> game_;
};

TEST_P(EdgePositions, AnswerOrRefuseCleanly) {
  std::size_t checked = 0;  // positions whose value was checked against the theory
  for (const Position& p : edge_positions(*game_)) {
    const std::string shown = std::to_string(p.x) + "," + std::to_string(p.y);
    SCOPED_TRACE(GetParam() + " at " + shown);
    const std::clock_t began = std::clock();
    const Expected e = expected(game_, p);

    Evaluator evaluator(game_, Limits{.max_memory_bytes = std::uint64_t{64} << 20});
    const Attempt direct = attempt([&] { return evaluator.value(p); });
    check_value(p, e, direct, "Evaluator");
    PeriodicSource source(game_, period_options(*game_));
    const Attempt periodic = attempt([&] { return source.value(p); });
    check_value(p, e, periodic, "PeriodicSource");
    if (direct.value && periodic.value) {
      EXPECT_EQ(*direct.value, *periodic.value);
    }
    if (e.value && !periodic.value) {
      ADD_FAILURE() << "the theory gives " << *e.value
                    << ", the library refused: " << periodic.error;
    }
    if (e.value && periodic.value) ++checked;
    if (std::getenv("EDGE_DEBUG")) {
      std::fprintf(stderr, "%s %s: expected %s, got %s\n", GetParam().c_str(), shown.c_str(),
                   e.value ? std::to_string(*e.value).c_str() : (e.refuse ? "refusal" : "?"),
                   periodic.value ? std::to_string(*periodic.value).c_str()
                                  : periodic.error.substr(0, 80).c_str());
    }

    const std::optional<Value> value = e.value ? e.value : periodic.value;
    check_sum(p, value, e, false, source);
    check_sum(p, value, e, true, source);
    check_options(p, source);
    const double seconds =
        static_cast<double>(std::clock() - began) / CLOCKS_PER_SEC / kThreads;
    EXPECT_LT(seconds, kSecondsPerCase) << "too slow for an answer or a refusal";
  }
}

INSTANTIATE_TEST_SUITE_P(Registered, EdgePositions, ::testing::ValuesIn(all_specs()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name;
                           for (char c : info.param.substr(0, info.param.find('/'))) {
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           }
                           return name + "_" + std::to_string(info.index);
                         });

// The theorems' own checks at small positions, so that a mistake here cannot hide one there.
TEST(EdgePositionsOracles, AgreeWithTheFirstValues) {
  EXPECT_TRUE(wythoff_p(0, 0));
  EXPECT_TRUE(wythoff_p(1, 2));
  EXPECT_TRUE(wythoff_p(5, 3));
  EXPECT_TRUE(wythoff_p(4, 7));
  EXPECT_FALSE(wythoff_p(2, 2));
  EXPECT_FALSE(wythoff_p(1, 3));
  std::vector<Value> odious_numbers;
  for (std::uint64_t n = 0; n < 6; ++n) odious_numbers.push_back(*odious(n));
  EXPECT_EQ(odious_numbers, (std::vector<Value>{1, 2, 4, 7, 8, 11}));
  for (unsigned b = 0; b < 10; ++b) EXPECT_EQ(bitcount_value(1, b), Value{b});
  for (unsigned b = 1; b <= 8; ++b) EXPECT_EQ(bitcount_value(7, b), Value{1} << (b - 1));
  EXPECT_EQ(isqrt(uint128{5} * 1000000 * 1000000), 2236067u);
  const uint128 big = uint128{kTop} * kTop;
  EXPECT_EQ(isqrt(big), uint128{kTop});
}

}  // namespace
}  // namespace grundy
