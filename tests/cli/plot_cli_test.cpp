// `seq --plot` and `period --plot`: the SVG is well-formed (xmllint), renders (rsvg-convert), and
// holds one mark per (pixel column, distinct value).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace {

using namespace grundy_test;
namespace fs = std::filesystem;

class CliPlot : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("grundy-plot-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string path(const std::string& name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::size_t count_of(const std::string& text, const std::string& needle) {
  std::size_t n = 0;
  for (auto at = text.find(needle); at != std::string::npos; at = text.find(needle, at + 1)) ++n;
  return n;
}

/// xmllint accepts the file and rsvg-convert renders it to a PNG.
void expect_valid_and_renders(const std::string& svg, const std::string& png) {
  EXPECT_EQ(std::system(("xmllint --noout '" + svg + "'").c_str()), 0) << svg;
  EXPECT_EQ(std::system(("rsvg-convert -o '" + png + "' '" + svg + "'").c_str()), 0) << svg;
  EXPECT_EQ(read_file(png).substr(0, 8), std::string("\x89PNG\r\n\x1a\n", 8)) << png;
}

std::vector<unsigned long long> parse_values(const std::string& line) {
  std::vector<unsigned long long> values;
  std::istringstream in(line);
  for (unsigned long long v; in >> v;) values.push_back(v);
  return values;
}

TEST_F(CliPlot, SeqOneMarkPerPositionWhenTheyFit) {
  const RunResult plain = run_grundy({"seq", "0.07", "--to", "49"});
  const RunResult r = run_grundy({"seq", "0.07", "--to", "49", "--plot", path("d.svg")});
  expect_success(r);
  EXPECT_EQ(r.out, plain.out) << "the plot does not change what seq prints";
  const std::string svg = read_file(path("d.svg"));
  EXPECT_EQ(count_of(svg, "class=\"m\""), 50u);
  EXPECT_EQ(count_of(svg, "class=\"preperiod\""), 0u);
  expect_valid_and_renders(path("d.svg"), path("d.png"));
  // Only the finished file is left: no temporary file beside it.
  std::size_t files = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir_)) ++files;
  EXPECT_EQ(files, 2u);  // d.svg and d.png
}

TEST_F(CliPlot, SeqAggregatesIntoPixelColumns) {
  // 100000 positions over 800 columns: one mark per distinct value of each column, which the
  // test recomputes from the printed sequence.
  constexpr unsigned long long kTo = 99'999, kColumns = 800;
  const RunResult r =
      run_grundy({"seq", "0.07", "--to", std::to_string(kTo), "--plot", path("a.svg")});
  expect_success(r);
  const std::vector<unsigned long long> values = parse_values(r.out);
  ASSERT_EQ(values.size(), kTo + 1);
  std::vector<std::set<unsigned long long>> columns(kColumns);
  for (unsigned long long n = 0; n <= kTo; ++n) columns[n * kColumns / (kTo + 1)].insert(values[n]);
  std::size_t marks = 0;
  for (const auto& c : columns) marks += c.size();
  const std::string svg = read_file(path("a.svg"));
  EXPECT_EQ(count_of(svg, "class=\"m\""), marks);
  EXPECT_LT(marks, 20'000u) << "aggregated, not one mark per position";
  expect_valid_and_renders(path("a.svg"), path("a.png"));
}

TEST_F(CliPlot, PeriodMarksPreperiodAndPeriod) {
  // Kayles: preperiod 71, period 12; the plot shows 0..71 + 3*12 - 1 = 0..106.
  const RunResult r = run_grundy({"period", "kayles", "--no-cache", "--plot", path("k.svg")});
  expect_success(r);
  EXPECT_CONTAINS(r.out, "preperiod 71 period 12\n");
  const std::string svg = read_file(path("k.svg"));
  EXPECT_EQ(count_of(svg, "class=\"m\""), 107u);
  EXPECT_EQ(count_of(svg, "class=\"preperiod\""), 1u);
  EXPECT_EQ(count_of(svg, "class=\"period\""), 1u);
  EXPECT_CONTAINS(svg, "preperiod 71");
  EXPECT_CONTAINS(svg, "period 12");
  expect_valid_and_renders(path("k.svg"), path("k.png"));
}

TEST_F(CliPlot, MissingDirectoryIsABadInputBeforeAnyWork) {
  const std::string target = path("missing/x.svg");
  const std::string message =
      expect_error(run_grundy({"seq", "nim", "--to", "9", "--plot", target}));
  EXPECT_CONTAINS(message, "--plot '" + target + "'");
  expect_error(run_grundy({"period", "kayles", "--plot", path("missing/y.svg")}));
  expect_error(run_grundy({"period", "kayles", "--plot", dir_.string()}));
  EXPECT_FALSE(fs::exists(path("missing")));
}

}  // namespace
