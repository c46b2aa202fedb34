// The bit-count game's table (source document 000): a move replaces a number by 7 numbers whose
// sets of one-bits are proper subsets of its own, so a number's value depends only on its count
// of one-bits. Prints g for 1..64 one-bits in the source's layout: `{1:1,` ... `64:g}`, one entry
// per line. Reads no input.
#include <limits>
#include <string>

#include "game_values.hpp"
#include "judge_io.hpp"

int main() {
  return judge::run("bitcount_table", [](judge::Input& in, std::ostream& out) {
    in.expect_end("nothing (this program reads no input)");
    judge::GameValues bitcount("bitcount(7)");
    out << '{';
    for (int ones = 1; ones <= 64; ++ones) {
      // The smallest number with `ones` one-bits: 2^ones - 1.
      const std::uint64_t number = std::numeric_limits<std::uint64_t>::max() >> (64 - ones);
      out << ones << ':' << bitcount.value(bitcount.position(number)) << (ones == 64 ? "}" : ",")
          << '\n';
    }
  });
}
