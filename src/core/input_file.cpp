#include "grundy/core/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "grundy/core/error.hpp"
#include "grundy/core/limits.hpp"

namespace grundy {

std::string read_input_file(const std::filesystem::path& path, std::string_view what,
                            std::uint64_t max_bytes) {
  const std::string name = std::string(what) + " '" + quote_excerpt(path.string(), 200) + "'";
  // The system would see the path cut at a NUL byte: another file.
  if (path.native().find('\0') != std::string::npos) {
    throw Error("cannot read " + name + ": a file name cannot hold a NUL byte");
  }
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw Error("cannot read " + name + ": " + std::strerror(errno));
  struct FdCloser {
    int fd;
    ~FdCloser() { ::close(fd); }
  } closer{fd};
  struct stat st {};
  if (::fstat(fd, &st) != 0) throw Error("cannot read " + name + ": " + std::strerror(errno));
  if (S_ISDIR(st.st_mode)) throw Error("cannot read " + name + ": it is a directory");
  if (S_ISREG(st.st_mode) && static_cast<std::uint64_t>(st.st_size) > max_bytes) {
    throw Error(name + " is " + format_bytes(static_cast<std::uint64_t>(st.st_size)) +
                ", above the limit of " + format_bytes(max_bytes) + " for such files");
  }
  // Character devices and pipes have no size: read until the end or one byte past the limit.
  std::string content;
  char buffer[1 << 16];
  while (true) {
    const ssize_t got = ::read(fd, buffer, sizeof buffer);
    if (got < 0) {
      if (errno == EINTR) continue;
      throw Error("cannot read " + name + ": " + std::strerror(errno));
    }
    if (got == 0) break;
    if (content.size() + static_cast<std::uint64_t>(got) > max_bytes) {
      throw Error(name + " is longer than the limit of " + format_bytes(max_bytes) +
                  " for such files");
    }
    content.append(buffer, static_cast<std::size_t>(got));
  }
  return content;
}

}  // namespace grundy
