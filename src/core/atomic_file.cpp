#include "grundy/core/atomic_file.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <stdexcept>

#include "grundy/core/error.hpp"

namespace grundy {

namespace {

/// The temporary file beside `path` that becomes it, opened; `temp` is its name.
int make_temporary(const std::filesystem::path& path, std::string& temp) {
  const std::filesystem::path dir = path.has_parent_path() ? path.parent_path() : ".";
  temp = (dir / ("." + path.filename().string() + ".tmp-XXXXXX")).string();
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) {
    throw Error("cannot write '" + path.string() + "': cannot create a file in " + dir.string() +
                ": " + std::strerror(errno));
  }
  return fd;
}

}  // namespace

void require_atomically_writable(const std::filesystem::path& path) {
  std::string temp;
  const int fd = make_temporary(path, temp);
  ::close(fd);
  ::unlink(temp.c_str());
}

void write_file_atomically(const std::filesystem::path& path, const std::string& content) {
  write_file_atomically(path, [&](const std::function<void(std::string_view)>& put) {
    put(content);
  });
}

void write_file_atomically(const std::filesystem::path& path, const FilePieces& pieces) {
  write_file_atomically(path, pieces, {});
}

void write_file_atomically(const std::filesystem::path& path, const FilePieces& pieces,
                           const std::function<std::string()>& head) {
  std::string temp;
  const int fd = make_temporary(path, temp);
  auto fail = [&](const std::string& what, int error) {
    throw Error("cannot write '" + path.string() + "': " + what + ": " + std::strerror(error));
  };
  bool cleaned = false;  // the temporary file closed and removed
  auto abandon = [&](const std::string& what) {
    const int saved = errno;
    cleaned = true;
    ::close(fd);
    ::unlink(temp.c_str());
    fail(what, saved);
  };
  std::uint64_t end = 0;  // the bytes written so far
  auto write_at = [&](std::string_view bytes, std::uint64_t offset) {
    for (std::size_t written = 0; written < bytes.size();) {
      const ssize_t put = ::pwrite(fd, bytes.data() + written, bytes.size() - written,
                                   static_cast<off_t>(offset + written));
      if (put < 0 && errno == EINTR) continue;
      if (put <= 0) abandon("write failed");
      written += static_cast<std::size_t>(put);
    }
  };
  auto write_all = [&](std::string_view bytes) {
    write_at(bytes, end);
    end += bytes.size();
  };
  constexpr std::size_t kBuffer = std::size_t{1} << 20;
  std::string buffer;
  try {
    pieces([&](std::string_view piece) {
      if (buffer.size() + piece.size() > kBuffer) {
        write_all(buffer);
        buffer.clear();
        if (piece.size() > kBuffer) {
          write_all(piece);
          return;
        }
      }
      buffer += piece;
    });
    write_all(buffer);
    if (head) {
      const std::string bytes = head();
      if (bytes.size() > end) {
        throw std::logic_error("a file's head is longer than what was written for it");
      }
      write_at(bytes, 0);
    }
  } catch (...) {
    if (!cleaned) {
      ::close(fd);
      ::unlink(temp.c_str());
    }
    throw;
  }
  // mkstemp makes the file private (0600); these are ordinary files.
  (void)::fchmod(fd, 0644);
  if (::fsync(fd) != 0) abandon("fsync failed");
  if (::close(fd) != 0) {
    const int saved = errno;
    ::unlink(temp.c_str());
    fail("close failed", saved);
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const int saved = errno;
    ::unlink(temp.c_str());
    fail("rename failed", saved);
  }
}

}  // namespace grundy
