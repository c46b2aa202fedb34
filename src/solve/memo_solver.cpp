#include "grundy/solve/memo_solver.hpp"

#include <string>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"

namespace grundy {

MemoSolver::MemoSolver(const Game& game, Limits limits) : game_(game), limits_(limits) {}

const Value* MemoSolver::known(const Position& p) {
  if (auto v = game_.traits().formula_values ? game_.formula_value(p) : std::nullopt) {
    formula_scratch_ = *v;
    return &formula_scratch_;
  }
  auto it = memo_.find(p);
  return it == memo_.end() ? nullptr : &it->second;
}

Value MemoSolver::value(const Position& root) {
  if (const Value* v = known(root)) return *v;
  try {
    return search(root);
  } catch (...) {
    // The memo holds only finished values and stays; the half-done search must go, or a later
    // call would take its positions for a cycle.
    stack_.clear();
    expanding_.clear();
    throw;
  }
}

Value MemoSolver::search(const Position& root) {
  stack_.clear();
  stack_.push_back(root);
  while (!stack_.empty()) {
    const Position p = stack_.back();
    if (memo_.contains(p)) {
      stack_.pop_back();
      continue;
    }
    // First visit: push the parts not solved yet and come back when they are. Second visit (or a
    // first one with every part known): take the mex.
    const std::size_t before = stack_.size();
    for_each_option(game_, p, [&](std::span<const Position> parts) {
      for (const Position& part : parts) {
        if (known(part) != nullptr) continue;
        if (expanding_.contains(part)) {
          throw Error(game_.name() + " has a cycle through position " +
                      game_.format_position(part) + "; loopy games are not supported yet");
        }
        stack_.push_back(part);
      }
    });
    if (stack_.size() > before) {
      expanding_.insert(p);
      continue;
    }
    scratch_.clear();
    for_each_option(game_, p, [&](std::span<const Position> parts) {
      Value v = 0;
      for (const Position& part : parts) v ^= *known(part);
      scratch_.push_back(v);
    });
    if (const std::uint64_t bytes = bytes_for(memo_.size() + 1, kBytesPerEntry);
        bytes > limits_.max_memory_bytes) {
      require_memory(
          limits_, bytes,
          "a memo of " + std::to_string(memo_.size() + 1) + " positions of " + game_.name());
    }
    memo_.emplace(p, mex(scratch_, mex_));
    expanding_.erase(p);
    stack_.pop_back();
  }
  return *known(root);
}

}  // namespace grundy
