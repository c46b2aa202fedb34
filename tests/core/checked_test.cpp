#include "grundy/core/checked.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/core/input_file.hpp"
#include "temp_file.hpp"

namespace grundy {
namespace {

constexpr std::uint64_t kMax = ~std::uint64_t{0};

TEST(Checked, AddAndMultiplyDetectOverflow) {
  EXPECT_EQ(checked_add(kMax - 1, 1), kMax);
  EXPECT_FALSE(checked_add(kMax, 1).has_value());
  EXPECT_EQ(checked_mul(std::uint64_t{1} << 32, (std::uint64_t{1} << 32) - 1),
            kMax - ((std::uint64_t{1} << 32) - 1));
  EXPECT_FALSE(checked_mul(std::uint64_t{1} << 32, std::uint64_t{1} << 32).has_value());
  EXPECT_FALSE(checked_mul((std::uint64_t{1} << 63) - 1, 4).has_value());  // the defect's size
  EXPECT_EQ(checked_mul(0, kMax), 0u);
}

TEST(Checked, SaturatingStopsAtTheTop) {
  EXPECT_EQ(saturating_add(kMax, kMax), kSaturated);
  EXPECT_EQ(saturating_mul(kMax, 2), kSaturated);
  EXPECT_EQ(saturating_mul(0, kMax), 0u);
  EXPECT_EQ(saturating_add(3, 4), 7u);
  EXPECT_EQ(bytes_for(std::uint64_t{1} << 62, 4), kSaturated);
  EXPECT_EQ(bytes_for(1000, 4), 4000u);
}

TEST(Checked, RefusingVariantsNameWhat) {
  EXPECT_EQ(mul_or_refuse(6, 7, "x"), 42u);
  try {
    mul_or_refuse(kMax, 2, "a table of 2^64 values");
    FAIL();
  } catch (const ResourceError& e) {
    EXPECT_NE(std::string(e.what()).find("a table of 2^64 values"), std::string::npos);
  }
  EXPECT_THROW(add_or_refuse(kMax, 1, "y"), ResourceError);
}

/// One set of helpers: no layer outside core defines its own 128-bit type or saturating
/// arithmetic (the first wave had four copies of each, and sizes that wrapped past 2^64).
TEST(Checked, NoCopiesOutsideCore) {
  const std::filesystem::path root = std::filesystem::path(GRUNDY_TEST_DATA) / ".." / "..";
  const std::regex int128(R"(__int128)");
  const std::regex saturating_definition(R"(\b\w*saturat\w*\s*\([^;{]*\)\s*(noexcept\s*)?\{)");
  std::vector<std::string> offenders;
  for (const char* folder : {"src", "cli", "python", "include", "tests", "bench", "examples"}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / folder)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
      const std::string rel = std::filesystem::relative(entry.path(), root).generic_string();
      if (rel.starts_with("src/core/") || rel.starts_with("include/grundy/core/")) continue;
      if (rel == "tests/core/checked_test.cpp") continue;  // this file names the patterns
      std::ifstream in(entry.path());
      std::string line;
      for (int number = 1; std::getline(in, line); ++number) {
        if (std::regex_search(line, int128) || std::regex_search(line, saturating_definition)) {
          offenders.push_back(rel + ":" + std::to_string(number) + ": " + line);
        }
      }
    }
  }
  EXPECT_TRUE(offenders.empty()) << "checked arithmetic lives in core/checked.hpp; found:\n"
                                 << [&] {
                                      std::string all;
                                      for (const auto& o : offenders) all += o + "\n";
                                      return all;
                                    }();
}

TEST(InputFile, ReadsAndLimits) {
  test::TempFile small("a b\nb c\n");
  EXPECT_EQ(read_input_file(small.path(), "graph file"), "a b\nb c\n");
  EXPECT_THROW(read_input_file(small.path(), "graph file", 4), Error);
  try {
    read_input_file("/dev/zero", "graph file", 1 << 20);
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("limit"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_input_file("/nonexistent/file", "graph file"), Error);
  EXPECT_THROW(read_input_file("/tmp", "graph file"), Error);
}

TEST(InputFile, QuoteExcerptEscapesAndCuts) {
  EXPECT_EQ(quote_excerpt(std::string("a\0b\n", 4)), "a\\x00b\\x0A");
  const std::string long_text(1'000'000, '7');
  const std::string quoted = quote_excerpt(long_text, 10);
  EXPECT_EQ(quoted, "7777777777... (1000000 bytes)");
}

}  // namespace
}  // namespace grundy
