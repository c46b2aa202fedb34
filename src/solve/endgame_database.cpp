#include "grundy/solve/endgame_database.hpp"

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <string_view>
#include <thread>
#include <tuple>
#include <vector>

#include "grundy/core/atomic_file.hpp"
#include "grundy/core/checked_stamp.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/component_search.hpp"
#include "grundy/solve/parallel_until.hpp"

namespace grundy {
namespace {

// Version 3: the checksum is taken by blocks, so that several threads check a file at once
// (version 2 took wide_checksum of the whole data on one thread: 0.07 s of a 0.2 s search of Cram
// 5x7 on two threads; version 1 took FNV-1a, half a second on 512 MiB).
constexpr int kDatabaseVersion = 3;
constexpr std::string_view kDatabaseKind = "grundy-endgame-database ";
constexpr std::size_t kChecksumBlock = std::size_t{1} << 22;  // 4 MiB
constexpr std::size_t kDatabaseMaxCells = 32;

const char* database_adjacency_word(BoardAdjacency a) {
  return a == BoardAdjacency::queens ? "queens" : "grid";
}

std::string database_hex(std::uint64_t v) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i, v >>= 4) out[static_cast<std::size_t>(i)] = kDigits[v & 15];
  return out;
}

/// wide_checksum of each block of 4 MiB (the last one shorter), on `threads` threads, then
/// wide_checksum of their digests followed by the length.
std::uint64_t database_checksum(const std::uint8_t* data, std::size_t bytes, unsigned threads) {
  const std::size_t blocks = (bytes + kChecksumBlock - 1) / kChecksumBlock;
  std::vector<std::uint64_t> digests(blocks + 1);
  parallel_until(blocks, threads, [&](std::size_t b) {
    const std::size_t from = b * kChecksumBlock;
    const std::size_t size = std::min(kChecksumBlock, bytes - from);
    digests[b] = wide_checksum(std::as_bytes(std::span(data + from, size)));
    return false;
  });
  digests[blocks] = bytes;
  return wide_checksum(std::as_bytes(std::span(digests)));
}

}  // namespace

EndgameDatabase::EndgameDatabase(DeletionRule rule, BoardAdjacency adjacency, std::size_t rows,
                                 std::size_t columns, Build build)
    : rule_(rule), adjacency_(adjacency), rows_(rows), columns_(columns) {
  if (rows == 0 || rows > columns || rows * columns > kDatabaseMaxCells) {
    throw std::logic_error("an endgame database of " + std::to_string(rows) + "x" +
                           std::to_string(columns) + " cells");
  }
  compute(build);
}

EndgameDatabase::EndgameDatabase(DeletionRule rule, BoardAdjacency adjacency, std::size_t rows,
                                 std::size_t columns, std::shared_ptr<const void> storage,
                                 const std::uint8_t* data)
    : rule_(rule),
      adjacency_(adjacency),
      rows_(rows),
      columns_(columns),
      storage_(std::move(storage)),
      data_(data) {}

void EndgameDatabase::compute(Build build) {
  auto values = std::make_shared<std::vector<std::uint8_t>>(bytes(), 0);
  std::uint8_t* data = values->data();
  data_ = data;
  storage_ = values;
  // By top rows, those of k cells after those of fewer (a move leaves the top row or a part of
  // it), each layer shared among the threads. A top row's sets start at an even index when there
  // are rows below it, so no byte is shared between two top rows; a box of one row is computed
  // on one thread.
  const unsigned threads = rows_ > 1 ? std::max(1U, build.threads) : 1U;
  auto stopped = [&] { return build.stop != nullptr && build.stop->load(std::memory_order_relaxed); };
  // Progress by top rows finished, each of the same number of sets, reported on this thread.
  const std::uint64_t sets_per_row = std::uint64_t{1} << ((rows_ - 1) * columns_);
  const std::uint64_t total = sets_per_row << columns_;
  std::atomic<std::uint64_t> rows_done{0};
  const std::thread::id caller = std::this_thread::get_id();
  const std::function<bool()> go_on = [&] {
    if (build.progress && std::this_thread::get_id() == caller) {
      build.progress(rows_done.load(std::memory_order_relaxed) * sets_per_row, total);
    }
    return !stopped();
  };
  for (int k = 0; k <= static_cast<int>(columns_); ++k) {
    std::vector<std::uint64_t> layer;
    for (std::uint64_t top = 0; top < (std::uint64_t{1} << columns_); ++top) {
      if (std::popcount(top) == k) layer.push_back(top);
    }
    // The layer is over (every thread joined) before the next one reads its values.
    parallel_until(layer.size(), threads, [&](std::size_t i) {
      if (stopped() || !compute_top_row(layer[i], data, go_on)) return true;
      rows_done.fetch_add(1, std::memory_order_relaxed);
      return false;
    });
    if (stopped()) throw SearchStopped();
  }
  if (build.progress) build.progress(total, total);
}

bool EndgameDatabase::compute_top_row(std::uint64_t top, std::uint8_t* data,
                                      const std::function<bool()>& go_on) const {
  const std::size_t n = rows_ * columns_;
  const std::size_t below = (rows_ - 1) * columns_;
  // The moves of the box as masks: dominoes (arc rule, grid), closed neighbourhoods (node rule).
  const BoardFrame& frame = board_frame(adjacency_, rows_, columns_);
  std::vector<std::uint64_t> closed(n);
  for (std::size_t v = 0; v < n; ++v) closed[v] = frame.closed_neighbourhood(v).words[0];
  std::uint64_t not_last_column = 0;
  for (std::size_t v = 0; v < n; ++v) {
    if (v % columns_ != columns_ - 1) not_last_column |= std::uint64_t{1} << v;
  }
  const std::uint64_t first = top << below;
  const std::uint64_t end = (top + 1) << below;
  for (std::uint64_t p = std::max<std::uint64_t>(first, 1); p < end; ++p) {
    if ((p & 0xffff) == 0 && !go_on()) return false;
    // The values of the options, all of smaller sets (a move removes cells), as a bit set.
    std::uint64_t seen = 0;
    if (rule_ == DeletionRule::node) {
      for (std::uint64_t v = p; v != 0; v &= v - 1) {
        seen |= std::uint64_t{1} << at(p & ~closed[static_cast<std::size_t>(std::countr_zero(v))]);
      }
    } else if (adjacency_ == BoardAdjacency::grid) {
      for (std::uint64_t h = p & (p >> 1) & not_last_column; h != 0; h &= h - 1) {
        seen |= std::uint64_t{1} << at(p ^ (std::uint64_t{3} << std::countr_zero(h)));
      }
      for (std::uint64_t d = p & (p >> columns_); d != 0; d &= d - 1) {
        const std::uint64_t low = d & (~d + 1);
        seen |= std::uint64_t{1} << at(p ^ low ^ (low << columns_));
      }
    } else {
      for (std::uint64_t v = p; v != 0; v &= v - 1) {
        const auto a = static_cast<std::size_t>(std::countr_zero(v));
        for (std::uint64_t u = p & closed[a] & ~(std::uint64_t{1} << a); u != 0; u &= u - 1) {
          const auto b = static_cast<std::size_t>(std::countr_zero(u));
          if (b <= a) continue;
          seen |= std::uint64_t{1} << at(p & ~((std::uint64_t{1} << a) | (std::uint64_t{1} << b)));
        }
      }
    }
    const auto g = static_cast<std::uint64_t>(std::countr_zero(~seen));
    if (g > 15) {
      throw std::logic_error("an endgame database value past 15 in " + file_name());
    }
    data[p >> 1] |= static_cast<std::uint8_t>((p & 1) != 0 ? g << 4 : g);
  }
  return true;
}

std::string EndgameDatabase::file_name() const {
  return std::string("endgame-") + rule_name(rule_) + "-" + database_adjacency_word(adjacency_) +
         "-" + std::to_string(rows_) + "x" + std::to_string(columns_) + ".gedb";
}

void EndgameDatabase::save(const std::filesystem::path& path, unsigned threads) const {
  std::ostringstream out;
  out << kDatabaseKind << kDatabaseVersion << "\nrule " << rule_name(rule_) << "\nadjacency "
      << database_adjacency_word(adjacency_) << "\nbox " << rows_ << "x" << columns_
      << "\nbits 4\nbytes " << bytes() << "\nchecksum "
      << database_hex(database_checksum(data_, bytes(), threads)) << "\n";
  const std::string header = out.str();
  forget_checked(path);
  write_file_atomically(path, [&](const std::function<void(std::string_view)>& put) {
    put(header);
    put(std::string_view(reinterpret_cast<const char*>(data_), bytes()));
  });
}

EndgameDatabase EndgameDatabase::load(const std::filesystem::path& path, DeletionRule rule,
                                      BoardAdjacency adjacency, std::size_t rows,
                                      std::size_t columns, unsigned threads) {
  auto bad = [&](const std::string& why) {
    return Error("'" + path.string() + "' is not a usable endgame database: " + why);
  };
  const std::int64_t opened = file_clock_now();  // before the file is opened (checked_stamp.hpp)
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw Error("cannot read '" + path.string() + "'");
  struct stat st {};
  if (::fstat(fd, &st) != 0) {
    ::close(fd);
    throw Error("cannot read '" + path.string() + "'");
  }
  const auto length = static_cast<std::size_t>(st.st_size);
  if (length == 0) {
    ::close(fd);
    throw bad("it is empty");
  }
  int flags = MAP_PRIVATE;
#ifdef MAP_POPULATE
  flags |= MAP_POPULATE;  // read in at once, not page by page on first use
#endif
  void* base = ::mmap(nullptr, length, PROT_READ, flags, fd, 0);
  ::close(fd);
  if (base == MAP_FAILED) throw Error("cannot read '" + path.string() + "'");
  std::shared_ptr<const void> mapped(base, [length](const void* p) {
    ::munmap(const_cast<void*>(p), length);
  });
  const std::string_view text(static_cast<const char*>(base), length);
  std::size_t at = 0;
  auto next_line = [&](std::string_view& line) {
    const std::size_t end = text.find('\n', at);
    if (end == std::string_view::npos || end - at > 200) return false;
    line = text.substr(at, end - at);
    at = end + 1;
    return true;
  };
  std::string_view line;
  auto expect = [&](const std::string& want, const char* what) {
    if (!next_line(line) || line != want) throw bad(std::string("its ") + what + " differs");
  };
  if (!next_line(line) || !line.starts_with(kDatabaseKind)) throw bad("its first line differs");
  if (line != std::string(kDatabaseKind) + std::to_string(kDatabaseVersion)) {
    throw bad("it is of another version ('" + std::string(line) + "', this grundy writes " +
              std::to_string(kDatabaseVersion) + ")");
  }
  expect(std::string("rule ") + rule_name(rule), "rule");
  expect(std::string("adjacency ") + database_adjacency_word(adjacency), "adjacency");
  expect("box " + std::to_string(rows) + "x" + std::to_string(columns), "box");
  expect("bits 4", "value width");
  const auto size = static_cast<std::size_t>(bytes_for(rows, columns));
  expect("bytes " + std::to_string(size), "size");
  if (!next_line(line) || !line.starts_with("checksum ")) throw bad("no checksum line");
  const std::string checksum(line.substr(9));
  if (length - at != size) throw bad("its data is not " + std::to_string(size) + " bytes long");
  const auto* data = reinterpret_cast<const std::uint8_t*>(text.data() + at);
  // The checksum reads the whole file (512 MiB for the 5 x 6 box: a sixth of a search of Cram
  // 5x7): once per file, not once per run (checked_stamp.hpp).
  if (!checked_before(path, st, checksum)) {
    if (database_hex(database_checksum(data, size, threads)) != checksum) {
      throw bad("its checksum does not match");
    }
    remember_checked(path, st, checksum, opened);
  }
  return EndgameDatabase(rule, adjacency, rows, columns, std::move(mapped), data);
}

EndgameDatabase EndgameDatabase::open(DeletionRule rule, BoardAdjacency adjacency, std::size_t rows,
                                      std::size_t columns,
                                      const std::optional<std::filesystem::path>& directory,
                                      const std::function<void(const std::string&)>& warning,
                                      Build build) {
  if (!directory) return EndgameDatabase(rule, adjacency, rows, columns, build);
  const std::string name =
      EndgameDatabase(rule, adjacency, rows, columns, nullptr, nullptr).file_name();
  const std::filesystem::path path = *directory / name;
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    try {
      return load(path, rule, adjacency, rows, columns, build.threads);
    } catch (const Error& e) {
      if (warning) warning(std::string(e.what()) + "; computing it again");
    }
  }
  EndgameDatabase db(rule, adjacency, rows, columns, build);
  try {
    std::filesystem::create_directories(*directory, ec);
    db.save(path, build.threads);
  } catch (const Error& e) {
    if (warning) warning(e.what());
  }
  return db;
}

std::shared_ptr<const EndgameDatabase> EndgameDatabase::shared(
    DeletionRule rule, BoardAdjacency adjacency, std::size_t rows, std::size_t columns,
    const std::optional<std::filesystem::path>& directory,
    const std::function<void(const std::string&)>& warning, Build build) {
  using Name = std::tuple<DeletionRule, BoardAdjacency, std::size_t, std::size_t, std::string>;
  static std::mutex mutex;
  static std::map<Name, std::shared_ptr<const EndgameDatabase>> opened;
  const Name name{rule, adjacency, rows, columns, directory ? directory->string() : ""};
  const std::lock_guard lock(mutex);
  auto& db = opened[name];
  if (!db) {
    db = std::make_shared<const EndgameDatabase>(
        open(rule, adjacency, rows, columns, directory, warning, build));
  }
  return db;
}

}  // namespace grundy
