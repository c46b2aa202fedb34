#include "grundy/analysis/period_cache.hpp"

#include <cstdio>
#include <cstdlib>
#include <system_error>

#include "grundy/core/atomic_file.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/input_file.hpp"
#include "grundy/version.hpp"

namespace grundy {
namespace {

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

}  // namespace

PeriodCache::PeriodCache(std::filesystem::path directory, std::uint64_t max_values)
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
  // The key: format, engine version and the rules' identity (the canonical spec carries the
  // parameters). Another engine's files have other names and are never read.
  std::string key(kCertificateHeader);
  key.append("\n").append(kEngineVersion).append("\n").append(game);
  return directory_ / "periods" / (hex(fnv1a(key)) + ".txt");
}

std::uint64_t PeriodCache::max_file_bytes() const {
  // Up to 10 digits and a separator per value, plus the named lines (each at most a few KiB).
  return saturating_add(saturating_mul(max_values_, 11), std::uint64_t{1} << 16);
}

PeriodCache::Loaded PeriodCache::load(const Game& game, std::uint64_t max_work,
                                      std::uint64_t spot_positions) const {
  Loaded loaded;
  const std::filesystem::path path = file_for(game.name());
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return loaded;
  try {
    const std::string text = read_input_file(path, "period cache file", max_file_bytes());
    PeriodCertificate certificate = parse_certificate(text, max_values_);
    if (certificate.game != game.name()) {
      loaded.problem = "it holds the period of another game";
      return loaded;
    }
    if (certificate.engine != kEngineVersion) {
      loaded.problem = "it was made by grundy " + certificate.engine;
      return loaded;
    }
    loaded.check = check_certificate(game, certificate, max_work, spot_positions);
    if (!loaded.check.holds) {
      loaded.problem = loaded.check.summary();
      return loaded;
    }
    loaded.certificate = std::move(certificate);
  } catch (const Error& e) {
    loaded.problem = e.what();
  }
  return loaded;
}

bool PeriodCache::store(const PeriodCertificate& certificate) const {
  if (certificate.periodicity.values.size() > max_values_) return false;
  const std::filesystem::path target = file_for(certificate.game);
  std::error_code ec;
  std::filesystem::create_directories(target.parent_path(), ec);
  if (ec) return false;
  try {
    write_file_atomically(target, serialise_certificate(certificate));
  } catch (const Error&) {
    return false;  // the cache is an optimisation: an unwritable one is no error
  }
  return true;
}

void PeriodCache::discard(const std::string& game) const {
  std::error_code ec;
  std::filesystem::remove(file_for(game), ec);
}

}  // namespace grundy
