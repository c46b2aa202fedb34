#include "grundy/solve/component_table.hpp"

#include <algorithm>
#include <charconv>
#include <vector>

#include "grundy/core/atomic_file.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/input_file.hpp"

namespace grundy {
namespace {

constexpr std::string_view kMagic = "grundy-component-table 1";

/// The body's lines `KEY VALUE`, sorted, so one table always writes the same file.
std::string body_of(const std::unordered_map<std::string, Value>& values) {
  std::vector<std::pair<std::string, Value>> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  std::string body;
  for (const auto& [key, value] : sorted) {
    body += key;
    body += ' ';
    body += std::to_string(value);
    body += '\n';
  }
  return body;
}

std::string hex(std::uint64_t v) {
  char buffer[17];
  const auto end = std::to_chars(buffer, buffer + 16, v, 16).ptr;
  return std::string(buffer, end);
}

}  // namespace

ComponentTable::ComponentTable(std::string rule, std::uint64_t max_bytes)
    : rule_(std::move(rule)), max_bytes_(max_bytes) {}

std::uint64_t ComponentTable::entry_bytes(const std::string& key) noexcept {
  // A node of the map (next pointer, the string's 32 bytes, the entry, the cached hash), a
  // bucket, and the key's characters when they pass the string's own 15.
  constexpr std::uint64_t kNode = 8 + 32 + sizeof(Entry) + 8 + 8;
  return kNode + (key.size() > 15 ? key.size() + 1 : 0);
}

std::optional<ComponentTable::Entry> ComponentTable::find(const std::string& key) const {
  const std::lock_guard lock(mutex_);
  auto it = map_.find(key);
  if (it == map_.end()) return std::nullopt;
  return it->second;
}

ComponentTable::Entry& ComponentTable::slot(const std::string& key) {
  auto [it, added] = map_.try_emplace(key);
  if (added) bytes_ = saturating_add(bytes_, entry_bytes(key));
  return it->second;
}

void ComponentTable::set_value(const std::string& key, Value nimber, std::uint64_t work) {
  const std::lock_guard lock(mutex_);
  Entry& e = slot(key);
  e.nimber = nimber;
  e.exact = true;
  e.work = std::max(e.work, work);
  make_room();
}

void ComponentTable::exclude(const std::string& key, Value value, std::uint64_t work) {
  if (value >= 64) return;
  const std::lock_guard lock(mutex_);
  Entry& e = slot(key);
  e.not_values |= std::uint64_t{1} << value;
  e.work = std::max(e.work, work);
  make_room();
}

void ComponentTable::make_room() {
  if (bytes_ <= max_bytes_) return;
  // Keep the dearer half: drop every entry whose work is at most the median (at least half the
  // entries go, so the cost of this pass is paid for by the inserts that filled them).
  std::vector<std::uint64_t> works;
  works.reserve(map_.size());
  for (const auto& [key, e] : map_) works.push_back(e.work);
  const auto middle = works.begin() + static_cast<std::ptrdiff_t>(works.size() / 2);
  std::nth_element(works.begin(), middle, works.end());
  const std::uint64_t median = *middle;
  for (auto it = map_.begin(); it != map_.end();) {
    if (it->second.work <= median) {
      bytes_ -= entry_bytes(it->first);
      ++dropped_;
      it = map_.erase(it);
    } else {
      ++it;
    }
  }
  // Entries dearer than the median may still pass the bound (a few huge keys): drop any more.
  for (auto it = map_.begin(); it != map_.end() && bytes_ > max_bytes_;) {
    bytes_ -= entry_bytes(it->first);
    ++dropped_;
    it = map_.erase(it);
  }
}

std::uint64_t ComponentTable::size() const {
  const std::lock_guard lock(mutex_);
  return map_.size();
}

std::uint64_t ComponentTable::bytes() const {
  const std::lock_guard lock(mutex_);
  return bytes_;
}

std::uint64_t ComponentTable::dropped() const {
  const std::lock_guard lock(mutex_);
  return dropped_;
}

std::unordered_map<std::string, Value> ComponentTable::exact_values() const {
  const std::lock_guard lock(mutex_);
  std::unordered_map<std::string, Value> out;
  for (const auto& [key, e] : map_) {
    if (e.exact) out.emplace(key, e.nimber);
  }
  return out;
}

std::vector<std::pair<std::string, Value>> ComponentTable::take_prefixed(std::string_view prefix) {
  const std::lock_guard lock(mutex_);
  std::vector<std::pair<std::string, Value>> out;
  for (auto it = map_.begin(); it != map_.end();) {
    if (it->second.exact && std::string_view(it->first).starts_with(prefix)) {
      out.emplace_back(it->first, it->second.nimber);
      bytes_ -= entry_bytes(it->first);
      it = map_.erase(it);
    } else {
      ++it;
    }
  }
  return out;
}

void ComponentTable::save(const std::filesystem::path& path,
                          const std::unordered_map<std::string, Value>& extra) const {
  auto values = exact_values();
  values.insert(extra.begin(), extra.end());
  const std::string body = body_of(values);
  std::string content(kMagic);
  content += "\nrule " + rule_ + "\nentries " + std::to_string(values.size()) + "\nchecksum " +
             hex(fnv1a(body)) + "\n";
  content += body;
  write_file_atomically(path, content);
}

void ComponentTable::load(const std::filesystem::path& path) {
  const std::string file = "component table file '" + quote_excerpt(path.string(), 200) + "'";
  const std::string text =
      read_input_file(path, "component table file", std::max<std::uint64_t>(max_bytes_, 1 << 20));
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
  if (line() != kMagic) throw Error(file + " is not a component table (wrong first line)");
  const std::string_view rule = field("rule");
  if (rule != rule_) {
    throw Error(file + " holds nimbers of the " + quote_excerpt(rule) + " rule, not of the " +
                rule_ + " rule of this game");
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
  std::vector<std::pair<std::string, Value>> read;
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
  for (const auto& [key, v] : read) set_value(key, v, kLoadedWork);
}

}  // namespace grundy
