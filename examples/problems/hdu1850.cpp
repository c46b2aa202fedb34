// HDU 1850 (Being a Good Boy in Spring Festival): Nim with M heaps; how many first moves win?
// Input: M (2..100), then M heaps (1..10^6), repeated; M = 0 ends. Output: the number of winning
// first moves (0 when the first player loses).
#include <vector>

#include "game_values.hpp"
#include "judge_io.hpp"

int main() {
  return judge::run("hdu1850", [](judge::Input& in, std::ostream& out) {
    judge::GameValues nim("nim");
    while (const std::uint64_t count = in.integer("M", 0, 100)) {
      if (count == 1) in.fail("M must be 2..100 (0 ends the input)");
      std::vector<grundy::Position> heaps(count);
      for (auto& heap : heaps) heap = nim.position(in.integer("heap", 1, 1'000'000));
      out << nim.solve(heaps, 0).winning_move_count.value() << '\n';
    }
    in.expect_end("the closing 0");
  });
}
