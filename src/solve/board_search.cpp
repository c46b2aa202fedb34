#include "grundy/solve/board_search.hpp"

#include <algorithm>
#include <exception>
#include <thread>

namespace grundy {
namespace {

/// Shapes with fewer cells are searched on one thread: starting threads costs more.
constexpr std::size_t kParallelCells = 16;

Value mex_of(std::vector<Value>& values) {
  std::sort(values.begin(), values.end());
  Value m = 0;
  for (const Value v : values) {
    if (v == m) ++m;
    if (v > m) break;
  }
  return m;
}

}  // namespace

BoardSearch::BoardSearch(DeletionRule rule, BoardAdjacency adjacency,
                         ComponentSearchOptions options)
    : rule_(rule),
      adjacency_(adjacency),
      options_(std::move(options)),
      table_(options_.limits.max_memory_bytes) {
  if (options_.threads == 0) options_.threads = std::max(1U, std::thread::hardware_concurrency());
}

std::vector<BoardShape> BoardSearch::split(const BoardFrame& frame, CellSet cells,
                                           Value& tiny) const {
  std::vector<BoardShape> parts;
  while (!cells.empty()) {
    const CellSet part = frame.component(cells, cells.first());
    cells -= part;
    if (part.at_most_two()) {
      tiny ^= *tiny_component_value(rule_, part.count());
      continue;
    }
    parts.push_back(frame.canonical(part, options_.canonical_forms));
  }
  return parts;
}

void BoardSearch::count_node() {
  if (options_.stop != nullptr && options_.stop->load(std::memory_order_relaxed)) {
    throw SearchStopped();
  }
  const std::uint64_t n = nodes_.fetch_add(1, std::memory_order_relaxed) + 1;
  if (options_.progress && n % ComponentSearchOptions::kProgressNodes == 0) {
    const std::unique_lock lock(progress_mutex_, std::try_to_lock);
    if (lock.owns_lock()) {
      options_.progress(ComponentSearchProgress{
          .nodes = n,
          .table_entries = table_.size(),
          .table_bytes = table_.bytes(),
          .max_bytes = table_.max_bytes(),
      });
    }
  }
}

template <class Body>
bool BoardSearch::moves_until(const BoardShape& shape, bool top, Body&& body) {
  const bool parallel = top && options_.threads > 1 && shape.cells.count() >= kParallelCells;
  if (!parallel) {
    bool done = false;
    // for_each_move has no early exit: the moves after the first true are skipped cheaply.
    for_each_move(shape, [&](const CellSet& rest) {
      if (!done && body(rest)) done = true;
    });
    return done;
  }
  std::vector<CellSet> moves;
  for_each_move(shape, [&](const CellSet& rest) { moves.push_back(rest); });
  const unsigned threads = std::min<unsigned>(options_.threads, static_cast<unsigned>(moves.size()));
  // Each thread takes the next move not taken; the first that returns true (or throws) stops
  // the others before their next move.
  std::atomic<std::size_t> next{0};
  std::atomic<bool> done{false};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto work = [&] {
    try {
      for (std::size_t i = next++; i < moves.size() && !done.load(); i = next++) {
        if (body(moves[i])) done = true;
      }
    } catch (...) {
      const std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
      next = moves.size();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (std::thread& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  return done.load();
}

Value BoardSearch::shape_value(const BoardShape& shape, bool top) {
  if (auto e = table_.find(shape); e && e->exact) return e->nimber;
  const std::uint64_t start = nodes();
  count_node();
  const BoardFrame& frame = board_frame(adjacency_, shape.rows, shape.columns);
  std::vector<Value> values;
  std::mutex values_mutex;
  moves_until(shape, top, [&](const CellSet& rest) {
    Value tiny = 0;
    const std::vector<BoardShape> parts = split(frame, rest, tiny);
    const Value v = parts_value(parts, tiny, false);
    const std::lock_guard lock(values_mutex);
    values.push_back(v);
    return false;
  });
  const Value g = mex_of(values);
  table_.set_value(shape, g, nodes() - start);
  return g;
}

Value BoardSearch::parts_value(const std::vector<BoardShape>& parts, Value tiny, bool top) {
  Value v = tiny;
  for (const BoardShape& part : parts) v ^= shape_value(part, top);
  return v;
}

bool BoardSearch::shape_has_value(const BoardShape& shape, Value target, bool top) {
  if (!options_.pruning) return shape_value(shape, top) == target;
  if (auto e = table_.find(shape)) {
    if (e->exact) return e->nimber == target;
    if (target < 64 && ((e->not_values >> target) & 1U) != 0) return false;
  }
  const std::uint64_t start = nodes();
  count_node();
  const BoardFrame& frame = board_frame(adjacency_, shape.rows, shape.columns);
  // g = t exactly when no option has value t and every value below t is an option's: an option
  // of value t settles "no" at once, without the other options' values.
  const bool option_has_target = moves_until(shape, top, [&](const CellSet& rest) {
    Value tiny = 0;
    const std::vector<BoardShape> parts = split(frame, rest, tiny);
    return parts_have_value(parts, tiny, target, false);
  });
  if (option_has_target) {
    table_.exclude(shape, target, nodes() - start);
    return false;
  }
  if (target == 0) {
    table_.set_value(shape, 0, nodes() - start);
    return true;
  }
  return shape_value(shape, top) == target;
}

bool BoardSearch::parts_have_value(const std::vector<BoardShape>& parts, Value tiny, Value target,
                                   bool top) {
  if (parts.empty()) return tiny == target;
  // The nimbers of all parts but the largest are needed anyway (or looked up); the largest is
  // then asked only whether it has the value that makes the sum `target`.
  std::size_t largest = 0;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    if (parts[i].cells.count() > parts[largest].cells.count()) largest = i;
  }
  Value rest = tiny;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (i != largest) rest ^= shape_value(parts[i], top);
  }
  return shape_has_value(parts[largest], target ^ rest, top);
}

Value BoardSearch::value(const BoardShape& shape) {
  return shape_value(shape, true);
}

bool BoardSearch::has_value(const BoardShape& shape, Value target) {
  return shape_has_value(shape, target, true);
}

Value BoardSearch::value(const BoardCells& board) {
  Value tiny = 0;
  const std::vector<BoardShape> parts =
      split(board_frame(adjacency_, board.rows, board.columns), board.cells, tiny);
  return parts_value(parts, tiny, true);
}

bool BoardSearch::has_value(const BoardCells& board, Value target) {
  Value tiny = 0;
  const std::vector<BoardShape> parts =
      split(board_frame(adjacency_, board.rows, board.columns), board.cells, tiny);
  return parts_have_value(parts, tiny, target, true);
}

}  // namespace grundy
