// `seq --plot` and `period --plot`: the SVG is well-formed (xmllint), renders (rsvg-convert),
// holds one mark per (pixel column, distinct value), draws the rare positions of the best
// sparse-space mask in their own class, and can put n on a log scale (`--log-x`).
#include <gtest/gtest.h>
#include <unistd.h>

#include <bit>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "plot_test_dir.hpp"
#include "temp_file.hpp"

namespace {

using namespace grundy_test;
namespace fs = std::filesystem;

using CliPlot = grundy::test::PlotTestDir;

std::string read_file(const std::string& path) {
  return grundy::test::read_bytes(path);
}

using grundy::test::count_of;

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

/// Value marks: class "m" (common) and class "r" (rare).
std::size_t common_marks(const std::string& svg) {
  return count_of(svg, "class=\"m\"");
}
std::size_t rare_marks(const std::string& svg) {
  return count_of(svg, "class=\"r\"");
}
std::size_t marks(const std::string& svg) {
  return common_marks(svg) + rare_marks(svg);
}

/// The sparse-space mask of a sequence, by brute force over every mask: the non-zero m below the
/// histogram size (the least power of two above the largest value) leaving the fewest positions
/// whose value v has popcount(v & m) even; ties go to the least m.
struct RareCount {
  unsigned long long mask;
  unsigned long long positions;
};
bool rare(unsigned long long v, unsigned long long mask) {
  return std::popcount(v & mask) % 2 == 0;
}
RareCount brute_force_mask(const std::vector<unsigned long long>& values) {
  unsigned long long size = 1;
  for (const auto v : values) {
    while (size <= v) size *= 2;
  }
  RareCount best{1, ~0ull};
  for (unsigned long long m = 1; m < std::max(size, 2ull); ++m) {
    unsigned long long count = 0;
    for (const auto v : values) count += rare(v, m) ? 1 : 0;
    if (count < best.positions) best = {m, count};
  }
  return best;
}

std::string binary(unsigned long long v) {
  std::string digits;
  for (; v != 0; v /= 2) digits.insert(digits.begin(), static_cast<char>('0' + v % 2));
  return digits;
}

/// The numbers that follow each occurrence of `prefix` (e.g. `class="r" x="`), in document order.
std::vector<double> numbers_after(const std::string& svg, const std::string& prefix) {
  std::vector<double> numbers;
  for (auto at = svg.find(prefix); at != std::string::npos; at = svg.find(prefix, at + 1)) {
    numbers.push_back(std::stod(svg.substr(at + prefix.size(), 32)));
  }
  return numbers;
}

/// The x attribute of every mark of the given class, in document order.
std::vector<double> mark_xs(const std::string& svg, const std::string& cls) {
  return numbers_after(svg, "class=\"" + cls + "\" x=\"");
}

TEST_F(CliPlot, SeqOneMarkPerPositionWhenTheyFit) {
  const RunResult plain = run_grundy({"seq", "0.07", "--to", "49"});
  const RunResult r = run_grundy({"seq", "0.07", "--to", "49", "--plot", path("d.svg")});
  expect_success(r);
  EXPECT_EQ(r.out, plain.out) << "the plot does not change what seq prints";
  const std::string svg = read_file(path("d.svg"));
  EXPECT_EQ(marks(svg), 50u);
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
  EXPECT_EQ(count_of(svg, "class=\"m\"") + count_of(svg, "class=\"r\""), marks);
  EXPECT_LT(marks, 20'000u) << "aggregated, not one mark per position";
  // The rare marks: one per (column, distinct rare value) under the brute-force mask.
  const RareCount best = brute_force_mask(values);
  std::size_t rare_expected = 0;
  for (const auto& c : columns) {
    for (const auto v : c) rare_expected += rare(v, best.mask) ? 1 : 0;
  }
  EXPECT_EQ(count_of(svg, "class=\"r\""), rare_expected);
  EXPECT_CONTAINS(svg, "mask " + std::to_string(best.mask) + " (binary " + binary(best.mask) +
                           "): " + std::to_string(best.positions) + " of 100000 positions");
  expect_valid_and_renders(path("a.svg"), path("a.png"));
}

TEST_F(CliPlot, RarePositionsOfASmallOctalGame) {
  // 0.16 (sparse-space values): g(0..300), one mark per position. The test finds the mask by
  // brute force over every mask and checks which positions are drawn as rare, by hand for the
  // first values: g(0..11) = 0 1 0 0 1 2 2 1 4 0 1 4.
  const RunResult r = run_grundy({"seq", "0.16", "--to", "300", "--plot", path("s.svg")});
  expect_success(r);
  const std::vector<unsigned long long> values = parse_values(r.out);
  ASSERT_EQ(values.size(), 301u);
  ASSERT_EQ(std::vector<unsigned long long>(values.begin(), values.begin() + 12),
            (std::vector<unsigned long long>{0, 1, 0, 0, 1, 2, 2, 1, 4, 0, 1, 4}));
  const RareCount best = brute_force_mask(values);
  EXPECT_LT(best.positions, 301u / 4) << "0.16 has few rare positions";
  const std::string svg = read_file(path("s.svg"));
  EXPECT_EQ(rare_marks(svg), best.positions);
  EXPECT_EQ(common_marks(svg), 301u - best.positions);
  EXPECT_CONTAINS(svg, "rare under the sparse-space mask " + std::to_string(best.mask) +
                           " (binary " + binary(best.mask) +
                           "): " + std::to_string(best.positions) + " of 301 positions");
  // Marks are drawn column by column within each class: the rare marks' x are the columns of
  // the rare positions, in order (one position per column of 800/301 pixels).
  std::vector<double> expected_xs;
  for (std::size_t n = 0; n < values.size(); ++n) {
    if (rare(values[n], best.mask)) expected_xs.push_back(70 + (n + 0.5) * 800.0 / 301);
  }
  const std::vector<double> xs = mark_xs(svg, "r");
  ASSERT_EQ(xs.size(), expected_xs.size());
  for (std::size_t k = 0; k < xs.size(); ++k) {
    const double width = std::clamp(800.0 / 301 * 0.8, 1.0, 4.0);
    EXPECT_NEAR(xs[k] + width / 2, expected_xs[k], 0.01) << k;
  }
  expect_valid_and_renders(path("s.svg"), path("s.png"));
}

TEST_F(CliPlot, AllZeroSequenceIsAllRare) {
  // sub(2) from 0 and 1: no move, g = 0 0. Value 0 is rare under every mask (mask 1 for a
  // histogram of one entry): both positions are rare.
  const RunResult r = run_grundy({"seq", "sub(2)", "--to", "1", "--plot", path("z.svg")});
  expect_success(r);
  EXPECT_EQ(r.out, "0 0\n");
  const std::string svg = read_file(path("z.svg"));
  EXPECT_EQ(rare_marks(svg), 2u);
  EXPECT_EQ(common_marks(svg), 0u);
  EXPECT_CONTAINS(svg, "mask 1 (binary 1): 2 of 2 positions");
  expect_valid_and_renders(path("z.svg"), path("z.png"));
}

TEST_F(CliPlot, LargeValuesAreNotClassified) {
  // Nim's values reach 2^20 + 5: the mask is not sought, the legend says so, no rare marks; the
  // marks of values closer than a pixel row share one, so a million distinct values stay few
  // marks.
  const unsigned long long to = (1ull << 20) + 5;
  const RunResult r =
      run_grundy({"seq", "nim", "--to", std::to_string(to), "--plot", path("n.svg")});
  expect_success(r);
  const std::string svg = read_file(path("n.svg"));
  EXPECT_EQ(rare_marks(svg), 0u);
  EXPECT_CONTAINS(svg, "rare positions not marked: values reach " + std::to_string(to));
  EXPECT_GE(common_marks(svg), 800u);
  EXPECT_LT(common_marks(svg), 2 * 800u) << "one or two pixel rows per column";
  expect_valid_and_renders(path("n.svg"), path("n.png"));
}

TEST_F(CliPlot, LogXSpacesPositionsByLogOfOnePlusN) {
  // 0..49 on a log axis: mark k is centred at 70 + 800 * (log(1+k) + log(2+k)) / 2 / log(51).
  const RunResult plain = run_grundy({"seq", "0.07", "--to", "49"});
  const RunResult r = run_grundy({"seq", "0.07", "--to", "49", "--plot", path("l.svg"), "--log-x"});
  expect_success(r);
  EXPECT_EQ(r.out, plain.out);
  const std::string svg = read_file(path("l.svg"));
  EXPECT_EQ(marks(svg), 50u);
  EXPECT_CONTAINS(svg, "n (log scale: x = log(1 + n))");
  std::vector<double> xs = mark_xs(svg, "m");
  for (const double x : mark_xs(svg, "r")) xs.push_back(x);
  std::sort(xs.begin(), xs.end());
  ASSERT_EQ(xs.size(), 50u);
  for (std::size_t k = 0; k < 50; ++k) {
    const double left = std::log1p(double(k)) / std::log1p(50.0);
    const double right = std::log1p(double(k + 1)) / std::log1p(50.0);
    const double width = std::clamp((right - left) * 800 * 0.8, 1.0, 4.0);
    EXPECT_NEAR(xs[k] + width / 2, 70 + 800 * (left + right) / 2, 0.01) << k;
  }
  expect_valid_and_renders(path("l.svg"), path("l.png"));
}

TEST_F(CliPlot, LogXAggregatesIntoPixelColumns) {
  // 10^6 positions on a log axis: position n falls in the column under the middle of its span,
  // floor(800 (log(1+n) + log(2+n)) / 2 / log(1+10^6)), one mark per distinct value of each
  // column; the powers of ten are labelled.
  constexpr unsigned long long kTo = 999'999, kColumns = 800;
  const RunResult r =
      run_grundy({"seq", "0.16", "--to", std::to_string(kTo), "--plot", path("la.svg"), "--log-x"});
  expect_success(r);
  const std::vector<unsigned long long> values = parse_values(r.out);
  ASSERT_EQ(values.size(), kTo + 1);
  std::vector<std::set<unsigned long long>> columns(kColumns);
  for (unsigned long long n = 0; n <= kTo; ++n) {
    const double end = std::log1p(double(kTo + 1));
    const double middle = (std::log1p(double(n)) / end + std::log1p(double(n + 1)) / end) / 2;
    const double c = middle * double(kColumns);
    columns[std::min<unsigned long long>(kColumns - 1, static_cast<unsigned long long>(c))].insert(
        values[n]);
  }
  const RareCount best = brute_force_mask(values);
  std::size_t common = 0, rare_count = 0;
  for (const auto& c : columns) {
    for (const auto v : c) ++(rare(v, best.mask) ? rare_count : common);
  }
  const std::string svg = read_file(path("la.svg"));
  EXPECT_EQ(common_marks(svg), common);
  EXPECT_EQ(rare_marks(svg), rare_count);
  EXPECT_GT(rare_count, 0u);
  for (const std::string tick : {"1", "10", "100", "1000", "10000", "100000"}) {
    EXPECT_CONTAINS(svg, "text-anchor=\"middle\">" + tick + "</text>");
  }
  expect_valid_and_renders(path("la.svg"), path("la.png"));
}

TEST_F(CliPlot, LogXNeedsPlot) {
  EXPECT_CONTAINS(expect_error(run_grundy({"seq", "nim", "--to", "9", "--log-x"})), "--plot");
  EXPECT_CONTAINS(expect_error(run_grundy({"period", "kayles", "--log-x"})), "--plot");
}

TEST_F(CliPlot, PeriodWithLogX) {
  // Kayles' preperiod line sits at x = 70 + 800 log(1+71) / log(1+107).
  const RunResult r =
      run_grundy({"period", "kayles", "--no-cache", "--plot", path("kl.svg"), "--log-x"});
  expect_success(r);
  const std::string svg = read_file(path("kl.svg"));
  EXPECT_EQ(marks(svg), 107u);
  const std::vector<double> line_x = numbers_after(svg, "class=\"preperiod\" x1=\"");
  ASSERT_EQ(line_x.size(), 1u) << svg;
  EXPECT_NEAR(line_x[0], 70 + 800 * std::log1p(71.0) / std::log1p(107.0), 0.01);
  expect_valid_and_renders(path("kl.svg"), path("kl.png"));
}

TEST_F(CliPlot, PeriodMarksPreperiodAndPeriod) {
  // Kayles: preperiod 71, period 12; the plot shows 0..71 + 3*12 - 1 = 0..106.
  const RunResult r = run_grundy({"period", "kayles", "--no-cache", "--plot", path("k.svg")});
  expect_success(r);
  EXPECT_CONTAINS(r.out, "preperiod 71 period 12\n");
  const std::string svg = read_file(path("k.svg"));
  EXPECT_EQ(marks(svg), 107u);
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
