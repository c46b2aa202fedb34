#include "grundy/core/checked.hpp"

#include <gtest/gtest.h>

#include <cctype>
#include <filesystem>
#include <fstream>
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

namespace {

/// True if `line` defines (not calls) a function whose name contains "saturat": the name, a
/// parameter list without ';' or '{', an optional noexcept, then '{'. Written by hand rather than
/// with std::regex, whose header trips GCC 12's -Wmaybe-uninitialized under the sanitizers.
bool defines_saturating_function(const std::string& line) {
  const auto is_word = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  };
  for (std::size_t at = line.find("saturat"); at != std::string::npos;
       at = line.find("saturat", at + 1)) {
    std::size_t i = at;
    while (i < line.size() && is_word(line[i])) ++i;
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i >= line.size() || line[i] != '(') continue;
    const std::size_t close = line.find(')', i);
    if (close == std::string::npos) continue;
    if (line.find_first_of(";{", i) < close) continue;
    std::string rest = line.substr(close + 1);
    rest.erase(0, rest.find_first_not_of(" \t"));
    if (rest.starts_with("noexcept")) {
      rest.erase(0, 8);
      rest.erase(0, rest.find_first_not_of(" \t"));
    }
    if (rest.starts_with("{")) return true;
  }
  return false;
}

}  // namespace

TEST(Checked, SaturatingDefinitionDetector) {
  EXPECT_TRUE(defines_saturating_function("inline u64 saturating_mul(u64 a, u64 b) {"));
  EXPECT_TRUE(defines_saturating_function("static int my_saturate(int x) noexcept {"));
  EXPECT_FALSE(defines_saturating_function("  const u64 n = saturating_mul(a, b);"));
  EXPECT_FALSE(defines_saturating_function("if (saturating_add(a, b) > 3) {"));
  EXPECT_FALSE(defines_saturating_function("// saturated sizes print as more than 16 EiB"));
}

/// One set of helpers: no layer outside core defines its own 128-bit type or saturating
/// arithmetic (the first wave had four copies of each, and sizes that wrapped past 2^64).
TEST(Checked, NoCopiesOutsideCore) {
  const std::filesystem::path root = std::filesystem::path(GRUNDY_TEST_DATA) / ".." / "..";
  std::vector<std::string> offenders;
  for (const char* folder : {"src", "cli", "python", "include", "tests", "bench", "examples"}) {
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / folder)) {
      const std::string ext = entry.path().extension().string();
      if (!entry.is_regular_file() || (ext != ".cpp" && ext != ".hpp")) continue;
      const std::string rel = std::filesystem::relative(entry.path(), root).generic_string();
      if (rel.starts_with("src/core/") || rel.starts_with("include/grundy/core/")) continue;
      if (rel == "tests/core/checked_test.cpp") continue;  // this file names the patterns
      // The standalone C++ `grundy formula` writes for a contest program carries its own.
      if (rel == "src/engine/formula_code.cpp") continue;
      std::ifstream in(entry.path());
      std::string line;
      for (int number = 1; std::getline(in, line); ++number) {
        if (line.find("__int128") != std::string::npos || defines_saturating_function(line)) {
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
