#pragma once
/// \file The value source the faces use: small positions from the game's own solver, positions
/// beyond any table from a proven period (found once, then cached on disk).

#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <vector>
#include <string>

#include "grundy/analysis/period_cache.hpp"
#include "grundy/analysis/period_certificate.hpp"
#include "grundy/analysis/period_search.hpp"
#include "grundy/analysis/period_verifier.hpp"
#include "grundy/analysis/periodicity.hpp"
#include "grundy/analysis/periodicity_theorem.hpp"
#include "grundy/analysis/sparse_space.hpp"
#include "grundy/core/error.hpp"
#include "grundy/solve/evaluator.hpp"

namespace grundy {

struct PeriodOptions {
  Limits limits;
  /// Threads of the sparse-space engine (`--threads`); 0: one per core.
  unsigned threads = 1;
  /// The most values a period search computes (`--max`).
  std::uint64_t max_values = 10'000'000;
  /// Where proven periods are cached; nothing: no cache (`--no-cache`).
  std::optional<std::filesystem::path> cache_directory = PeriodCache::default_directory();
  /// Options a check of a cached certificate may visit before it falls back to a spot check,
  /// and the positions of that spot check (check_certificate).
  std::uint64_t cache_check_work = kLoadCheckWork;
  std::uint64_t cache_spot_positions = kSpotPositions;
  /// Told, in one sentence, when a cache file is there but not used (it fails a check); the
  /// library prints nothing itself.
  std::function<void(const std::string&)> warning;
};

/// The certificate the cache holds for `game` when it passes check_certificate; a file that fails
/// is reported to options.warning and removed. Nothing without a cache directory.
std::optional<PeriodCertificate> load_cached_certificate(const Game& game,
                                                         const PeriodOptions& options,
                                                         CertificateCheck* check = nullptr);
/// The certificate of a periodicity proven now, stored in the cache when it was proven from
/// computed values (closed forms need no cache); returns it.
PeriodCertificate store_certificate(const Game& game, const PeriodicityTheorem& theorem,
                                    const Periodicity& periodicity, const PeriodOptions& options);

/// A proven period of `game`: from the cache when it holds one that passes its check, else by
/// search (and then stored). Throws Error when the family has no periodicity theory.
struct PeriodAnswer {
  std::optional<Periodicity> periodicity;
  std::uint64_t values_computed = 0;
  bool from_cache = false;
  std::string why_not;
  /// Set whenever a period is proven: the cached certificate, or the one made now.
  std::optional<PeriodCertificate> certificate;
  /// From the cache: how its certificate was checked on load.
  std::optional<CertificateCheck> cache_check;
  /// Not proven within the values allowed: the period the values show, if any.
  std::optional<PeriodCandidate> candidate;
};
PeriodAnswer find_or_load_periodicity(const Game& game, DenseSolver& solver,
                                      const PeriodOptions& options, std::uint64_t max_values);
PeriodAnswer find_or_load_periodicity(const Game& game, SparseSpaceSolver& solver,
                                      const PeriodOptions& options, std::uint64_t max_values);
/// The same with the engine chosen for the game: the sparse-space one for take-and-break codes it
/// supports, else a dense table. Throws Error when the family has no periodicity theory.
PeriodAnswer find_or_load_periodicity(const Game& game, const PeriodOptions& options,
                                      std::uint64_t max_values,
                                      const DenseSolver::Progress& progress = {});

/// `grundy period --verify`: the answer's proof redone in full by reprove_certificate. A cached
/// certificate that fails is reported to options.warning, removed, and the period found again
/// (and reproved); `answer` is then the new one. Throws std::logic_error when a period proven
/// now fails (an engine bug), ResourceError beyond `max_work` options. Nothing is verified (and
/// the check does not hold) when no period is proven.
CertificateCheck verify_period_answer(const Game& game, PeriodAnswer& answer,
                                      const PeriodOptions& options, std::uint64_t max_values,
                                      std::uint64_t max_work,
                                      const DenseSolver::Progress& progress = {});

class PeriodicSource final : public ValueSource {
 public:
  PeriodicSource(std::shared_ptr<const Game> game, PeriodOptions options);

  void prepare(std::span<const Position> positions) override;
  Value value(const Position& p) override;
  OptionSearch options_with_value(const Position& p, Value target, std::size_t limit,
                                  OptionVisitor& visit) override;
  /// Heaps of a take-and-break game beyond the table, once a period is proven: counted per residue
  /// through the period (take_break_option_value_counts).
  std::optional<std::vector<ValueCount>> option_value_counts(const Position& p) override;
  /// The proven period the values beyond the table come from, when one is proven so far.
  const Periodicity* periodicity() const { return periodicity_ ? &*periodicity_ : nullptr; }
  /// Progress of long table extensions (the searches included).
  void set_progress(DenseSolver::Progress progress) {
    if (sparse_) sparse_->set_progress(progress);
    if (GridSolver* grid = direct_.grid()) grid->set_progress(progress);
    if (DenseSolver* table = direct_.dense()) table->set_progress(std::move(progress));
  }
  /// Values g(0..size-1) are in a table (the sparse-space one or the dense one).
  std::uint64_t table_size() const;

 private:
  /// Positions from here on are answered through a period when one is proven.
  static constexpr std::uint64_t kPeriodFrom = 4096;
  bool periodic_family() const { return theorem_.has_value(); }
  /// Refuses g(n) of a game no theorem covers past --max (the sparse-space table's work is not
  /// known before it runs); nothing for a game a theorem covers, or n within --max.
  void require_within_max(std::uint64_t n) const;
  /// Makes sure the search has looked up to `n + 1` values (or --max); true when proven.
  bool ensure_period(std::uint64_t n);
  std::string no_period_message(const ResourceError& e) const;

  std::shared_ptr<const Game> game_;
  PeriodOptions options_;
  Evaluator direct_;
  /// Take-and-break codes without three-heap moves: the sparse-space engine, for the values and
  /// the period searches.
  std::unique_ptr<SparseSpaceSolver> sparse_;
  std::optional<PeriodicityTheorem> theorem_;
  std::optional<Periodicity> periodicity_;
  std::uint64_t searched_to_ = 0;
};

}  // namespace grundy
