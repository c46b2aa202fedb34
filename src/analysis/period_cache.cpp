#include "grundy/analysis/period_cache.hpp"

#include <cstdlib>
#include <system_error>

#include "cache_file.hpp"
#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/input_file.hpp"
#include "grundy/version.hpp"

namespace grundy {

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
  return cache_file(directory_, "periods", kCertificateHeader, game);
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
  // A proven period is the whole answer for its game: a new one replaces the file.
  try {
    return write_cache_file(file_for(certificate.game), serialise_certificate(certificate));
  } catch (const Error&) {
    return false;  // a certificate the file cannot hold (serialise_certificate refuses it)
  }
}

void PeriodCache::discard(const std::string& game) const {
  std::error_code ec;
  std::filesystem::remove(file_for(game), ec);
}

}  // namespace grundy
