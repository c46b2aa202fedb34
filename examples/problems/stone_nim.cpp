// The two games of source document 001. Stone game (BOJ 9655): N stones, a move takes 1 or 3,
// who takes the last wins, SK first. Nim (BOJ 11868): k piles, koosaga first. Input: N (1..1000);
// k (1..100); k piles (1..10^9). Output: `Stone game winner: SK|CY`, `Nim winner:
// koosaga|cubelover`.
#include <vector>

#include "game_values.hpp"
#include "judge_io.hpp"

int main() {
  return judge::run("stone_nim", [](judge::Input& in, std::ostream& out) {
    const std::uint64_t stones = in.integer("N", 1, 1000);
    judge::GameValues nim("nim");
    std::vector<grundy::Position> piles(in.integer("k", 1, 100));
    for (auto& pile : piles) pile = nim.position(in.integer("pile", 1, 1'000'000'000));
    in.expect_end("the last pile");

    judge::GameValues take_1_or_3("sub(1,3)");
    const bool sk = take_1_or_3.value(take_1_or_3.position(stones)) != 0;
    out << "Stone game winner: " << (sk ? "SK" : "CY") << '\n';
    out << "Nim winner: " << (nim.first_player_wins(piles) ? "koosaga" : "cubelover") << '\n';
  });
}
