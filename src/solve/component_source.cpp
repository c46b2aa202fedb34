#include "grundy/solve/component_source.hpp"

#include <algorithm>
#include <stdexcept>
#include <string_view>

#include "grundy/solve/table_file.hpp"

namespace grundy {
namespace {

const VertexDeletionGame& source_rules_of(const Game& game) {
  if (game.traits().layout != Layout::components) {
    throw std::logic_error("ComponentSource needs a vertex-deletion game, not " + game.name());
  }
  return static_cast<const VertexDeletionGame&>(game);
}

/// The prefix of a board entry's key in a table file: the adjacency (a graph key never holds
/// ':' but after "graph").
std::string source_board_prefix(BoardAdjacency adjacency) {
  return adjacency == BoardAdjacency::queens ? "queens:" : "grid:";
}

/// The options with the memory bound less what the program itself takes beside its tables (its
/// code, the threads' stacks and buffers, the allocator's slack): 1/64 of the bound, at least
/// 16 MiB. --max-memory bounds the whole process of a component search, not the table alone
/// (Node-Kayles queens 15 under --max-memory 16G peaked at 16.15 GiB before this reserve).
ComponentSearchOptions leaving_room_for_the_program(ComponentSearchOptions options) {
  std::uint64_t& bound = options.limits.max_memory_bytes;
  const std::uint64_t reserve = std::max<std::uint64_t>(bound / 64, std::uint64_t{16} << 20);
  bound = bound > reserve ? bound - reserve : 0;
  return options;
}

}  // namespace

ComponentSource::ComponentSource(std::shared_ptr<const Game> game, ComponentSearchOptions options,
                                 std::optional<std::filesystem::path> table_file,
                                 std::function<void(const std::string&)> warning)
    : game_(std::move(game)),
      rules_(source_rules_of(*game_)),
      options_(leaving_room_for_the_program(std::move(options))),
      table_file_(std::move(table_file)),
      warning_(std::move(warning)) {
  if (table_file_ && std::filesystem::exists(*table_file_)) load_table();
}

GraphSearch& ComponentSource::search() {
  if (!graph_) {
    ComponentSearchOptions options = options_;
    std::uint64_t& bound = options.limits.max_memory_bytes;
    stop_growing_beside(nullptr);
    const std::uint64_t beside = bytes_beside(nullptr);
    bound = bound > beside ? bound - beside : 0;
    graph_ = std::make_unique<GraphSearch>(rules_.rule(), std::move(options));
  }
  return *graph_;
}

BoardSearch& ComponentSource::board_search(BoardAdjacency adjacency) {
  std::unique_ptr<BoardSearch>& board = boards_[static_cast<std::size_t>(adjacency)];
  if (!board) {
    // Its tables are made later, frame by frame, each with the bound less what is held then.
    board = std::make_unique<BoardSearch>(rules_.rule(), adjacency, options_, warning_);
    const void* self = board.get();
    board->share_bound({.bytes = [this, self] { return bytes_beside(self); },
                        .stop_growing = [this, self] { stop_growing_beside(self); }});
  }
  return *board;
}

std::uint64_t ComponentSource::bytes_beside(const void* search) const {
  std::uint64_t held = graph_ && graph_.get() != search ? graph_->bytes() : 0;
  for (const auto& board : boards_) {
    if (board && board.get() != search) held += board->bytes();
  }
  return held;
}

void ComponentSource::stop_growing_beside(const void* search) {
  if (graph_ && graph_.get() != search) graph_->stop_growing();
  for (const auto& board : boards_) {
    if (board && board.get() != search) board->stop_growing();
  }
}

void ComponentSource::load_table() {
  // Streamed: a table file may hold tens of millions of entries, and only their facts are kept.
  std::array<ShapeValues, 2> boards;
  read_table_file(
      *table_file_, rule_name(rules_.rule()), options_.limits.max_memory_bytes,
      [&](std::string_view key, const TableFact& fact) {
        for (const BoardAdjacency adjacency : {BoardAdjacency::grid, BoardAdjacency::queens}) {
          const std::string prefix = source_board_prefix(adjacency);
          if (!key.starts_with(prefix)) continue;
          // The file passed its checksum; a key that is not a canonical shape was
          // written by something else and is not used.
          if (auto shape = parse_shape_text(adjacency, key.substr(prefix.size()))) {
            boards[static_cast<std::size_t>(adjacency)].add(*shape, fact);
          }
          return;
        }
        search().add_fact(std::string(key), fact);
      });
  for (const BoardAdjacency adjacency : {BoardAdjacency::grid, BoardAdjacency::queens}) {
    auto& values = boards[static_cast<std::size_t>(adjacency)];
    if (!values.empty()) board_search(adjacency).add_facts(std::move(values));
  }
}

ComponentSource::~ComponentSource() {
  if (saved_at_ == nodes()) return;  // saved (when a search was stopped), nothing searched since
  try {
    save_table();
  } catch (const std::exception& e) {
    if (warning_) warning_(e.what());
  }
}

void ComponentSource::save_table() {
  if (!table_file_) return;
  // Streamed from the tables (a search's table may be most of the memory it is allowed).
  save_table_file(*table_file_, rule_name(rules_.rule()), [&](const auto& put) {
    if (graph_) {
      graph_->for_each_fact([&](const std::string& key, const TableFact& fact) { put(key, fact); });
    }
    for (const auto& board : boards_) {
      if (!board) continue;
      const std::string prefix = source_board_prefix(board->adjacency());
      std::string key;
      board->for_each_fact([&](const BoardShape& shape, const TableFact& fact) {
        key.assign(prefix);
        key += shape_text(shape);
        put(key, fact);
      });
    }
  });
  saved_at_ = nodes();
}

std::uint64_t ComponentSource::nodes() const {
  std::uint64_t n = graph_ ? graph_->nodes() : 0;
  for (const auto& board : boards_) {
    if (board) n += board->nodes();
  }
  return n;
}

template <class Work>
auto ComponentSource::saving_on_stop(Work&& work) -> decltype(work()) {
  try {
    return work();
  } catch (const SearchStopped&) {
    save_table();  // what was found survives the stop
    throw;
  }
}

Value ComponentSource::part_value(const Position& part) {
  if (auto board = rules_.board_of(part)) return board_search(board->adjacency).value(*board);
  return search().value(rules_.graph_of(part));
}

bool ComponentSource::part_has_value(const Position& part, Value target) {
  if (auto board = rules_.board_of(part)) {
    return board_search(board->adjacency).has_value(*board, target);
  }
  return search().has_value(rules_.graph_of(part), target);
}

Value ComponentSource::value(const Position& p) {
  return saving_on_stop([&] { return part_value(p); });
}

OptionSearch ComponentSource::options_with_value(const Position& p, Value target, std::size_t limit,
                                                 OptionVisitor& visit) {
  return saving_on_stop([&] {
    OptionSearch out;
    out.answered = true;
    std::uint64_t count = 0;
    // Every move is decided, not one per orbit: moves equal by symmetry are still moves, and
    // the search's table answers the second of them at once.
    for_each_option(rules_, p, [&](std::span<const Position> parts) {
      // Each part is valued on its own; parts together are their disjoint union, whose value is
      // their XOR (the game gives one part, what the move leaves, but any number would do).
      Value fixed = 0;
      std::size_t largest = parts.size();
      for (std::size_t i = 0; i < parts.size(); ++i) {
        if (largest == parts.size() ||
            rules_.vertices_left(parts[i]) > rules_.vertices_left(parts[largest])) {
          largest = i;
        }
      }
      for (std::size_t i = 0; i < parts.size(); ++i) {
        if (i != largest) fixed ^= part_value(parts[i]);
      }
      const bool wins = largest == parts.size() ? fixed == target
                                                : part_has_value(parts[largest], target ^ fixed);
      if (!wins) return;
      if (count < limit) visit.option(parts);
      ++count;
    });
    out.count = count;
    return out;
  });
}

}  // namespace grundy
