#include "grundy/solve/endgame_database.hpp"

#include <bit>
#include <fstream>
#include <iterator>
#include <map>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <tuple>

#include "grundy/core/atomic_file.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/core/error.hpp"

namespace grundy {
namespace {

constexpr const char* kDatabaseMagic = "grundy-endgame-database 1";
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

std::uint64_t database_checksum(const std::vector<std::uint8_t>& data) {
  Fnv1a h;
  h.add(std::as_bytes(std::span(data)));
  return h.digest();
}

}  // namespace

EndgameDatabase::EndgameDatabase(DeletionRule rule, BoardAdjacency adjacency, std::size_t rows,
                                 std::size_t columns)
    : rule_(rule), adjacency_(adjacency), rows_(rows), columns_(columns) {
  if (rows == 0 || rows > columns || rows * columns > kDatabaseMaxCells) {
    throw std::logic_error("an endgame database of " + std::to_string(rows) + "x" +
                           std::to_string(columns) + " cells");
  }
  compute();
}

EndgameDatabase::EndgameDatabase(DeletionRule rule, BoardAdjacency adjacency, std::size_t rows,
                                 std::size_t columns, std::vector<std::uint8_t> data)
    : rule_(rule), adjacency_(adjacency), rows_(rows), columns_(columns), data_(std::move(data)) {}

void EndgameDatabase::compute() {
  const std::size_t n = rows_ * columns_;
  const std::uint64_t sets = std::uint64_t{1} << n;
  data_.assign(static_cast<std::size_t>((sets + 1) / 2), 0);
  // The moves of the box as masks: dominoes (arc rule, grid), closed neighbourhoods (node rule).
  const BoardFrame& frame = board_frame(adjacency_, rows_, columns_);
  std::vector<std::uint64_t> closed(n);
  for (std::size_t v = 0; v < n; ++v) closed[v] = frame.closed_neighbourhood(v).words[0];
  std::uint64_t not_last_column = 0;
  for (std::size_t v = 0; v < n; ++v) {
    if (v % columns_ != columns_ - 1) not_last_column |= std::uint64_t{1} << v;
  }
  for (std::uint64_t p = 1; p < sets; ++p) {
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
    data_[p >> 1] |= static_cast<std::uint8_t>((p & 1) != 0 ? g << 4 : g);
  }
}

std::string EndgameDatabase::file_name() const {
  return std::string("endgame-") + rule_name(rule_) + "-" + database_adjacency_word(adjacency_) +
         "-" + std::to_string(rows_) + "x" + std::to_string(columns_) + ".gedb";
}

void EndgameDatabase::save(const std::filesystem::path& path) const {
  std::ostringstream out;
  out << kDatabaseMagic << "\nrule " << rule_name(rule_) << "\nadjacency "
      << database_adjacency_word(adjacency_) << "\nbox " << rows_ << "x" << columns_
      << "\nbits 4\nbytes " << data_.size() << "\nchecksum "
      << database_hex(database_checksum(data_)) << "\n";
  std::string content = out.str();
  content.append(reinterpret_cast<const char*>(data_.data()), data_.size());
  write_file_atomically(path, content);
}

EndgameDatabase EndgameDatabase::load(const std::filesystem::path& path, DeletionRule rule,
                                      BoardAdjacency adjacency, std::size_t rows,
                                      std::size_t columns) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("cannot read '" + path.string() + "'");
  auto bad = [&](const std::string& why) {
    return Error("'" + path.string() + "' is not a usable endgame database: " + why);
  };
  std::string line;
  auto expect = [&](const std::string& want, const char* what) {
    if (!std::getline(in, line) || line != want) throw bad(std::string("its ") + what + " differs");
  };
  expect(kDatabaseMagic, "first line");
  expect(std::string("rule ") + rule_name(rule), "rule");
  expect(std::string("adjacency ") + database_adjacency_word(adjacency), "adjacency");
  expect("box " + std::to_string(rows) + "x" + std::to_string(columns), "box");
  expect("bits 4", "value width");
  const std::uint64_t sets = std::uint64_t{1} << (rows * columns);
  const std::size_t size = static_cast<std::size_t>((sets + 1) / 2);
  expect("bytes " + std::to_string(size), "size");
  if (!std::getline(in, line) || line.rfind("checksum ", 0) != 0) throw bad("no checksum line");
  const std::string checksum = line.substr(9);
  std::vector<std::uint8_t> data(size);
  in.read(reinterpret_cast<char*>(data.data()), static_cast<std::streamsize>(size));
  if (static_cast<std::size_t>(in.gcount()) != size || in.peek() != std::char_traits<char>::eof()) {
    throw bad("its data is not " + std::to_string(size) + " bytes long");
  }
  if (database_hex(database_checksum(data)) != checksum) throw bad("its checksum does not match");
  return EndgameDatabase(rule, adjacency, rows, columns, std::move(data));
}

EndgameDatabase EndgameDatabase::open(DeletionRule rule, BoardAdjacency adjacency, std::size_t rows,
                                      std::size_t columns,
                                      const std::optional<std::filesystem::path>& directory,
                                      const std::function<void(const std::string&)>& warning) {
  if (!directory) return EndgameDatabase(rule, adjacency, rows, columns);
  const std::string name =
      EndgameDatabase(rule, adjacency, rows, columns, std::vector<std::uint8_t>{}).file_name();
  const std::filesystem::path path = *directory / name;
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    try {
      return load(path, rule, adjacency, rows, columns);
    } catch (const Error& e) {
      if (warning) warning(std::string(e.what()) + "; computing it again");
    }
  }
  EndgameDatabase db(rule, adjacency, rows, columns);
  try {
    std::filesystem::create_directories(*directory, ec);
    db.save(path);
  } catch (const Error& e) {
    if (warning) warning(e.what());
  }
  return db;
}

std::shared_ptr<const EndgameDatabase> EndgameDatabase::shared(
    DeletionRule rule, BoardAdjacency adjacency, std::size_t rows, std::size_t columns,
    const std::optional<std::filesystem::path>& directory,
    const std::function<void(const std::string&)>& warning) {
  using Name = std::tuple<DeletionRule, BoardAdjacency, std::size_t, std::size_t, std::string>;
  static std::mutex mutex;
  static std::map<Name, std::shared_ptr<const EndgameDatabase>> opened;
  const Name name{rule, adjacency, rows, columns, directory ? directory->string() : ""};
  const std::lock_guard lock(mutex);
  auto& db = opened[name];
  if (!db) {
    db = std::make_shared<const EndgameDatabase>(
        open(rule, adjacency, rows, columns, directory, warning));
  }
  return db;
}

}  // namespace grundy
