// Engine::solve (`grundy solve`): the nim-sum and outcome of sums with a Kayles heap of 10^12
// (valued through Kayles' proven period, OEIS A002186), every winning move leading to nim-sum 0,
// the winning moves of small sums against brute force, and misère play of Nim heaps (Bouton's
// misère rule) and of Kayles through its quotient against the exact search.
#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "brute_force.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/rules/sum.hpp"

namespace grundy {
namespace {

/// The sum `sum_text` after `move`: its component replaced by what the move leaves.
std::string after_move(const Sum& sum, const MoveText& move) {
  std::string out;
  for (std::size_t i = 0; i < sum.components.size(); ++i) {
    const Component& c = sum.components[i];
    const std::string text = i == move.component ? move.to : format_component(*c.game, c.position);
    if (text == "0") continue;
    if (!out.empty()) out += " + ";
    out += text;
  }
  return out.empty() ? "nim:0" : out;
}

TEST(SolveRequest, HugeKaylesHeapPlusNimThroughThePeriod) {
  const std::vector<Value> kayles = test::read_sequence("kayles-A002186.txt");
  const std::uint64_t n = 1'000'000'000'000;
  const Value g = kayles[71 + (n - 71) % 12];
  const Engine engine;
  for (const Value heap : {Value{0}, Value{3}, g}) {
    const std::string text = "kayles:" + std::to_string(n) + " + nim:" + std::to_string(heap);
    const SolveAnswer answer = engine.solve(Engine::sum(text));
    ASSERT_TRUE(answer.nim_sum.has_value()) << text;
    EXPECT_EQ(*answer.nim_sum, g ^ heap) << text;
    EXPECT_EQ(answer.outcome, (g ^ heap) == 0 ? Outcome::P : Outcome::N) << text;
    EXPECT_EQ(answer.winning_moves.empty(), (g ^ heap) == 0) << text;
    EXPECT_EQ(answer.move_to_play.has_value(), (g ^ heap) != 0) << text;
  }
}

TEST(SolveRequest, EveryWinningMoveLeavesNimSumZero) {
  const Engine engine;
  for (const char* text :
       {"kayles:1000000000000 + nim:3", "0.07:40 + grundy:30 + nim:6", "grundy:1000 + kayles:17"}) {
    const Sum sum = Engine::sum(text);
    const SolveAnswer answer = engine.solve(sum);
    ASSERT_EQ(answer.outcome, Outcome::N) << text;
    ASSERT_FALSE(answer.winning_moves.empty()) << text;
    for (const MoveText& move : answer.winning_moves) {
      const std::string next = after_move(sum, move);
      const SolveAnswer reply = engine.solve(Engine::sum(next));
      EXPECT_EQ(reply.nim_sum, Value{0}) << text << " -> " << next;
      EXPECT_EQ(reply.outcome, Outcome::P) << text << " -> " << next;
    }
  }
}

TEST(SolveRequest, WinningMovesOfSmallSumsAreThoseBruteForceFinds) {
  EngineOptions options;
  options.max_moves = 1000;
  const Engine engine(options);
  for (const char* text :
       {"kayles:9 + nim:2", "0.07:12 + 0.07:7", "grundy:14 + nim:1 + kayles:4"}) {
    const Sum sum = Engine::sum(text);
    std::vector<test::BruteForce> brute;
    for (const Component& c : sum.components) brute.emplace_back(*c.game);
    const auto expected = test::brute_force_winning_moves(sum, brute);
    const SolveAnswer answer = engine.solve(sum);
    ASSERT_TRUE(answer.winning_move_count.has_value()) << text;
    EXPECT_EQ(*answer.winning_move_count, expected.size()) << text;
    std::set<std::pair<std::size_t, std::string>> found;
    for (const MoveText& move : answer.winning_moves) found.emplace(move.component, move.to);
    std::set<std::pair<std::size_t, std::string>> wanted;
    for (const auto& [component, parts] : expected) {
      wanted.emplace(component, format_option(*sum.components[component].game, parts));
    }
    EXPECT_EQ(found, wanted) << text;
  }
}

TEST(SolveRequest, MisereNimByBoutonsRule) {
  // Misère Nim: the first player wins iff the nim-sum is non-zero, except when every heap has at
  // most one token, where it is reversed (an even number of single tokens wins).
  const Engine engine;
  struct Case {
    const char* sum;
    Outcome outcome;
  };
  for (const Case& c :
       {Case{"nim:1", Outcome::P}, Case{"nim:1 + nim:1", Outcome::N},
        Case{"nim:1 + nim:1 + nim:1", Outcome::P}, Case{"nim:2 + nim:2", Outcome::P},
        Case{"nim:3 + nim:2", Outcome::N}, Case{"nim:0", Outcome::N}}) {
    const SolveAnswer answer = engine.solve(Engine::sum(c.sum), Play::misere);
    EXPECT_EQ(answer.outcome, c.outcome) << c.sum;
    EXPECT_EQ(answer.misere_method, "closed form") << c.sum;
  }
}

TEST(SolveRequest, MisereKaylesThroughTheQuotientAsTheExactSearch) {
  // A sum this small goes to the search first unless the quotient is in the cache: put it there
  // (the engine's default, the cache on), so that solve reads it.
  const Engine by_quotient;
  ASSERT_GE(by_quotient.quotient(Engine::game("kayles"), 12).quotient.max_heap, 12u);
  EngineOptions search_only;
  search_only.misere_quotient = false;
  const Engine by_search(search_only);
  for (const char* text : {"kayles:5 + kayles:3", "kayles:12", "kayles:7 + kayles:4 + kayles:1",
                           "kayles:9 + kayles:9", "kayles:2 + kayles:6 + kayles:10"}) {
    const SolveAnswer quotient = by_quotient.solve(Engine::sum(text), Play::misere);
    const SolveAnswer search = by_search.solve(Engine::sum(text), Play::misere);
    EXPECT_EQ(quotient.misere_method, "quotient") << text;
    EXPECT_EQ(search.misere_method, "search") << text;
    EXPECT_EQ(quotient.outcome, search.outcome) << text;
  }
}

}  // namespace
}  // namespace grundy
