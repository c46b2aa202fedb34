// Sequence files: round trips, widening, checkpoints and continuation, and refusal of anything
// that is not exactly what was written.
#include "grundy/core/sequence_file.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <string>

#include "grundy/core/error.hpp"
#include "temp_file.hpp"

namespace grundy {
namespace {

using test::read_bytes;

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

/// Writes g(n) = f(n) for n < count in one go.
template <class F>
void write_all(const std::string& path, const std::string& game, std::uint64_t count, F f) {
  auto file = SequenceFile::create_or_continue(path, game);
  file->reserve(count);
  for (std::uint64_t n = 0; n < count; ++n) {
    const Value v = f(n);
    if (v > ValueStore::max_value(file->width())) file->widen(ValueStore::width_for(v), n);
    file->set(n, v);
  }
  file->finish(count);
}

std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(SequenceFile, RoundTripAtEachWidth) {
  for (Value top : {Value{200}, Value{60000}, Value{3000000000}}) {
    test::TempFile tmp;
    write_all(tmp.path(), "0.6", 1000, [&](std::uint64_t n) { return n * 7919 % (top + 1); });
    auto file = SequenceFile::open(tmp.path());
    EXPECT_EQ(file->game(), "0.6");
    EXPECT_EQ(file->count(), 1000u);
    EXPECT_TRUE(file->complete());
    Value largest = 0;
    for (std::uint64_t n = 0; n < 1000; ++n) largest = std::max(largest, n * 7919 % (top + 1));
    EXPECT_EQ(file->width(), ValueStore::width_for(largest));
    for (std::uint64_t n = 0; n < 1000; ++n) ASSERT_EQ(file->at(n), n * 7919 % (top + 1)) << n;
    // Exactly header + values: nothing else in the file.
    EXPECT_EQ(read_bytes(tmp.path()).size(),
              SequenceFile::header_bytes(3) + 1000 * static_cast<std::size_t>(file->width()));
  }
}

TEST(SequenceFile, WideningMidwayKeepsEveryValue) {
  test::TempFile tmp;
  write_all(tmp.path(), "grundy", 5000, [](std::uint64_t n) { return n < 4000 ? n % 256 : n; });
  auto file = SequenceFile::open(tmp.path());
  EXPECT_EQ(file->width(), 2);
  for (std::uint64_t n = 0; n < 5000; ++n) ASSERT_EQ(file->at(n), n < 4000 ? n % 256 : n) << n;
}

TEST(SequenceFile, ContinuingGivesTheSameBytesAsOneRun) {
  test::TempFile once, twice;
  auto f = [](std::uint64_t n) { return (n * n) % 300; };
  write_all(once.path(), "0.6", 3000, f);
  {
    auto file = SequenceFile::create_or_continue(twice.path(), "0.6");
    file->reserve(3000);
    for (std::uint64_t n = 0; n < 1200; ++n) {
      if (f(n) > ValueStore::max_value(file->width())) file->widen(2, n);
      file->set(n, f(n));
    }
    file->checkpoint(1000);  // values past a checkpoint are simply not counted
  }                          // dropped without finish(): an interrupted run
  {
    auto partial = SequenceFile::open(twice.path());
    EXPECT_FALSE(partial->complete());
    EXPECT_EQ(partial->count(), 1000u);
  }
  {
    auto file = SequenceFile::create_or_continue(twice.path(), "0.6");
    ASSERT_EQ(file->count(), 1000u);
    file->reserve(3000);
    for (std::uint64_t n = file->count(); n < 3000; ++n) {
      if (f(n) > ValueStore::max_value(file->width())) file->widen(2, n);
      file->set(n, f(n));
    }
    file->finish(3000);
  }
  EXPECT_EQ(read_bytes(once.path()), read_bytes(twice.path()));
}

TEST(SequenceFile, AnEmptyFileIsANewFile) {
  test::TempFile tmp;  // created empty
  write_all(tmp.path(), "kayles", 10, [](std::uint64_t n) { return n % 3; });
  EXPECT_EQ(SequenceFile::open(tmp.path())->count(), 10u);
}

TEST(SequenceFile, RefusesForeignCorruptAndTruncatedFiles) {
  test::TempFile tmp;
  write_all(tmp.path(), "0.6", 2000, [](std::uint64_t n) { return n % 200; });
  const std::string good = read_bytes(tmp.path());

  EXPECT_NE(error_of([&] {
              SequenceFile::create_or_continue(tmp.path(), "0.7");
            }).find("holds the sequence of 0.6, not of 0.7"),
            std::string::npos);
  EXPECT_EQ(read_bytes(tmp.path()), good) << "a foreign file must be left untouched";

  std::string bad = good;
  bad[good.size() - 100] ^= 1;  // one value
  write_bytes(tmp.path(), bad);
  EXPECT_NE(error_of([&] { SequenceFile::open(tmp.path()); }).find("checksum"), std::string::npos);
  EXPECT_NE(error_of([&] {
              SequenceFile::create_or_continue(tmp.path(), "0.6");
            }).find("refusing to overwrite"),
            std::string::npos);
  EXPECT_EQ(read_bytes(tmp.path()), bad);

  bad = good;
  bad[26] ^= 1;  // the count
  write_bytes(tmp.path(), bad);
  EXPECT_NE(error_of([&] { SequenceFile::open(tmp.path()); }).find("corrupt"), std::string::npos);

  write_bytes(tmp.path(), good.substr(0, good.size() - 1));
  EXPECT_NE(error_of([&] { SequenceFile::open(tmp.path()); }).find("truncated"), std::string::npos);

  write_bytes(tmp.path(), good + "x");
  EXPECT_NE(error_of([&] { SequenceFile::open(tmp.path()); }).find("after the last value"),
            std::string::npos);

  write_bytes(tmp.path(), "0 0 1 2 0 3\n");
  EXPECT_NE(error_of([&] {
              SequenceFile::create_or_continue(tmp.path(), "0.6");
            }).find("not a grundy sequence file"),
            std::string::npos);
  EXPECT_EQ(read_bytes(tmp.path()), "0 0 1 2 0 3\n");

  bad = good;
  bad[8] = 9;  // a future format version
  write_bytes(tmp.path(), bad);
  EXPECT_NE(error_of([&] { SequenceFile::open(tmp.path()); }).find("version 9"), std::string::npos);
}

TEST(SequenceFile, SizesPast2To64OrPastAFileAreRefused) {
  test::TempFile tmp;
  auto file = SequenceFile::create_or_continue(tmp.path(), "0.6");
  file->reserve(10);
  for (std::uint64_t n = 0; n < 10; ++n) file->set(n, n);
  // header + values wrapped to a few bytes in the old reserve, which then "had room" for them.
  for (std::uint64_t values : {~std::uint64_t{0}, ~std::uint64_t{0} - 8, std::uint64_t{1} << 63}) {
    try {
      file->reserve(values);
      ADD_FAILURE() << values << " values were reserved";
    } catch (const ResourceError& e) {
      EXPECT_NE(std::string(e.what()).find("more than a file can hold"), std::string::npos)
          << e.what();
    }
  }
  EXPECT_THROW(file->reserve(std::uint64_t{1} << 62, std::uint64_t{1} << 62), ResourceError);
  for (std::uint64_t n = 0; n < 10; ++n) ASSERT_EQ(file->at(n), n);
  file->finish(10);
  EXPECT_EQ(SequenceFile::open(tmp.path())->count(), 10u);
}

TEST(SequenceFile, DiskRoomIsCheckedUpFront) {
  test::TempFile tmp;
  auto file = SequenceFile::create_or_continue(tmp.path(), "0.6");
  EXPECT_NO_THROW(file->require_disk_room(1000));
  // 10^15 values at one byte each: more than any test machine's disk.
  try {
    file->require_disk_room(1'000'000'000'000'000);
    ADD_FAILURE() << "10^15 values fit";
  } catch (const ResourceError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("g(0..999999999999999) needs at least 909 TiB"), std::string::npos) << m;
    EXPECT_NE(m.find("available"), std::string::npos) << m;
  }
  EXPECT_THROW(file->require_disk_room(std::uint64_t{1} << 63), ResourceError);
  EXPECT_THROW(file->require_disk_room(~std::uint64_t{0}), ResourceError);
}

TEST(SequenceFile, AWriterThatSavedNothingLeavesNothing) {
  const std::string dir = ::testing::TempDir();
  const std::string path = dir + "/grundy-abandoned-" + std::to_string(::getpid()) + ".gseq";
  std::remove(path.c_str());
  {
    auto file = SequenceFile::create_or_continue(path, "0.6");
    file->reserve(100);
    file->set(0, 0);
  }  // a refused or failed run: no checkpoint
  EXPECT_FALSE(std::filesystem::exists(path)) << "a file made for nothing stays behind";

  {
    auto file = SequenceFile::create_or_continue(path, "0.6");
    file->checkpoint(0);
  }
  EXPECT_FALSE(std::filesystem::exists(path)) << "no value saved: nothing to continue";

  test::TempFile empty;  // an empty file the user made is a new file, and stays empty
  { auto file = SequenceFile::create_or_continue(empty.path(), "0.6"); }
  EXPECT_TRUE(std::filesystem::exists(empty.path()));
  EXPECT_EQ(read_bytes(empty.path()), "");

  {
    auto file = SequenceFile::create_or_continue(path, "0.6");
    file->reserve(100);
    for (std::uint64_t n = 0; n < 5; ++n) file->set(n, n);
    file->checkpoint(5);
  }  // interrupted after a checkpoint: the values stay, to be continued
  ASSERT_TRUE(std::filesystem::exists(path));
  EXPECT_EQ(SequenceFile::open(path)->count(), 5u);
  {
    // A refused continuation (no new checkpoint) leaves the file as it was.
    const std::string before = read_bytes(path);
    { auto file = SequenceFile::create_or_continue(path, "0.6"); }
    EXPECT_EQ(read_bytes(path), before);
  }
  std::remove(path.c_str());
}

TEST(SequenceFile, OneWriterAtATime) {
  test::TempFile tmp;
  auto first = SequenceFile::create_or_continue(tmp.path(), "0.6");
  EXPECT_NE(error_of([&] {
              SequenceFile::create_or_continue(tmp.path(), "0.6");
            }).find("another grundy process"),
            std::string::npos);
}

TEST(SequenceFile, OpenFinishedRefusesAFileBeingWrittenOrUnfinished) {
  test::TempFile tmp;
  {
    auto writer = SequenceFile::create_or_continue(tmp.path(), "0.6");
    writer->reserve(300);
    for (std::uint64_t n = 0; n < 300; ++n) writer->set(n, n % 7);
    writer->checkpoint(200);
    // Held by its writer: refused even though open() would read it.
    EXPECT_NE(error_of([&] {
                SequenceFile::open_finished(tmp.path());
              }).find("another grundy process is writing this file"),
              std::string::npos);
    EXPECT_EQ(SequenceFile::open(tmp.path())->count(), 200u);
  }
  const std::string unfinished = error_of([&] { SequenceFile::open_finished(tmp.path()); });
  EXPECT_NE(unfinished.find("unfinished sequence file (an interrupted run, g(0..199))"),
            std::string::npos)
      << unfinished;
  EXPECT_EQ(unfinished.find('\n'), std::string::npos);

  write_all(tmp.path(), "0.6", 300, [](std::uint64_t n) { return n % 7; });
  const auto file = SequenceFile::open_finished(tmp.path());
  ASSERT_EQ(file->count(), 300u);
  ASSERT_EQ(file->width(), 1);
  for (std::uint64_t n = 0; n < 300; ++n) ASSERT_EQ(file->at(n), n % 7) << n;
  // The check's lock is not kept: a writer may extend the file while it is read.
  auto extender = SequenceFile::create_or_continue(tmp.path(), "0.6");
  EXPECT_EQ(extender->count(), 300u);
}

}  // namespace
}  // namespace grundy
