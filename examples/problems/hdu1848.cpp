// HDU 1848 (Fibonacci again and again): three piles m n p; a move takes a Fibonacci number
// (1, 2, 3, 5, 8, ...) of stones from one pile; who takes the last wins; Fibo first. Input: lines
// `m n p` (1..1000) until `0 0 0`. Output: Fibo or Nacci, the winner.
#include <array>

#include "game_values.hpp"
#include "judge_io.hpp"

int main() {
  return judge::run("hdu1848", [](judge::Input& in, std::ostream& out) {
    judge::GameValues fibonacci("sub(fib)");
    while (true) {
      std::array<std::uint64_t, 3> piles{};
      for (auto& pile : piles) pile = in.integer("pile", 0, 1000);
      if (piles == std::array<std::uint64_t, 3>{}) break;
      if (piles[0] == 0 || piles[1] == 0 || piles[2] == 0) {
        in.fail("m, n and p must be 1..1000 (only `0 0 0` ends the input)");
      }
      const std::array<grundy::Position, 3> heaps{
          fibonacci.position(piles[0]), fibonacci.position(piles[1]), fibonacci.position(piles[2])};
      out << (fibonacci.first_player_wins(heaps) ? "Fibo" : "Nacci") << '\n';
    }
    in.expect_end("`0 0 0`");
  });
}
