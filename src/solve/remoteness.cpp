// The depth-first solve of a sum that ends: outcome, remoteness and misère Grundy value per state.

#include <algorithm>

#include "search.hpp"

namespace grundy::detail {

void Search::push_frame(std::uint32_t s) {
  status_[s] = Status::expanding;
  const std::uint64_t begin = child_stack_.size();
  append_children(s, child_stack_);
  frames_.push_back({s, begin, begin});
}

void Search::solve(std::uint32_t root) {
  if (status_[root] == Status::done) return;
  push_frame(root);
  while (!frames_.empty()) {
    Frame& f = frames_.back();
    if (f.next < child_stack_.size()) {
      const std::uint32_t child = child_stack_[f.next];
      if (status_[child] == Status::unseen) {
        push_frame(child);  // invalidates f
        continue;
      }
      if (status_[child] == Status::expanding || win_[child] == kDraw) {
        solve_loopy(root);  // the sum can repeat a position
        return;
      }
      if (win_[child] == kWin) {
        f.largest = std::max<std::uint64_t>(f.largest, remoteness_[child]);
      } else {
        f.any_losing_option = true;
        f.least_losing = std::min<std::uint64_t>(f.least_losing, remoteness_[child]);
        f.largest = std::max<std::uint64_t>(f.largest, remoteness_[child]);
      }
      ++f.next;
      continue;
    }
    const bool terminal = f.children_begin == child_stack_.size();
    const std::uint32_t s = f.state;
    if (terminal) {
      win_[s] = options_.play == Play::misere ? kWin : kLoss;
      remoteness_[s] = 0;
    } else if (f.any_losing_option) {
      win_[s] = kWin;
      remoteness_[s] = static_cast<std::uint32_t>(f.least_losing + 1);
    } else {
      win_[s] = kLoss;
      remoteness_[s] = static_cast<std::uint32_t>(f.largest + 1);
    }
    if (options_.play == Play::misere) {
      option_values_.clear();
      for (std::uint64_t k = f.children_begin; k < child_stack_.size(); ++k) {
        option_values_.push_back(misere_grundy_[child_stack_[k]]);
      }
      misere_grundy_[s] = terminal ? 1 : static_cast<std::uint32_t>(mex(option_values_, mex_));
    }
    status_[s] = Status::done;
    child_stack_.resize(f.children_begin);
    frames_.pop_back();
  }
}

}  // namespace grundy::detail
