#include "grundy/census/census_database.hpp"

#include <sqlite3.h>

#include <cctype>
#include <cstdio>
#include <cstring>
#include <limits>

#include "grundy/core/error.hpp"

namespace grundy {
namespace {

/// Version 1 (docs/census.md#the-database). Unsigned 64-bit numbers are stored as SQLite's
/// signed integers; the few that can pass 2^63-1 (a theorem's "more values than can be
/// computed") are NULL instead.
constexpr const char* kSchema = R"sql(
CREATE TABLE runs(
  id INTEGER PRIMARY KEY,
  family TEXT NOT NULL,
  engine TEXT NOT NULL,
  started TEXT NOT NULL,
  finished TEXT,
  budget_values INTEGER NOT NULL,
  budget_seconds REAL NOT NULL,
  extended_values INTEGER NOT NULL,
  extended_seconds REAL NOT NULL,
  three_heap_values INTEGER NOT NULL,
  three_heap_seconds REAL NOT NULL,
  ranks INTEGER NOT NULL,
  threads INTEGER NOT NULL,
  games_computed INTEGER NOT NULL DEFAULT 0);
CREATE TABLE members(
  family TEXT NOT NULL,
  ord INTEGER NOT NULL,
  code TEXT NOT NULL,
  game TEXT NOT NULL,
  representative TEXT NOT NULL,
  relation TEXT NOT NULL,
  PRIMARY KEY (family, code));
CREATE TABLE results(
  game TEXT PRIMARY KEY,
  run INTEGER NOT NULL REFERENCES runs(id),
  class TEXT NOT NULL,
  values_computed INTEGER NOT NULL,
  preperiod INTEGER,
  period INTEGER,
  saltus INTEGER,
  theorem TEXT,
  proof TEXT,
  certificate TEXT,
  largest_value INTEGER NOT NULL,
  largest_first INTEGER NOT NULL,
  rare_mask INTEGER NOT NULL,
  rare_count INTEGER NOT NULL,
  last_rare INTEGER,
  regularity TEXT NOT NULL,
  observed_preperiod INTEGER,
  observed_period INTEGER,
  observed_saltus INTEGER,
  observed_values_needed INTEGER,
  seconds REAL NOT NULL,
  stopped_by_time INTEGER NOT NULL,
  budget_values INTEGER NOT NULL,
  budget_seconds REAL NOT NULL,
  extended_values INTEGER NOT NULL,
  extended_seconds REAL NOT NULL,
  three_heap_values INTEGER NOT NULL,
  three_heap_seconds REAL NOT NULL,
  engine TEXT NOT NULL);
CREATE TABLE equivalences(
  family TEXT NOT NULL,
  game TEXT NOT NULL,
  representative TEXT NOT NULL,
  relation TEXT NOT NULL,
  PRIMARY KEY (family, game));
CREATE TABLE near_misses(
  family TEXT NOT NULL,
  a TEXT NOT NULL,
  b TEXT NOT NULL,
  first_difference INTEGER NOT NULL,
  PRIMARY KEY (family, a, b));
)sql";

/// Each member with its own game's result: a derived game's row holds its own least preperiod
/// and values computed (an offset code's are its representative's shifted), so the view joins on
/// the member's game, not its representative. Version 4 (files of versions 1 to 3 had the join on
/// the representative: the view is dropped and made again when a writing command opens them).
constexpr const char* kCensusView = R"sql(
DROP VIEW IF EXISTS census;
CREATE VIEW census AS
  SELECT m.family, m.ord, m.code, m.game, m.representative, m.relation, r.class,
         r.values_computed, r.preperiod, r.period, r.saltus, r.theorem, r.largest_value,
         r.rare_count, r.last_rare, r.regularity, r.seconds
  FROM members m LEFT JOIN results r ON r.game = m.game;
)sql";

/// Schema version 2's addition (with version 3's columns), made with kSchema in a new file; a
/// file of version 1 gets it on opening.
constexpr const char* kMisereTable = R"sql(
CREATE TABLE misere_quotients(
  game TEXT PRIMARY KEY,
  max_heap INTEGER NOT NULL,
  max_work INTEGER NOT NULL,
  reached INTEGER NOT NULL,
  complete INTEGER NOT NULL,
  quotient_order INTEGER NOT NULL,
  p_count INTEGER,
  stable_from INTEGER,
  tame TEXT,
  seconds REAL NOT NULL,
  engine TEXT NOT NULL,
  periodicity TEXT,
  phi_preperiod INTEGER,
  phi_period INTEGER,
  powers_at_least INTEGER,
  order_at_least INTEGER);
)sql";

/// Version 3's columns (the periodicity of Φ; what a stopped quotient proved at the next heap),
/// added to a file of version 2 on opening: its rows keep NULL there.
constexpr const char* kMisereColumns = R"sql(
ALTER TABLE misere_quotients ADD COLUMN periodicity TEXT;
ALTER TABLE misere_quotients ADD COLUMN phi_preperiod INTEGER;
ALTER TABLE misere_quotients ADD COLUMN phi_period INTEGER;
ALTER TABLE misere_quotients ADD COLUMN powers_at_least INTEGER;
ALTER TABLE misere_quotients ADD COLUMN order_at_least INTEGER;
)sql";

constexpr std::int64_t kMaxStored = std::numeric_limits<std::int64_t>::max();

/// An SQLite file in WAL mode (header bytes 18 and 19 are 2, https://sqlite.org/fileformat.html)
/// with neither a -wal nor a -shm file beside it: a writer in WAL mode keeps both while it is
/// connected, so none is, and every committed page is in the file itself.
bool wal_at_rest(const std::filesystem::path& path) {
  char header[20] = {};
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (f == nullptr) return false;
  const std::size_t n = std::fread(header, 1, sizeof header, f);
  std::fclose(f);
  std::error_code ec;
  return n == sizeof header && std::memcmp(header, "SQLite format 3", 16) == 0 && header[18] == 2 &&
         header[19] == 2 && !std::filesystem::exists(path.string() + "-wal", ec) &&
         !std::filesystem::exists(path.string() + "-shm", ec);
}

/// `file:PATH?immutable=1`, the path percent-encoded (https://sqlite.org/uri.html).
std::string immutable_uri(const std::filesystem::path& path) {
  std::string uri = "file:";
  for (const char c : std::filesystem::absolute(path).string()) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) != 0 || c == '/' || c == '.' || c == '-' || c == '_' || c == '~') {
      uri += c;
    } else {
      char escaped[4];
      std::snprintf(escaped, sizeof escaped, "%%%02X", u);
      uri += escaped;
    }
  }
  return uri + "?immutable=1";
}

class Statement {
 public:
  Statement(sqlite3* db, const char* sql) : db_(db) {
    if (sqlite3_prepare_v2(db, sql, -1, &stmt_, nullptr) != SQLITE_OK) {
      throw Error(std::string("census database: ") + sqlite3_errmsg(db));
    }
  }
  ~Statement() { sqlite3_finalize(stmt_); }
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  Statement& bind(int i, const std::string& s) {
    check(sqlite3_bind_text(stmt_, i, s.data(), static_cast<int>(s.size()), SQLITE_TRANSIENT));
    return *this;
  }
  Statement& bind(int i, std::uint64_t v) {
    check(v <= static_cast<std::uint64_t>(kMaxStored)
              ? sqlite3_bind_int64(stmt_, i, static_cast<std::int64_t>(v))
              : sqlite3_bind_null(stmt_, i));
    return *this;
  }
  Statement& bind(int i, std::int64_t v) {
    check(sqlite3_bind_int64(stmt_, i, v));
    return *this;
  }
  Statement& bind(int i, double v) {
    check(sqlite3_bind_double(stmt_, i, v));
    return *this;
  }
  Statement& bind_null(int i) {
    check(sqlite3_bind_null(stmt_, i));
    return *this;
  }
  /// True while there is a row.
  bool step() {
    const int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    throw Error(std::string("census database: ") + sqlite3_errmsg(db_));
  }
  /// Ready to run again with new bindings.
  void reset() {
    sqlite3_reset(stmt_);
    sqlite3_clear_bindings(stmt_);
  }
  bool null(int i) const { return sqlite3_column_type(stmt_, i) == SQLITE_NULL; }
  std::string text(int i) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, i));
    return p == nullptr ? std::string() : std::string(p, sqlite3_column_bytes(stmt_, i));
  }
  std::uint64_t number(int i) const {
    if (null(i)) return ~std::uint64_t{0};
    const std::int64_t v = sqlite3_column_int64(stmt_, i);
    if (v < 0) throw Error("census database: a negative count in column " + std::to_string(i));
    return static_cast<std::uint64_t>(v);
  }
  double real(int i) const { return sqlite3_column_double(stmt_, i); }
  std::int64_t integer(int i) const { return sqlite3_column_int64(stmt_, i); }

 private:
  void check(int rc) {
    if (rc != SQLITE_OK) throw Error(std::string("census database: ") + sqlite3_errmsg(db_));
  }
  sqlite3* db_;
  sqlite3_stmt* stmt_ = nullptr;
};

/// BEGIN IMMEDIATE ... COMMIT, rolled back when an exception leaves the scope.
class Transaction {
 public:
  explicit Transaction(sqlite3* db) : db_(db) { run("BEGIN IMMEDIATE"); }
  ~Transaction() {
    if (!committed_) sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
  }
  void commit() {
    run("COMMIT");
    committed_ = true;
  }

 private:
  void run(const char* sql) {
    char* message = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
      std::string text = message != nullptr ? message : "unknown error";
      sqlite3_free(message);
      throw Error("census database: " + text);
    }
  }
  sqlite3* db_;
  bool committed_ = false;
};

void bind_budget(Statement& s, int first, const CensusBudget& b) {
  s.bind(first, b.values)
      .bind(first + 1, b.seconds)
      .bind(first + 2, b.extended_values)
      .bind(first + 3, b.extended_seconds)
      .bind(first + 4, b.three_heap_values)
      .bind(first + 5, b.three_heap_seconds);
}

CensusBudget read_budget(const Statement& s, int first) {
  CensusBudget b;
  b.values = s.number(first);
  b.seconds = s.real(first + 1);
  b.extended_values = s.number(first + 2);
  b.extended_seconds = s.real(first + 3);
  b.three_heap_values = s.number(first + 4);
  b.three_heap_seconds = s.real(first + 5);
  return b;
}

/// The columns of a stored result: GameResult's fields (for_each_result_field, census_result.hpp)
/// with the run after the game, then the budget.
const std::string& result_columns() {
  static const std::string columns = [] {
    std::string out = "game, run";
    const GameResult r;
    for_each_result_field(r, [&](std::string_view name, const auto&, ResultFieldGroup) {
      if (name == "game") return;
      out += ", ";
      out += name;
    });
    return out + ", budget_values, budget_seconds, extended_values, extended_seconds, "
                 "three_heap_values, three_heap_seconds";
  }();
  return columns;
}
/// The column of the k-th field of for_each_result_field (the run is column 1).
int result_column(int k) {
  return k == 0 ? 0 : k + 1;
}
/// The first budget column.
constexpr int kBudgetColumn = 23;

void bind_field(Statement& s, int i, const std::string& v) { s.bind(i, v); }
void bind_field(Statement& s, int i, std::uint64_t v) { s.bind(i, v); }
void bind_field(Statement& s, int i, double v) { s.bind(i, v); }
void bind_field(Statement& s, int i, bool v) { s.bind(i, std::uint64_t{v ? 1u : 0u}); }
void bind_field(Statement& s, int i, CensusClass v) {
  s.bind(i, std::string(census_class_name(v)));
}
void bind_field(Statement& s, int i, Regularity v) { s.bind(i, std::string(regularity_name(v))); }
void bind_field(Statement& s, int i, const std::optional<std::uint64_t>& v) {
  if (v) {
    s.bind(i, *v);
  } else {
    s.bind_null(i);
  }
}

void read_field(const Statement& s, int i, std::string& v) { v = s.text(i); }
void read_field(const Statement& s, int i, std::uint64_t& v) { v = s.number(i); }
void read_field(const Statement& s, int i, double& v) { v = s.real(i); }
void read_field(const Statement& s, int i, bool& v) { v = s.number(i) != 0; }
void read_field(const Statement& s, int i, CensusClass& v) {
  v = census_class_from_name(s.text(i));
}
void read_field(const Statement& s, int i, Regularity& v) { v = regularity_from_name(s.text(i)); }
void read_field(const Statement& s, int i, std::optional<std::uint64_t>& v) {
  if (!s.null(i)) v = s.number(i);
}

StoredResult read_result(const Statement& s) {
  StoredResult out;
  GameResult& r = out.result;
  int k = 0;
  // Proven fields of a proven result (its class is read first); observed ones where the group's
  // first column is stored (a later one may be NULL: 2^64-1, which SQLite's integers do not hold).
  std::optional<bool> observed_stored;
  for_each_result_field(r, [&](std::string_view, auto& v, ResultFieldGroup group) {
    const int column = result_column(k++);
    if (group == ResultFieldGroup::proven && !holds_fields(r, group)) return;
    if (group == ResultFieldGroup::observed) {
      if (!observed_stored) observed_stored = !s.null(column);
      if (!*observed_stored) return;
    }
    read_field(s, column, v);
  });
  out.run = static_cast<std::int64_t>(s.number(1));
  out.budget = read_budget(s, kBudgetColumn);
  return out;
}

}  // namespace

CensusDatabase::CensusDatabase(const std::filesystem::path& path, Access access) : path_(path) {
  const bool read_only = access == Access::read_only;
  // Every refusal says why the file is not one this grundy can use, in the same words.
  const auto refusal = [&](const std::string& why) {
    return Error("'" + path.string() + "' is not a census database (" + why + ")");
  };
  std::error_code ec;
  const bool existed = std::filesystem::exists(path, ec);
  if (existed && std::filesystem::is_directory(path, ec)) throw refusal("a directory");
  if (read_only) {
    // SQLite reads a file of no bytes as an empty database: say what it is instead.
    if (!existed) throw refusal("no such file");
    if (std::filesystem::is_regular_file(path, ec) && std::filesystem::file_size(path, ec) == 0) {
      throw refusal("empty file");
    }
  }
  int flags = read_only ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE;
  std::string name = path.string();
  if (read_only && wal_at_rest(path)) {
    // Everything is in the file and no writer has it open. Opened as usual, SQLite would create
    // its -wal and -shm files to read it; immutable reads it with no file of its own.
    name = immutable_uri(path);
    flags |= SQLITE_OPEN_URI;
  }
  read_only_ = read_only;
  if (sqlite3_open_v2(name.c_str(), &db_, flags, nullptr) != SQLITE_OK) {
    const std::string message = db_ != nullptr ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw Error("census database '" + path.string() + "': " + message);
  }
  sqlite3_busy_timeout(db_, 10'000);
  try {
    {
      // A signed 32-bit number in the file's header: any value may be there.
      Statement s(db_, "PRAGMA user_version");
      if (s.step()) version_ = static_cast<int>(s.integer(0));
    }
    std::uint64_t tables = 0;
    {
      Statement s(db_, "SELECT count(*) FROM sqlite_master");
      if (s.step()) tables = s.number(0);
    }
    const std::string versions = "schema version " + std::to_string(version_) +
                                 ", this grundy reads versions 1 to " +
                                 std::to_string(kSchemaVersion);
    if (version_ == 0 && tables == 0 && !read_only) {
      // A new (or empty) file: the schema, in one transaction.
      Transaction t(db_);
      execute(kSchema);
      execute(kMisereTable);
      execute(kCensusView);
      execute(("PRAGMA user_version = " + std::to_string(kSchemaVersion)).c_str());
      t.commit();
      version_ = kSchemaVersion;
    } else if (version_ == 0) {
      throw refusal("an SQLite file without the census tables");
    } else if (version_ < 1 || version_ > kSchemaVersion) {
      throw refusal(versions);
    } else if (version_ < kSchemaVersion && !read_only) {
      // Version 1 had no misère quotients: add their table; version 2 lacked five columns;
      // versions 1 to 3 joined the view on the representative.
      Transaction t(db_);
      if (version_ == 1) execute(kMisereTable);
      if (version_ == 2) execute(kMisereColumns);
      execute(kCensusView);
      execute(("PRAGMA user_version = " + std::to_string(kSchemaVersion)).c_str());
      t.commit();
      version_ = kSchemaVersion;
    }
    // A read-only connection reads an older version as it is (misere_rows() knows what each
    // version holds) and sets nothing: a pragma that changes the journal mode writes the file.
    if (!read_only) {
      // A write-ahead log: each result commits on its own, and a killed process loses nothing
      // committed.
      execute("PRAGMA journal_mode = WAL");
      execute("PRAGMA foreign_keys = ON");
    }
  } catch (const Error& e) {
    sqlite3_close(db_);
    db_ = nullptr;
    if (!existed) std::filesystem::remove(path, ec);
    const std::string what = e.what();
    // SQLite says "file is not a database" for a foreign file.
    if (what.find("file is not a database") != std::string::npos) {
      throw refusal("not an SQLite file");
    }
    throw;
  }
}

CensusDatabase::~CensusDatabase() {
  if (db_ != nullptr && !read_only_) {
    // Back to a rollback journal, which checkpoints and removes the -wal and -shm files: the
    // file left behind is whole, and a read-only command reads it with nothing beside it. When
    // another connection has it open this fails (busy) and the file stays in WAL mode.
    sqlite3_busy_timeout(db_, 1000);
    sqlite3_exec(db_, "PRAGMA journal_mode = DELETE", nullptr, nullptr, nullptr);
  }
  sqlite3_close(db_);
}

void CensusDatabase::execute(const char* sql) {
  char* message = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    std::string text = message != nullptr ? message : sqlite3_errmsg(db_);
    sqlite3_free(message);
    throw Error("census database: " + text);
  }
}

std::filesystem::path CensusDatabase::sequence_directory() const {
  return std::filesystem::path(path_.string() + ".sequences");
}

std::filesystem::path CensusDatabase::sequence_path(const std::string& game) const {
  // Letters, digits and '.' kept, anything else '_', and a hash of the spec so that two specs
  // never share a name.
  std::string name;
  std::uint64_t hash = 14695981039346656037ULL;
  for (char c : game) {
    const bool keep = std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.';
    name += keep ? c : '_';
    hash = (hash ^ static_cast<unsigned char>(c)) * 1099511628211ULL;
  }
  char suffix[20];
  std::snprintf(suffix, sizeof suffix, "-%08x", static_cast<unsigned>(hash ^ (hash >> 32)));
  return sequence_directory() / (name + suffix + ".gseq");
}

std::int64_t CensusDatabase::begin_run(const CensusRun& run) {
  Statement s(db_,
              "INSERT INTO runs(family, engine, started, budget_values, budget_seconds, "
              "extended_values, extended_seconds, three_heap_values, three_heap_seconds, ranks, "
              "threads) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)");
  s.bind(1, run.family).bind(2, run.engine).bind(3, run.started);
  bind_budget(s, 4, run.budget);
  s.bind(10, std::uint64_t{run.ranks}).bind(11, std::uint64_t{run.threads});
  s.step();
  return sqlite3_last_insert_rowid(db_);
}

void CensusDatabase::finish_run(std::int64_t run, std::uint64_t games_computed) {
  Statement s(db_,
              "UPDATE runs SET finished = strftime('%Y-%m-%dT%H:%M:%SZ', 'now'), "
              "games_computed = ?2 WHERE id = ?1");
  s.bind(1, run).bind(2, games_computed);
  s.step();
}

std::uint64_t CensusDatabase::run_count(const std::string& family) const {
  Statement s(db_, "SELECT count(*) FROM runs WHERE family = ?1");
  s.bind(1, family);
  return s.step() ? s.number(0) : 0;
}

std::optional<CensusRun> CensusDatabase::last_run(const std::string& family) const {
  Statement s(db_,
              "SELECT family, engine, started, coalesce(finished, ''), budget_values, "
              "budget_seconds, extended_values, extended_seconds, three_heap_values, "
              "three_heap_seconds, ranks, threads, games_computed FROM runs WHERE family = ?1 "
              "ORDER BY id DESC LIMIT 1");
  s.bind(1, family);
  if (!s.step()) return std::nullopt;
  CensusRun run;
  run.family = s.text(0);
  run.engine = s.text(1);
  run.started = s.text(2);
  run.finished = s.text(3);
  run.budget = read_budget(s, 4);
  run.ranks = static_cast<unsigned>(s.number(10));
  run.threads = static_cast<unsigned>(s.number(11));
  run.games_computed = s.number(12);
  return run;
}

void CensusDatabase::store_members(const std::string& family,
                                   const std::vector<CensusMember>& members) {
  Transaction t(db_);
  {
    Statement d(db_, "DELETE FROM members WHERE family = ?1");
    d.bind(1, family);
    d.step();
  }
  Statement s(db_,
              "INSERT INTO members(family, ord, code, game, representative, relation) "
              "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
  std::uint64_t ord = 0;
  for (const CensusMember& m : members) {
    s.bind(1, family)
        .bind(2, ord++)
        .bind(3, m.code)
        .bind(4, m.game)
        .bind(5, m.representative)
        .bind(6, std::string(relation_name(m.relation)));
    s.step();
    s.reset();
  }
  t.commit();
}

std::vector<CensusMember> CensusDatabase::members(const std::string& family) const {
  Statement s(db_,
              "SELECT code, game, representative, relation FROM members WHERE family = ?1 "
              "ORDER BY ord");
  s.bind(1, family);
  std::vector<CensusMember> out;
  while (s.step()) {
    out.push_back({s.text(0), s.text(1), s.text(2), relation_from_name(s.text(3))});
  }
  return out;
}

std::vector<std::string> CensusDatabase::families() const {
  Statement s(db_, "SELECT DISTINCT family FROM members ORDER BY family");
  std::vector<std::string> out;
  while (s.step()) out.push_back(s.text(0));
  return out;
}

void CensusDatabase::store_result(std::int64_t run, const GameResult& r, const CensusBudget& budget,
                                  std::optional<std::uint64_t> run_games_computed) {
  Transaction t(db_);
  if (run_games_computed) {
    Statement u(db_, "UPDATE runs SET games_computed = ?2 WHERE id = ?1");
    u.bind(1, run).bind(2, *run_games_computed);
    u.step();
  }
  Statement s(db_, ("INSERT OR REPLACE INTO results(" + result_columns() +
                    ") VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, "
                    "?15, ?16, ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29)")
                       .c_str());
  int k = 0;
  for_each_result_field(r, [&](std::string_view, const auto& v, ResultFieldGroup group) {
    const int parameter = result_column(k++) + 1;
    if (holds_fields(r, group)) {
      bind_field(s, parameter, v);
    } else {
      s.bind_null(parameter);
    }
  });
  s.bind(2, run);
  bind_budget(s, kBudgetColumn + 1, budget);
  s.step();
  t.commit();
}

std::optional<StoredResult> CensusDatabase::result(const std::string& game) const {
  Statement s(db_,
              ("SELECT " + result_columns() + " FROM results WHERE game = ?1").c_str());
  s.bind(1, game);
  if (!s.step()) return std::nullopt;
  return read_result(s);
}

void CensusDatabase::store_equivalences(const std::string& family,
                                        const std::vector<ValueEquivalence>& found,
                                        const std::vector<NearMiss>& near_misses) {
  Transaction t(db_);
  for (const char* table : {"DELETE FROM equivalences WHERE family = ?1",
                            "DELETE FROM near_misses WHERE family = ?1"}) {
    Statement d(db_, table);
    d.bind(1, family);
    d.step();
  }
  for (const ValueEquivalence& e : found) {
    Statement s(db_,
                "INSERT INTO equivalences(family, game, representative, relation) VALUES "
                "(?1, ?2, ?3, ?4)");
    s.bind(1, family).bind(2, e.game).bind(3, e.representative);
    s.bind(4, std::string(relation_name(e.relation)));
    s.step();
  }
  for (const NearMiss& m : near_misses) {
    Statement s(db_,
                "INSERT INTO near_misses(family, a, b, first_difference) VALUES (?1, ?2, ?3, ?4)");
    s.bind(1, family).bind(2, m.a).bind(3, m.b).bind(4, m.first_difference);
    s.step();
  }
  t.commit();
}

std::vector<ValueEquivalence> CensusDatabase::equivalences(const std::string& family) const {
  Statement s(db_,
              "SELECT game, representative, relation FROM equivalences WHERE family = ?1 "
              "ORDER BY game");
  s.bind(1, family);
  std::vector<ValueEquivalence> out;
  while (s.step()) out.push_back({s.text(0), s.text(1), relation_from_name(s.text(2))});
  return out;
}

std::vector<NearMiss> CensusDatabase::near_misses(const std::string& family) const {
  Statement s(db_,
              "SELECT a, b, first_difference FROM near_misses WHERE family = ?1 "
              "ORDER BY first_difference DESC, a, b");
  s.bind(1, family);
  std::vector<NearMiss> out;
  while (s.step()) out.push_back({s.text(0), s.text(1), s.number(2)});
  return out;
}

void CensusDatabase::store_misere(const MisereRow& r) {
  Transaction t(db_);
  Statement s(db_,
              "INSERT OR REPLACE INTO misere_quotients(game, max_heap, max_work, reached, "
              "complete, quotient_order, p_count, stable_from, tame, seconds, engine, "
              "periodicity, phi_preperiod, phi_period, powers_at_least, order_at_least) VALUES "
              "(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16)");
  s.bind(1, r.game).bind(2, r.max_heap).bind(3, r.max_work).bind(4, r.reached);
  s.bind(5, std::int64_t{r.complete ? 1 : 0}).bind(6, std::uint64_t{r.order});
  // What is known of the heaps verified (a stopped row's too, when it says).
  if (!r.tame.empty()) {
    s.bind(7, r.p_count).bind(8, r.stable_from).bind(9, r.tame);
  } else {
    s.bind_null(7).bind_null(8).bind_null(9);
  }
  s.bind(10, r.seconds).bind(11, r.engine);
  if (!r.periodicity.empty()) {
    s.bind(12, r.periodicity);
  } else {
    s.bind_null(12);
  }
  if (r.has_phi_period()) {
    s.bind(13, r.phi_preperiod).bind(14, r.phi_period);
  } else {
    s.bind_null(13).bind_null(14);
  }
  if (!r.complete && r.order_at_least != 0) {
    s.bind(15, r.powers_at_least).bind(16, r.order_at_least);
  } else {
    s.bind_null(15).bind_null(16);
  }
  s.step();
  t.commit();
}

std::vector<MisereRow> CensusDatabase::misere_rows() const {
  // A file of an older version opened read-only is read as it is: version 1 has no misère
  // quotients, version 2 not the last five columns (NULL, as in its rows after an upgrade).
  if (version_ < 2) return {};
  Statement s(db_, version_ == 2
                       ? "SELECT game, max_heap, max_work, reached, complete, quotient_order, "
                         "p_count, stable_from, tame, seconds, engine, NULL, NULL, NULL, NULL, "
                         "NULL FROM misere_quotients ORDER BY game"
                       : "SELECT game, max_heap, max_work, reached, complete, quotient_order, "
                         "p_count, stable_from, tame, seconds, engine, periodicity, "
                         "phi_preperiod, phi_period, powers_at_least, order_at_least FROM "
                         "misere_quotients ORDER BY game");
  std::vector<MisereRow> out;
  while (s.step()) {
    MisereRow r;
    r.game = s.text(0);
    r.max_heap = s.number(1);
    r.max_work = s.number(2);
    r.reached = s.number(3);
    r.complete = s.number(4) != 0;
    const std::uint64_t order = s.number(5);
    if (order > ~std::uint32_t{0}) throw Error("census database: a misère quotient's order");
    r.order = static_cast<std::uint32_t>(order);
    if (!s.null(8)) {
      r.p_count = s.number(6);
      r.stable_from = s.number(7);
      r.tame = s.text(8);
    }
    r.seconds = s.real(9);
    r.engine = s.text(10);
    if (!s.null(11)) r.periodicity = s.text(11);
    if (!s.null(12)) {
      r.phi_preperiod = s.number(12);
      r.phi_period = s.number(13);
    }
    if (!s.null(14)) {
      r.powers_at_least = s.number(14);
      r.order_at_least = s.number(15);
    }
    out.push_back(std::move(r));
  }
  return out;
}

}  // namespace grundy
