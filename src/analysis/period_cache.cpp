#include "grundy/analysis/period_cache.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <system_error>

#include "grundy/core/atomic_file.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/core/error.hpp"

namespace grundy {
namespace {

constexpr const char* kHeader = "grundy-period-cache 1";

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

PeriodCache::PeriodCache(std::filesystem::path directory, std::size_t max_values)
    : directory_(std::move(directory)), max_values_(max_values) {}

std::filesystem::path PeriodCache::default_directory() {
  if (const char* dir = std::getenv("GRUNDY_CACHE_DIR"); dir && *dir) return dir;
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) {
    return std::filesystem::path(xdg) / "grundy";
  }
  if (const char* home = std::getenv("HOME"); home && *home) {
    return std::filesystem::path(home) / ".cache" / "grundy";
  }
  return std::filesystem::temp_directory_path() / "grundy-cache";
}

std::filesystem::path PeriodCache::file_for(const std::string& game) const {
  return directory_ / "periods" / (hex(fnv1a(game)) + ".txt");
}

std::string serialise_periodicity(const std::string& game, const Periodicity& p) {
  std::ostringstream out;
  out << kHeader << '\n'
      << "game " << game << '\n'
      << "preperiod " << p.preperiod << '\n'
      << "period " << p.period << '\n'
      << "saltus " << p.saltus << '\n'
      << "values_checked " << p.values_checked << '\n'
      << "proof " << p.proof << '\n'
      << "values " << p.values.size() << '\n';
  for (std::size_t k = 0; k < p.values.size(); ++k) {
    out << p.values[k] << ((k % 32 == 31 || k + 1 == p.values.size()) ? '\n' : ' ');
  }
  std::string body = out.str();
  body += "checksum " + hex(fnv1a(body)) + '\n';
  return body;
}

std::optional<Periodicity> parse_periodicity(const std::string& text, const std::string& game) {
  const std::size_t mark = text.rfind("checksum ");
  if (mark == std::string::npos) return std::nullopt;
  if (text.substr(mark) !=
      "checksum " + hex(fnv1a(std::string_view(text).substr(0, mark))) + "\n") {
    return std::nullopt;
  }
  std::istringstream in(text.substr(0, mark));
  std::string line, key;
  if (!std::getline(in, line) || line != kHeader) return std::nullopt;
  if (!std::getline(in, line) || line != "game " + game) return std::nullopt;
  Periodicity p;
  std::size_t count = 0;
  auto field = [&](const char* name, auto& value) {
    return static_cast<bool>(in >> key >> value) && key == name;
  };
  if (!field("preperiod", p.preperiod) || !field("period", p.period) ||
      !field("saltus", p.saltus) || !field("values_checked", p.values_checked)) {
    return std::nullopt;
  }
  if (!(in >> key) || key != "proof" || !std::getline(in, p.proof)) return std::nullopt;
  if (!p.proof.empty() && p.proof[0] == ' ') p.proof.erase(0, 1);
  if (!field("values", count) || p.period == 0 || count != p.preperiod + p.period)
    return std::nullopt;
  p.values.resize(count);
  for (std::uint32_t& v : p.values) {
    if (!(in >> v)) return std::nullopt;
  }
  if (in >> key) return std::nullopt;  // trailing junk before the checksum
  return p;
}

std::optional<Periodicity> PeriodCache::load(const std::string& game) const {
  std::ifstream in(file_for(game), std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return parse_periodicity(text.str(), game);
}

bool PeriodCache::store(const std::string& game, const Periodicity& periodicity) const {
  if (periodicity.values.size() > max_values_) return false;
  const std::filesystem::path target = file_for(game);
  std::error_code ec;
  std::filesystem::create_directories(target.parent_path(), ec);
  if (ec) return false;
  try {
    write_file_atomically(target, serialise_periodicity(game, periodicity));
  } catch (const Error&) {
    return false;  // the cache is an optimisation: an unwritable one is no error
  }
  return true;
}

}  // namespace grundy
