// The caches' one key scheme and writing (src/analysis/cache_file.hpp): a game's file is named by
// the format, the engine's version and the game, so two caches, two formats or two games never
// share a file; the period and quotient caches both name their files so; and a file that cannot
// be written is no error and leaves nothing behind.
#include "cache_file.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "grundy/analysis/period_cache.hpp"
#include "grundy/analysis/period_certificate.hpp"
#include "grundy/analysis/quotient_cache.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/version.hpp"
#include "temp_file.hpp"

namespace grundy {
namespace {

TEST(CacheFile, NamedByFormatEngineAndGame) {
  const std::filesystem::path root = "/cache";
  const auto file = cache_file(root, "periods", "format 1", "0.77");
  EXPECT_EQ(file.parent_path(), root / "periods");
  EXPECT_EQ(file.filename().string(),
            fnv1a_hex("format 1\n" + std::string(kEngineVersion) + "\n0.77") + ".txt");
  EXPECT_NE(cache_file(root, "periods", "format 2", "0.77"), file);
  EXPECT_NE(cache_file(root, "periods", "format 1", "0.07"), file);
  EXPECT_NE(cache_file(root, "quotients", "format 1", "0.77"), file);
}

TEST(CacheFile, BothCachesNameTheirFilesSo) {
  const std::filesystem::path root = "/cache";
  EXPECT_EQ(PeriodCache(root).file_for("0.77"),
            cache_file(root, "periods", kCertificateHeader, "0.77"));
  const auto quotient = QuotientCache(root).file_for("0.77");
  EXPECT_EQ(quotient.parent_path(), root / "quotients");
  EXPECT_NE(quotient.filename(), PeriodCache(root).file_for("0.77").filename());
}

TEST(CacheFile, WritesWholeOrNothing) {
  const test::TempDir dir;
  const auto file = cache_file(dir.path(), "periods", "format 1", "0.77");
  EXPECT_TRUE(write_cache_file(file, "text\n"));
  EXPECT_EQ(test::read_bytes(file.string()), "text\n");
  EXPECT_TRUE(write_cache_file(file, "other\n"));
  EXPECT_EQ(test::read_bytes(file.string()), "other\n");
  // A file where the cache's folder should be made: nothing written, no error.
  const auto blocked = dir.path() / "file-not-folder";
  std::ofstream(blocked) << "x";
  EXPECT_FALSE(write_cache_file(blocked / "periods" / "a.txt", "text\n"));
  EXPECT_FALSE(std::filesystem::exists(blocked / "periods"));
}

}  // namespace
}  // namespace grundy
