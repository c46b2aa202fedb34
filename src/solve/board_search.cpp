#include "grundy/solve/board_search.hpp"

#include <algorithm>
#include <initializer_list>
#include <thread>

#include "component_search_impl.hpp"

namespace grundy {

template class ComponentSearch<BoardSpace<1>>;
template class ComponentSearch<BoardSpace<2>>;
template class ComponentSearch<BoardSpace<4>>;

BoardSearch::BoardSearch(DeletionRule rule, BoardAdjacency adjacency,
                         ComponentSearchOptions options,
                         std::function<void(const std::string&)> warning)
    : rule_(rule),
      adjacency_(adjacency),
      options_(std::move(options)),
      warning_(std::move(warning)) {}

BoardSearch::~BoardSearch() = default;

std::pair<std::size_t, std::size_t> BoardSearch::database_box(DeletionRule /*rule*/,
                                                              BoardAdjacency adjacency) {
  if (adjacency == BoardAdjacency::queens) return {4, 5};
  return {4, 6};
}

std::optional<std::pair<std::size_t, std::size_t>> BoardSearch::large_database_box(
    DeletionRule rule, BoardAdjacency adjacency, std::size_t rows, std::size_t columns) {
  if (rule != DeletionRule::arc || adjacency != BoardAdjacency::grid) return std::nullopt;
  if (rows * columns < kLargeDatabaseCells) return std::nullopt;
  // The widest box of the frame's height (or of 5 rows, for taller frames) that is built in
  // seconds: every component of the frame no wider than it is looked up.
  switch (std::min(rows, columns)) {
    case 1:
    case 2:
      return std::nullopt;  // strips of 1 or 2 rows: the path values and the 2 x n forms
    case 3:
      return std::pair<std::size_t, std::size_t>{3, 9};
    case 4:
      return std::pair<std::size_t, std::size_t>{4, 7};
    default:
      return std::pair<std::size_t, std::size_t>{5, 6};
  }
}

const EndgameDatabase* BoardSearch::database(std::size_t rows, std::size_t columns) {
  if (!options_.endgame_database || !options_.canonical_forms) return nullptr;
  EndgameDatabase::Build build{.threads = options_.threads != 0
                                              ? options_.threads
                                              : std::max(1U, std::thread::hardware_concurrency()),
                               .stop = options_.stop};
  if (options_.progress) {
    build.progress = [this](std::uint64_t done, std::uint64_t sets) {
      options_.progress({.database_done = done, .database_sets = sets});
    };
  }
  // The large box only where it is kept (built once, in seconds) and leaves the table room.
  std::pair<std::size_t, std::size_t> box = database_box(rule_, adjacency_);
  if (const auto large = large_database_box(rule_, adjacency_, rows, columns);
      large && options_.cache_directory &&
      options_.limits.max_memory_bytes >=
          kLargeDatabaseRoom * EndgameDatabase::bytes_for(large->first, large->second)) {
    box = *large;
  }
  auto& db = databases_[box];
  if (!db) {
    db = EndgameDatabase::shared(rule_, adjacency_, box.first, box.second, options_.cache_directory,
                                 warning_, build);
  }
  return db.get();
}

namespace {

/// Whether a shape fits a frame of rows x columns, turned or not (its key may still be refused:
/// this only sizes the frame's table).
bool fits(const BoardShape& shape, std::size_t rows, std::size_t columns) {
  return (shape.rows <= rows && shape.columns <= columns) ||
         (shape.columns <= rows && shape.rows <= columns);
}

/// Puts known facts (a table file's, or a replaced frame's) into the table of a search of a
/// rows x columns frame, each shape that has a key there. Room is made first: the facts would
/// otherwise replace one another in the starting table.
template <class Search>
void put_values(Search& search, std::size_t rows, std::size_t columns,
                std::initializer_list<const ShapeValues*> lists) {
  using Table = std::remove_reference_t<decltype(search.table())>;
  if constexpr (std::is_same_v<Table, SearchTable<1>>) {
    std::uint64_t fitting = 0;
    for (const auto* values : lists) {
      values->for_each([&](const BoardShape& shape, const TableFact&) {
        fitting += fits(shape, rows, columns) ? 1 : 0;
      });
    }
    search.table().reserve(fitting);
  } else {
    // The entries of each of the split table's two tables (split_table.hpp): a key lies in the
    // first word when the shape's rows but the last, `columns` bits apart, and its last row do.
    std::uint64_t narrow = 0;
    std::uint64_t wide = 0;
    for (const auto* values : lists) {
      values->for_each([&](const BoardShape& shape, const TableFact&) {
        if (!fits(shape, rows, columns)) return;
        const std::size_t h = std::min(shape.rows, shape.columns);
        const std::size_t w = std::max(shape.rows, shape.columns);
        ++(h == 0 || (h - 1) * columns + w <= 64 ? narrow : wide);
      });
    }
    search.table().reserve(narrow, wide);
  }
  for (const auto* values : lists) {
    values->for_each([&](const BoardShape& shape, const TableFact& fact) {
      if (auto k = search.space().key_of(shape)) {
        search.table().record(*k, fact.value, fact.not_values, Table::kLoadedWork);
      }
    });
  }
}

/// The words a frame of that many cells takes: 1, 2 or 4.
std::size_t words_for(std::size_t cells) {
  return cells <= 64 ? 1 : cells <= 128 ? 2 : 4;
}

}  // namespace

template <std::size_t W>
std::unique_ptr<ComponentSearch<BoardSpace<W>>> BoardSearch::make(std::size_t rows,
                                                                  std::size_t columns) {
  // Kept beside the new table, so its bound is what they leave: the loaded values, every endgame
  // database held (a frame of another height may hold another box), the tables of the frames of
  // other words, which stay and grow no more (the frames of these words go into the new one),
  // and what the searches it shares the bound with hold (they grow no more either).
  const EndgameDatabase* db = database(rows, columns);
  ComponentSearchOptions options = options_;
  std::uint64_t& bound = options.limits.max_memory_bytes;
  std::uint64_t beside = loaded_.bytes();
  for (const auto& [box, held] : databases_) beside += held != nullptr ? held->bytes() : 0;
  if (beside_.bytes) {
    beside_.stop_growing();
    beside += beside_.bytes();
  }
  for (Frame& f : frames_) {
    if (words_for(f.rows * f.columns) == W) continue;
    std::visit(
        [&](auto& p) {
          p->table().stop_growing();
          beside += p->table().bytes();
        },
        f.search);
  }
  bound = bound > beside ? bound - beside : 0;
  return std::make_unique<Search<W>>(
      BoardSpace<W>(rule_, adjacency_, rows, columns, db, options_.canonical_forms),
      std::move(options));
}

BoardSearch::Frame* BoardSearch::frame_for(std::size_t rows, std::size_t columns) {
  // The least frame that holds the board and takes no more words than the board needs.
  const std::size_t words = words_for(rows * columns);
  Frame* best = nullptr;
  for (Frame& f : frames_) {
    if (f.rows >= rows && f.columns >= columns && words_for(f.rows * f.columns) == words &&
        (best == nullptr || f.rows * f.columns < best->rows * best->columns)) {
      best = &f;
    }
  }
  return best;
}

BoardSearch::Frame& BoardSearch::search(std::size_t rows, std::size_t columns) {
  if (Frame* held = frame_for(rows, columns)) return *held;
  const std::size_t words = words_for(rows * columns);
  // A new frame, as large as the frames of the same words so far allow (within those words), so
  // that a series of boards (3 x 1, 3 x 2, ...) keeps one table; the entries of the frames it
  // holds move into it, and those frames go.
  std::size_t r = rows;
  std::size_t c = columns;
  for (const Frame& f : frames_) {
    if (words_for(f.rows * f.columns) != words) continue;
    const std::size_t r2 = std::max(r, f.rows);
    const std::size_t c2 = std::max(c, f.columns);
    if (r2 <= c2 && words_for(r2 * c2) == words) {
      r = r2;
      c = c2;
    }
  }
  Frame made{r, c, {}};
  if (words == 1) {
    made.search = make<1>(r, c);
  } else if (words == 2) {
    made.search = make<2>(r, c);
  } else {
    made.search = make<4>(r, c);
  }
  // The values loaded from a table file, then the tables of the frames this one replaces.
  ShapeValues moved;
  for (auto it = frames_.begin(); it != frames_.end();) {
    if (it->rows <= r && it->columns <= c) {
      std::visit(
          [&](const auto& p) {
            p->table().for_each_entry([&](const auto& key, const auto& entry) {
              if (const auto fact = table_line_of(entry)) moved.add(p->space().shape(key), *fact);
            });
            nodes_before_ += p->nodes();
          },
          it->search);
      it = frames_.erase(it);
    } else {
      ++it;
    }
  }
  std::visit([&](auto& s) { put_values(*s, r, c, {&loaded_, &moved}); }, made.search);
  frames_.push_back(std::move(made));
  return frames_.back();
}

namespace {

/// The board's cells in the corner of a frame `frame_columns` wide; a board higher than wide is
/// searched turned: cell (r, c) of the R x C board is cell (c, r) of the C x R one.
CellSet cells_in_frame(const BoardCells& board, std::size_t frame_columns) {
  const bool turned = board.rows > board.columns;
  CellSet cells;
  board.cells.for_each([&](std::size_t v) {
    std::size_t r = v / board.columns;
    std::size_t c = v % board.columns;
    if (turned) std::swap(r, c);
    cells.set(r * frame_columns + c);
  });
  return cells;
}

/// The board's value when its components are all known without a search (a board the copying
/// strategy answers, paths, tiny components), from a space of the board's own size with no
/// endgame database: rows <= columns.
template <std::size_t W>
std::optional<Value> value_without_search(DeletionRule rule, BoardAdjacency adjacency,
                                          bool canonical_forms, const BoardCells& board,
                                          std::size_t rows, std::size_t columns) {
  const BoardSpace<W> space(rule, adjacency, rows, columns, nullptr, canonical_forms);
  std::vector<typename BoardSpace<W>::Key> parts;
  const Value known = space.decompose(space.cells_of(cells_in_frame(board, columns)), parts, 0);
  if (!parts.empty()) return std::nullopt;
  return known;
}

}  // namespace

std::optional<Value> BoardSearch::value_without_frame(const BoardCells& board) {
  const std::size_t rows = std::min(board.rows, board.columns);
  const std::size_t columns = std::max(board.rows, board.columns);
  // A frame search() would use is at hand: its search answers as fast.
  if (frame_for(rows, columns) != nullptr) return std::nullopt;
  switch (words_for(rows * columns)) {
    case 1:
      return value_without_search<1>(rule_, adjacency_, options_.canonical_forms, board, rows,
                                     columns);
    case 2:
      return value_without_search<2>(rule_, adjacency_, options_.canonical_forms, board, rows,
                                     columns);
    default:
      return value_without_search<4>(rule_, adjacency_, options_.canonical_forms, board, rows,
                                     columns);
  }
}

template <class Work>
auto BoardSearch::on_board(const BoardCells& board, Work&& work) {
  const bool turned = board.rows > board.columns;
  const std::size_t rows = turned ? board.columns : board.rows;
  const std::size_t columns = turned ? board.rows : board.columns;
  Frame& frame = search(rows, columns);
  const CellSet cells = cells_in_frame(board, frame.columns);
  return std::visit(
      [&](auto& s) {
        using Key = typename std::remove_reference_t<decltype(*s)>::Key;
        std::vector<Key> parts;
        const Value known = s->space().decompose(s->space().cells_of(cells), parts, 0);
        return work(*s, parts, known);
      },
      frame.search);
}

Value BoardSearch::value(const BoardCells& board) {
  if (const auto v = value_without_frame(board)) return *v;
  return on_board(board, [](auto& s, const auto& parts, Value known) {
    return s.value(std::span(parts), known);
  });
}

bool BoardSearch::has_value(const BoardCells& board, Value target) {
  if (const auto v = value_without_frame(board)) return *v == target;
  return on_board(board, [&](auto& s, const auto& parts, Value known) {
    return s.has_value(std::span(parts), known, target);
  });
}

Value BoardSearch::value(const BoardShape& shape) {
  return value(BoardCells{adjacency_, shape.rows, shape.columns, shape.cells});
}

bool BoardSearch::has_value(const BoardShape& shape, Value target) {
  return has_value(BoardCells{adjacency_, shape.rows, shape.columns, shape.cells}, target);
}

template <class Count>
std::uint64_t BoardSearch::over_frames(Count&& count) const {
  std::uint64_t n = 0;
  for (const Frame& frame : frames_) {
    n += std::visit([&](const auto& p) { return static_cast<std::uint64_t>(count(*p)); },
                    frame.search);
  }
  return n;
}

std::uint64_t BoardSearch::nodes() const {
  return nodes_before_ + over_frames([](const auto& s) { return s.nodes(); });
}

std::uint64_t BoardSearch::table_size() const {
  return over_frames([](const auto& s) { return s.table().size(); });
}

std::uint64_t BoardSearch::table_bytes() const {
  return over_frames([](const auto& s) { return s.table().bytes(); });
}

std::uint64_t BoardSearch::bytes() const {
  std::uint64_t held = table_bytes() + loaded_.bytes();
  for (const auto& [box, db] : databases_) held += db != nullptr ? db->bytes() : 0;
  return held;
}

void BoardSearch::stop_growing() {
  for (Frame& f : frames_) std::visit([](auto& p) { p->table().stop_growing(); }, f.search);
}

std::uint64_t BoardSearch::table_dropped() const {
  return over_frames([](const auto& s) { return s.table().dropped(); });
}

void BoardSearch::for_each_fact(
    const std::function<void(const BoardShape&, const TableFact&)>& f) const {
  // Whether frame i's table writes a fact of the shape that says as much as `fact` or more: an
  // exact value, or (for a fact of not-values) the same not-values or more, dear enough to be
  // written (the tables' keys are exact).
  auto held = [&](std::size_t i, const BoardShape& shape, const TableFact& fact) {
    return std::visit(
        [&](const auto& p) {
          const auto k = p->space().key_of(shape);
          if (!k) return false;
          const auto e = p->table().find(*k);
          const std::optional<TableFact> line = e ? table_line_of(*e) : std::nullopt;
          return line &&
                 (line->value || (!fact.value && (fact.not_values - line->not_values).empty()));
        },
        frames_[i].search);
  };
  for (std::size_t i = 0; i < frames_.size(); ++i) {
    std::visit(
        [&](const auto& p) {
          p->table().for_each_entry([&](const auto& key, const auto& entry) {
            const std::optional<TableFact> fact = table_line_of(entry);
            if (!fact) return;
            const BoardShape shape = p->space().shape(key);
            for (std::size_t j = 0; j < i; ++j) {
              if (held(j, shape, *fact)) return;  // written with frame j
            }
            f(shape, *fact);
          });
        },
        frames_[i].search);
  }
  loaded_.for_each([&](const BoardShape& shape, const TableFact& fact) {
    bool in_a_table = false;
    for (std::size_t i = 0; i < frames_.size() && !in_a_table; ++i) {
      in_a_table = held(i, shape, fact);
    }
    if (!in_a_table) f(shape, fact);
  });
}

std::vector<std::pair<BoardShape, Value>> BoardSearch::exact_values() const {
  std::vector<std::pair<BoardShape, Value>> out;
  for_each_fact([&](const BoardShape& shape, const TableFact& fact) {
    if (fact.value) out.emplace_back(shape, *fact.value);
  });
  return out;
}

void BoardSearch::add_facts(ShapeValues facts) {
  for (Frame& frame : frames_) {
    AnySearch& s = frame.search;
    std::visit([&](auto& p) { put_values(*p, frame.rows, frame.columns, {&facts}); }, s);
  }
  loaded_.merge(std::move(facts));
  loaded_.shrink_to_fit();
}

}  // namespace grundy
