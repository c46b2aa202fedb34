// The census library: families, classification within a budget, continued sequence files,
// proven and observed equivalences, the database, and whole runs (threads, reruns, other ranks).
#include <gtest/gtest.h>
#include <sqlite3.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "grundy/analysis/period_certificate.hpp"
#include "grundy/analysis/period_verifier.hpp"
#include "grundy/analysis/sparse_mask.hpp"
#include "grundy/census/census_classify.hpp"
#include "grundy/census/census_database.hpp"
#include "grundy/census/census_equivalence.hpp"
#include "grundy/census/census_family.hpp"
#include "grundy/census/census_run.hpp"
#include "grundy/census/misere_census.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/sequence_file.hpp"
#include "grundy/engine/engine.hpp"
#include "grundy/solve/dense_solver.hpp"

namespace grundy {
namespace {

/// A fresh directory for one test, removed after it.
class CensusDir {
 public:
  CensusDir() {
    char name[] = "/tmp/grundy-census-XXXXXX";
    if (::mkdtemp(name) == nullptr) std::abort();
    path_ = name;
  }
  ~CensusDir() { std::filesystem::remove_all(path_); }
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }

 private:
  std::filesystem::path path_;
};

std::vector<Value> dense_values(const std::string& spec, std::uint64_t count) {
  const auto game = Engine::game(spec);
  DenseSolver solver(*game, Limits{});
  solver.extend_to(count - 1);
  return std::vector<Value>(solver.values().begin(), solver.values().end());
}

CensusBudget small_budget(std::uint64_t values) {
  CensusBudget b;
  b.values = values;
  b.seconds = 0;
  b.extended_values = values;
  b.extended_seconds = 0;
  b.three_heap_values = 512;
  b.three_heap_seconds = 0;
  return b;
}

TEST(CensusFamily, MembersAndCounts) {
  const CensusFamily octal = parse_census_family("octal:3");
  EXPECT_EQ(octal.name(), "octal:3");
  const std::vector<std::string> codes = octal.codes();
  ASSERT_EQ(codes.size(), 1024u);
  EXPECT_EQ(octal.count(), 1024u);
  EXPECT_EQ(codes.front(), "0.000");
  EXPECT_EQ(codes[0077], "0.077");
  EXPECT_EQ(codes.back(), "4.777");
  const CensusFamily hex = parse_census_family("hex:1");
  ASSERT_EQ(hex.codes().size(), 64u);
  EXPECT_EQ(hex.codes()[63], "hex(C.F)");
  EXPECT_EQ(parse_census_family("sub:3").codes(),
            (std::vector<std::string>{"sub(1)", "sub(2)", "sub(1,2)", "sub(3)", "sub(1,3)",
                                      "sub(2,3)", "sub(1,2,3)"}));
  EXPECT_EQ(parse_census_family("allbut:12").count(), 4095u);
  EXPECT_EQ(parse_census_family("allbut:2").codes().back(), "allbut(1,2)");
  // Every member is a game the spec language reads.
  for (const std::string& c : parse_census_family("hex:1").codes())
    EXPECT_NO_THROW(Engine::game(c));
  for (const char* bad : {"octal:0", "octal:7", "octal:03", "octal:", "octal", "foo:3", "octal:3x",
                          "hex:5", "sub:21", "allbut:-1", ""}) {
    EXPECT_THROW(parse_census_family(bad), Error) << bad;
  }
}

TEST(CensusFamily, TheTableOfKindsIsTheOneListOfFamilies) {
  const std::span<const CensusFamilyKind> kinds = census_family_kinds();
  std::set<CensusFamily::Kind> seen;
  for (const CensusFamilyKind& k : kinds) {
    seen.insert(k.kind);
    const std::string name(k.name);
    EXPECT_EQ(parse_census_family(name + ":1").kind, k.kind) << name;
    EXPECT_EQ(parse_census_family(name + ":" + std::to_string(k.max)).name(),
              name + ":" + std::to_string(k.max));
    EXPECT_THROW(parse_census_family(name + ":" + std::to_string(k.max + 1)), Error) << name;
    const std::string form = name + ":" + std::string(k.size);
    EXPECT_NE(census_family_names().find(form), std::string::npos) << form;
    EXPECT_NE(census_family_forms().find(form + " with " + std::string(k.size) + " = 1.." +
                                         std::to_string(k.max) + " (" + std::string(k.members)),
              std::string::npos)
        << form;
  }
  // Every kind of family has its row (the enumeration's last is repeating).
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(CensusFamily::Kind::repeating) + 1);
  EXPECT_EQ(kinds.size(), seen.size());
  try {
    parse_census_family("octal:9");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find(census_family_forms()), std::string::npos) << e.what();
  }
}

TEST(CensusMembers, SameMovesEqualValuesAndTheOffsetRuleAgreeWithBruteForce) {
  const std::vector<CensusMember> members =
      census_members(parse_census_family("octal:2"), census_engine(Limits{}));
  ASSERT_EQ(members.size(), 128u);
  std::size_t offsets = 0, equal = 0;
  for (const CensusMember& m : members) {
    if (m.code == "0.70") {
      EXPECT_EQ(m.game, "0.7");
      EXPECT_EQ(m.relation, Relation::same_moves);
    }
    if (m.code == "0.40") {
      EXPECT_EQ(m.relation, Relation::offset);
      EXPECT_EQ(m.representative, "0.07");
    }
    if (m.code == "0.65") {
      EXPECT_EQ(m.relation, Relation::proven_equal);
      EXPECT_EQ(m.representative, "0.64");
    }
    if (m.relation == Relation::proven_equal) ++equal;
    if (m.relation != Relation::offset && m.relation != Relation::proven_equal) continue;
    offsets += m.relation == Relation::offset;
    const int shift = relation_shift(m.relation);
    const std::vector<Value> g = dense_values(m.game, 301), h = dense_values(m.representative, 300);
    for (std::size_t n = 0; n < 300; ++n) {
      ASSERT_EQ(g[n + shift], h[n]) << m.code << " n=" << n;
    }
  }
  EXPECT_GT(offsets, 10u);
  EXPECT_GT(equal, 10u);
}

TEST(CensusClassify, PublishedPeriodsAreSolvedWithCertificates) {
  CensusDir dir;
  struct Case {
    const char* game;
    CensusClass kind;
    std::uint64_t preperiod, period;
  };
  for (const Case& c :
       {Case{"0.77", CensusClass::trivial, 71, 12}, Case{"0.45", CensusClass::solved, 498, 20},
        Case{"0.156", CensusClass::solved, 3479, 349},
        Case{"sub(2,3,7)", CensusClass::trivial, 0, 5}}) {
    const GameResult r = classify_game(CensusJob{c.game, dir / "seq", small_budget(1 << 16)},
                                       census_engine(Limits{}));
    EXPECT_EQ(r.census_class, c.kind) << c.game;
    EXPECT_EQ(r.preperiod, c.preperiod) << c.game;
    EXPECT_EQ(r.period, c.period) << c.game;
    EXPECT_FALSE(std::filesystem::exists(dir / "seq")) << "a proven game keeps no sequence file";
    const auto game = Engine::game(c.game);
    const PeriodCertificate cert = parse_certificate(r.certificate, ~std::uint64_t{0});
    const CertificateCheck check = check_certificate(*game, cert, ~std::uint64_t{0});
    EXPECT_TRUE(check.holds && check.complete) << c.game << ": " << check.failure;
  }
}

TEST(CensusClassify, OpenGamesStatsAndContinuation) {
  CensusDir dir;
  const auto path = dir / "0.6.gseq";
  const GameResult first =
      classify_game(CensusJob{"0.6", path, small_budget(3000)}, census_engine(Limits{}));
  EXPECT_EQ(first.census_class, CensusClass::open);
  EXPECT_EQ(first.values_computed, 3000u);
  // The statistics against the values themselves.
  const std::vector<Value> g = dense_values("0.6", 6000);
  Value largest = 0;
  std::uint64_t at = 0;
  for (std::uint64_t n = 0; n < 3000; ++n) {
    if (g[n] > largest) largest = g[n], at = n;
  }
  EXPECT_EQ(first.largest_value, largest);
  EXPECT_EQ(first.largest_first, at);
  std::uint64_t rare = 0, last = 0;
  for (std::uint64_t n = 0; n < 3000; ++n) {
    if (is_rare_value(g[n], first.rare_mask)) ++rare, last = n;
  }
  EXPECT_EQ(first.rare_count, rare);
  EXPECT_EQ(first.last_rare, last);
  // A larger budget continues the file, and its values are those of a fresh table.
  const GameResult second =
      classify_game(CensusJob{"0.6", path, small_budget(6000)}, census_engine(Limits{}));
  EXPECT_EQ(second.values_computed, 6000u);
  const auto file = SequenceFile::open(path);
  ASSERT_EQ(file->count(), 6000u);
  for (std::uint64_t n = 0; n < 6000; ++n) ASSERT_EQ(file->at(n), g[n]) << n;
}

TEST(CensusClassify, AWrongValueInAContinuedFileIsRefused) {
  CensusDir dir;
  const auto path = dir / "0.6.gseq";
  {
    // A well-formed file (its checksum right) with one wrong value: the last, always checked.
    std::vector<Value> g = dense_values("0.6", 2000);
    g[1999] ^= 1;
    auto file = SequenceFile::create_or_continue(path, "0.6");
    file->reserve(2000);
    for (std::uint64_t n = 0; n < 2000; ++n) file->set(n, g[n]);
    file->checkpoint(2000);
  }
  try {
    classify_game(CensusJob{"0.6", path, small_budget(4000)}, census_engine(Limits{}));
    FAIL() << "a wrong value was built on";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("fail their check: g(1999)"), std::string::npos)
        << e.what();
  }
}

TEST(CensusEquivalence, OffsetResultsCarryTheirOwnCertificates) {
  CensusDir dir;
  // 0.4 -> 0.07 (Dawson's Kayles): 0.4 has preperiod 54 and period 34 (OEIS A002187, a(n-2)).
  const GameResult dawson =
      classify_game(CensusJob{"0.07", dir / "seq", small_budget(1 << 14)}, census_engine(Limits{}));
  const PeriodCertificate c = parse_certificate(dawson.certificate, ~std::uint64_t{0});
  const GameResult r = derived_result("0.4", dawson, CensusValues::proven(c.periodicity), 1);
  EXPECT_EQ(r.preperiod, 54u);
  EXPECT_EQ(r.period, 34u);
  EXPECT_EQ(r.largest_value, 9u);
  const CertificateCheck check = check_certificate(
      *Engine::game("0.4"), parse_certificate(r.certificate, 1 << 20), ~std::uint64_t{0});
  EXPECT_TRUE(check.holds && check.complete) << check.failure;
  // A certificate derived for the wrong game fails against its moves.
  PeriodCertificate wrong = parse_certificate(r.certificate, 1 << 20);
  wrong.game = "0.5";
  EXPECT_FALSE(check_certificate(*Engine::game("0.5"), wrong, ~std::uint64_t{0}).holds);
}

TEST(CensusEquivalence, NearMissesAndEqualValues) {
  // A public table calls .161 and .36 equivalent; their values first differ at heap 519.
  const CensusValues a = CensusValues::held(dense_values("0.161", 2000));
  const CensusValues b = CensusValues::held(dense_values("0.36", 2000));
  const CensusValues c = CensusValues::held(dense_values("0.161", 1500));
  std::vector<ValueEquivalence> equal;
  std::vector<NearMiss> near;
  const std::vector<std::string> games{"0.161", "0.36", "0.161copy"};
  value_equivalences(
      games,
      [&](const std::string& g) -> const CensusValues* {
        return g == "0.161" ? &a : g == "0.36" ? &b : &c;
      },
      equal, near);
  ASSERT_EQ(near.size(), 1u);
  EXPECT_EQ(near[0].a, "0.161");
  EXPECT_EQ(near[0].b, "0.36");
  EXPECT_EQ(near[0].first_difference, 519u);
  ASSERT_EQ(equal.size(), 1u);
  EXPECT_EQ(equal[0].game, "0.161copy");
  EXPECT_EQ(equal[0].representative, "0.161");
  EXPECT_EQ(equal[0].relation, Relation::observed);
}

TEST(CensusDatabase, ResultsRoundTripAndForeignFilesAreRefused) {
  CensusDir dir;
  const auto path = dir / "c.db";
  GameResult r;
  r.game = "0.6";
  r.values_computed = 12345;
  r.largest_value = 77;
  r.largest_first = 999;
  r.rare_mask = 5;
  r.rare_count = 3;
  r.last_rare = 17;
  r.regularity = Regularity::periodic;
  r.observed_preperiod = 10;
  r.observed_period = 20;
  r.observed_values_needed = ~std::uint64_t{0};  // no theorem: stored as NULL, read back
  r.seconds = 1.5;
  r.engine = "x";
  {
    CensusDatabase db(path);
    CensusRun run;
    run.family = "octal:1";
    run.engine = "x";
    run.started = "now";
    const std::int64_t id = db.begin_run(run);
    db.store_result(id, r, small_budget(100));
    db.finish_run(id, 1);
  }
  CensusDatabase again(path);
  const std::optional<StoredResult> back = again.result("0.6");
  ASSERT_TRUE(back);
  EXPECT_EQ(back->result, r) << "every field of the table: " << result_to_json(back->result);
  EXPECT_EQ(back->budget.values, 100u);
  EXPECT_EQ(again.run_count("octal:1"), 1u);
  EXPECT_FALSE(again.result("0.7"));

  std::ofstream(dir / "text.db") << "not a database at all, but long enough to look like a file\n";
  EXPECT_THROW(CensusDatabase(dir / "text.db"), Error);
  {
    sqlite3* other = nullptr;
    ASSERT_EQ(sqlite3_open((dir / "other.db").c_str(), &other), SQLITE_OK);
    sqlite3_exec(other, "CREATE TABLE t(x); PRAGMA user_version = 7", nullptr, nullptr, nullptr);
    sqlite3_close(other);
  }
  try {
    CensusDatabase bad(dir / "other.db");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("schema version 7"), std::string::npos) << e.what();
  }
}

/// A field of a result as text, for results_of.
std::string field_text(std::uint64_t v) {
  return std::to_string(v);
}
std::string field_text(const std::string& text) {
  return text;
}
std::string field_text(const std::optional<std::uint64_t>& v) {
  return v ? std::to_string(*v) : "-";
}
std::string field_text(double) {
  return "";
}
std::string field_text(bool b) {
  return b ? "true" : "false";
}
std::string field_text(CensusClass c) {
  return std::string(census_class_name(c));
}
std::string field_text(Regularity r) {
  return std::string(regularity_name(r));
}

/// The results of a database, every field of the one table (census_result.hpp) but the timings
/// (seconds, whether the seconds budget stopped a game, and the certificate, which carries the
/// time it was made), without run ids.
std::string results_of(const CensusDatabase& db, const CensusFamily& family) {
  std::string out;
  for (const CensusMember& m : db.members(family.name())) {
    out += m.code + " " + m.game + " " + m.representative + " " +
           std::string(relation_name(m.relation));
    if (auto s = db.result(m.game)) {
      for_each_result_field(
          s->result, [&](std::string_view name, const auto& value, ResultFieldGroup) {
            if (name == "seconds" || name == "stopped_by_time" || name == "certificate") return;
            out += " " + std::string(name) + "=" + field_text(value);
          });
    }
    out += "\n";
  }
  for (const ValueEquivalence& e : db.equivalences(family.name())) {
    out += e.game + " = " + e.representative + " " + std::string(relation_name(e.relation)) + "\n";
  }
  return out;
}

TEST(CensusRun, ThreadsDoNotChangeResultsAndARerunKeepsEverything) {
  CensusDir dir;
  const CensusFamily family = parse_census_family("octal:2");
  CensusOptions options;
  options.budget = small_budget(4096);
  options.threads = 1;
  CensusDatabase one(dir / "one.db");
  const CensusSummary s1 = run_census(family, one, options);
  EXPECT_EQ(s1.members, 128u);
  EXPECT_EQ(s1.computed + s1.derived, s1.games);
  EXPECT_EQ(s1.trivial + s1.solved + s1.open, s1.games);
  EXPECT_GT(s1.derived, 0u);
  options.threads = 2;
  CensusDatabase two(dir / "two.db");
  run_census(family, two, options);
  EXPECT_EQ(results_of(one, family), results_of(two, family));
  // A rerun under the same budget computes nothing again; a larger one continues the open games.
  const CensusSummary again = run_census(family, two, options);
  EXPECT_EQ(again.computed, 0u);
  EXPECT_EQ(again.kept, s1.computed);
  EXPECT_EQ(results_of(one, family), results_of(two, family));
  std::uint64_t open_computed = 0;
  for (const CensusMember& m : two.members(family.name())) {
    if (m.game != m.code && m.relation != Relation::itself) continue;
    const auto r = two.result(m.game);
    if (r && r->result.census_class == CensusClass::open && m.relation == Relation::itself) {
      ++open_computed;
    }
  }
  options.budget = small_budget(8192);
  const CensusSummary bigger = run_census(family, two, options);
  EXPECT_EQ(bigger.computed, open_computed);
  std::map<std::string, CensusMember> by_game;
  for (const CensusMember& m : two.members(family.name())) by_game[m.game] = m;
  for (const auto& [game, m] : by_game) {
    const auto r = two.result(game);
    ASSERT_TRUE(r);
    if (r->result.census_class != CensusClass::open) continue;
    // 8192 values of the game computed, one more per offset step to it.
    std::uint64_t shift = 0;
    for (const CensusMember* c = &m; c->relation != Relation::itself;
         c = &by_game.at(c->representative)) {
      shift += relation_shift(c->relation);
    }
    EXPECT_EQ(r->result.values_computed, 8192u + shift) << game;
  }
}

/// Another "rank" in this process that computes each job handed to it on the next round, until
/// its `stop_after`-th job: that one it stops as SIGINT would — it sets the stop flag and sends
/// the job back interrupted, not computed. So the run stops with at least that game not stored,
/// however fast this process's own thread gets through the quick games meanwhile (it may take
/// several in one round of the dispatch when each is done before the next is handed out).
class StoppingWorkers final : public CensusWorkers {
 public:
  StoppingWorkers(std::atomic<bool>& stop, std::uint64_t stop_after)
      : stop_(stop), stop_after_(stop_after) {}
  unsigned ranks() const override { return 2; }
  std::uint64_t in_flight() const override { return waiting_.size(); }
  std::vector<JobOutcome> exchange(const std::function<std::optional<CensusJob>()>& next) override {
    std::vector<JobOutcome> out;
    for (const CensusJob& job : waiting_) {
      if (++returned_ == stop_after_) {
        stop_.store(true);
        JobOutcome stopped;
        stopped.game = job.game;
        stopped.interrupted = true;
        out.push_back(std::move(stopped));
      } else {
        out.push_back(run_census_job(job, census_engine(Limits{}), nullptr));
      }
    }
    waiting_.clear();
    if (std::optional<CensusJob> job = next()) waiting_.push_back(std::move(*job));
    return out;
  }
  void finish() override {}

 private:
  std::atomic<bool>& stop_;
  std::uint64_t stop_after_;
  std::uint64_t returned_ = 0;
  std::vector<CensusJob> waiting_;
};

TEST(CensusRun, AnInterruptedRunCountsWhatItStoredAndTheNextRunsCountsAddUp) {
  CensusDir dir;
  const CensusFamily family = parse_census_family("octal:2");
  std::atomic<bool> stop{false};
  CensusOptions options;
  options.budget = small_budget(32768);
  options.threads = 1;
  options.stop = &stop;
  // The members 0.10 to 0.17: quick games, and 0.16.
  options.slice = std::pair<std::uint64_t, std::uint64_t>(8, 8);
  CensusDatabase db(dir / "c.db");
  StoppingWorkers workers(stop, 3);
  EXPECT_THROW(run_census(family, db, options, &workers), Interrupted);
  // The games it stored, each once (a derived game is not computed).
  std::set<std::string> stored;
  for (const CensusMember& m : db.members(family.name())) {
    if (m.relation == Relation::offset || m.relation == Relation::proven_equal) continue;
    if (auto r = db.result(m.game); r && r->run == 1) stored.insert(m.game);
  }
  // The worker's first two games at least (its third came back interrupted).
  ASSERT_GE(stored.size(), 2u);
  const std::optional<CensusRun> interrupted = db.last_run(family.name());
  ASSERT_TRUE(interrupted);
  EXPECT_EQ(interrupted->games_computed, stored.size());
  EXPECT_EQ(interrupted->finished, "");

  // The same command computes the others. Each game is counted once: computed, kept or derived.
  stop.store(false);
  const CensusSummary resumed = run_census(family, db, options);
  const std::uint64_t computable = resumed.games - resumed.derived;
  ASSERT_GT(computable, stored.size());
  EXPECT_EQ(resumed.computed, computable - stored.size());
  EXPECT_EQ(resumed.kept, stored.size());
  EXPECT_EQ(resumed.computed + resumed.kept + resumed.derived, resumed.games);
  EXPECT_EQ(db.last_run(family.name())->games_computed, resumed.computed);
  // A larger second pass continues a game its first pass keeps (0.16 looks bounded at 2^15
  // values): computed in this run, so not kept too.
  options.budget.extended_values = 65536;
  const CensusSummary extended = run_census(family, db, options);
  EXPECT_GE(extended.computed, 1u);
  EXPECT_EQ(extended.computed + extended.kept + extended.derived, extended.games);
  EXPECT_EQ(extended.computed + extended.kept, computable);
  EXPECT_EQ(db.last_run(family.name())->games_computed, extended.computed);
}

TEST(CensusRun, TheSecondPassProvesAGameWhoseValuesLookBoundedAndCountsItOnce) {
  // 0.156 has preperiod 3479 and period 349 (its proof needs g(0..7898)): open at 4096 values,
  // where its largest value has come early and few values are rare, so the second pass continues
  // it; without the larger budget it stays open.
  const CensusFamily family = parse_census_family("octal:3");
  const std::vector<std::string> codes = family.codes();
  const auto at =
      static_cast<std::uint64_t>(std::find(codes.begin(), codes.end(), "0.156") - codes.begin());
  ASSERT_LT(at, codes.size());
  CensusOptions options;
  options.budget = small_budget(4096);
  options.threads = 1;
  options.slice = std::pair<std::uint64_t, std::uint64_t>(at, 1);
  CensusDir dir;
  CensusDatabase same(dir / "same.db");
  const CensusSummary without = run_census(family, same, options);
  EXPECT_EQ(without.computed, 1u);
  ASSERT_TRUE(same.result("0.156"));
  EXPECT_EQ(same.result("0.156")->result.census_class, CensusClass::open);

  options.budget.extended_values = 16384;
  CensusDatabase larger(dir / "larger.db");
  const CensusSummary with = run_census(family, larger, options);
  EXPECT_EQ(with.computed, 1u);  // two jobs, one game
  const auto r = larger.result("0.156");
  ASSERT_TRUE(r);
  EXPECT_EQ(r->result.census_class, CensusClass::solved);
  EXPECT_EQ(r->result.preperiod, 3479u);
  EXPECT_EQ(r->result.period, 349u);
  EXPECT_LT(r->result.values_computed, 16384u);
}

/// Every misère row but its seconds, one line per game.
std::string misere_rows_of(const CensusDatabase& db) {
  std::string out;
  for (const MisereRow& r : db.misere_rows()) {
    out += r.game + " " + std::to_string(r.max_heap) + " " + std::to_string(r.max_work) + " " +
           std::to_string(r.reached) + " " + std::to_string(r.complete) + " " +
           std::to_string(r.order) + " " + std::to_string(r.p_count) + " " +
           std::to_string(r.stable_from) + " " + r.tame + " " + r.engine + "\n";
  }
  return out;
}

/// Other "ranks" in this process: each job travels as the MPI messages' JSON, is computed on the
/// next round and its outcome travels back the same way.
class LoopbackMisereWorkers final : public MisereWorkers {
 public:
  unsigned ranks() const override { return 2; }
  std::uint64_t in_flight() const override { return waiting_.size(); }
  std::vector<MisereOutcome> exchange(
      const std::function<std::optional<MisereJob>()>& next) override {
    std::vector<MisereOutcome> out;
    for (const std::string& text : waiting_) {
      const MisereOutcome o =
          run_misere_job(misere_job_from_json(text), census_engine(Limits{}), nullptr);
      out.push_back(misere_outcome_from_json(misere_outcome_to_json(o)));
    }
    waiting_.clear();
    if (std::optional<MisereJob> job = next()) {
      waiting_.push_back(misere_job_to_json(*job));
      ++handed;
    }
    return out;
  }
  void finish() override { finished = true; }

  std::uint64_t handed = 0;
  bool finished = false;

 private:
  std::vector<std::string> waiting_;
};

TEST(MisereCensusRun, OtherRanksGiveTheRowsOfOneProcessAndARerunKeepsThem) {
  CensusDir dir;
  const CensusFamily family = parse_census_family("octal:2");
  MisereCensusOptions options;
  options.max_heap = 14;
  options.max_work = 300'000;  // some games stop before heap 14
  options.threads = 1;
  CensusDatabase one(dir / "one.db");
  const MisereCensusSummary s1 = run_misere_census(family, one, options);
  EXPECT_EQ(s1.ranks, 1u);
  EXPECT_EQ(s1.computed, s1.games);
  EXPECT_GT(s1.not_stabilised, 0u);
  EXPECT_GT(s1.tame + s1.wild, 0u);
  CensusDatabase ranks(dir / "ranks.db");
  LoopbackMisereWorkers workers;
  const MisereCensusSummary s2 = run_misere_census(family, ranks, options, &workers);
  EXPECT_EQ(s2.ranks, 2u);
  EXPECT_GT(workers.handed, 0u);
  EXPECT_LT(workers.handed, s2.games);  // this process's thread computed some too
  EXPECT_TRUE(workers.finished);
  EXPECT_EQ(s2.computed, s1.computed);
  EXPECT_EQ(s2.not_stabilised, s1.not_stabilised);
  EXPECT_EQ(misere_rows_of(one), misere_rows_of(ranks));
  LoopbackMisereWorkers again;
  const MisereCensusSummary s3 = run_misere_census(family, ranks, options, &again);
  EXPECT_EQ(s3.computed, 0u);
  EXPECT_EQ(s3.kept, s1.games);
  EXPECT_EQ(again.handed, 0u);
  EXPECT_EQ(misere_rows_of(one), misere_rows_of(ranks));
}

TEST(MisereCensusRun, MessagesRoundTripAndMalformedOnesAreRefused) {
  MisereOutcome o;
  o.game = "0.77";
  o.row = MisereRow{};
  o.row->game = "0.77";
  o.row->max_heap = 40;
  o.row->complete = true;
  o.row->order = 40;
  o.row->tame = "wild";
  o.row->seconds = 0.125;
  const MisereOutcome back = misere_outcome_from_json(misere_outcome_to_json(o));
  ASSERT_TRUE(back.row);
  EXPECT_EQ(back.row->order, 40u);
  EXPECT_EQ(back.row->tame, "wild");
  EXPECT_EQ(back.row->seconds, 0.125);
  const MisereJob job = misere_job_from_json(misere_job_to_json({"0.137", 20, 1000}));
  EXPECT_EQ(job.game, "0.137");
  EXPECT_EQ(job.max_heap, 20u);
  EXPECT_EQ(job.max_work, 1000u);
  EXPECT_THROW(misere_job_from_json("{\"game\": \"0.7\"}"), Error);
  EXPECT_THROW(misere_outcome_from_json("not json"), Error);
  // A job the quotient cannot take is an error outcome, never an exception.
  const MisereOutcome bad =
      run_misere_job({"no such game", 10, 1000}, census_engine(Limits{}), nullptr);
  EXPECT_FALSE(bad.row);
  EXPECT_FALSE(bad.error.empty());
}

}  // namespace
}  // namespace grundy
