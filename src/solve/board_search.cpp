#include "grundy/solve/board_search.hpp"

#include <map>

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

std::pair<std::size_t, std::size_t> BoardSearch::database_box(DeletionRule rule,
                                                              BoardAdjacency adjacency) {
  if (adjacency == BoardAdjacency::queens) return {4, 5};
  return rule == DeletionRule::arc ? std::pair<std::size_t, std::size_t>{4, 6}
                                   : std::pair<std::size_t, std::size_t>{4, 6};
}

const EndgameDatabase* BoardSearch::database() {
  if (!options_.endgame_database || !options_.canonical_forms) return nullptr;
  if (!database_opened_) {
    database_opened_ = true;
    const auto [rows, columns] = database_box(rule_, adjacency_);
    database_ = EndgameDatabase::shared(rule_, adjacency_, rows, columns, options_.cache_directory,
                                        warning_);
  }
  return database_.get();
}

BoardSearch::AnySearch& BoardSearch::search(std::size_t rows, std::size_t columns) {
  if (auto it = searches_.find({rows, columns}); it != searches_.end()) return it->second;
  const std::size_t cells = rows * columns;
  AnySearch made;
  if (cells <= 64) {
    made = std::make_unique<Search<1>>(
        BoardSpace<1>(rule_, adjacency_, rows, columns, database(), options_.canonical_forms),
        options_);
  } else if (cells <= 128) {
    made = std::make_unique<Search<2>>(
        BoardSpace<2>(rule_, adjacency_, rows, columns, database(), options_.canonical_forms),
        options_);
  } else {
    made = std::make_unique<Search<4>>(
        BoardSpace<4>(rule_, adjacency_, rows, columns, database(), options_.canonical_forms),
        options_);
  }
  std::visit(
      [&](auto& s) {
        for (const auto& [shape, value] : loaded_) {
          if (auto k = s->space().key_of(shape)) {
            s->table().set_value(*k, value,
                                 std::remove_reference_t<decltype(s->table())>::kLoadedWork);
          }
        }
      },
      made);
  return searches_.emplace(std::pair{rows, columns}, std::move(made)).first->second;
}

template <class Work>
auto BoardSearch::on_board(const BoardCells& board, Work&& work) {
  std::size_t rows = board.rows;
  std::size_t columns = board.columns;
  CellSet cells = board.cells;
  if (rows > columns) {
    // Searched turned: cell (r, c) of the R x C board is cell (c, r) of the C x R one.
    CellSet turned;
    cells.for_each([&](std::size_t v) { turned.set(v % columns * rows + v / columns); });
    cells = turned;
    std::swap(rows, columns);
  }
  return std::visit(
      [&](auto& s) {
        using Key = typename std::remove_reference_t<decltype(*s)>::Key;
        std::vector<Key> parts;
        const Value known = s->space().decompose(s->space().cells_of(cells), parts, 0);
        return work(*s, parts, known);
      },
      search(rows, columns));
}

Value BoardSearch::value(const BoardCells& board) {
  return on_board(board, [](auto& s, const auto& parts, Value known) {
    return s.value(std::span(parts), known);
  });
}

bool BoardSearch::has_value(const BoardCells& board, Value target) {
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

std::uint64_t BoardSearch::nodes() const {
  std::uint64_t n = 0;
  for (const auto& [frame, s] : searches_)
    n += std::visit([](const auto& p) { return p->nodes(); }, s);
  return n;
}

std::uint64_t BoardSearch::table_size() const {
  std::uint64_t n = 0;
  for (const auto& [frame, s] : searches_) {
    n += std::visit([](const auto& p) { return p->table().size(); }, s);
  }
  return n;
}

std::uint64_t BoardSearch::table_bytes() const {
  std::uint64_t n = 0;
  for (const auto& [frame, s] : searches_) {
    n += std::visit([](const auto& p) { return p->table().bytes(); }, s);
  }
  return n;
}

std::uint64_t BoardSearch::table_dropped() const {
  std::uint64_t n = 0;
  for (const auto& [frame, s] : searches_) {
    n += std::visit([](const auto& p) { return p->table().dropped(); }, s);
  }
  return n;
}

std::vector<std::pair<BoardShape, Value>> BoardSearch::exact_values() const {
  std::map<BoardShape, Value> all(loaded_.begin(), loaded_.end());
  for (const auto& [frame, s] : searches_) {
    std::visit(
        [&](const auto& p) {
          for (const auto& [key, value] : p->table().exact_values()) {
            all.emplace(p->space().shape(key), value);
          }
        },
        s);
  }
  return {all.begin(), all.end()};
}

void BoardSearch::add_values(const std::vector<std::pair<BoardShape, Value>>& values) {
  loaded_.insert(loaded_.end(), values.begin(), values.end());
  for (auto& [frame, s] : searches_) {
    std::visit(
        [&](auto& p) {
          for (const auto& [shape, value] : values) {
            if (auto k = p->space().key_of(shape)) {
              p->table().set_value(*k, value,
                                   std::remove_reference_t<decltype(p->table())>::kLoadedWork);
            }
          }
        },
        s);
  }
}

}  // namespace grundy
