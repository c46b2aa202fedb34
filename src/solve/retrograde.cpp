// Retrograde analysis of a sum that can repeat a position: wins, losses, draws, remoteness.

#include <cstddef>
#include <limits>

#include "search.hpp"

namespace grundy::detail {

void Search::solve_loopy(std::uint32_t root) {
  loopy_ = true;
  frames_.clear();
  child_stack_.clear();
  std::vector<std::uint32_t> order{root};  // local index -> state
  std::vector<std::uint32_t> local;        // state -> local index
  constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();
  std::vector<std::uint64_t> offsets{0};
  std::vector<std::uint32_t> edges;  // local successors, then rewritten in place
  std::vector<std::uint32_t> children;
  auto local_of = [&](std::uint32_t s) -> std::uint32_t& {
    if (local.size() <= s) local.resize(state_count(), kNone);
    return local[s];
  };
  local_of(root) = 0;
  for (std::size_t i = 0; i < order.size(); ++i) {
    children.clear();
    append_children(order[i], children);
    for (std::uint32_t c : children) {
      std::uint32_t& l = local_of(c);
      if (l == kNone) {
        l = static_cast<std::uint32_t>(order.size());
        order.push_back(c);
      }
      edges.push_back(l);
    }
    offsets.push_back(edges.size());
  }
  const std::size_t n = order.size();
  std::vector<std::uint64_t> pred_offsets(n + 1, 0);
  for (std::uint32_t w : edges) ++pred_offsets[w + 1];
  for (std::size_t v = 0; v < n; ++v) pred_offsets[v + 1] += pred_offsets[v];
  std::vector<std::uint32_t> preds(edges.size());
  {
    std::vector<std::uint64_t> fill(pred_offsets.begin(), pred_offsets.end() - 1);
    for (std::size_t v = 0; v < n; ++v) {
      for (std::uint64_t e = offsets[v]; e < offsets[v + 1]; ++e) {
        preds[fill[edges[e]]++] = static_cast<std::uint32_t>(v);
      }
    }
  }
  std::vector<std::uint8_t> result(n, kDraw);
  std::vector<std::uint64_t> remoteness(n, 0);
  std::vector<std::uint64_t> undecided(n);
  std::vector<std::uint32_t> queue;
  for (std::size_t v = 0; v < n; ++v) {
    undecided[v] = offsets[v + 1] - offsets[v];
    if (undecided[v] == 0) {
      result[v] = options_.play == Play::misere ? kWin : kLoss;
      queue.push_back(static_cast<std::uint32_t>(v));
    }
  }
  // Breadth first, so states leave the queue in non-decreasing remoteness.
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const std::uint32_t u = queue[head];
    for (std::uint64_t e = pred_offsets[u]; e < pred_offsets[u + 1]; ++e) {
      const std::uint32_t q = preds[e];
      if (result[q] != kDraw) continue;
      if (result[u] == kLoss) {
        result[q] = kWin;
      } else if (--undecided[q] == 0) {
        result[q] = kLoss;
      } else {
        continue;
      }
      remoteness[q] = remoteness[u] + 1;
      queue.push_back(q);
    }
  }
  for (std::size_t v = 0; v < n; ++v) {
    win_[order[v]] = result[v];
    remoteness_[order[v]] = static_cast<std::uint32_t>(remoteness[v]);
    status_[order[v]] = Status::done;
  }
}

}  // namespace grundy::detail
