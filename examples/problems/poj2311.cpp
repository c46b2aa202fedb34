// POJ 2311 (Cutting Game): a move cuts one W x H sheet along a grid line into two; who cuts out a
// 1 x 1 piece wins. A good player never leaves a side of 1 (the opponent would then cut out a
// 1 x 1), so the game is `cut`, where every side of every piece stays >= 2 and who cannot move
// loses. Input: lines `W H` (2..200) until end of input. Output: WIN or LOSE per line.
#include <string>

#include "game_values.hpp"
#include "judge_io.hpp"

int main() {
  return judge::run("poj2311", [](judge::Input& in, std::ostream& out) {
    judge::GameValues cut("cut");
    while (!in.at_end()) {
      const std::uint64_t w = in.integer("W", 2, 200);
      const std::uint64_t h = in.integer("H", 2, 200);
      const bool win = cut.value(cut.position(std::to_string(w) + "x" + std::to_string(h))) != 0;
      out << (win ? "WIN" : "LOSE") << '\n';
    }
  });
}
