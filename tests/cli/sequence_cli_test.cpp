// grundy seq --out / --in: sequence files from the command line and refusal of foreign or
// corrupt files (long runs stopped and continued: sequence_runs_cli_test.cpp).
#include <gtest/gtest.h>
#include <stdlib.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "cli_runner.hpp"
#include "temp_file.hpp"

namespace grundy_test {
namespace {

using grundy::test::TempFile;
using grundy::test::read_bytes;

TEST(SeqFile, WritesAndReadsBack) {
  TempFile file;
  const RunResult written = run_grundy({"seq", "kayles", "--to", "200", "--out", file.path()});
  expect_success(written);
  EXPECT_CONTAINS(written.out, "g(0..200) of 0.77 in " + file.path() + ": 201 values, 1 byte");
  EXPECT_EQ(count_newlines(written.out), 1u);
  const RunResult printed = run_grundy({"seq", "kayles", "--to", "200", "--no-cache"});
  expect_success(printed);
  const RunResult read = run_grundy({"seq", "--in", file.path()});
  expect_success(read);
  EXPECT_EQ(read.out, printed.out);
  // The game named with --in must be the file's.
  expect_success(run_grundy({"seq", "0.77", "--in", file.path(), "--to", "5"}));
  EXPECT_CONTAINS(expect_error(run_grundy({"seq", "0.07", "--in", file.path()})),
                  "holds the sequence of 0.77, not of 0.07");
  EXPECT_CONTAINS(expect_error(run_grundy({"seq", "--in", file.path(), "--to", "201"})),
                  "holds g(0..200); --to 201 is beyond it");
}

TEST(SeqFile, ValueAnsweredFromAFile) {
  TempFile file;
  expect_success(run_grundy({"seq", "grundy", "--to", "1000", "--out", file.path()}));
  const RunResult from_file =
      run_grundy({"value", "grundy", "7", "1000", "1001", "--in", file.path()});
  expect_success(from_file);
  const RunResult computed = run_grundy({"value", "grundy", "7", "1000", "1001"});
  EXPECT_EQ(from_file.out, computed.out);
  EXPECT_CONTAINS(expect_error(run_grundy({"value", "kayles", "7", "--in", file.path()})),
                  "holds the sequence of grundy, not of 0.77");
}

TEST(SeqFile, BFileAndCsv) {
  TempFile file;
  expect_success(run_grundy({"seq", "grundy", "--to", "12", "--out", file.path()}));
  const RunResult b = run_grundy({"seq", "--in", file.path(), "--from", "10", "--format", "bfile"});
  expect_success(b);
  EXPECT_EQ(b.out, "# g(n) of grundy for n = 10..12 (grundy)\n10 0\n11 2\n12 1\n");
  const RunResult c = run_grundy({"seq", "grundy", "--to", "3", "--format", "csv"});
  expect_success(c);
  EXPECT_EQ(c.out, "n,g\n0,0\n1,0\n2,0\n3,1\n");
  EXPECT_CONTAINS(expect_error(run_grundy({"seq", "grundy", "--to", "3", "--format", "xml"})),
                  "--format must be text, csv or bfile");
}

TEST(SeqFile, JsonSummary) {
  TempFile file;
  const auto doc = expect_json(
      run_grundy({"seq", "0.6", "--to", "5000", "--out", file.path(), "--json", "--no-cache"}));
  EXPECT_EQ(doc["game"], "0.6");
  EXPECT_EQ(doc["count"], 5001);
  EXPECT_EQ(doc["resumed_at"], 0);
  EXPECT_EQ(doc["value_bytes"], 1);
  EXPECT_TRUE(doc.contains("rare_count"));
  // Again: nothing left to compute.
  const auto again = expect_json(
      run_grundy({"seq", "0.6", "--to", "5000", "--out", file.path(), "--json", "--no-cache"}));
  EXPECT_EQ(again["resumed_at"], 5001);
  EXPECT_EQ(again["computed"], 0);
}

TEST(SeqFile, RefusesForeignAndCorruptFiles) {
  TempFile file;
  expect_success(run_grundy({"seq", "0.6", "--to", "3000", "--out", file.path(), "--no-cache"}));
  const std::string good = read_bytes(file.path());
  EXPECT_CONTAINS(expect_error(run_grundy({"seq", "0.7", "--to", "10", "--out", file.path()})),
                  "holds the sequence of 0.6, not of 0.7; refusing to overwrite it");
  std::string bad = good;
  bad[bad.size() / 2] ^= 0x10;
  std::ofstream(file.path(), std::ios::binary | std::ios::trunc) << bad;
  EXPECT_CONTAINS(expect_error(run_grundy({"seq", "0.6", "--to", "9000", "--out", file.path()})),
                  "corrupt sequence file");
  EXPECT_EQ(read_bytes(file.path()), bad) << "a corrupt file must be left as it was";
  EXPECT_CONTAINS(expect_error(run_grundy({"seq", "--in", file.path()})), "corrupt");
  TempFile text("0 0 1 0 2 1\n");
  EXPECT_CONTAINS(expect_error(run_grundy({"seq", "0.6", "--to", "10", "--out", text.path()})),
                  "not a grundy sequence file");
  EXPECT_EQ(read_bytes(text.path()), "0 0 1 0 2 1\n");
}

TEST(SeqFile, OptionsThatDoNotGoTogether) {
  TempFile file;
  EXPECT_CONTAINS(
      expect_error(run_grundy({"seq", "0.6", "--from", "5", "--to", "10", "--out", file.path()})),
      "--from does not go with --out");
  EXPECT_CONTAINS(
      expect_error(run_grundy({"seq", "0.6", "--to", "10", "--out", file.path(), "--misere"})),
      "--misere");
  EXPECT_CONTAINS(expect_error(run_grundy({"seq", "--to", "10"})), "seq needs a GAME");
  EXPECT_CONTAINS(expect_error(run_grundy({"seq", "0.6"})), "seq needs --to N");
  EXPECT_CONTAINS(expect_error(run_grundy({"seq", "--in", "/nonexistent/x.gseq"})), "cannot open");
}

/// A path in a fresh directory, for files that must not exist before or after a run.
class Scratch {
 public:
  Scratch() {
    char name[] = "/tmp/grundy-seq-XXXXXX";
    if (::mkdtemp(name) == nullptr) std::abort();
    dir_ = name;
  }
  ~Scratch() { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return dir_ + "/" + name; }

 private:
  std::string dir_;
};

// Issue 11, defect 7: 10^15 values started computing (for minutes, then failed on the disk).
TEST(SeqFile, RefusedUpFrontWhenTheDiskCannotHoldTheValues) {
  Scratch scratch;
  const std::string out = scratch.path("huge.gseq");
  const RunResult r =
      run_grundy({"seq", "0.6", "--to", "1000000000000000", "--out", out, "--no-cache"},
                 std::nullopt, std::chrono::seconds(20));
  const std::string message = expect_error(r);
  EXPECT_CONTAINS(message, "g(0..1000000000000000) needs at least 909 TiB (one byte per value)");
  EXPECT_CONTAINS(message, "available");
  EXPECT_FALSE(std::filesystem::exists(out)) << "a refused --out left a file";

  // A file that holds values already is left exactly as it was.
  expect_success(run_grundy({"seq", "0.6", "--to", "100", "--out", out, "--no-cache"}));
  const std::string before = read_bytes(out);
  expect_error(run_grundy({"seq", "0.6", "--to", "1000000000000000", "--out", out, "--no-cache"},
                          std::nullopt, std::chrono::seconds(20)));
  EXPECT_EQ(read_bytes(out), before);
}

// A refused --out once left a 72-byte stub file behind; now it leaves nothing.
TEST(SeqFile, ARefusedOutLeavesNoNewFileAndAnOldOneUntouched) {
  Scratch scratch;
  const std::string out = scratch.path("refused.gseq");
  // Refused for memory (the table of sub(fib) is in memory), and for bad options.
  EXPECT_CONTAINS(expect_error(run_grundy({"seq", "sub(fib)", "--to", "1000000", "--out", out,
                                           "--max-memory", "1K", "--no-cache"})),
                  "(--max-memory)");
  EXPECT_FALSE(std::filesystem::exists(out));
  expect_error(run_grundy({"seq", "0.6", "--to", "10", "--out", out, "--checkpoint", "x"}));
  expect_error(run_grundy({"seq", "0.6", "--to", "10", "--out", out, "--max", "-1"}));
  EXPECT_FALSE(std::filesystem::exists(out));

  TempFile empty;  // an empty file is a new file: refused, it stays empty
  expect_error(run_grundy({"seq", "sub(fib)", "--to", "1000000", "--out", empty.path(),
                           "--max-memory", "1K", "--no-cache"}));
  EXPECT_EQ(read_bytes(empty.path()), "");

  expect_success(run_grundy({"seq", "sub(fib)", "--to", "100", "--out", out, "--no-cache"}));
  const std::string before = read_bytes(out);
  expect_error(run_grundy(
      {"seq", "sub(fib)", "--to", "1000000", "--out", out, "--max-memory", "1K", "--no-cache"}));
  EXPECT_EQ(read_bytes(out), before) << "a refused continuation changed the file";
}

// Issue 11, defect 7: --checkpoint -5 was accepted (and ignored) without --out.
TEST(SeqFile, CheckpointIsAWholeNumberOfSecondsWithOut) {
  Scratch scratch;
  const std::string out = scratch.path("checkpointed.gseq");
  EXPECT_CONTAINS(expect_error(run_grundy({"seq", "0.6", "--to", "10", "--checkpoint", "-5"})),
                  "--checkpoint '-5'");
  EXPECT_CONTAINS(expect_error(run_grundy({"seq", "0.6", "--to", "10", "--checkpoint", "5"})),
                  "--checkpoint goes with --out");
  EXPECT_CONTAINS(
      expect_error(run_grundy({"seq", "0.6", "--to", "10", "--out", out, "--checkpoint", "1.5"})),
      "--checkpoint '1.5'");
  EXPECT_CONTAINS(expect_error(run_grundy(
                      {"seq", "0.6", "--to", "10", "--out", out, "--checkpoint", "100000"})),
                  "--checkpoint");
  EXPECT_CONTAINS(expect_error(run_grundy({"seq", "--in", out, "--checkpoint", "5"})),
                  "--checkpoint goes with --out");
  EXPECT_FALSE(std::filesystem::exists(out));
  expect_success(run_grundy({"seq", "0.6", "--to", "10", "--out", out, "--checkpoint", "5"}));
  expect_success(run_grundy({"seq", "--in", out}));
}

// Files cut short at sample points (every point is covered through the library in
// tests/core/sequence_file_truncation_test.cpp): --in, value --in and --out all refuse them, one
// line and exit 2, and leave them byte for byte as they were.
TEST(SeqFile, TruncatedFilesAreRefusedByEveryCommand) {
  Scratch scratch;
  for (const char* to : {"200", "1000", "70000"}) {  // nim: 1-, 2- and 4-byte values
    const std::string whole = scratch.path(std::string("nim-") + to + ".gseq");
    expect_success(run_grundy({"seq", "nim", "--to", to, "--out", whole}));
    const std::string good = read_bytes(whole);
    const std::string cut = scratch.path("cut.gseq");
    for (std::size_t length : {std::size_t{1}, std::size_t{7}, std::size_t{8}, std::size_t{40},
                               std::size_t{63}, std::size_t{64}, std::size_t{71}, std::size_t{72},
                               std::size_t{73}, good.size() / 2, good.size() - 1}) {
      SCOPED_TRACE(std::string("nim to ") + to + ", the first " + std::to_string(length) +
                   " bytes");
      const std::string prefix = good.substr(0, length);
      std::ofstream(cut, std::ios::binary | std::ios::trunc) << prefix;
      expect_error(run_grundy({"seq", "--in", cut}));
      expect_error(run_grundy({"value", "nim", "5", "--in", cut}));
      expect_error(run_grundy({"seq", "nim", "--to", to, "--out", cut}));
      EXPECT_EQ(read_bytes(cut), prefix);
    }
  }
}


TEST(SeqFile, GamesOutsideTheSparseEngine) {
  // A subtraction game and a hexadecimal code with three-heap moves: the values come from the
  // usual solvers and the file is the same kind of file.
  for (const char* game : {"sub(1,3,4)", "hex(0.8)"}) {
    TempFile file;
    expect_success(run_grundy({"seq", game, "--to", "600", "--out", file.path(), "--no-cache"}));
    const RunResult printed = run_grundy({"seq", game, "--to", "600", "--no-cache"});
    const RunResult read = run_grundy({"seq", "--in", file.path()});
    expect_success(read);
    EXPECT_EQ(read.out, printed.out) << game;
  }
}

}  // namespace
}  // namespace grundy_test
