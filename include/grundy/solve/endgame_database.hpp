#pragma once
/// \file The endgame database of the board search: the nimber of every set of cells of a small
/// box (rows x columns, rows <= columns, at most 32 cells), under one rule and adjacency,
/// computed once from the rules (each set's value the mex of the values of the sets its moves
/// leave, all smaller numbers, so one pass in increasing order computes them all) and kept in the
/// user cache directory. A component whose bounding box fits the box, either way round, is looked
/// up by its cells directly: no canonical form, no table.
///
/// The file (docs/file-formats.md): a text header (kind and version, rule, adjacency, box, bits per
/// value, checksum of the data: wide_checksum by blocks of 4 MiB, so that several threads check
/// it) and the values packed; a file that is foreign (another rule, adjacency or box, or another
/// version) or corrupt (a bad header, size or checksum) is not used: the database is built again
/// and the file written anew. A file is mapped into memory, not copied (the 5 x 6 box of Cram is
/// 512 MiB).
///
/// The computation runs on several threads by the top row of the box: the sets of one top row
/// need only the sets of the same top row (in increasing order) and of the top rows inside it, so
/// the top rows of one number of cells are computed at once, after those of fewer.

#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grundy/core/value.hpp"
#include "grundy/rules/board_shape.hpp"
#include "grundy/rules/cell_bits.hpp"
#include "grundy/rules/vertex_deletion.hpp"

namespace grundy {

/// How an endgame database is computed: on how many threads, and a flag that stops it
/// (SearchStopped, component_search.hpp) when set.
struct EndgameDatabaseBuild {
  unsigned threads = 1;
  const std::atomic<bool>* stop = nullptr;
  /// Called on the calling thread about every 65536 sets it computes, with the sets done so far
  /// (by top rows finished) of all: a display, and a caller that learns of a Ctrl-C only when
  /// called (Python: it then sets `stop`).
  std::function<void(std::uint64_t done, std::uint64_t total)> progress = {};
};

class EndgameDatabase {
 public:
  using Build = EndgameDatabaseBuild;

  /// Computes the values (rows <= columns, rows * columns <= 32).
  EndgameDatabase(DeletionRule rule, BoardAdjacency adjacency, std::size_t rows,
                  std::size_t columns, Build build = {});

  /// The database from `directory` (its file name: file_name()); built and written there when the
  /// file is missing, foreign or corrupt (`warning` says why, for the last two; a failure to
  /// write is a warning too). Without a directory: built in memory.
  static EndgameDatabase open(DeletionRule rule, BoardAdjacency adjacency, std::size_t rows,
                              std::size_t columns,
                              const std::optional<std::filesystem::path>& directory,
                              const std::function<void(const std::string&)>& warning = {},
                              Build build = {});
  /// open(), once per process for each rule, adjacency, box and directory: every search after
  /// the first shares the database.
  static std::shared_ptr<const EndgameDatabase> shared(
      DeletionRule rule, BoardAdjacency adjacency, std::size_t rows, std::size_t columns,
      const std::optional<std::filesystem::path>& directory,
      const std::function<void(const std::string&)>& warning = {}, Build build = {});
  /// The bytes the values of a box take (two values a byte).
  static std::uint64_t bytes_for(std::size_t rows, std::size_t columns) noexcept {
    return ((std::uint64_t{1} << (rows * columns)) + 1) / 2;
  }

  /// The value of a connected set of cells of a frame `frame_columns` wide, when its bounding box
  /// fits the database's box either way round.
  template <std::size_t W>
  std::optional<Value> value(const CellBits<W>& cells, std::size_t frame_columns) const noexcept;
  /// The value of the set `index` of the box: cell (r, c) bit r * columns + c.
  Value at(std::uint64_t index) const noexcept {
    const std::uint8_t byte = data_[index >> 1];
    return (index & 1) != 0 ? byte >> 4 : byte & 15;
  }

  DeletionRule rule() const noexcept { return rule_; }
  BoardAdjacency adjacency() const noexcept { return adjacency_; }
  std::size_t rows() const noexcept { return rows_; }
  std::size_t columns() const noexcept { return columns_; }
  std::size_t bytes() const noexcept {
    return static_cast<std::size_t>(bytes_for(rows_, columns_));
  }

  /// The file's name in the cache directory, e.g. "endgame-arc-grid-4x6.gedb".
  std::string file_name() const;
  /// Writes the database to `path` atomically (its checksum taken on `threads` threads).
  void save(const std::filesystem::path& path, unsigned threads = 1) const;

 private:
  /// The values `data` (bytes() of them) held by `storage` (a vector, or a mapped file).
  EndgameDatabase(DeletionRule rule, BoardAdjacency adjacency, std::size_t rows,
                  std::size_t columns, std::shared_ptr<const void> storage,
                  const std::uint8_t* data);
  /// The database in `path`, mapped, its checksum checked on `threads` threads unless a note
  /// beside it says this very file was checked before (checked_stamp.hpp); throws Error
  /// naming what is wrong with it.
  static EndgameDatabase load(const std::filesystem::path& path, DeletionRule rule,
                              BoardAdjacency adjacency, std::size_t rows, std::size_t columns,
                              unsigned threads);
  void compute(Build build);
  /// The values of the sets whose top row is `top`, in increasing order, into `data`; false, the
  /// row left unfinished, once `go_on()` says false: it is asked every 65536 sets (a top row of a
  /// 5 x 6 box has 2^24, half a second of a core), so a Ctrl-C stops within moments.
  bool compute_top_row(std::uint64_t top, std::uint8_t* data,
                       const std::function<bool()>& go_on) const;

  DeletionRule rule_;
  BoardAdjacency adjacency_;
  std::size_t rows_;
  std::size_t columns_;
  std::shared_ptr<const void> storage_;
  const std::uint8_t* data_ = nullptr;  // two values a byte, 4 bits each
};

template <std::size_t W>
std::optional<Value> EndgameDatabase::value(const CellBits<W>& cells,
                                            std::size_t frame_columns) const noexcept {
  if (frame_columns > 64) return std::nullopt;
  const std::size_t r0 = cells.first() / frame_columns;
  const std::size_t h = cells.last() / frame_columns - r0 + 1;
  if (h > columns_) return std::nullopt;
  std::uint64_t row[32];
  std::uint64_t used = 0;
  for (std::size_t i = 0; i < h; ++i) {
    row[i] = cells.bits_at((r0 + i) * frame_columns, frame_columns);
    used |= row[i];
  }
  const auto c0 = static_cast<std::size_t>(std::countr_zero(used));
  const std::size_t w = static_cast<std::size_t>(std::bit_width(used)) - c0;
  std::uint64_t index = 0;
  if (h <= rows_ && w <= columns_) {
    for (std::size_t i = 0; i < h; ++i) index |= (row[i] >> c0) << (i * columns_);
  } else if (w <= rows_ && h <= columns_) {
    // Read with rows and columns exchanged: the same game (the symmetries keep adjacency).
    for (std::size_t i = 0; i < h; ++i) {
      for (std::uint64_t v = row[i] >> c0; v != 0; v &= v - 1) {
        index |= std::uint64_t{1} << (static_cast<std::size_t>(std::countr_zero(v)) * columns_ + i);
      }
    }
  } else {
    return std::nullopt;
  }
  return at(index);
}

}  // namespace grundy
