// BOJ 13034 (polygon game): players draw non-crossing chords between unused vertices of a convex
// polygon with N vertices; who cannot draw loses. Input: N (3..1000). Output: 1 if the first
// player wins, else 2.
#include "game_values.hpp"
#include "judge_io.hpp"

int main() {
  return judge::run("boj13034", [](judge::Input& in, std::ostream& out) {
    const std::uint64_t n = in.integer("N", 3, 1000);
    in.expect_end("N");
    judge::GameValues polygon("polygon");
    out << (polygon.value(polygon.position(n)) != 0 ? 1 : 2) << '\n';
  });
}
