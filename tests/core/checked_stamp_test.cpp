// The note that a file was checked (checked_stamp.hpp): it matches only the file it was written
// for, unchanged; any write to the file, a new file in its place or another digest makes it stale;
// it is not written for a file changed within the settle time.
#include "grundy/core/checked_stamp.hpp"

#include <gtest/gtest.h>
#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>
#include <thread>

#include "temp_file.hpp"

namespace grundy {
namespace {

using namespace std::chrono_literals;

struct stat stat_of(const std::filesystem::path& p) {
  struct stat st {};
  EXPECT_EQ(::stat(p.c_str(), &st), 0) << p;
  return st;
}

void write(const std::filesystem::path& p, const std::string& content) {
  std::ofstream(p, std::ios::binary | std::ios::trunc) << content;
}

/// A file written, left past the settle time (the file system's clock ticks every few
/// milliseconds), then noted as checked against `digest`.
std::filesystem::path noted_file(const test::TempDir& dir, const std::string& content,
                                 std::string_view digest) {
  const auto file = dir.path() / "data.bin";
  write(file, content);
  std::this_thread::sleep_for(60ms);
  EXPECT_TRUE(remember_checked(file, stat_of(file), digest, file_clock_now(), 30ms));
  return file;
}

TEST(CheckedStamp, MatchesOnlyTheFileItWasWrittenForUnchanged) {
  const test::TempDir dir;
  const auto file = dir.path() / "data.bin";
  write(file, "some bytes to check");
  // The file system's clock ticks every few milliseconds: wait past the settle time.
  std::this_thread::sleep_for(60ms);
  const struct stat st = stat_of(file);
  EXPECT_FALSE(checked_before(file, st, "abc"));
  ASSERT_TRUE(remember_checked(file, st, "abc", file_clock_now(), 30ms));
  EXPECT_TRUE(std::filesystem::exists(checked_stamp_path(file)));
  EXPECT_TRUE(checked_before(file, stat_of(file), "abc"));
  EXPECT_FALSE(checked_before(file, stat_of(file), "abd")) << "another digest";
  // A byte changed in place (same inode, same size): its change time moves on.
  std::fstream(file, std::ios::binary | std::ios::in | std::ios::out) << "S";
  EXPECT_FALSE(checked_before(file, stat_of(file), "abc")) << "changed in place";
}

TEST(CheckedStamp, ANewFileInItsPlaceIsNotTheCheckedOne) {
  const test::TempDir dir;
  const auto file = noted_file(dir, "first", "d1");
  ASSERT_TRUE(checked_before(file, stat_of(file), "d1"));
  const auto other = dir.path() / "other.bin";
  write(other, "first");
  std::filesystem::rename(other, file);
  EXPECT_FALSE(checked_before(file, stat_of(file), "d1"));
}

TEST(CheckedStamp, IsNotWrittenForAFileChangedWithinTheSettleTimeBeforeItWasOpened) {
  const test::TempDir dir;
  const auto file = dir.path() / "data.bin";
  // Opened before it was last changed: not noted, however long ago that was.
  const std::int64_t opened_before = file_clock_now();
  std::this_thread::sleep_for(20ms);
  write(file, "fresh");
  std::this_thread::sleep_for(60ms);
  EXPECT_FALSE(remember_checked(file, stat_of(file), "d", opened_before, 30ms));
  EXPECT_TRUE(remember_checked(file, stat_of(file), "d", file_clock_now(), 30ms));
  forget_checked(file);
  EXPECT_FALSE(
      remember_checked(file, stat_of(file), "d", file_clock_now(), std::chrono::seconds(2)));
  EXPECT_FALSE(std::filesystem::exists(checked_stamp_path(file)));
  EXPECT_FALSE(checked_before(file, stat_of(file), "d"));
}

TEST(CheckedStamp, AStaleOrForeignNoteIsNotTrustedAndCanBeForgotten) {
  const test::TempDir dir;
  const auto file = noted_file(dir, "content", "d");
  const std::string note = test::read_bytes(checked_stamp_path(file).string());
  // Cut short, or with more after it: not the note.
  write(checked_stamp_path(file), note.substr(0, note.size() - 1));
  EXPECT_FALSE(checked_before(file, stat_of(file), "d"));
  write(checked_stamp_path(file), note + "x");
  EXPECT_FALSE(checked_before(file, stat_of(file), "d"));
  write(checked_stamp_path(file), note);
  EXPECT_TRUE(checked_before(file, stat_of(file), "d"));
  forget_checked(file);
  EXPECT_FALSE(std::filesystem::exists(checked_stamp_path(file)));
  EXPECT_FALSE(checked_before(file, stat_of(file), "d"));
  forget_checked(file);  // nothing there: no error
}

}  // namespace
}  // namespace grundy
