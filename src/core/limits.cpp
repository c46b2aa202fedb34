#include "grundy/core/limits.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"

namespace grundy {

std::uint64_t Limits::available_memory_bytes() {
  // MemAvailable is the kernel's estimate of what can be allocated without swapping.
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  std::uint64_t kib = 0;
  std::string unit;
  while (meminfo >> key >> kib >> unit) {
    if (key == "MemAvailable:") return saturating_mul(kib, 1024);
  }
  const long pages = sysconf(_SC_AVPHYS_PAGES);
  const long page_size = sysconf(_SC_PAGESIZE);
  if (pages > 0 && page_size > 0) {
    return saturating_mul(static_cast<std::uint64_t>(pages), static_cast<std::uint64_t>(page_size));
  }
  return std::uint64_t{1} << 30;
}

namespace {
// 0: not set (the memory available, read when asked: it changes as the machine runs).
std::atomic<std::uint64_t> game_table_limit{0};
}  // namespace

void set_game_table_memory_limit(std::uint64_t bytes) { game_table_limit.store(bytes); }

std::uint64_t game_table_memory_limit() {
  const std::uint64_t set = game_table_limit.load();
  // Unset: at most 2 GiB. Such a table grows by doubling as it goes, and its work with it; this
  // bound refuses within seconds what would otherwise fill the machine for a minute first.
  constexpr std::uint64_t kDefault = std::uint64_t{2} << 30;
  return set != 0 ? set : std::min(kDefault, Limits::available_memory_bytes());
}

std::string format_bytes(std::uint64_t bytes) {
  // A saturated size (checked.hpp) stands for "2^64-1 or more": no figure would be right.
  if (bytes == kSaturated) return "more than 16 EiB";
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double v = static_cast<double>(bytes);
  int unit = 0;
  while (v >= 1024.0 && unit < 6) {
    v /= 1024.0;
    ++unit;
  }
  std::ostringstream out;
  if (unit == 0) {
    out << bytes << " B";
  } else {
    out.precision(v < 10 ? 2 : (v < 100 ? 1 : 0));
    out << std::fixed << v << ' ' << kUnits[unit];
  }
  return out.str();
}

void require_memory(const Limits& limits, std::uint64_t bytes, std::string_view what) {
  // kSaturated is a size that did not fit in 64 bits: no limit admits it.
  if (bytes > limits.max_memory_bytes || bytes == kSaturated) {
    throw ResourceError(std::string(what) + " needs " + format_bytes(bytes) +
                        ", above the memory limit of " + format_bytes(limits.max_memory_bytes) +
                        " (--max-memory)");
  }
}

std::uint64_t parse_size(std::string_view text) {
  const std::string shown = quote_excerpt(text);
  std::size_t i = 0;
  while (i < text.size() && (std::isdigit(static_cast<unsigned char>(text[i])) || text[i] == '.'))
    ++i;
  if (i == 0) throw Error("invalid size '" + shown + "': expected a number such as 512M or 8G");
  double number = 0;
  try {
    std::size_t used = 0;
    number = std::stod(std::string(text.substr(0, i)), &used);
    if (used != i) throw std::invalid_argument("size");
  } catch (const std::exception&) {
    throw Error("invalid size '" + shown + "': expected a number such as 512M or 8G");
  }
  std::string unit(text.substr(i));
  for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (unit.ends_with("IB"))
    unit.erase(unit.size() - 2);
  else if (unit.size() > 1 && unit.ends_with("B"))
    unit.pop_back();
  double scale = 1;
  if (unit.empty() || unit == "B")
    scale = 1;
  else if (unit == "K")
    scale = 1024.0;
  else if (unit == "M")
    scale = 1024.0 * 1024;
  else if (unit == "G")
    scale = 1024.0 * 1024 * 1024;
  else if (unit == "T")
    scale = 1024.0 * 1024 * 1024 * 1024;
  else
    throw Error("invalid size '" + shown + "': unknown unit (use K, M, G or T)");
  const double bytes = number * scale;
  if (!std::isfinite(bytes) || bytes >= 1.8e19)
    throw Error("invalid size '" + shown + "': too large");
  return static_cast<std::uint64_t>(bytes);
}

}  // namespace grundy
