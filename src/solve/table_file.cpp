#include "grundy/solve/table_file.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "grundy/core/atomic_file.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/input_file.hpp"

namespace grundy {
namespace {

constexpr std::string_view kTableMagic = "grundy-component-table 1";

std::string table_hex(std::uint64_t v) {
  char buffer[17];
  const auto end = std::to_chars(buffer, buffer + 16, v, 16).ptr;
  return std::string(buffer, end);
}

}  // namespace

void save_table_file(const std::filesystem::path& path, std::string_view rule,
                     const TableEntrySource& source) {
  // Each entry's line made in one buffer: first counted and summed, then written.
  std::string line;
  auto line_of = [&](std::string_view key, Value value) -> std::string_view {
    line.assign(key);
    line += ' ';
    char digits[24];
    line.append(digits, std::to_chars(digits, digits + sizeof digits, value).ptr);
    line += '\n';
    return line;
  };
  std::uint64_t count = 0;
  Fnv1a sum;
  source([&](std::string_view key, Value value) {
    sum.add(line_of(key, value));
    ++count;
  });
  write_file_atomically(path, [&](const std::function<void(std::string_view)>& put) {
    put(std::string(kTableMagic) + "\nrule " + std::string(rule) + "\nentries " +
        std::to_string(count) + "\nchecksum " + table_hex(sum.digest()) + "\n");
    std::uint64_t written = 0;
    source([&](std::string_view key, Value value) {
      put(line_of(key, value));
      ++written;
    });
    if (written != count) {
      throw std::logic_error("a table's entries changed while it was saved");
    }
  });
}

void save_table_file(const std::filesystem::path& path, std::string_view rule,
                     TableEntries entries) {
  std::sort(entries.begin(), entries.end());
  entries.erase(std::unique(entries.begin(), entries.end(),
                            [](const auto& a, const auto& b) { return a.first == b.first; }),
                entries.end());
  save_table_file(path, rule, [&](const auto& put) {
    for (const auto& [key, value] : entries) put(key, value);
  });
}

TableEntries load_table_file(const std::filesystem::path& path, std::string_view rule,
                             std::uint64_t max_bytes) {
  const std::string file = "component table file '" + quote_excerpt(path.string(), 200) + "'";
  const std::string text =
      read_input_file(path, "component table file", std::max<std::uint64_t>(max_bytes, 1 << 20));
  std::size_t at = 0;
  auto line = [&]() -> std::string_view {
    const std::size_t end = text.find('\n', at);
    if (end == std::string::npos) throw Error(file + " is cut short (torn or not a table)");
    const std::string_view l(text.data() + at, end - at);
    at = end + 1;
    return l;
  };
  auto field = [&](std::string_view name) {
    const std::string_view l = line();
    if (!l.starts_with(name) || l.size() <= name.size() || l[name.size()] != ' ') {
      throw Error(file + " has no '" + std::string(name) + "' line where expected");
    }
    return l.substr(name.size() + 1);
  };
  if (line() != kTableMagic) throw Error(file + " is not a component table (wrong first line)");
  const std::string_view file_rule = field("rule");
  if (file_rule != rule) {
    throw Error(file + " holds nimbers of the " + quote_excerpt(file_rule) + " rule, not of the " +
                std::string(rule) + " rule of this game");
  }
  std::uint64_t entries = 0;
  const std::string_view count = field("entries");
  if (std::from_chars(count.data(), count.data() + count.size(), entries).ec != std::errc{}) {
    throw Error(file + " has a bad entry count");
  }
  const std::string_view sum = field("checksum");
  std::uint64_t checksum = 0;
  if (std::from_chars(sum.data(), sum.data() + sum.size(), checksum, 16).ec != std::errc{}) {
    throw Error(file + " has a bad checksum line");
  }
  const std::string_view body(text.data() + at, text.size() - at);
  if (fnv1a(body) != checksum) {
    throw Error(file + " fails its checksum (a torn or edited file); nothing is loaded");
  }
  TableEntries read;
  while (at < text.size()) {
    const std::string_view l = line();
    const std::size_t space = l.find(' ');
    Value v = 0;
    if (space == std::string_view::npos ||
        std::from_chars(l.data() + space + 1, l.data() + l.size(), v).ec != std::errc{}) {
      throw Error(file + " has a malformed entry");
    }
    read.emplace_back(std::string(l.substr(0, space)), v);
  }
  if (read.size() != entries) {
    throw Error(file + " says " + std::to_string(entries) + " entries but holds " +
                std::to_string(read.size()));
  }
  return read;
}

}  // namespace grundy
