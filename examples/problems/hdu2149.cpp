// HDU 2149 (Public Sale): the price starts at 0; in turn each bidder raises it by 1..N; whoever
// makes it reach M or more buys the land; Lele bids first. Input: lines `M N` (1..1099) until end
// of input. Output per line: every first bid with which Lele wins, increasing and
// space-separated, or `none` when every bid 1..N leaves Yueyue a winning position.
//
// The amount still missing, M - price, is a heap of `sub(1..N)`: a raise past the missing amount
// ends the auction exactly like the raise to it. So Lele's winning first bids are the winning
// moves from heap M: the move to a heap t > 0 is the bid M - t, and the move that takes the whole
// heap stands for every bid from M to N.
#include <algorithm>
#include <map>
#include <string>
#include <vector>

#include "game_values.hpp"
#include "judge_io.hpp"

int main() {
  return judge::run("hdu2149", [](judge::Input& in, std::ostream& out) {
    std::map<std::uint64_t, judge::GameValues> bash_games;  // by N: each table is built once
    while (!in.at_end()) {
      const std::uint64_t price = in.integer("M", 1, 1099);
      const std::uint64_t raise = in.integer("N", 1, 1099);
      auto& game =
          bash_games.try_emplace(raise, "sub(1.." + std::to_string(raise) + ")").first->second;
      const grundy::Position start = game.position(price);
      std::vector<std::uint64_t> bids;
      for (const grundy::Move& move : game.solve({&start, 1}, raise).winning_moves) {
        if (!move.to.empty()) {
          bids.push_back(price - move.to.front().x);
        } else {
          for (std::uint64_t bid = price; bid <= raise; ++bid) bids.push_back(bid);
        }
      }
      std::sort(bids.begin(), bids.end());
      if (bids.empty()) out << "none";
      for (std::size_t i = 0; i < bids.size(); ++i) out << (i > 0 ? " " : "") << bids[i];
      out << '\n';
    }
  });
}
