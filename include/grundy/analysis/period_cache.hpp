#pragma once
/// \file A small on-disk cache of proven periods, so that the second query of a long-period game
/// is instant — and never wrong: every entry is a period certificate (period_certificate.hpp)
/// that is parsed strictly and checked against the game (period_verifier.hpp) before it is used.
///
/// Location: $GRUNDY_CACHE_DIR if set, else $XDG_CACHE_HOME/grundy, else ~/.cache/grundy; one
/// text file per game and engine version under periods/, named by a hash of the certificate
/// format, the engine's version and the canonical game spec, so an older engine's results are
/// never picked up. Files are written to a temporary name and renamed into place, so concurrent
/// writers never leave a torn file; a file that fails any check is a miss and replaced on the
/// next store (docs/file-formats.md). The key scheme and the writing are the quotient cache's too
/// (src/analysis/cache_file.hpp).
///
/// What is kept: a proven period is the whole answer for its game, so store() replaces whatever
/// file is there, and a file that load() does not use is discarded by the caller that reads it,
/// which says so (load_cached_certificate, verify_period_answer: periodic_source.hpp) — even when
/// its check only ran out of work: the period is then computed again, which the check's budget
/// is sized against. The quotient cache keeps other rules, and says why (quotient_cache.hpp).

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "grundy/analysis/period_certificate.hpp"
#include "grundy/analysis/period_verifier.hpp"
#include "grundy/rules/game.hpp"

namespace grundy {

class PeriodCache {
 public:
  /// Periods longer than this many values (preperiod + period) are not stored: the cache stays
  /// small, and reading one never needs memory of the order of the sequence itself.
  static constexpr std::uint64_t kDefaultMaxValues = std::uint64_t{1} << 24;

  explicit PeriodCache(std::filesystem::path directory,
                       std::uint64_t max_values = kDefaultMaxValues);
  /// The default location described above.
  static std::filesystem::path default_directory();

  struct Loaded {
    /// Set only when the file parsed and the certificate passed check_certificate.
    std::optional<PeriodCertificate> certificate;
    /// How the certificate was checked (when the file parsed).
    CertificateCheck check;
    /// A file was there but is not used: why. Empty when there was no file or it is used.
    std::string problem;
  };
  /// The certificate of `game`'s period, checked by check_certificate within `max_work` options;
  /// a missing, unreadable, malformed, foreign or failing file is a miss (with `problem` set).
  /// Never throws for what a file holds.
  Loaded load(const Game& game, std::uint64_t max_work = kLoadCheckWork,
              std::uint64_t spot_positions = kSpotPositions) const;
  /// Stores a certificate; returns false (and leaves nothing behind) when it cannot write or the
  /// periodicity is longer than the cache keeps.
  bool store(const PeriodCertificate& certificate) const;
  /// Removes the file of `game` (a failed one), quietly.
  void discard(const std::string& game) const;

  std::filesystem::path file_for(const std::string& game) const;
  /// The largest file load() reads: enough for `max_values` values of 10 digits.
  std::uint64_t max_file_bytes() const;

 private:
  std::filesystem::path directory_;
  std::uint64_t max_values_;
};

}  // namespace grundy
