// HDU 1536 / POJ 2960 (S-Nim): Nim where a move removes s beads for some s in a set S. Input, per
// test case: `k s1..sk` (k 1..100, s 1..10000); m (1..100); m lines `l h1..hl` (l 1..100, h
// 0..10000); a lone 0 ends the input. Output: per test case one line with W (winning) or L
// (losing) for each position, in order.
#include <string>
#include <vector>

#include "game_values.hpp"
#include "judge_io.hpp"

int main() {
  return judge::run("hdu1536", [](judge::Input& in, std::ostream& out) {
    while (const std::uint64_t k = in.integer("k", 0, 100)) {
      std::string set;
      for (std::uint64_t i = 0; i < k; ++i) {
        set += (i > 0 ? "," : "") + std::to_string(in.integer("s", 1, 10000));
      }
      judge::GameValues s_nim("sub(" + set + ")");  // one game (and table) per test case
      const std::uint64_t positions = in.integer("m", 1, 100);
      for (std::uint64_t i = 0; i < positions; ++i) {
        std::vector<grundy::Position> heaps(in.integer("l", 1, 100));
        for (auto& heap : heaps) heap = s_nim.position(in.integer("h", 0, 10000));
        out << (s_nim.first_player_wins(heaps) ? 'W' : 'L');
      }
      out << '\n';
    }
    in.expect_end("the closing 0");
  });
}
