#include "grundy/solve/board_search.hpp"

#include <algorithm>
#include <exception>
#include <optional>
#include <thread>

#include "grundy/core/mex.hpp"
#include "grundy/solve/parallel_until.hpp"

namespace grundy {
namespace {

/// Shapes with fewer cells are searched on one thread: starting threads costs more.
constexpr std::size_t kParallelCells = 16;

}  // namespace

BoardSearch::BoardSearch(DeletionRule rule, BoardAdjacency adjacency,
                         ComponentSearchOptions options)
    : rule_(rule),
      adjacency_(adjacency),
      options_(std::move(options)),
      table_(options_.limits.max_memory_bytes),
      counter_(options_) {
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

template <class Body>
bool BoardSearch::until(std::size_t count, bool parallel, Body&& body) {
  return parallel_until(count, parallel ? options_.threads : 1, body);
}

bool BoardSearch::parallel(const BoardShape& shape, bool top) const noexcept {
  return top && options_.threads > 1 && shape.cells.count() >= kParallelCells;
}

std::vector<BoardSearch::Option> BoardSearch::options_of(const BoardShape& shape) const {
  const BoardFrame& frame = board_frame(adjacency_, shape.rows, shape.columns);
  std::vector<Option> options;
  for_each_move(shape, [&](const CellSet& rest) {
    Option o;
    o.parts = split(frame, rest, o.tiny);
    o.cells = rest.count();
    options.push_back(std::move(o));
  });
  return options;
}

std::optional<Value> BoardSearch::known_value(const BoardShape& shape) {
  if (auto e = table_.find(shape); e && e->exact) return e->nimber;
  if (options_.canonical_forms && copied(shape)) {
    table_.set_value(shape, 0, 1);
    return 0;
  }
  return std::nullopt;
}

bool BoardSearch::copied(const BoardShape& shape) const {
  const BoardFrame& frame = board_frame(adjacency_, shape.rows, shape.columns);
  for (const std::size_t s : frame.involutions()) {
    const std::vector<std::uint8_t>& map = frame.symmetries()[s];
    if (frame.image(shape.cells, s) != shape.cells) continue;
    bool safe = true;
    shape.cells.for_each([&](std::size_t v) {
      const std::size_t w = map[v];
      // Node-Kayles: v's image must survive v's move, so it is neither v nor joined to v.
      // Arc-Kayles: v's image must survive any move at v, and a domino {v, w} is its own image.
      if (w == v || frame.neighbours(v).test(w)) safe = false;
    });
    if (safe) return true;
  }
  return false;
}

Value BoardSearch::shape_value(const BoardShape& shape, bool top) {
  if (auto v = known_value(shape)) return *v;
  const std::uint64_t start = nodes();
  counter_.count(table_);
  std::vector<Option> options = options_of(shape);
  Value g = 0;
  if (options_.pruning) {
    // The mex by looking for each value in turn: the search for t stops at the first option of
    // value t, so only the last one, for g itself, needs every option (and then only whether it
    // is g, which pruning decides without most values).
    const bool threads = parallel(shape, top);
    while (some_option_has_value(options, g, threads)) ++g;
  } else {
    std::vector<Value> values(options.size());
    until(options.size(), parallel(shape, top), [&](std::size_t i) {
      values[i] = parts_value(options[i].parts, options[i].tiny, false);
      return false;
    });
    g = mex(values);
  }
  table_.set_value(shape, g, nodes() - start);
  return g;
}

Value BoardSearch::parts_value(const std::vector<BoardShape>& parts, Value tiny, bool top) {
  Value v = tiny;
  for (const BoardShape& part : parts) v ^= shape_value(part, top);
  return v;
}

bool BoardSearch::some_option_has_value(std::vector<Option>& options, Value target, bool parallel) {
  // The options the table settles alone are looked at first (a transposition cutoff): an option
  // of value t found there ends the search without expanding anything, and an option known not
  // to be t is not searched.
  std::vector<Option*> open;
  for (Option& o : options) {
    Value known = o.tiny;
    std::size_t unknown = o.parts.size();
    for (std::size_t i = 0; i < o.parts.size(); ++i) {
      if (auto v = known_value(o.parts[i])) {
        known ^= *v;
      } else if (unknown == o.parts.size()) {
        unknown = i;
      } else {
        unknown = o.parts.size() + 1;  // two or more unknown
        break;
      }
    }
    if (unknown == o.parts.size()) {
      if (known == target) return true;
      continue;  // known, and not t
    }
    if (unknown < o.parts.size()) {
      const Value needed = target ^ known;
      if (auto e = table_.find(o.parts[unknown]);
          e && needed < 64 && ((e->not_values >> needed) & 1U) != 0) {
        continue;  // the one unknown part is known not to make the sum t
      }
    }
    open.push_back(&o);
  }
  // The smallest first: the cheapest to settle, and one of value t ends the search.
  std::stable_sort(open.begin(), open.end(),
                   [](const Option* a, const Option* b) { return a->cells < b->cells; });
  return until(open.size(), parallel, [&](std::size_t i) {
    return parts_have_value(open[i]->parts, open[i]->tiny, target, false);
  });
}

bool BoardSearch::shape_has_value(const BoardShape& shape, Value target, bool top) {
  if (!options_.pruning) return shape_value(shape, top) == target;
  if (auto e = table_.find(shape)) {
    if (e->exact) return e->nimber == target;
    if (target < 64 && ((e->not_values >> target) & 1U) != 0) return false;
  }
  if (options_.canonical_forms && copied(shape)) {
    table_.set_value(shape, 0, 1);
    return target == 0;
  }
  const std::uint64_t start = nodes();
  counter_.count(table_);
  // g = t exactly when no option has value t and every value below t is an option's (the
  // definition of mex). An option of value t settles "no" at once, without the other options'
  // values; then each s < t is looked for, and the first found ends that look. A value s < t
  // that no option has is g itself.
  std::vector<Option> options = options_of(shape);
  const bool threads = parallel(shape, top);
  if (some_option_has_value(options, target, threads)) {
    table_.exclude(shape, target, nodes() - start);
    return false;
  }
  for (Value s = 0; s < target; ++s) {
    if (!some_option_has_value(options, s, threads)) {
      table_.set_value(shape, s, nodes() - start);
      return false;
    }
  }
  table_.set_value(shape, target, nodes() - start);
  return true;
}

bool BoardSearch::parts_have_value(const std::vector<BoardShape>& parts, Value tiny, Value target,
                                   bool top) {
  return sum_has_value(
      parts, tiny, target, [](const BoardShape& p) { return p.cells.count(); },
      [&](const BoardShape& p) { return shape_value(p, top); },
      [&](const BoardShape& p, Value t) { return shape_has_value(p, t, top); });
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
