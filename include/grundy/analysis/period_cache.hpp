#pragma once
/// \file A small on-disk cache of proven periods, so that the second query of a long-period game
/// is instant.
///
/// Location: $GRUNDY_CACHE_DIR if set, else $XDG_CACHE_HOME/grundy, else ~/.cache/grundy; one
/// text file per game under periods/, named by a hash of the canonical game name. Format
/// (docs/file-formats.md): a header line, `key value` lines, the values of the preperiod and one
/// period, and a checksum line over everything before it. Files are written to a temporary
/// name and renamed into place, so concurrent writers never leave a torn file; a file that fails
/// any check (header, game, counts, checksum) is ignored as a miss and replaced on the next store.

#include <filesystem>
#include <optional>
#include <string>

#include "grundy/analysis/periodicity.hpp"

namespace grundy {

class PeriodCache {
 public:
  /// Periods longer than this many values (preperiod + period) are not stored: the cache stays
  /// small, and writing one never needs memory of the order of the sequence itself.
  static constexpr std::size_t kDefaultMaxValues = std::size_t{1} << 24;

  explicit PeriodCache(std::filesystem::path directory, std::size_t max_values = kDefaultMaxValues);
  /// The default location described above.
  static std::filesystem::path default_directory();

  /// The cached periodicity of `game`, or nothing when absent or not valid.
  std::optional<Periodicity> load(const std::string& game) const;
  /// Stores a proven periodicity; returns false (and leaves nothing behind) when it cannot write
  /// or the periodicity is longer than the cache keeps.
  bool store(const std::string& game, const Periodicity& periodicity) const;

  std::filesystem::path file_for(const std::string& game) const;

 private:
  std::filesystem::path directory_;
  std::size_t max_values_;
};

/// The text a cache file holds for `game` (exposed for tests of the format).
std::string serialise_periodicity(const std::string& game, const Periodicity& periodicity);
/// Parses a cache file's text; nothing when it is not a valid file for `game`.
std::optional<Periodicity> parse_periodicity(const std::string& text, const std::string& game);

}  // namespace grundy
