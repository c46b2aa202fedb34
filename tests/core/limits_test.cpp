#include "grundy/core/limits.hpp"

#include <gtest/gtest.h>

#include "grundy/core/error.hpp"

namespace grundy {
namespace {

TEST(Limits, ParseSize) {
  EXPECT_EQ(parse_size("512"), 512u);
  EXPECT_EQ(parse_size("1K"), 1024u);
  EXPECT_EQ(parse_size("8G"), 8ull << 30);
  EXPECT_EQ(parse_size("8GiB"), 8ull << 30);
  EXPECT_EQ(parse_size("1.5M"), 1536ull * 1024);
  EXPECT_EQ(parse_size("2t"), 2ull << 40);
  EXPECT_THROW(parse_size(""), Error);
  EXPECT_THROW(parse_size("G"), Error);
  EXPECT_THROW(parse_size("12Q"), Error);
  EXPECT_THROW(parse_size("1.2.3G"), Error);
}

TEST(Limits, FormatBytes) {
  EXPECT_EQ(format_bytes(512), "512 B");
  EXPECT_EQ(format_bytes(1536), "1.50 KiB");
  EXPECT_EQ(format_bytes(8ull << 30), "8.00 GiB");
}

TEST(Limits, RequireMemoryNamesSizeAndLimit) {
  Limits limits{.max_memory_bytes = 1024};
  EXPECT_NO_THROW(require_memory(limits, 1024, "a table"));
  try {
    require_memory(limits, 4096, "a table of g(0..1023)");
    FAIL();
  } catch (const ResourceError& e) {
    const std::string m = e.what();
    EXPECT_NE(m.find("a table of g(0..1023)"), std::string::npos);
    EXPECT_NE(m.find("4.00 KiB"), std::string::npos);
    EXPECT_NE(m.find("1.00 KiB"), std::string::npos);
  }
}

TEST(Limits, DefaultIsTheMemoryAvailable) {
  EXPECT_GT(Limits{}.max_memory_bytes, 0u);
}

}  // namespace
}  // namespace grundy
