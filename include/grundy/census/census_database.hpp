#pragma once
/// \file The census database: one SQLite file holding the families' members, the runs, and one
/// result per game (with its certificate, engine version, budget and timing). Every result is
/// written in its own transaction, so a kill -9 at any moment loses at most the games in flight,
/// and a rerun skips what is stored. The schema is documented in docs/census.md and versioned
/// (`PRAGMA user_version`); `sqlite3 census.db` is a supported way to query it.

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "grundy/census/census_classify.hpp"
#include "grundy/census/census_report.hpp"
#include "grundy/census/census_result.hpp"

struct sqlite3;

namespace grundy {

/// One member of a family: the code as written, its canonical game, and the game whose values
/// stand for it by a proven relation from the codes (itself, same moves, the offset rule).
struct CensusMember {
  std::string code;
  std::string game;
  std::string representative;
  Relation relation = Relation::itself;
};

/// A run: what was asked, by whom, and when.
struct CensusRun {
  std::string family;
  std::string engine;
  std::string started, finished;  // UTC, finished empty while running (or killed)
  CensusBudget budget;
  unsigned ranks = 1, threads = 1;
  std::uint64_t games_computed = 0;
};

/// A game's misère quotient in a census (`census --misere`): computed to `max_heap` within
/// `max_work` steps, or stopped by that budget after heap `reached`.
struct MisereRow {
  std::string game;
  std::uint64_t max_heap = 0;
  std::uint64_t max_work = 0;
  /// The last heap whose quotient was verified: max_heap when complete.
  std::uint64_t reached = 0;
  bool complete = false;
  /// |Q| of the heaps 0..reached.
  std::uint32_t order = 1;
  /// Of the quotient of the heaps 0..reached: |P|, the last heap at which it grew, "T<k>" or
  /// "wild" ("" in a stopped row stored before #28, which kept none of them).
  std::uint64_t p_count = 0;
  std::uint64_t stable_from = 0;
  std::string tame;
  /// The periodicity of Φ over the heaps 0..reached (quotient_periodicity.hpp) — "proven" (the
  /// quotient is that of every heap size), "observed" or "none" (no period seen) — with its
  /// preperiod and period (0 for "none"); "" when stored before schema 3 (or stopped before
  /// #28).
  std::string periodicity;
  std::uint64_t phi_preperiod = 0;
  std::uint64_t phi_period = 0;
  /// When stopped: what the trials at heap reached + 1 proved (QuotientFrontier, 0 when nothing):
  /// Φ(reached + 1) has at least `powers_at_least` distinct powers, and the quotient of the
  /// heaps 0..reached + 1 at least `order_at_least` elements.
  std::uint64_t powers_at_least = 0;
  std::uint64_t order_at_least = 0;
  double seconds = 0;
  std::string engine;

  /// A period of Φ is known (proven or observed): phi_preperiod and phi_period hold it.
  bool has_phi_period() const { return periodicity == "proven" || periodicity == "observed"; }
  /// Complete, and the quotient of every heap size (its period of Φ proven).
  bool every_heap_size() const { return complete && periodicity == "proven"; }
};

/// A stored result with the budget it was computed under and its run.
struct StoredResult {
  GameResult result;
  CensusBudget budget;
  std::int64_t run = 0;
};

/// An equivalence among computed games found from their values (observed, or proven equal).
struct ValueEquivalence {
  std::string game;
  std::string representative;
  Relation relation = Relation::observed;
};

class CensusDatabase {
 public:
  static constexpr int kSchemaVersion = 4;

  /// How a command uses the file. `read_only` (report, verify) opens it SQLITE_OPEN_READONLY and
  /// leaves it byte for byte as it was: a missing or empty file is refused rather than created,
  /// and a file of an older schema version is read as it is, not upgraded.
  enum class Access { read_write, read_only };

  /// Opens the database at `path`; for writing, it is created (with its schema) when absent or
  /// empty, and a file of an older schema version is upgraded. Throws Error, "'PATH' is not a
  /// census database (WHY)", for a file this grundy cannot use: missing or empty (read-only), a
  /// directory, not an SQLite file, an SQLite file without the census tables, or an unknown
  /// schema version.
  explicit CensusDatabase(const std::filesystem::path& path, Access access = Access::read_write);
  ~CensusDatabase();
  CensusDatabase(const CensusDatabase&) = delete;
  CensusDatabase& operator=(const CensusDatabase&) = delete;

  const std::filesystem::path& path() const noexcept { return path_; }
  /// Where the sequence files of open games live: `<database>.sequences/`.
  std::filesystem::path sequence_directory() const;
  /// The sequence file of `game` in that directory (a file name made from the game's spec).
  std::filesystem::path sequence_path(const std::string& game) const;

  std::int64_t begin_run(const CensusRun& run);
  void finish_run(std::int64_t run, std::uint64_t games_computed);
  std::uint64_t run_count(const std::string& family) const;
  std::optional<CensusRun> last_run(const std::string& family) const;

  /// Replaces the members of `family` (in their order), in one transaction.
  void store_members(const std::string& family, const std::vector<CensusMember>& members);
  std::vector<CensusMember> members(const std::string& family) const;
  /// Families with members stored.
  std::vector<std::string> families() const;

  /// Stores (replacing) the result of one game, in one transaction; with `run_games_computed`,
  /// the run's games_computed becomes it in the same transaction, so that the row of a run that
  /// is interrupted or killed counts the games it stored.
  void store_result(std::int64_t run, const GameResult& result, const CensusBudget& budget,
                    std::optional<std::uint64_t> run_games_computed = std::nullopt);
  std::optional<StoredResult> result(const std::string& game) const;

  /// Replaces the equivalences found from the values and the near misses of `family`.
  void store_equivalences(const std::string& family, const std::vector<ValueEquivalence>& found,
                          const std::vector<NearMiss>& near_misses);
  std::vector<ValueEquivalence> equivalences(const std::string& family) const;

  /// Stores (replacing) a game's misère quotient row, in one transaction.
  void store_misere(const MisereRow& row);
  /// Every misère row, by game.
  std::vector<MisereRow> misere_rows() const;
  std::vector<NearMiss> near_misses(const std::string& family) const;

 private:
  void execute(const char* sql);
  std::filesystem::path path_;
  sqlite3* db_ = nullptr;
  /// The file's schema version (kSchemaVersion once opened for writing).
  int version_ = 0;
  bool read_only_ = false;
};

}  // namespace grundy
