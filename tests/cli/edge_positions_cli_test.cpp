// Positions at the edge of 64 bits in every registered family, through the CLI (`value`, `solve`,
// `explain`): each answers what the library answers (whose values tests/rules/
// edge_positions_test.cpp checks against the families' theorems) or refuses with one line and
// exit 2 — never a crash, a hang or another exit code. Positions past what a family reads
// (2^63 for heaps and coordinates, 2^64 for bit-count numbers) are refused by the parser.
#include <gtest/gtest.h>

#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "family_specs.hpp"
#include "grundy/analysis/periodic_source.hpp"
#include "grundy/core/error.hpp"
#include "grundy/rules/registry.hpp"
#include "grundy/rules/sum.hpp"
#include "grundy/rules/take_break.hpp"
#include "grundy/spec/parser.hpp"

namespace grundy {
namespace {

using grundy_test::expect_error;
using grundy_test::expect_json;
using grundy_test::run_grundy;
using grundy_test::RunResult;

const std::string kTwo63Less2 = "9223372036854775806";
const std::string kTwo63Less1 = "9223372036854775807";
const std::string kTwo63 = "9223372036854775808";
const std::string kTwo64Less1 = "18446744073709551615";
const std::string kTwo64 = "18446744073709551616";

/// A run that answers or refuses must do it well within this.
constexpr double kSecondsPerRun = 10.0;

std::vector<std::string> all_specs() {
  // Graph games are named by vertex, not by number: nothing at 2^63 to ask.
  return test::family_example_specs(test::WithGraph::no);
}

std::uint64_t search_limit(const Game& game) {
  const TakeBreakCode* code = game.traits().take_break;
  return code != nullptr && code->max_parts() == 3 ? 150 : 2000;
}

/// A JSON value of the contract: a number, or a string for numbers above 2^53.
std::uint64_t json_value(const nlohmann::json& v) {
  return v.is_string() ? std::stoull(v.get<std::string>()) : v.get<std::uint64_t>();
}

class EdgePositionsCli : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    game_ = parse_game(GetParam());
    max_ = std::to_string(search_limit(*game_));
  }

  /// The text of each edge position the family reads, and of some it must refuse.
  void positions(std::vector<std::string>& valid, std::vector<std::string>& too_large) const {
    const bool bitcount = GetParam().starts_with("bitcount");
    if (game_->integer_positions()) {
      valid = {kTwo63Less2, kTwo63Less1};
      too_large = {kTwo64, "100000000000000000000000000000"};
      (bitcount ? valid : too_large).push_back(kTwo63);
      (bitcount ? valid : too_large).push_back(kTwo64Less1);
      return;
    }
    // Sheets and grid graphs (Node-Kayles, Arc-Kayles, Cram) are written RxC.
    const bool rectangles = GetParam() == "cut" || game_->traits().layout == Layout::components;
    const std::string sep = rectangles ? "x" : ",";
    for (const auto& [x, y] :
         std::vector<std::pair<std::string, std::string>>{{kTwo63Less1, kTwo63Less1},
                                                          {"0", kTwo63Less1},
                                                          {kTwo63Less1, "1"},
                                                          {"3", kTwo63Less2},
                                                          {"2", kTwo63Less1}}) {
      valid.push_back(x + sep + y);
    }
    too_large = {kTwo63 + sep + "0", "5" + sep + kTwo64Less1};
  }

  RunResult run(std::vector<std::string> args) const {
    for (const char* o : {"--no-cache", "--max-memory", "256M", "--max"}) args.push_back(o);
    args.push_back(max_);
    const auto began = std::chrono::steady_clock::now();
    RunResult r = run_grundy(args, std::nullopt, std::chrono::seconds(60));
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    EXPECT_FALSE(r.timed_out) << r;
    EXPECT_LT(seconds, kSecondsPerRun) << "too slow for an answer or a refusal";
    return r;
  }

  /// The library's answer with the options the runs use: a value, or nothing for a refusal.
  std::optional<Value> library_value(const std::string& text) const {
    PeriodOptions options;
    options.cache_directory.reset();
    options.max_values = search_limit(*game_);
    options.limits = Limits{.max_memory_bytes = std::uint64_t{256} << 20};
    PeriodicSource source(game_, options);
    try {
      return source.value(parse_position(*game_, text));
    } catch (const Error&) {
      return std::nullopt;
    }
  }

  std::shared_ptr<const Game> game_;
  std::string max_;
};

TEST_P(EdgePositionsCli, ValueSolveExplainAnswerOrRefuse) {
  std::vector<std::string> valid, too_large;
  positions(valid, too_large);
  for (const std::string& text : valid) {
    SCOPED_TRACE(GetParam() + " " + text);
    const std::optional<Value> expected = library_value(text);

    const RunResult value = run({"value", GetParam(), text, "--json"});
    if (value.exit_code == 0) {
      const auto doc = expect_json(value);
      EXPECT_TRUE(expected.has_value()) << "the library refuses what the CLI answers\n" << value;
      if (expected) {
        EXPECT_EQ(json_value(doc["values"][0]["value"]), *expected) << value;
      }
    } else {
      expect_error(value);
      EXPECT_FALSE(expected.has_value()) << "the CLI refuses " << *expected << "\n" << value;
    }

    RunResult solve = run({"solve", GetParam() + ":" + text, "--json"});
    if (solve.exit_code == 0) {
      // `solve` may add notes on stderr (why the winning moves are not all counted or listed).
      for (std::size_t at = 0; at < solve.err.size();) {
        const std::size_t end = solve.err.find('\n', at);
        EXPECT_EQ(solve.err.compare(at, 14, "grundy: note: "), 0) << solve;
        at = end == std::string::npos ? solve.err.size() : end + 1;
      }
      solve.err.clear();
      const auto doc = expect_json(solve);
      if (expected && doc.contains("nim_sum")) {
        EXPECT_EQ(json_value(doc["nim_sum"]), *expected);
      }
      if (expected) {
        EXPECT_EQ(doc["winner"], *expected == 0 ? "second" : "first") << solve;
      }
    } else {
      expect_error(solve);
    }

    const RunResult explain = run({"explain", GetParam(), text, "--json"});
    if (explain.exit_code == 0) {
      const auto doc = expect_json(explain);
      if (expected) {
        EXPECT_EQ(json_value(doc["value"]), *expected) << explain;
      }
    } else {
      expect_error(explain);
    }
  }
  for (const std::string& text : too_large) {
    SCOPED_TRACE(GetParam() + " " + text);
    const std::string message = expect_error(run({"value", GetParam(), text}));
    EXPECT_NE(message.find("too large"), std::string::npos) << message;
  }
}

INSTANTIATE_TEST_SUITE_P(Registered, EdgePositionsCli, ::testing::ValuesIn(all_specs()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name;
                           for (char c : info.param) {
                             name += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           }
                           return name + "_" + std::to_string(info.index);
                         });

// Issue 11, defect 1: this was a segmentation fault (the table's byte count wrapped past 2^64).
TEST(EdgePositionsCliRegression, HugeHeapOfAnAperiodicGameIsRefusedNamingTheValuesAndMax) {
  const RunResult r = run_grundy({"value", "0.6", kTwo63Less1, "--max", "60000", "--no-cache"},
                                 std::nullopt, std::chrono::seconds(60));
  const std::string message = expect_error(r);
  EXPECT_NE(message.find("no period of 0.6 is proven within 60000 values (--max)"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("a sequence of " + kTwo63 + " values needs more than 16 EiB"),
            std::string::npos)
      << message;
}

}  // namespace
}  // namespace grundy
