// HDU 2147 (kiki's game): a coin starts in the top-right square of an n x m board; a move shifts it
// one square left, down or diagonally left-down; who cannot move loses; Kiki moves first.
// Input: lines `n m` (1..2000) until `0 0`. Output: `Wonderful!` if Kiki wins, else
// `What a pity!`.
#include <string>

#include "game_values.hpp"
#include "judge_io.hpp"

int main() {
  return judge::run("hdu2147", [](judge::Input& in, std::ostream& out) {
    judge::GameValues corner("corner");
    while (true) {
      const std::uint64_t n = in.integer("n", 0, 2000);
      const std::uint64_t m = in.integer("m", 0, 2000);
      if (n == 0 && m == 0) break;
      if (n == 0 || m == 0) in.fail("n and m must be 1..2000 (only `0 0` ends the input)");
      // From the top-right square the coin can still go m-1 steps left and n-1 steps down.
      const auto start = corner.position(std::to_string(m - 1) + "," + std::to_string(n - 1));
      out << (corner.value(start) != 0 ? "Wonderful!" : "What a pity!") << '\n';
    }
    in.expect_end("`0 0`");
  });
}
