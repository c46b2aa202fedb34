#include "grundy/solve/table_file.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <cstdio>
#include <fstream>
#include <stdexcept>

#include "grundy/core/atomic_file.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/input_file.hpp"
#include "grundy/core/limits.hpp"

namespace grundy {
namespace {

/// The first line: format 2 has the not-values lines; format 1 (exact values only) is read too.
constexpr std::string_view kTableMagic = "grundy-component-table 2";
constexpr std::string_view kTableMagicExactOnly = "grundy-component-table 1";

}  // namespace

std::string table_fact_text(const TableFact& fact) {
  char digits[24];
  if (fact.value) return {digits, std::to_chars(digits, digits + sizeof digits, *fact.value).ptr};
  std::string text = "!";
  for (std::uint64_t b = fact.not_values.bits; b != 0; b &= b - 1) {
    if (text.size() > 1) text += ',';
    text.append(digits, std::to_chars(digits, digits + sizeof digits, std::countr_zero(b)).ptr);
  }
  return text;
}

std::optional<TableFact> parse_table_fact(std::string_view text) {
  const char* p = text.data();
  const char* end = p + text.size();
  if (text.empty() || text[0] != '!') {
    Value v = 0;
    const auto r = std::from_chars(p, end, v);
    if (r.ec != std::errc{} || r.ptr != end) return std::nullopt;
    return TableFact::exact(v);
  }
  // "!a,b,c": at least one value, each below the limit, in increasing order.
  ValueSet values;
  ++p;
  while (true) {
    unsigned v = 0;
    const auto r = std::from_chars(p, end, v);
    if (r.ec != std::errc{} || v >= ValueSet::kLimit ||
        (!values.empty() && v <= static_cast<unsigned>(values.largest()))) {
      return std::nullopt;
    }
    values = values | ValueSet::single(v);
    p = r.ptr;
    if (p == end) return TableFact::excluding(values);
    if (*p != ',') return std::nullopt;
    ++p;
  }
}

void save_table_file(const std::filesystem::path& path, std::string_view rule,
                     const TableEntrySource& source) {
  // One pass over the entries (a table of a billion entries took minutes a pass): each line is
  // counted, summed and written; the header is written first with the count and checksum so far
  // (at full width: 20 digits, 16 hexadecimal digits) and again over itself at the end.
  std::uint64_t count = 0;
  Fnv1a sum;
  auto header = [&] {
    char fields[64];
    std::snprintf(fields, sizeof fields, "\nentries %020llu\nchecksum %016llx\n",
                  static_cast<unsigned long long>(count),
                  static_cast<unsigned long long>(sum.digest()));
    return std::string(kTableMagic) + "\nrule " + std::string(rule) + fields;
  };
  write_file_atomically(
      path,
      [&](const std::function<void(std::string_view)>& put) {
        put(header());
        std::string line;
        source([&](std::string_view key, const TableFact& fact) {
          line.assign(key);
          line += ' ';
          line += table_fact_text(fact);
          line += '\n';
          sum.add(line);
          ++count;
          put(line);
        });
      },
      header);
}

void save_table_file(const std::filesystem::path& path, std::string_view rule,
                     TableEntries entries) {
  std::sort(entries.begin(), entries.end());
  entries.erase(std::unique(entries.begin(), entries.end(),
                            [](const auto& a, const auto& b) { return a.first == b.first; }),
                entries.end());
  save_table_file(path, rule, [&](const auto& put) {
    for (const auto& [key, fact] : entries) put(key, fact);
  });
}

namespace {

/// A file's lines through a buffer of 1 MiB: a table file of any size is read without a copy of
/// it in memory.
class LineReader {
 public:
  LineReader(const std::filesystem::path& path, const std::string& name) : name_(name) {
    in_.rdbuf()->pubsetbuf(buffer_.data(), static_cast<std::streamsize>(buffer_.size()));
    in_.open(path, std::ios::binary);
    if (!in_) throw Error("cannot read " + name_);
  }
  /// The next line without its '\n'; false at the end of the file. A last line without a '\n'
  /// is a torn file.
  bool next(std::string& line) {
    if (!std::getline(in_, line)) {
      if (in_.bad()) throw Error("cannot read " + name_);
      return false;
    }
    if (in_.eof()) throw Error(name_ + " is cut short (torn or not a table)");
    return true;
  }

 private:
  std::string name_;
  std::vector<char> buffer_ = std::vector<char>(1 << 20);
  std::ifstream in_;
};

}  // namespace

void read_table_file(const std::filesystem::path& path, std::string_view rule,
                     std::uint64_t max_bytes, const TableEntryVisitor& entry) {
  const std::string file = "component table file '" + quote_excerpt(path.string(), 200) + "'";
  // The checks of every input file (a NUL in the name, a directory, the size limit), then the
  // lines twice: first the header, count and checksum, so that a foreign or corrupt file gives
  // nothing; then each entry.
  if (path.native().find('\0') != std::string::npos) {
    throw Error("cannot read " + file + ": a file name cannot hold a NUL byte");
  }
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw Error("cannot read " + file + ": it is a directory");
  }
  const std::uint64_t limit = std::max<std::uint64_t>(max_bytes, 1 << 20);
  if (std::filesystem::is_regular_file(path, ec)) {
    const std::uint64_t size = std::filesystem::file_size(path, ec);
    if (!ec && size > limit) {
      throw Error(file + " is " + format_bytes(size) + ", above the limit of " +
                  format_bytes(limit) + " for such files");
    }
  }
  auto pass = [&](bool deliver) {
    LineReader reader(path, file);
    std::string l;
    auto line = [&]() -> std::string_view {
      if (!reader.next(l)) throw Error(file + " is cut short (torn or not a table)");
      return l;
    };
    auto field = [&](std::string_view name) {
      const std::string_view f = line();
      if (!f.starts_with(name) || f.size() <= name.size() || f[name.size()] != ' ') {
        throw Error(file + " has no '" + std::string(name) + "' line where expected");
      }
      return std::string(f.substr(name.size() + 1));
    };
    if (const std::string_view first = line();
        first != kTableMagic && first != kTableMagicExactOnly) {
      throw Error(file + " is not a component table (wrong first line)");
    }
    const std::string file_rule = field("rule");
    if (file_rule != rule) {
      throw Error(file + " holds nimbers of the " + quote_excerpt(file_rule) +
                  " rule, not of the " + std::string(rule) + " rule of this game");
    }
    std::uint64_t entries = 0;
    const std::string count = field("entries");
    if (std::from_chars(count.data(), count.data() + count.size(), entries).ec != std::errc{}) {
      throw Error(file + " has a bad entry count");
    }
    const std::string sum_text = field("checksum");
    std::uint64_t checksum = 0;
    if (std::from_chars(sum_text.data(), sum_text.data() + sum_text.size(), checksum, 16).ec !=
        std::errc{}) {
      throw Error(file + " has a bad checksum line");
    }
    Fnv1a sum;
    std::uint64_t read = 0;
    while (reader.next(l)) {
      sum.add(l);
      sum.add("\n");
      const std::size_t space = l.find(' ');
      std::optional<TableFact> fact;
      if (space != std::string::npos) {
        fact = parse_table_fact(std::string_view(l).substr(space + 1));
      }
      if (!fact) {
        if (deliver) throw Error(file + " changed while it was read");
        // A malformed line in a file whose checksum holds was written so: said after the
        // checksum, as before (a torn file is the likelier cause).
        read = ~std::uint64_t{0};
        continue;
      }
      if (deliver) entry(std::string_view(l).substr(0, space), *fact);
      if (read != ~std::uint64_t{0}) ++read;
    }
    if (sum.digest() != checksum) {
      throw Error(deliver
                      ? file + " changed while it was read"
                      : file + " fails its checksum (a torn or edited file); nothing is loaded");
    }
    if (read == ~std::uint64_t{0}) throw Error(file + " has a malformed entry");
    if (read != entries) {
      throw Error(file + " says " + std::to_string(entries) + " entries but holds " +
                  std::to_string(read));
    }
  };
  pass(false);
  pass(true);
}

TableEntries load_table_file(const std::filesystem::path& path, std::string_view rule,
                             std::uint64_t max_bytes) {
  TableEntries read;
  read_table_file(path, rule, max_bytes, [&](std::string_view key, const TableFact& fact) {
    read.emplace_back(std::string(key), fact);
  });
  return read;
}

}  // namespace grundy
