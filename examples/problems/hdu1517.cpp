// HDU 1517 (A Multiplication Game): p starts at 1; in turn Stan and Ollie multiply it by 2..9;
// whoever makes p >= n wins; Stan first. Input: lines n (2..2^32-1) until end of input. Output:
// `Stan wins.` or `Ollie wins.`.
#include <string>

#include "game_values.hpp"
#include "judge_io.hpp"

int main() {
  return judge::run("hdu1517", [](judge::Input& in, std::ostream& out) {
    while (!in.at_end()) {
      const std::uint64_t n = in.integer("n", 2, 4'294'967'295);
      judge::GameValues game("multiply(2..9," + std::to_string(n) + ")");
      out << (game.value(game.position(1)) != 0 ? "Stan wins." : "Ollie wins.") << '\n';
    }
  });
}
