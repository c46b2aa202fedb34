// HDU 2188: a donation box starts empty; in turn each side gives 1..m; whoever makes the total
// reach n or more wins; Grass gives first. A total past n wins like n itself, so the amount still
// missing is a heap of `sub(1..m)`. Input: C (1..100000), then C lines `n m` (n 1..9999,
// m 1..10). Output: Grass or Rabbit, the winner.
#include <map>
#include <string>

#include "game_values.hpp"
#include "judge_io.hpp"

int main() {
  return judge::run("hdu2188", [](judge::Input& in, std::ostream& out) {
    const std::uint64_t cases = in.integer("C", 1, 100'000);
    std::map<std::uint64_t, judge::GameValues> bash_games;  // by m: each table is built once
    for (std::uint64_t i = 0; i < cases; ++i) {
      const std::uint64_t n = in.integer("n", 1, 9999);
      const std::uint64_t m = in.integer("m", 1, 10);
      auto& game = bash_games.try_emplace(m, "sub(1.." + std::to_string(m) + ")").first->second;
      out << (game.value(game.position(n)) != 0 ? "Grass" : "Rabbit") << '\n';
    }
    in.expect_end("the last test case");
  });
}
