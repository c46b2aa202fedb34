#pragma once
// What the census command tests share: a temporary folder, and sqlite3 (the documented way to
// query a census database) run on one.

#include <stdlib.h>

#include <cstdio>
#include <filesystem>
#include <string>

namespace grundy_test {

class TempDir {
 public:
  TempDir() {
    char name[] = "/tmp/grundy-census-cli-XXXXXX";
    if (::mkdtemp(name) == nullptr) std::abort();
    path_ = name;
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  std::string operator/(const std::string& name) const { return (path_ / name).string(); }

 private:
  std::filesystem::path path_;
};

/// Runs `sqlite3 DB QUERY` (the documented way to query a census) and returns its output.
inline std::string sqlite(const std::string& db, const std::string& query) {
  const std::string command = "sqlite3 '" + db + "' \"" + query + "\" 2>&1";
  std::string out;
  if (FILE* p = ::popen(command.c_str(), "r")) {
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, p)) out.append(buffer, n);
    ::pclose(p);
  }
  return out;
}

/// The bytes of a file ("" when there is none): what a read-only command must leave as it was.
inline std::string file_bytes(const std::string& path) {
  std::string out;
  if (FILE* f = std::fopen(path.c_str(), "rb")) {
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, f)) out.append(buffer, n);
    std::fclose(f);
  }
  return out;
}

/// Every column of the results that does not depend on timing, run or date.
inline constexpr const char* kResults =
    "SELECT game, class, values_computed, preperiod, period, saltus, theorem, largest_value, "
    "largest_first, rare_mask, rare_count, last_rare, regularity, observed_preperiod, "
    "observed_period FROM results ORDER BY game";

}  // namespace grundy_test
