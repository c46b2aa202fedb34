// HDU 1846 (Brave Game): one pile of n stones, a move takes 1..m, who takes the last wins.
// Input: C (1..100), then C lines `n m` (1..1000). Output: first or second, the winner.
#include <map>
#include <string>

#include "game_values.hpp"
#include "judge_io.hpp"

int main() {
  return judge::run("hdu1846", [](judge::Input& in, std::ostream& out) {
    const std::uint64_t cases = in.integer("C", 1, 100);
    std::map<std::uint64_t, judge::GameValues> bash_games;  // by m: each table is built once
    for (std::uint64_t i = 0; i < cases; ++i) {
      const std::uint64_t n = in.integer("n", 1, 1000);
      const std::uint64_t m = in.integer("m", 1, 1000);
      auto& game = bash_games.try_emplace(m, "sub(1.." + std::to_string(m) + ")").first->second;
      out << (game.value(game.position(n)) != 0 ? "first" : "second") << '\n';
    }
    in.expect_end("the last test case");
  });
}
