#include "support.hpp"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <system_error>

namespace grundy::fuzz {
namespace {

std::filesystem::path make_temp_dir() {
  std::string pattern = (std::filesystem::temp_directory_path() / "grundy-fuzz-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr) {
    std::perror("grundy fuzz: cannot create a temporary directory");
    std::abort();
  }
  return pattern;
}

void remove_temp_dir() {
  std::error_code ignored;
  std::filesystem::remove_all(temp_dir(), ignored);
}

}  // namespace

const std::filesystem::path& temp_dir() {
  static const std::filesystem::path dir = [] {
    std::filesystem::path made = make_temp_dir();
    std::atexit(remove_temp_dir);
    return made;
  }();
  return dir;
}

std::filesystem::path write_temp_file(std::string_view name, std::string_view bytes) {
  const std::filesystem::path path = temp_dir() / name;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  out.close();
  if (!out) fail("cannot write the temporary file " + path.string());
  return path;
}

void enter_temp_dir_with_graphs() {
  write_temp_file("g.txt", "a b\nb c\nc a\nc d\nd\n");
  write_temp_file("dag", "top left\ntop right\nleft bottom\nright bottom\n");
  std::filesystem::current_path(temp_dir());
}

void fail(const std::string& what) {
  std::fprintf(stderr, "grundy fuzz: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace grundy::fuzz
