// The period cache: certificates round-trip; a file is used only when it parses strictly and its
// certificate holds for the game; anything else (torn, edited, foreign, forged, overflowing,
// oversized) is a miss that never crashes, throws or answers wrongly.
#include "grundy/analysis/period_cache.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "grundy/analysis/period_search.hpp"
#include "grundy/analysis/periodic_source.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/solve/dense_solver.hpp"
#include "grundy/spec/parser.hpp"
#include "grundy/version.hpp"
#include "certificate_text.hpp"

namespace grundy {
namespace {

using test::hex16;
using test::signed_text;

class PeriodCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char name[] = "/tmp/grundy-cache-test-XXXXXX";
    dir_ = mkdtemp(name);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  static PeriodCertificate proven(const Game& game) {
    DenseSolver solver(game, Limits{});
    const PeriodSearch search = find_periodicity(game, solver, 100000);
    EXPECT_TRUE(search.periodicity) << game.name();
    return make_certificate(game.name(), periodicity_theorem(game), *search.periodicity);
  }
  void write(const std::filesystem::path& file, const std::string& text) {
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
  }
  std::string read(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

  std::shared_ptr<const Game> kayles_ = parse_game("kayles");
  std::shared_ptr<const Game> dawson_ = parse_game("0.07");
  std::filesystem::path dir_;
};

TEST_F(PeriodCacheTest, RoundTrip) {
  PeriodCache cache(dir_);
  EXPECT_FALSE(cache.load(*kayles_).certificate);
  EXPECT_EQ(cache.load(*kayles_).problem, "");  // no file is no problem
  const PeriodCertificate c = proven(*kayles_);
  ASSERT_TRUE(cache.store(c));
  const PeriodCache::Loaded back = cache.load(*kayles_);
  ASSERT_TRUE(back.certificate) << back.problem;
  EXPECT_EQ(back.problem, "");
  EXPECT_TRUE(back.check.holds);
  EXPECT_TRUE(back.check.complete);
  EXPECT_EQ(back.certificate->periodicity.preperiod, 71u);
  EXPECT_EQ(back.certificate->periodicity.period, 12u);
  EXPECT_EQ(back.certificate->periodicity.values, c.periodicity.values);
  EXPECT_EQ(back.certificate->date, c.date);
  EXPECT_FALSE(cache.load(*dawson_).certificate);  // another game
}

TEST_F(PeriodCacheTest, ArithmeticPeriodsAreCachedAndChecked) {
  // allbut(2,3): period 4, saltus 2; the second search takes the cached certificate, checked.
  const auto game = parse_game("allbut(2,3)");
  PeriodOptions options;
  options.cache_directory = dir_;
  std::vector<std::string> warnings;
  options.warning = [&](const std::string& w) { warnings.push_back(w); };
  const PeriodAnswer first = find_or_load_periodicity(*game, options, 100000);
  ASSERT_TRUE(first.periodicity);
  EXPECT_FALSE(first.from_cache);
  const PeriodAnswer again = find_or_load_periodicity(*game, options, 100000);
  ASSERT_TRUE(again.periodicity);
  EXPECT_TRUE(again.from_cache);
  ASSERT_TRUE(again.cache_check);
  EXPECT_TRUE(again.cache_check->holds);
  EXPECT_EQ(again.periodicity->saltus, 2u);
  EXPECT_EQ(again.periodicity->value_at(1000000000000), 500000000000u);
  EXPECT_TRUE(warnings.empty());
  // A forged saltus in the file: not used, said, replaced.
  PeriodCache cache(dir_);
  PeriodCertificate forged = *again.certificate;
  forged.periodicity.saltus = 3;
  ASSERT_TRUE(cache.store(forged));
  const PeriodAnswer third = find_or_load_periodicity(*game, options, 100000);
  EXPECT_FALSE(third.from_cache);
  EXPECT_EQ(third.periodicity->saltus, 2u);
  EXPECT_EQ(warnings.size(), 1u);
  // --verify on a cached arithmetic certificate redoes it in full.
  PeriodAnswer fourth = find_or_load_periodicity(*game, options, 100000);
  EXPECT_TRUE(fourth.from_cache);
  const CertificateCheck verified =
      verify_period_answer(*game, fourth, options, 100000, 1'000'000'000);
  EXPECT_TRUE(verified.holds) << verified.summary();
  EXPECT_TRUE(verified.afresh);
}

TEST_F(PeriodCacheTest, KeyHasTheEngineVersionAndTheGame) {
  PeriodCache cache(dir_);
  const std::string name = cache.file_for("0.77").filename().string();
  std::string key = std::string(kCertificateHeader) + "\n" + kEngineVersion + "\n0.77";
  EXPECT_EQ(name, hex16(fnv1a(key)) + ".txt");
  EXPECT_NE(cache.file_for("0.77"), cache.file_for("0.07"));
  // The name version 1 used (a hash of the game alone) is another file: an older engine's
  // results are never read.
  EXPECT_NE(name, hex16(fnv1a("0.77")) + ".txt");
}

TEST_F(PeriodCacheTest, AnOlderEnginesFileIsNotUsed) {
  PeriodCache cache(dir_);
  // Version 1's file, at version 1's name, claiming a wrong period: never read.
  write(dir_ / "periods" / (hex16(fnv1a("0.07")) + ".txt"),
        signed_text("grundy-period-cache 1\ngame 0.07\npreperiod 0\nperiod 1\nsaltus 0\n"
                    "values_checked 176\nproof proof: forged\nvalues 1\n0\n"));
  EXPECT_FALSE(cache.load(*dawson_).certificate);
  // A certificate of another engine version at this engine's name: a miss.
  PeriodCertificate c = proven(*dawson_);
  c.engine = "0.0.9";
  write(cache.file_for("0.07"), serialise_certificate(c));
  const PeriodCache::Loaded loaded = cache.load(*dawson_);
  EXPECT_FALSE(loaded.certificate);
  EXPECT_NE(loaded.problem.find("0.0.9"), std::string::npos) << loaded.problem;
}

TEST_F(PeriodCacheTest, ForgedPeriodIsNotUsed) {
  // Well-formed, checksum right, counts consistent: period 1 for 0.07, which made
  // `value 0.07 100000` print 0 (truth: 3).
  PeriodCache cache(dir_);
  const PeriodicityTheorem theorem = periodicity_theorem(*dawson_);
  Periodicity forged;
  forged.preperiod = 0;
  forged.period = 1;
  forged.values = {0};
  forged.values_checked = theorem.values_needed(0, 1);
  forged.proof = theorem.statement(0, 1, forged.values_checked);
  ASSERT_TRUE(cache.store(make_certificate("0.07", theorem, forged)));
  const PeriodCache::Loaded loaded = cache.load(*dawson_);
  EXPECT_FALSE(loaded.certificate);
  EXPECT_FALSE(loaded.check.holds);
  EXPECT_NE(loaded.problem.find("g(2) is 1"), std::string::npos) << loaded.problem;
}

TEST_F(PeriodCacheTest, OverflowingOrHugeCountsAreMissesNotCrashes) {
  PeriodCache cache(dir_);
  const std::string text = serialise_certificate(proven(*kayles_));
  const std::string body = text.substr(0, text.rfind("checksum "));
  auto with = [&](const std::string& from, const std::string& to) {
    std::string b = body;
    b.replace(b.find(from), from.size(), to);
    return signed_text(b);
  };
  // preperiod 2^64-1: preperiod + period wraps (crashed `value kayles 100000`).
  write(cache.file_for("0.77"), with("preperiod 71\n", "preperiod 18446744073709551615\n"));
  EXPECT_FALSE(cache.load(*kayles_).certificate);
  EXPECT_NE(cache.load(*kayles_).problem.find("preperiod + period"), std::string::npos);
  // 2^62 values claimed, consistently (threw bad_alloc out of load()).
  write(cache.file_for("0.77"), with("preperiod 71\nperiod 12\nsaltus 0\nvalues_needed 168\n",
                                     "preperiod 4611686018427387892\nperiod 12\nsaltus 0\n"
                                     "values_needed 168\n"));
  {
    std::string b = read(cache.file_for("0.77"));
    b = b.substr(0, b.rfind("checksum "));
    b.replace(b.find("values 83\n"), 10, "values 4611686018427387904\n");
    write(cache.file_for("0.77"), signed_text(b));
  }
  PeriodCache unbounded(dir_, ~std::uint64_t{0});
  EXPECT_NO_THROW(EXPECT_FALSE(unbounded.load(*kayles_).certificate));
  EXPECT_NO_THROW(EXPECT_FALSE(cache.load(*kayles_).certificate));
}

TEST_F(PeriodCacheTest, CorruptForeignOrOddFilesAreMisses) {
  PeriodCache cache(dir_);
  const PeriodCertificate good = proven(*kayles_);
  ASSERT_TRUE(cache.store(good));
  const auto file = cache.file_for("0.77");
  const std::string text = read(file);
  std::string flipped = text;
  flipped[flipped.find("values 83") + 11] ^= 1;  // a changed value: the checksum fails
  write(file, flipped);
  EXPECT_NE(cache.load(*kayles_).problem.find("checksum"), std::string::npos);
  write(file, text.substr(0, text.size() / 2));  // torn
  EXPECT_FALSE(cache.load(*kayles_).certificate);
  write(file, "not a cache file\n");
  EXPECT_FALSE(cache.load(*kayles_).certificate);
  PeriodCertificate other = proven(*dawson_);  // a file of another game under this name
  write(file, serialise_certificate(other));
  EXPECT_NE(cache.load(*kayles_).problem.find("another game"), std::string::npos);
  // Larger than any certificate the cache keeps: refused by size before it is read whole.
  PeriodCache small(dir_, 100);
  write(file, std::string(small.max_file_bytes() + 1, '0'));
  EXPECT_FALSE(small.load(*kayles_).certificate);
  EXPECT_NE(small.load(*kayles_).problem, "");
  // A directory where the file should be.
  std::filesystem::remove(file);
  std::filesystem::create_directories(file);
  EXPECT_FALSE(cache.load(*kayles_).certificate);
  EXPECT_NE(cache.load(*kayles_).problem, "");
  std::filesystem::remove(file);
  ASSERT_TRUE(cache.store(good));  // replaced
  EXPECT_TRUE(cache.load(*kayles_).certificate);
}

TEST_F(PeriodCacheTest, SearchesNeverUseAFailingCertificateAndReplaceIt) {
  const PeriodicityTheorem theorem = periodicity_theorem(*dawson_);
  Periodicity forged;
  forged.values = {0};
  forged.values_checked = theorem.values_needed(0, 1);
  forged.proof = theorem.statement(0, 1, forged.values_checked);
  PeriodCache cache(dir_);
  ASSERT_TRUE(cache.store(make_certificate("0.07", theorem, forged)));
  PeriodOptions options;
  options.cache_directory = dir_;
  std::vector<std::string> warnings;
  options.warning = [&](const std::string& w) { warnings.push_back(w); };
  const PeriodAnswer answer = find_or_load_periodicity(*dawson_, options, 100000);
  ASSERT_TRUE(answer.periodicity);
  EXPECT_FALSE(answer.from_cache);
  EXPECT_EQ(answer.periodicity->preperiod, 53u);
  EXPECT_EQ(answer.periodicity->period, 34u);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("is not used"), std::string::npos) << warnings[0];
  EXPECT_NE(warnings[0].find("g(2) is 1"), std::string::npos) << warnings[0];
  // Replaced by the true certificate, which the next search takes.
  const PeriodAnswer again = find_or_load_periodicity(*dawson_, options, 100000);
  EXPECT_TRUE(again.from_cache);
  ASSERT_TRUE(again.cache_check);
  EXPECT_TRUE(again.cache_check->complete);
  EXPECT_EQ(again.periodicity->period, 34u);
  EXPECT_EQ(warnings.size(), 1u);
}

TEST_F(PeriodCacheTest, VerifyReplacesACachedCertificateThatOnlyASpotCheckPassed) {
  // sub(5): g = 0 0 0 0 0 1 1 1 1 1, period 10 from 0; N = 15. A certificate with g(2) = 1 is
  // wrong where a spot check of the boundary positions (0, 9, 10, 14) cannot see it.
  const auto game = parse_game("sub(5)");
  const PeriodicityTheorem theorem = periodicity_theorem(*game);
  Periodicity claim;
  claim.period = 10;
  claim.values = {0, 0, 1, 0, 0, 1, 1, 1, 1, 1};
  claim.values_checked = theorem.values_needed(0, 10);
  claim.proof = theorem.statement(0, 10, claim.values_checked);
  PeriodCache cache(dir_);
  ASSERT_TRUE(cache.store(make_certificate("sub(5)", theorem, claim)));
  PeriodOptions options;
  options.cache_directory = dir_;
  options.cache_check_work = 6;  // below the 15 options of a full check
  options.cache_spot_positions = 0;
  std::vector<std::string> warnings;
  options.warning = [&](const std::string& w) { warnings.push_back(w); };
  PeriodAnswer answer = find_or_load_periodicity(*game, options, 1000);
  ASSERT_TRUE(answer.from_cache);
  ASSERT_TRUE(answer.cache_check);
  EXPECT_FALSE(answer.cache_check->complete);
  EXPECT_TRUE(warnings.empty());
  const CertificateCheck check = verify_period_answer(*game, answer, options, 1000, 1000000);
  EXPECT_TRUE(check.holds) << check.summary();
  EXPECT_TRUE(check.afresh);
  EXPECT_FALSE(answer.from_cache);
  EXPECT_EQ(answer.periodicity->values[2], 0u);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("g(2) is 0, the certificate says 1"), std::string::npos)
      << warnings[0];
  const PeriodCache::Loaded stored = cache.load(*game);  // the true one replaced it
  ASSERT_TRUE(stored.certificate) << stored.problem;
  EXPECT_EQ(stored.certificate->periodicity.values[2], 0u);
}

TEST_F(PeriodCacheTest, Discard) {
  PeriodCache cache(dir_);
  ASSERT_TRUE(cache.store(proven(*kayles_)));
  cache.discard("0.77");
  EXPECT_FALSE(std::filesystem::exists(cache.file_for("0.77")));
  cache.discard("0.77");  // quietly, when absent
}

TEST_F(PeriodCacheTest, ConcurrentWritersLeaveAValidFile) {
  const PeriodCertificate c = proven(*kayles_);
  std::vector<pid_t> children;
  for (int k = 0; k < 6; ++k) {
    const pid_t pid = fork();
    if (pid == 0) {
      PeriodCache cache(dir_);
      bool ok = true;
      for (int round = 0; round < 50; ++round) ok = cache.store(c) && ok;
      _exit(ok ? 0 : 1);
    }
    children.push_back(pid);
  }
  PeriodCache reader(dir_);
  for (int round = 0; round < 200; ++round) {
    const PeriodCache::Loaded loaded = reader.load(*kayles_);
    if (loaded.certificate) {
      EXPECT_EQ(loaded.certificate->periodicity.values, c.periodicity.values);
    }
    EXPECT_EQ(loaded.problem, "");  // never a torn file
  }
  for (pid_t pid : children) {
    int status = 0;
    waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  EXPECT_TRUE(reader.load(*kayles_).certificate);
  // No temporary files left behind.
  for (const auto& entry : std::filesystem::directory_iterator(dir_ / "periods")) {
    EXPECT_EQ(entry.path().extension(), ".txt") << entry.path();
  }
}

TEST_F(PeriodCacheTest, LongPeriodsAreNotStored) {
  const PeriodCertificate c = proven(*kayles_);  // 83 values
  PeriodCache small(dir_, 82);
  EXPECT_FALSE(small.store(c));
  EXPECT_FALSE(small.load(*kayles_).certificate);
  PeriodCache enough(dir_, 83);
  EXPECT_TRUE(enough.store(c));
  EXPECT_TRUE(enough.load(*kayles_).certificate);
}

TEST_F(PeriodCacheTest, UnwritableDirectoryIsNotAnError) {
  PeriodCache cache("/proc/no-such-dir/grundy");
  EXPECT_FALSE(cache.store(proven(*kayles_)));
  EXPECT_FALSE(cache.load(*kayles_).certificate);
}

}  // namespace
}  // namespace grundy
