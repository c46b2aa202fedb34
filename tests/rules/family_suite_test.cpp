// The generic suite every registered family passes: print/parse round-trips, well-formed options,
// and values equal to a brute-force reference on every small position.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "brute_force.hpp"
#include "family_specs.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/formula.hpp"
#include "grundy/rules/registry.hpp"
#include "grundy/rules/take_break.hpp"
#include "grundy/solve/evaluator.hpp"
#include "grundy/solve/memo_solver.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

/// Every example of every registered family, plus the specs that need files from tests/data.
std::vector<std::string> all_specs() {
  return test::family_example_specs();
}

TEST(FamilySuite, EveryFamilyIsCovered) {
  const auto specs = all_specs();
  for (const Family* f : Registry::instance().families()) {
    bool covered = false;
    for (const std::string& spec : specs) {
      covered = covered || spec.starts_with(f->name) ||
                (f->name == "octal" && std::isdigit(static_cast<unsigned char>(spec[0])));
    }
    EXPECT_TRUE(covered) << "family " << f->name << " has no example in the generic suite";
  }
}

class EveryFamily : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override { game_ = parse_game(GetParam()); }
  std::size_t sample_count() const {
    // Hexadecimal codes with three-heap moves are cubic; keep them smaller.
    const auto* code = game_->traits().take_break;
    return code != nullptr && code->max_parts() == 3 ? 30 : 60;
  }
  std::shared_ptr<const Game> game_;
};

TEST_P(EveryFamily, CanonicalNameIsStable) {
  const auto again = parse_game(game_->name());
  EXPECT_EQ(again->name(), game_->name());
}

TEST_P(EveryFamily, PositionsRoundTrip) {
  for (const Position& p : game_->sample_positions(sample_count())) {
    const std::string text = game_->format_position(p);
    EXPECT_EQ(parse_position(*game_, text), p) << text;
    EXPECT_EQ(parse_position(*game_, "  " + text + " "), p) << text;
  }
}

TEST_P(EveryFamily, OptionsAreWellFormed) {
  for (const Position& p : game_->sample_positions(sample_count())) {
    std::set<std::vector<Position>> seen;
    for_each_option(*game_, p, [&](std::span<const Position> parts) {
      const std::vector<Position> option(parts.begin(), parts.end());
      EXPECT_TRUE(std::is_sorted(option.begin(), option.end())) << "parts out of order";
      EXPECT_TRUE(seen.insert(option).second) << "an option given twice from " << p.x;
      for (const Position& part : option) {
        EXPECT_EQ(parse_position(*game_, game_->format_position(part)), part);
        if (game_->integer_positions()) {
          EXPECT_EQ(part.y, 0u);
        }
        if (game_->traits().layout == Layout::heaps) {
          EXPECT_LT(part.x, p.x);
          EXPECT_GT(part.x, 0u) << "a heap game gives an empty heap as a part, not 'nothing'";
        }
      }
    });
  }
}

TEST_P(EveryFamily, TraitsSayWhatTheFamilyDoes) {
  // The solvers believe the traits (solver_choice.hpp): a formula not stated is never asked, a
  // stated one must answer; a grid game's options lie in the box below; codes and sets belong
  // to heap games.
  const GameTraits& traits = game_->traits();
  bool formula_answers = false;
  bool p_theorem_answers = false;
  for (const Position& p : game_->sample_positions(sample_count())) {
    formula_answers = formula_answers || game_->formula_value(p).has_value();
    p_theorem_answers = p_theorem_answers || game_->formula_is_p_position(p).has_value();
    if (traits.layout == Layout::grid) {
      for_each_option(*game_, p, [&](std::span<const Position> parts) {
        for (const Position& q : parts) {
          EXPECT_TRUE(q.x <= p.x && q.y <= p.y && q != p) << game_->format_position(p);
        }
      });
    }
    if (traits.symmetric) {
      test::BruteForce brute(*game_);
      EXPECT_EQ(brute.value(p), brute.value(Position{p.y, p.x})) << game_->format_position(p);
    }
  }
  EXPECT_EQ(traits.formula_values, formula_answers);
  EXPECT_EQ(traits.formula_p_positions, p_theorem_answers);
  if (traits.take_break != nullptr || traits.subtraction != nullptr) {
    EXPECT_EQ(traits.layout, Layout::heaps);
  }
  if (traits.symmetric || traits.grid_moves != GridMoves::options) {
    EXPECT_EQ(traits.layout, Layout::grid);
  }
}

TEST_P(EveryFamily, ValuesMatchBruteForce) {
  Evaluator evaluator(game_, Limits{});
  MemoSolver memo(*game_, Limits{});
  test::BruteForce brute(*game_);
  for (const Position& p : game_->sample_positions(sample_count())) {
    const Value expected = brute.value(p);
    EXPECT_EQ(evaluator.value(p), expected) << game_->format_position(p);
    EXPECT_EQ(memo.value(p), expected) << game_->format_position(p);
  }
}

TEST_P(EveryFamily, FormulaMovesMatchEnumeration) {
  // Whatever a family answers without enumerating (the options of a given value, and their count)
  // agrees with its own options, valued by brute force.
  constexpr std::size_t kLimit = 100;
  test::BruteForce brute(*game_);
  for (const Position& p : game_->sample_positions(20)) {
    if (!game_->formula_value(p) && !game_->formula_is_p_position(p)) continue;
    for (Value target = 0; target < 24; ++target) {
      std::set<std::vector<Position>> enumerated;
      for_each_option(*game_, p, [&](std::span<const Position> parts) {
        Value v = 0;
        for (const Position& part : parts) v ^= brute.value(part);
        if (v == target) enumerated.emplace(parts.begin(), parts.end());
      });
      std::set<std::vector<Position>> given;
      OptionFunction collect([&](std::span<const Position> parts) {
        EXPECT_TRUE(std::is_sorted(parts.begin(), parts.end()));
        EXPECT_TRUE(given.emplace(parts.begin(), parts.end()).second) << "an option given twice";
      });
      const auto count = game_->formula_options_with_value(p, target, kLimit, collect);
      if (!count) continue;
      SCOPED_TRACE(game_->format_position(p) + " target " + std::to_string(target));
      EXPECT_EQ(*count, enumerated.size());
      EXPECT_EQ(given.size(), std::min(enumerated.size(), kLimit));
      for (const auto& option : given) EXPECT_TRUE(enumerated.contains(option));
    }
  }
}

TEST_P(EveryFamily, PPositionTheoremMatchesBruteForce) {
  test::BruteForce brute(*game_);
  for (const Position& p : game_->sample_positions(sample_count())) {
    if (const auto is_p = game_->formula_is_p_position(p)) {
      EXPECT_EQ(*is_p, brute.value(p) == 0) << game_->format_position(p);
    }
  }
}

TEST_P(EveryFamily, ClosedFormMatchesTheValues) {
  // The closed form a family's theorem gives (Game::closed_form) against its values, which
  // ValuesMatchBruteForce checks against brute force: at heaps n (and a few huge ones, through
  // the family's own formula), or at the positions written `x,y` (`xXy` for a sheet).
  std::optional<ClosedForm> form;
  try {
    form = game_->closed_form();
  } catch (const Error& e) {
    GTEST_SKIP() << "its closed form is refused: " << e.what();
  }
  if (!form) return;
  EXPECT_FALSE(form->kind.empty());
  EXPECT_FALSE(form->proof.empty()) << "a family's closed form is a theorem";
  Evaluator evaluator(game_, Limits{});
  const auto expected = [&](const Position& p) {
    const Value v = evaluator.value(p);
    return form->p_positions ? Value{v == 0} : v;
  };
  if (game_->integer_positions()) {
    for (const Position& p : game_->sample_positions(sample_count())) {
      EXPECT_EQ(form->formula.at(p.x), expected(p)) << p.x;
    }
    for (const std::uint64_t n : {std::uint64_t{1000000000000000000}, kMaxCoordinate - 1,
                                  kMaxCoordinate, std::uint64_t{1} << 62}) {
      if (const auto v = game_->formula_value(Position{n, 0})) {
        EXPECT_EQ(form->formula.at(n), form->p_positions ? Value{*v == 0} : *v) << n;
      }
    }
    return;
  }
  std::size_t positions = 0;
  const std::string between = game_->name() == "cut" ? "x" : ",";
  for (std::uint64_t x = 0; x < 9; ++x) {
    for (std::uint64_t y = 0; y < 9; ++y) {
      Position p;
      try {
        p = parse_position(*game_, std::to_string(x) + between + std::to_string(y));
      } catch (const Error&) {
        continue;  // not a position (a side below 2, a row longer than the one above)
      }
      ++positions;
      EXPECT_EQ(form->formula.at(x, y), expected(p)) << x << between << y;
    }
  }
  EXPECT_GT(positions, 20u);
}

INSTANTIATE_TEST_SUITE_P(Registered, EveryFamily, ::testing::ValuesIn(all_specs()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name;
                           for (char c : info.param.substr(0, info.param.find('/'))) {
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           }
                           return name + "_" + std::to_string(info.index);
                         });

}  // namespace
}  // namespace grundy
