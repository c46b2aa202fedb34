#include "grundy/analysis/period_cache.hpp"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace grundy {
namespace {

class PeriodCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char name[] = "/tmp/grundy-cache-test-XXXXXX";
    dir_ = mkdtemp(name);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  static Periodicity sample() {
    Periodicity p;
    p.preperiod = 3;
    p.period = 2;
    p.values = {0, 1, 2, 1, 0};
    p.values_checked = 40;
    p.proof = "proof: test";
    return p;
  }
  std::filesystem::path dir_;
};

TEST_F(PeriodCacheTest, RoundTrip) {
  PeriodCache cache(dir_);
  EXPECT_FALSE(cache.load("0.77"));
  ASSERT_TRUE(cache.store("0.77", sample()));
  const auto back = cache.load("0.77");
  ASSERT_TRUE(back);
  EXPECT_EQ(back->preperiod, 3u);
  EXPECT_EQ(back->period, 2u);
  EXPECT_EQ(back->values, sample().values);
  EXPECT_EQ(back->values_checked, 40u);
  EXPECT_EQ(back->proof, "proof: test");
  EXPECT_FALSE(cache.load("0.07"));  // another game
}

TEST_F(PeriodCacheTest, CorruptOrForeignFilesAreMisses) {
  PeriodCache cache(dir_);
  ASSERT_TRUE(cache.store("0.77", sample()));
  const auto file = cache.file_for("0.77");
  std::string text;
  {
    std::ifstream in(file);
    text.assign(std::istreambuf_iterator<char>(in), {});
  }
  auto write = [&](const std::string& t) { std::ofstream(file, std::ios::trunc) << t; };
  std::string flipped = text;
  flipped[flipped.find("values 5") + 9] = '7';  // a changed value: the checksum fails
  write(flipped);
  EXPECT_FALSE(cache.load("0.77"));
  write(text.substr(0, text.size() / 2));  // torn
  EXPECT_FALSE(cache.load("0.77"));
  write("not a cache file\n");
  EXPECT_FALSE(cache.load("0.77"));
  write(serialise_periodicity("0.07", sample()));  // a file of another game under this name
  EXPECT_FALSE(cache.load("0.77"));
  ASSERT_TRUE(cache.store("0.77", sample()));  // replaced
  EXPECT_TRUE(cache.load("0.77"));
}

TEST_F(PeriodCacheTest, ConcurrentWritersLeaveAValidFile) {
  std::vector<pid_t> children;
  for (int k = 0; k < 6; ++k) {
    const pid_t pid = fork();
    if (pid == 0) {
      PeriodCache cache(dir_);
      bool ok = true;
      for (int round = 0; round < 50; ++round) ok = cache.store("0.77", sample()) && ok;
      _exit(ok ? 0 : 1);
    }
    children.push_back(pid);
  }
  PeriodCache reader(dir_);
  for (int round = 0; round < 200; ++round) {
    if (auto p = reader.load("0.77")) {
      EXPECT_EQ(p->values, sample().values);
    }
  }
  for (pid_t pid : children) {
    int status = 0;
    waitpid(pid, &status, 0);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  EXPECT_TRUE(reader.load("0.77"));
  // No temporary files left behind.
  for (const auto& entry : std::filesystem::directory_iterator(dir_ / "periods")) {
    EXPECT_EQ(entry.path().extension(), ".txt") << entry.path();
  }
}

TEST_F(PeriodCacheTest, LongPeriodsAreNotStored) {
  PeriodCache small(dir_, 4);  // sample() has 5 values
  EXPECT_FALSE(small.store("0.77", sample()));
  EXPECT_FALSE(small.load("0.77"));
  PeriodCache enough(dir_, 5);
  EXPECT_TRUE(enough.store("0.77", sample()));
}

TEST_F(PeriodCacheTest, UnwritableDirectoryIsNotAnError) {
  PeriodCache cache("/proc/no-such-dir/grundy");
  EXPECT_FALSE(cache.store("0.77", sample()));
  EXPECT_FALSE(cache.load("0.77"));
}

}  // namespace
}  // namespace grundy
