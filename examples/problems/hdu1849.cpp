// HDU 1849 (Rabbit and Grass): m pieces on a strip at positions Ki; a move shifts one piece any
// distance towards 0; who cannot move loses; Rabbit first. Each piece is a Nim heap of size Ki.
// Input: m (0..1000), then m positions (0..1000), repeated; m = 0 ends. Output: `Rabbit Win!` or
// `Grass Win!`.
#include <vector>

#include "game_values.hpp"
#include "judge_io.hpp"

int main() {
  return judge::run("hdu1849", [](judge::Input& in, std::ostream& out) {
    judge::GameValues nim("nim");
    while (const std::uint64_t pieces = in.integer("m", 0, 1000)) {
      std::vector<grundy::Position> heaps(pieces);
      for (auto& heap : heaps) heap = nim.position(in.integer("position", 0, 1000));
      out << (nim.first_player_wins(heaps) ? "Rabbit Win!" : "Grass Win!") << '\n';
    }
    in.expect_end("the closing 0");
  });
}
