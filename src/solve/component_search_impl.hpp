#pragma once
/// \file The definitions of ComponentSearch (component_search.hpp), included by the files that
/// instantiate it for a space (board_search.cpp, graph_search.cpp).

#include <algorithm>
#include <deque>
#include <exception>
#include <numeric>
#include <string>
#include <thread>
#include <vector>

#include "grundy/core/mex.hpp"
#include "grundy/solve/component_search.hpp"

namespace grundy {
namespace component_search_detail {

/// Nested expansions one thread may hold: each costs a few hundred bytes of its stack (more under
/// the sanitizers), and the threads' stacks are 8 MiB.
inline constexpr std::size_t kMaxDepth = 1000;
/// Nodes a worker counts before it reports them (and looks at the stop flag and safe point).
inline constexpr std::uint64_t kBatch = 256;
/// How much a pass at the top multiplies the budget of nodes an option gets.
inline constexpr std::uint64_t kBudgetGrowth = 4;

}  // namespace component_search_detail

template <class Space>
class ComponentSearch<Space>::Worker {
 public:
  explicit Worker(ComponentSearch& search) : search_(search) {}
  Worker(const Worker&) = delete;
  Worker& operator=(const Worker&) = delete;

  /// What one move leaves: the XOR of the values known without a search, and `count` parts
  /// (from `first` in the frame's parts) still to search, the largest first. `weight`: the sum
  /// of the squares of the parts' sizes, what the options are ordered by (smallest first).
  struct Option {
    Value known = 0;
    std::uint32_t first = 0;
    std::uint32_t count = 0;
    std::uint64_t weight = 0;
  };
  /// The options of the component expanded at one depth.
  struct Frame {
    std::vector<Key> parts;
    std::vector<Option> options;
  };

  /// g(c) when it is in `wanted`; otherwise kNotInSet, or g(c) when that is known anyway.
  Value in_set(const Key& c, ValueSet wanted, std::size_t depth);
  /// g(c).
  Value value_of(const Key& c, std::size_t depth);
  /// g(c) as the mex of every option's value (no pruning; and for values past 63).
  Value plain_value(const Key& c, std::size_t depth);
  /// Expands c: its options in frames_[depth], the parts the table knows folded in. With
  /// `candidates` (made here for c's number of options), an option whose value is then known
  /// takes it out at once instead of being kept, and the expansion stops, returning nullptr, as
  /// soon as no wanted value is a candidate (an enhanced transposition cutoff).
  Frame* expand(const Key& c, std::size_t depth, Candidates* candidates = nullptr,
                ValueSet wanted = {});
  /// The option's known part xor the values of its parts but the first (the largest).
  Value others(const Frame& f, const Option& o, std::size_t depth);
  /// One more node at `depth`: the counter, the stop flag and the safe point every batch.
  void node(std::size_t depth);
  /// Reports the nodes not yet counted (without looking at the stop flag).
  void flush() {
    search_.counter_.count_only(pending_);
    pending_ = 0;
  }
  /// Nodes expanded by this worker so far: a subtree's work is a difference of two readings.
  std::uint64_t work() const noexcept { return total_; }

  /// Thrown at a batch's end when the option this worker searches at the top was settled or
  /// put off by another thread, or the round it belongs to is over.
  struct Abandoned {};
  /// Thrown at a batch's end once this worker has expanded the nodes its budget allows.
  struct OverBudget {};
  /// Watch `state` (1 while it is being searched) and `round_done` while searching an option at
  /// the top; with `helping`, the option's own options are taken from the middle of their order
  /// on.
  void watch(const std::atomic<char>* state, const std::atomic<bool>* round_done,
             bool helping) noexcept {
    option_state_ = state;
    round_done_ = round_done;
    helping_ = helping;
  }
  /// At most `nodes` more nodes before OverBudget is thrown (0: no bound).
  void limit(std::uint64_t nodes) noexcept { budget_end_ = nodes == 0 ? 0 : total_ + nodes; }

 private:
  ComponentSearch& search_;
  std::deque<Frame> frames_;  // a deque: frames stay put while deeper ones are added
  std::uint64_t pending_ = 0;
  std::uint64_t total_ = 0;
  const std::atomic<char>* option_state_ = nullptr;
  const std::atomic<bool>* round_done_ = nullptr;
  bool helping_ = false;
  std::uint64_t budget_end_ = 0;  // the node count at which OverBudget is thrown (0: none)
};

template <class Space>
void ComponentSearch<Space>::Worker::node(std::size_t depth) {
  if (depth > component_search_detail::kMaxDepth) {
    throw ResourceError("the component search would nest more than " +
                        std::to_string(component_search_detail::kMaxDepth) +
                        " moves deep (a graph with very long paths of play)");
  }
  ++total_;
  if (++pending_ < component_search_detail::kBatch) return;
  const std::uint64_t batch = pending_;
  pending_ = 0;
  search_.counter_.add(batch, search_.table_);
  if (budget_end_ != 0 && total_ >= budget_end_) throw OverBudget{};
  if (option_state_ != nullptr && (option_state_->load(std::memory_order_relaxed) != 1 ||
                                   round_done_->load(std::memory_order_relaxed))) {
    throw Abandoned{};
  }
  Table& table = search_.table_;
  if (table.wants_to_grow()) {
    search_.safe_points_.exclusively([&] {
      if (table.wants_to_grow()) table.grow();
    });
  } else {
    search_.safe_points_.poll();
  }
}

template <class Space>
typename ComponentSearch<Space>::Worker::Frame* ComponentSearch<Space>::Worker::expand(
    const Key& c, std::size_t depth, Candidates* candidates, ValueSet wanted) {
  if (frames_.size() <= depth) frames_.resize(depth + 1);
  Frame& f = frames_[depth];
  f.parts.clear();
  f.options.clear();
  const Space& space = search_.space_;
  const Table& table = search_.table_;
  bool cut = false;
  // Each option's parts are looked up in the table one option later: their clusters are
  // fetched from memory while the next option is decomposed.
  Option pending;
  std::size_t pending_end = 0;
  bool has_pending = false;
  // Folds the table's values into the pending option and files it; false when the expansion is
  // cut. The parts after pending_end (the next option's) move down over the parts folded in.
  auto file = [&](std::size_t next_first) -> std::size_t {
    Option& o = pending;
    std::size_t keep = o.first;
    for (std::size_t i = o.first; i < pending_end; ++i) {
      if (auto e = table.find(space.table_key(f.parts[i])); e && e->value) {
        o.known ^= *e->value;
      } else {
        if (keep != i) f.parts[keep] = std::move(f.parts[i]);
        ++keep;
      }
    }
    const std::size_t removed = pending_end - keep;
    if (removed != 0) {
      std::move(f.parts.begin() + static_cast<std::ptrdiff_t>(pending_end), f.parts.end(),
                f.parts.begin() + static_cast<std::ptrdiff_t>(keep));
      f.parts.resize(f.parts.size() - removed);
    }
    o.count = static_cast<std::uint32_t>(keep - o.first);
    if (o.count == 0 && candidates != nullptr) {
      candidates->take(o.known);
      cut = (candidates->low() & wanted).empty();
    } else {
      std::size_t largest = o.first;
      std::size_t largest_size = 0;
      for (std::size_t i = o.first; i < keep; ++i) {
        const std::size_t size = space.size(f.parts[i]);
        o.weight += size * size;
        if (size > largest_size) {
          largest_size = size;
          largest = i;
        }
      }
      if (largest != o.first) std::swap(f.parts[o.first], f.parts[largest]);
      f.options.push_back(o);
    }
    return next_first - removed;
  };
  space.for_each_move(
      c,
      [&](std::size_t n) {
        if (candidates != nullptr) *candidates = Candidates(n);
      },
      [&](const auto& rest) {
        Option o;
        o.first = static_cast<std::uint32_t>(f.parts.size());
        o.known = space.decompose(rest, f.parts, o.first);
        for (std::size_t i = o.first; i < f.parts.size(); ++i) {
          table.prefetch(space.table_key(f.parts[i]));
        }
        if (has_pending) {
          o.first = static_cast<std::uint32_t>(file(o.first));
          if (cut) return true;
        }
        pending = o;
        pending_end = f.parts.size();
        has_pending = true;
        return false;
      });
  if (has_pending && !cut) file(f.parts.size());
  return cut ? nullptr : &f;
}

template <class Space>
Value ComponentSearch<Space>::Worker::others(const Frame& f, const Option& o, std::size_t depth) {
  Value x = o.known;
  for (std::size_t i = o.first + 1; i < o.first + o.count; ++i) {
    x ^= value_of(f.parts[i], depth + 1);
  }
  return x;
}

template <class Space>
Value ComponentSearch<Space>::Worker::in_set(const Key& c, ValueSet wanted, std::size_t depth) {
  const Space& space = search_.space_;
  Table& table = search_.table_;
  const auto& key = space.table_key(c);
  if (auto e = table.find(key)) {
    if (e->value) return *e->value;
    if ((wanted - e->not_values).empty()) return kNotInSet;
  }
  if (!search_.options_.pruning) return plain_value(c, depth);
  node(depth);
  const std::uint64_t start = total_;
  // The candidates for g(c) (value_set.hpp): each option takes one out.
  Candidates candidates(0);
  Frame* expanded = expand(c, depth, &candidates, wanted);
  if (expanded == nullptr) {
    table.exclude(key, wanted, total_ - start);
    return kNotInSet;
  }
  Frame& f = *expanded;
  // Lightest first, the space's order kept among equals (an insertion sort: a few dozen options,
  // and no buffer to allocate as std::stable_sort does).
  for (std::size_t i = 1; i < f.options.size(); ++i) {
    const Option o = f.options[i];
    std::size_t j = i;
    for (; j > 0 && f.options[j - 1].weight > o.weight; --j) f.options[j] = f.options[j - 1];
    f.options[j] = o;
  }
  if (helping_ && depth == 1) {
    // A helper at the top: the other half first (the thread it helps starts at the lightest).
    std::rotate(f.options.begin(),
                f.options.begin() + static_cast<std::ptrdiff_t>(f.options.size() / 2),
                f.options.end());
  }
  const ValueSet upto = wanted.up_to_largest();
  bool exact = true;
  for (std::size_t i = 0; i < f.options.size(); ++i) {
    if ((candidates.low() & wanted).empty()) {
      table.exclude(key, wanted, total_ - start);
      return kNotInSet;
    }
    const Option o = f.options[i];
    // Only a value among the candidates but the largest, and not above what is asked about,
    // changes what this option takes out (the largest candidate is taken otherwise).
    const ValueSet matters = candidates.low_but_largest() & upto;
    if (matters.empty()) {
      candidates.take_largest();
      exact = false;
      continue;
    }
    const Value x = others(f, o, depth);
    const Key& largest = f.parts[o.first];
    if (x >= ValueSet::kLimit) {
      candidates.take(value_of(largest, depth + 1) ^ x);
      continue;
    }
    const Value v = in_set(largest, matters.xored(x), depth + 1);
    if (v == kNotInSet) {
      candidates.take_largest();
      exact = false;
    } else {
      candidates.take(v ^ x);
    }
  }
  const ValueSet left = candidates.low();
  if (!left.empty() && (exact || left.least() <= upto.largest())) {
    const Value g = left.least();
    table.set_value(key, g, total_ - start);
    return g;
  }
  // g is above everything asked about.
  table.exclude(key, upto, total_ - start);
  return kNotInSet;
}

template <class Space>
Value ComponentSearch<Space>::Worker::value_of(const Key& c, std::size_t depth) {
  if (search_.options_.pruning) {
    const Value v = in_set(c, ValueSet::all(), depth);
    if (v != kNotInSet) return v;
  }
  return plain_value(c, depth);
}

template <class Space>
Value ComponentSearch<Space>::Worker::plain_value(const Key& c, std::size_t depth) {
  const Space& space = search_.space_;
  Table& table = search_.table_;
  const auto& key = space.table_key(c);
  if (auto e = table.find(key); e && e->value) return *e->value;
  node(depth);
  const std::uint64_t start = total_;
  Frame& f = *expand(c, depth);
  std::vector<Value> values;
  values.reserve(f.options.size());
  for (std::size_t i = 0; i < f.options.size(); ++i) {
    const Option o = f.options[i];
    Value x = o.known;
    for (std::size_t p = o.first; p < o.first + o.count; ++p) x ^= value_of(f.parts[p], depth + 1);
    values.push_back(x);
  }
  const Value g = mex(values);
  table.set_value(key, g, total_ - start);
  return g;
}

template <class Space>
ComponentSearch<Space>::ComponentSearch(Space space, ComponentSearchOptions options)
    : space_(std::move(space)),
      options_(std::move(options)),
      table_(options_.limits.max_memory_bytes),
      counter_(options_) {
  if (options_.threads == 0) options_.threads = std::max(1U, std::thread::hardware_concurrency());
}

template <class Space>
ComponentSearch<Space>::~ComponentSearch() = default;

template <class Space>
typename ComponentSearch<Space>::Worker& ComponentSearch<Space>::worker(std::size_t slot) {
  while (workers_.size() <= slot) workers_.push_back(std::make_unique<Worker>(*this));
  return *workers_[slot];
}

/// The options of a component at the top, and what is known of their values. Each is asked
/// about one value at a time (aspiration), its value kept once an answer gives it.
template <class Space>
struct ComponentSearch<Space>::Top {
  typename Worker::Frame* frame = nullptr;
  std::vector<std::size_t> order;  // the options still to resolve, lightest first
  std::vector<std::atomic<Value>> resolved;
  std::vector<char> present;  // values some resolved option has (up to the options' count + 1)

  void note() {
    for (const auto& r : resolved) {
      const Value v = r.load(std::memory_order_relaxed);
      if (v != kNotInSet && v < present.size()) present[v] = 1;
    }
  }
};

template <class Space>
void ComponentSearch<Space>::expand_top(const Key& c, Top& top) {
  Worker& w = worker(0);
  w.node(0);
  top.frame = w.expand(c, 0);
  const auto& options = top.frame->options;
  top.resolved = std::vector<std::atomic<Value>>(options.size());
  top.present.assign(options.size() + 2, 0);
  for (std::size_t i = 0; i < options.size(); ++i) {
    top.resolved[i].store(options[i].count == 0 ? options[i].known : kNotInSet);
    if (options[i].count != 0) top.order.push_back(i);
  }
  std::stable_sort(top.order.begin(), top.order.end(), [&](std::size_t a, std::size_t b) {
    return options[a].weight < options[b].weight;
  });
  top.note();
}

template <class Space>
bool ComponentSearch<Space>::some_option_has(Top& top, Value r) {
  if (r < top.present.size() && top.present[r] != 0) return true;
  const auto& f = *top.frame;
  // The value of option order[i] if it is r, asked by worker w (kNotInSet: it is not r).
  auto ask = [&](Worker& w, std::size_t i) {
    const std::size_t index = top.order[i];
    const Value known = top.resolved[index].load(std::memory_order_relaxed);
    if (known != kNotInSet) return known;
    const auto& o = f.options[index];
    const Value x = w.others(f, o, 1);
    const Key& largest = f.parts[o.first];
    if ((r ^ x) < ValueSet::kLimit) {
      const Value got = w.in_set(largest, ValueSet::single(r ^ x), 1);
      return got == kNotInSet ? kNotInSet : got ^ x;
    }
    return w.value_of(largest, 1) ^ x;
  };
  const std::size_t count = top.order.size();
  counter_.top_round(r, count);
  // Passes over the options not yet answered, each option asked with a budget of nodes that
  // grows from pass to pass (none for the last option left): an option of value r that is
  // cheap to prove ends the round before dearer ones behind it are finished. What a pass put
  // off keeps its proved parts in the table for the next.
  std::vector<std::size_t> open(count);
  std::iota(open.begin(), open.end(), std::size_t{0});
  std::uint64_t budget = options_.top_budget;
  bool found = false;
  for (std::uint64_t pass = 1; !found && !open.empty(); ++pass) {
    const std::uint64_t limit = open.size() == 1 ? 0 : budget;
    counter_.top_pass(pass, limit);
    const auto threads =
        static_cast<unsigned>(std::clamp<std::size_t>(options_.threads, 1, open.size()));
    found = share_top(top, r, threads, open, limit, ask);
    // Past 2^64 / 4 the next pass has no bound (never reached: 24 passes from 2^16).
    const std::uint64_t growth = component_search_detail::kBudgetGrowth;
    budget = budget > ~std::uint64_t{0} / growth ? 0 : budget * growth;
  }
  counter_.top_round(0, 0);
  top.note();
  return found;
}

template <class Space>
template <class Ask>
bool ComponentSearch<Space>::share_top(Top& top, Value r, unsigned threads,
                                       std::vector<std::size_t>& open, std::uint64_t limit,
                                       Ask& ask) {
  // One thread (the caller alone) asks the options in their order. With more, each thread
  // takes the next option nobody has taken; once none is left it helps with one
  // still being searched, asking the same question with the other half of that option's options
  // first, so that the two meet in the table. The first answer settles the option (the other
  // thread abandons it at its next batch of nodes), and an option of value r ends the round.
  // A thread past its budget puts the option off for the next pass (the other thread, if
  // helping, abandons it too).
  for (unsigned t = 0; t < threads; ++t) worker(t);  // made here, before the threads look
  const std::size_t count = open.size();
  // 0: not taken, 1: being searched, 2: settled, 3: put off
  std::vector<std::atomic<char>> state(count);
  std::atomic<std::size_t> next{0};
  std::atomic<bool> round_done{false};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto settle = [&](Worker& w, std::size_t k, bool helping) {
    w.watch(&state[k], &round_done, helping);
    w.limit(limit);
    auto unwatch = [&w] {
      w.watch(nullptr, nullptr, false);
      w.limit(0);
    };
    try {
      const Value v = ask(w, open[k]);
      unwatch();
      if (v != kNotInSet) top.resolved[top.order[open[k]]].store(v, std::memory_order_relaxed);
      if (state[k].exchange(2) != 2) counter_.top_answered();
      if (v == r) round_done.store(true);
    } catch (const typename Worker::Abandoned&) {
      unwatch();
    } catch (const typename Worker::OverBudget&) {
      unwatch();
      char searched = 1;
      state[k].compare_exchange_strong(searched, 3);
    } catch (...) {
      unwatch();
      throw;
    }
  };
  auto work = [&](Worker& w) {
    try {
      while (!round_done.load()) {
        const std::size_t k = next++;
        if (k < count) {
          char expected = 0;
          if (state[k].compare_exchange_strong(expected, 1)) settle(w, k, false);
          continue;
        }
        std::size_t busy = count;
        for (std::size_t j = 0; j < count && busy == count; ++j) {
          if (state[j].load() == 1) busy = j;
        }
        if (busy == count) break;
        settle(w, busy, true);
      }
    } catch (...) {
      const std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      round_done.store(true);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) {
    pool.emplace_back([&, w = workers_[t].get()] {
      safe_points_.join();
      work(*w);
      w->flush();  // the caller's own worker is flushed by the caller (root_value, Working)
      safe_points_.leave();
      space_.at_thread_end();
    });
  }
  work(*workers_[0]);
  // This thread passes no safe point while it waits: it stops counting as working, or a thread
  // still searching could wait for it to park for ever.
  safe_points_.leave();
  for (std::thread& t : pool) t.join();
  safe_points_.join();
  if (failure) std::rethrow_exception(failure);
  bool found = false;
  std::vector<std::size_t> put_off;
  for (std::size_t k = 0; k < count; ++k) {
    if (top.resolved[top.order[open[k]]].load() == r) found = true;
    if (state[k].load() == 3) put_off.push_back(open[k]);
  }
  open = std::move(put_off);
  return found;
}

template <class Space>
Value ComponentSearch<Space>::root_value(const Key& c) {
  Worker& w = worker(0);
  const auto& key = space_.table_key(c);
  if (auto e = table_.find(key); e && e->value) return *e->value;
  if (!options_.pruning) return w.plain_value(c, 0);
  const std::uint64_t start = nodes();
  Top top;
  expand_top(c, top);
  // The mex found by asking, for r = 0, 1, ..., whether some option has value r.
  Value g = 0;
  while (some_option_has(top, g)) ++g;
  w.flush();
  table_.set_value(key, g, nodes() - start);
  return g;
}

template <class Space>
bool ComponentSearch<Space>::root_has_value(const Key& c, Value target) {
  Worker& w = worker(0);
  const auto& key = space_.table_key(c);
  if (auto e = table_.find(key)) {
    if (e->value) return *e->value == target;
    if (e->not_values.contains(target)) return false;
  }
  if (!options_.pruning) return w.plain_value(c, 0) == target;
  const std::uint64_t start = nodes();
  Top top;
  expand_top(c, top);
  if (target > top.frame->options.size()) return false;  // a mex of n values is at most n
  // g = t exactly when no option has value t and every value below t is an option's.
  bool answer = false;
  if (some_option_has(top, target)) {
    table_.exclude(key, ValueSet::single(target), nodes() - start);
  } else {
    Value s = 0;
    while (s < target && some_option_has(top, s)) ++s;
    answer = s == target;
    table_.set_value(key, s, nodes() - start);
  }
  w.flush();
  return answer;
}

/// The calling thread works on the search for as long as this lives: it passes the safe points,
/// and its last nodes are counted when it stops.
template <class Space>
class ComponentSearch<Space>::Working {
 public:
  explicit Working(ComponentSearch& search) : search_(search) { search_.safe_points_.join(); }
  ~Working() {
    search_.worker(0).flush();
    search_.safe_points_.leave();
  }
  Working(const Working&) = delete;
  Working& operator=(const Working&) = delete;

 private:
  ComponentSearch& search_;
};

template <class Space>
void ComponentSearch<Space>::stop_when_told() const {
  if (options_.stop != nullptr && options_.stop->load(std::memory_order_relaxed)) {
    throw SearchStopped();
  }
}

template <class Space>
Value ComponentSearch<Space>::value(std::span<const Key> parts, Value known) {
  stop_when_told();
  const Working working(*this);
  Value x = known;
  for (const Key& part : parts) x ^= root_value(part);
  return x;
}

template <class Space>
bool ComponentSearch<Space>::has_value(std::span<const Key> parts, Value known, Value target) {
  if (parts.empty()) return known == target;
  stop_when_told();
  const Working working(*this);
  // Lemoine and Viennot's way with sums: the values of all parts but the largest, x their XOR,
  // then whether the largest has value target xor x (XOR with x is a bijection).
  std::size_t largest = 0;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    if (space_.size(parts[i]) > space_.size(parts[largest])) largest = i;
  }
  Value x = known;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i != largest) x ^= root_value(parts[i]);
  }
  return root_has_value(parts[largest], target ^ x);
}

}  // namespace grundy
