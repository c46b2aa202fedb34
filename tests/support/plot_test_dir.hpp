#pragma once
// What the plot tests share (seq/period --plot, table --plot): a folder of their own for each
// test, removed afterwards, and counting a piece of SVG text.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace grundy::test {

/// A fixture with an empty folder of its own, named after the test, for the files it writes.
class PlotTestDir : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("grundy-plot-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  std::filesystem::path dir_;
};

/// How often `needle` stands in `text` (overlaps counted).
inline std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

}  // namespace grundy::test
