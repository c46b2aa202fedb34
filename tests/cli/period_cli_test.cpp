// `grundy period` and the period cache through the command: a cache file never crashes the
// command or changes an answer (value, seq --out), the JSON says where a proof came from,
// --verify redoes the proof, and the answers without a proof say why and what would help.
#include <gtest/gtest.h>
#include <stdlib.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "cli_runner.hpp"
#include "grundy/analysis/period_cache.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/spec/parser.hpp"
#include "grundy/version.hpp"
#include "certificate_text.hpp"

namespace grundy_test {
namespace {

using nlohmann::json;

using grundy::test::hex16;
using grundy::test::signed_text;

/// `YYYY-MM-DDTHH:MM:SSZ`.
bool is_utc_date(const std::string& s) {
  const std::string shape = "dddd-dd-ddTdd:dd:ddZ";
  if (s.size() != shape.size()) return false;
  for (std::size_t k = 0; k < s.size(); ++k) {
    if (shape[k] == 'd' ? !(s[k] >= '0' && s[k] <= '9') : s[k] != shape[k]) return false;
  }
  return true;
}

/// Each test gets its own cache folder (GRUNDY_CACHE_DIR, inherited by the command).
class CliPeriodCache : public ::testing::Test {
 protected:
  void SetUp() override {
    if (const char* old = std::getenv("GRUNDY_CACHE_DIR")) saved_ = old;
    char name[] = "/tmp/grundy-period-cli-XXXXXX";
    ASSERT_NE(mkdtemp(name), nullptr);
    dir_ = name;
    ::setenv("GRUNDY_CACHE_DIR", name, 1);
  }
  void TearDown() override {
    if (saved_)
      ::setenv("GRUNDY_CACHE_DIR", saved_->c_str(), 1);
    else
      ::unsetenv("GRUNDY_CACHE_DIR");
    std::filesystem::remove_all(dir_);
  }
  void write(const std::filesystem::path& file, const std::string& text) {
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary | std::ios::trunc) << text;
  }
  /// The file this engine reads for `game`.
  std::filesystem::path certificate_file(const std::string& game) {
    return grundy::PeriodCache(dir_).file_for(game);
  }
  /// A cache file in the first format (before certificates), where that format's reader looked
  /// for it: a forged or overflowing one must not be read by any later engine.
  void write_version1(const std::string& game, const std::string& preperiod,
                      const std::string& period, const std::string& count,
                      const std::string& values) {
    write(dir_ / "periods" / (hex16(grundy::fnv1a(game)) + ".txt"),
          signed_text("grundy-period-cache 1\ngame " + game + "\npreperiod " + preperiod +
                      "\nperiod " + period +
                      "\nsaltus 0\nvalues_checked 176\nproof proof: "
                      "forged\nvalues " +
                      count + "\n" + values));
  }
  /// A well-formed certificate (checksum right) with the given numbers.
  void write_certificate(const std::string& game, const std::string& theorem_lines,
                         const std::string& preperiod, const std::string& period,
                         const std::string& needed, const std::string& count,
                         const std::string& values) {
    write(certificate_file(game),
          signed_text(std::string(grundy::kCertificateHeader) + "\ngame " + game + "\n" +
                      theorem_lines + "preperiod " + preperiod + "\nperiod " + period +
                      "\nsaltus 0\nvalues_needed " + needed + "\nvalues_checked " + needed +
                      "\nproof proof: forged\nengine " + grundy::kEngineVersion +
                      "\ndate 2024-01-01T00:00:00Z\nvalues " + count + "\n" + values));
  }

  std::filesystem::path dir_;
  std::optional<std::string> saved_;
};

constexpr const char* kTakeBreak2 = "theorem take_break\nreach 2\nheaps 2\nmodulus 0\n";

TEST_F(CliPeriodCache, ForgedPeriodNeverChangesAValue) {
  // Period 1 for 0.07: made `value 0.07 100000` print 0; the truth is 3.
  write_version1("0.07", "0", "1", "1", "0\n");
  write_certificate("0.07", kTakeBreak2, "0", "1", "5", "1", "0\n");
  const RunResult r = run_grundy({"value", "0.07", "100000"});
  EXPECT_EQ(r.exit_code, 0) << r;
  EXPECT_EQ(r.out, "3\n") << r;
  EXPECT_CONTAINS(r.err, "grundy: warning: the period cache file");
  EXPECT_CONTAINS(r.err, "is not used");
  EXPECT_EQ(count_newlines(r.err), 1u) << r;
  // Replaced by the true certificate: no warning the second time.
  const RunResult again = run_grundy({"value", "0.07", "100000"});
  expect_success(again);
  EXPECT_EQ(again.out, "3\n");
}

TEST_F(CliPeriodCache, ForgedPeriodNeverFillsASequenceFile) {
  write_version1("0.07", "0", "1", "1", "0\n");
  write_certificate("0.07", kTakeBreak2, "0", "1", "5", "1", "0\n");
  const std::string file = (dir_ / "d.gseq").string();
  const RunResult r = run_grundy({"seq", "0.07", "--to", "100000", "--out", file});
  EXPECT_EQ(r.exit_code, 0) << r;
  const RunResult tail = run_grundy({"seq", "--in", file, "--from", "99990"});
  expect_success(tail);
  const RunResult truth =
      run_grundy({"seq", "0.07", "--from", "99990", "--to", "100000", "--no-cache"});
  expect_success(truth);
  EXPECT_EQ(tail.out, truth.out);
  EXPECT_NE(tail.out, "0 0 0 0 0 0 0 0 0 0 0\n");
}

TEST_F(CliPeriodCache, OverflowingPreperiodIsAMissNotACrash) {
  // preperiod 2^64-1, period 1: preperiod + period wraps to 0 values (crashed with exit 139).
  write_version1("0.77", "18446744073709551615", "1", "0", "");
  write_certificate("0.77", kTakeBreak2, "18446744073709551615", "1", "168", "0", "");
  const RunResult r = run_grundy({"value", "kayles", "100000"});
  EXPECT_EQ(r.exit_code, 0) << r;
  const RunResult truth = run_grundy({"value", "kayles", "100000", "--no-cache"});
  EXPECT_EQ(r.out, truth.out);
  EXPECT_CONTAINS(r.err, "preperiod + period");
}

TEST_F(CliPeriodCache, HugeCountIsAMissNotAnAllocation) {
  // 2^62 values claimed consistently (threw bad_alloc out of the cache's load()).
  write_version1("0.77", "0", "4611686018427387904", "4611686018427387904", "0 1 2\n");
  write_certificate("0.77", kTakeBreak2, "0", "4611686018427387904", "168", "4611686018427387904",
                    "0 1 2\n");
  const RunResult r = run_grundy({"value", "kayles", "100000"});
  EXPECT_EQ(r.exit_code, 0) << r;
  const RunResult truth = run_grundy({"value", "kayles", "100000", "--no-cache"});
  EXPECT_EQ(r.out, truth.out);
  EXPECT_CONTAINS(r.err, "grundy: warning: ");
}

TEST_F(CliPeriodCache, JsonSaysWhereTheProofCameFrom) {
  const json first = expect_json(run_grundy({"period", "kayles", "--json"}));
  ASSERT_TRUE(first.contains("certificate")) << first;
  EXPECT_EQ(first["from_cache"], false);
  EXPECT_EQ(first["certificate"]["source"], "computed");
  EXPECT_EQ(first["certificate"]["engine"], grundy::kEngineVersion);
  EXPECT_EQ(first["certificate"]["theorem"], "take_break");
  EXPECT_EQ(first["certificate"]["values_needed"], 168);
  EXPECT_TRUE(is_utc_date(first["certificate"]["date"].get<std::string>())) << first;
  EXPECT_FALSE(first["certificate"].contains("checked_on_load"));

  const json second = expect_json(run_grundy({"period", "kayles", "--json"}));
  EXPECT_EQ(second["from_cache"], true);
  EXPECT_EQ(second["certificate"]["source"], "cache");
  EXPECT_EQ(second["certificate"]["date"], first["certificate"]["date"]);
  EXPECT_EQ(second["certificate"]["checked_on_load"]["complete"], true);
  EXPECT_EQ(second["certificate"]["checked_on_load"]["positions"], 168);
  EXPECT_EQ(second["preperiod"], 71);
  EXPECT_EQ(second["period"], 12);

  const RunResult text = run_grundy({"period", "kayles"});
  expect_success(text);
  EXPECT_EQ(count_newlines(text.out), 3u) << text;
  EXPECT_CONTAINS(text.out, "[from the cache]\ncertificate: grundy " +
                                std::string(grundy::kEngineVersion) + ", ");
  EXPECT_CONTAINS(text.out, "; checked on load: g(0..167) recomputed by mex");
  // The version the command prints is the engine's.
  const RunResult version = run_grundy({"--version"});
  EXPECT_EQ(version.out, "grundy " + std::string(grundy::kEngineVersion) + "\n");
}

TEST_F(CliPeriodCache, VerifyRedoesTheProof) {
  for (int round = 0; round < 2; ++round) {  // computed now, then from the cache
    const RunResult r = run_grundy({"period", "0.45", "--verify"});
    expect_success(r);
    EXPECT_CONTAINS(r.out, "verified: g(0..1037) computed afresh by the table solver");
    EXPECT_CONTAINS(r.out, "g(n+20) = g(n) holds on them for 498 <= n < 1018");
  }
  const json j = expect_json(run_grundy({"period", "0.45", "--verify", "--json"}));
  EXPECT_EQ(j["verified"]["holds"], true);
  EXPECT_EQ(j["verified"]["values"], 1038);
  const json closed = expect_json(run_grundy({"period", "sub(pow2)", "--verify", "--json"}));
  EXPECT_EQ(closed["verified"]["holds"], true);
  EXPECT_CONTAINS(closed["verified"]["summary"].get<std::string>(), "closed form");
}

TEST_F(CliPeriodCache, VerifyBeyondItsBudgetIsRefusedNamingIt) {
  const std::string message =
      expect_error(run_grundy({"period", "0.16", "--verify", "--max-work", "1000000"}));
  EXPECT_CONTAINS(message, "--max-work");
  EXPECT_CONTAINS(message, "1000000");
  EXPECT_CONTAINS(expect_error(run_grundy({"period", "kayles", "--max-work", "5"})), "--verify");
  EXPECT_CONTAINS(expect_error(run_grundy({"period", "kayles", "--verify", "--max-work", "-5"})),
                  "--max-work");
}

TEST(CliPeriodSlips, NoTheoremSaysSo) {
  const RunResult r = run_grundy({"period", "sub(squares)"});
  expect_success(r);
  EXPECT_EQ(r.out,
            "no period theorem applies to sub(squares): no periodicity theorem covers this "
            "infinite subtraction set (no residue argument applies)\nobserved: no period in "
            "g(0..99999) (its second half does not repeat twice; not proven either way: no "
            "periodicity theorem covers this game)\n");
  const json j = expect_json(run_grundy({"period", "sub(squares)", "--json"}));
  EXPECT_EQ(j["proven"], false);
  EXPECT_EQ(j["theorem_applies"], false);
  EXPECT_EQ(j["values_computed"], 100000);
  EXPECT_TRUE(j["observed"].is_null());
  EXPECT_FALSE(j.contains("candidate"));
}

TEST(CliPeriodSlips, NamesTheMaxThatWouldProveTheCandidate) {
  // 0.45: period 20 from 498, proven from 2*498 + 20 + 2 + 20 = 1038 values.
  const RunResult r = run_grundy({"period", "0.45", "--max", "1000", "--no-cache"});
  expect_success(r);
  EXPECT_EQ(r.out,
            "no period proven up to 1000\nthe values repeat with period 20 from 498; the theorem "
            "proves that from 1038 values: --max 1038 would prove it\n");
  const json j =
      expect_json(run_grundy({"period", "0.45", "--max", "1000", "--no-cache", "--json"}));
  EXPECT_EQ(j["theorem_applies"], true);
  EXPECT_EQ(j["candidate"]["preperiod"], 498);
  EXPECT_EQ(j["candidate"]["period"], 20);
  EXPECT_EQ(j["candidate"]["values_needed"], 1038);
  const json proven =
      expect_json(run_grundy({"period", "0.45", "--max", "1038", "--no-cache", "--json"}));
  EXPECT_EQ(proven["proven"], true);
  EXPECT_EQ(proven["preperiod"], 498);
  // No period visible yet: a larger --max may still prove one.
  const RunResult early = run_grundy({"period", "0.45", "--max", "600", "--no-cache"});
  expect_success(early);
  EXPECT_EQ(early.out,
            "no period proven up to 600\nthe values computed show no period yet; a larger --max "
            "may prove one\n");
  const json none =
      expect_json(run_grundy({"period", "0.45", "--max", "600", "--no-cache", "--json"}));
  EXPECT_TRUE(none["candidate"].is_null()) << none;
}

// --- arithmetic periodicity and repeating codes -------------------------------------------

TEST_F(CliPeriodCache, AllButGamesAreProvenWithTheirSaltus) {
  const RunResult r = run_grundy({"period", "allbut(1,2)"});
  expect_success(r);
  EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "preperiod 0 period 3 saltus 1");
  EXPECT_CONTAINS(r.out, "\nproof: arithmetic-periodicity check for moves that leave at most one "
                         "heap and repeat with period 1 in the tokens removed past 2");
  EXPECT_CONTAINS(r.out, "so g(n+3) = g(n)+1 for every n >= 1");
  EXPECT_EQ(count_newlines(r.out), 2u) << r;
  const json j = expect_json(run_grundy({"period", "allbut(2,3)", "--json"}));
  EXPECT_EQ(j["proven"], true);
  EXPECT_EQ(j["preperiod"], 0);
  EXPECT_EQ(j["period"], 4);
  EXPECT_EQ(j["saltus"], 2);
  EXPECT_EQ(j["certificate"]["theorem"], "arithmetic");
  EXPECT_EQ(j["certificate"]["values_needed"], 8);
  // From the cache the second time, checked on load.
  const json again = expect_json(run_grundy({"period", "allbut(2,3)", "--json"}));
  EXPECT_EQ(again["from_cache"], true);
  EXPECT_EQ(again["certificate"]["checked_on_load"]["complete"], true);
  EXPECT_EQ(again["saltus"], 2);
}

TEST_F(CliPeriodCache, VerifyRedoesAnArithmeticProof) {
  for (int round = 0; round < 2; ++round) {  // computed now, then from the cache
    const RunResult r = run_grundy({"period", "allbut(3,5,7,10)", "--verify"});
    expect_success(r);
    EXPECT_EQ(r.out.substr(0, r.out.find('\n')), "preperiod 85 period 15 saltus 5");
    EXPECT_CONTAINS(r.out, "verified: g(0..109) computed afresh by the table solver");
    EXPECT_CONTAINS(r.out, "g(n+15) = g(n)+5 for 85 <= n < 95, and the shift check with period "
                           "15 and saltus 5 at 95");
  }
  const json lasker = expect_json(run_grundy({"period", "4.(3)", "--verify", "--json"}));
  EXPECT_EQ(lasker["saltus"], 4);
  EXPECT_EQ(lasker["certificate"]["theorem"], "lasker");
  EXPECT_EQ(lasker["verified"]["holds"], true);
  // A forged saltus in the cache: reported, removed, proven again.
  const json truth = expect_json(run_grundy({"period", "allbut(1,2)", "--json"}));
  ASSERT_EQ(truth["saltus"], 1);
  const std::filesystem::path file = certificate_file("allbut(1,2)");
  std::ifstream in(file, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), {});
  text = text.substr(0, text.rfind("checksum "));
  text.replace(text.find("saltus 1"), 8, "saltus 2");
  write(file, signed_text(text));
  const RunResult value = run_grundy({"value", "allbut(1,2)", "3000000000000"});
  EXPECT_EQ(value.exit_code, 0) << value;
  EXPECT_EQ(value.out, "1000000000000\n");
  EXPECT_CONTAINS(value.err, "is not used");
}

TEST(CliArithmetic, HugeHeapsThroughTheSaltus) {
  const RunResult v =
      run_grundy({"value", "allbut(2,3)", "1000000000000", "9223372036854775807", "--no-cache"});
  expect_success(v);
  EXPECT_EQ(v.out, "500000000000\n4611686018427387903\n");
  const RunResult s = run_grundy({"solve", "allbut(2,3):1000000000000 + nim:5", "--no-cache"});
  expect_success(s);
  EXPECT_EQ(s.out,
            "first player wins\nnim-sum 500000000005\n0: allbut(2,3):1000000000000 -> "
            "allbut(2,3):9\n0: allbut(2,3):1000000000000 -> allbut(2,3):11\n");
  // Lasker's Nim beyond any table: the value by its closed form, a winning move that leaves one
  // heap; its splits are not enumerated, so the count is unknown (said on stderr).
  const RunResult lasker = run_grundy({"solve", "4.(3):1000000000000 + nim:7", "--json"});
  EXPECT_EQ(lasker.exit_code, 0) << lasker;
  EXPECT_CONTAINS(lasker.err, "splits of a heap beyond the computed table are not enumerated");
  const json l = json::parse(lasker.out);
  EXPECT_EQ(l["nim_sum"], 999999999999 ^ 7);
  EXPECT_EQ(l["move_to_play"]["to"], "4.(3):8");
  EXPECT_TRUE(l["winning_move_count"].is_null());
  // explain enumerates the heap's options and checks that their mex is the value it gives.
  const RunResult e = run_grundy({"explain", "allbut(2,3)", "100000", "--max-options", "2"});
  expect_success(e);
  EXPECT_CONTAINS(e.out, "allbut(2,3):100000: value 50000 (first player wins)\n");
}

TEST(CliArithmetic, ObservedArithmeticPeriodIsNotAProof) {
  const RunResult r = run_grundy({"period", "hex(0.8)", "--max", "2000", "--no-cache"});
  expect_success(r);
  EXPECT_EQ(r.out,
            "no period proven up to 2000\nthe values are arithmetic-periodic with period 3 saltus "
            "1 from 1; no theorem proves it for this game\n");
  const json j =
      expect_json(run_grundy({"period", "hex(0.8)", "--max", "2000", "--no-cache", "--json"}));
  EXPECT_EQ(j["proven"], false);
  EXPECT_EQ(j["theorem_applies"], true);
  EXPECT_EQ(j["candidate"]["preperiod"], 1);
  EXPECT_EQ(j["candidate"]["period"], 3);
  EXPECT_EQ(j["candidate"]["saltus"], 1);
  EXPECT_TRUE(j["candidate"]["values_needed"].is_null());
  // An ordinary candidate says saltus 0.
  const json ordinary =
      expect_json(run_grundy({"period", "0.45", "--max", "1000", "--no-cache", "--json"}));
  EXPECT_EQ(ordinary["candidate"]["saltus"], 0);
  EXPECT_EQ(ordinary["candidate"]["values_needed"], 1038);
}

TEST(CliRepeatingCodes, ValuesSequencesAndPeriods) {
  EXPECT_EQ(run_grundy({"value", "4.(3)", "1000"}).out, "999\n");
  EXPECT_EQ(run_grundy({"seq", "4.(3)", "--to", "20"}).out,
            "0 1 2 4 3 5 6 8 7 9 10 12 11 13 14 16 15 17 18 20 19\n");
  const RunResult p = run_grundy({"period", "4.(3)", "--no-cache"});
  expect_success(p);
  EXPECT_EQ(p.out.substr(0, p.out.find('\n')), "preperiod 1 period 4 saltus 4");
  EXPECT_CONTAINS(p.out, "Lasker");
  const RunResult none = run_grundy({"period", "0.1(37)"});
  expect_success(none);
  EXPECT_EQ(none.out.rfind("no period theorem applies to 0.1(37): ", 0), 0u) << none;
  const RunResult proven = run_grundy({"period", "0.1(2)", "--no-cache"});
  EXPECT_EQ(proven.out.substr(0, proven.out.find('\n')), "preperiod 4 period 2 saltus 1");
  // Canonical names, and errors naming the column.
  const json v = expect_json(run_grundy({"value", "0.3(33)", "5", "--json"}));
  EXPECT_EQ(v["game"], "0.(3)");
  EXPECT_EQ(v["values"][0]["value"], 5);
  EXPECT_EQ(expect_json(run_grundy({"value", "hex(0.(f))", "3", "--json"}))["game"],
            "hex(0.(F))");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "0.(3", "5"})), "spec column 5");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "0.(3)1", "5"})), "must end the code");
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "0.()", "5"})), "spec column 4");
  // A table of a repeating code is quadratic: a long one is refused before it starts.
  EXPECT_CONTAINS(expect_error(run_grundy({"seq", "0.1(37)", "--to", "100000000"})),
                  "steps to fill");
}

}  // namespace
}  // namespace grundy_test
