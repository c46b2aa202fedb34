// HDU 1847 (Good Luck in CET-4 Everybody!): n cards, a move takes a power of two (1, 2, 4, ...),
// who takes the last wins, Kiki first. Input: lines n (1..1000) until end of input. Output: Kiki
// or Cici, the winner.
#include "game_values.hpp"
#include "judge_io.hpp"

int main() {
  return judge::run("hdu1847", [](judge::Input& in, std::ostream& out) {
    judge::GameValues powers_of_two("sub(pow2)");
    while (!in.at_end()) {
      const std::uint64_t n = in.integer("n", 1, 1000);
      out << (powers_of_two.value(powers_of_two.position(n)) != 0 ? "Kiki" : "Cici") << '\n';
    }
  });
}
