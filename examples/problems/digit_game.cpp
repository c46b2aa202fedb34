// Cow Digit Game (USACO 2009 Open, Silver): from N, subtract the largest digit or the smallest
// non-zero digit; who reaches 0 wins. Input: G (1..100), then G lines N (0..10^6). Output: YES if
// the first player wins, else NO, per game.
#include "game_values.hpp"
#include "judge_io.hpp"

int main() {
  return judge::run("digit_game", [](judge::Input& in, std::ostream& out) {
    const std::uint64_t games = in.integer("G", 1, 100);
    judge::GameValues digits("digits");
    for (std::uint64_t i = 0; i < games; ++i) {
      const std::uint64_t n = in.integer("N", 0, 1'000'000);
      out << (digits.value(digits.position(n)) != 0 ? "YES" : "NO") << '\n';
    }
    in.expect_end("the last game");
  });
}
