#include "grundy/core/sequence_file.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <bit>
#include <cerrno>
#include <cstring>
#include <limits>

#include "grundy/core/checked.hpp"
#include "grundy/core/error.hpp"

namespace grundy {
namespace {

static_assert(std::endian::native == std::endian::little,
              "sequence files are little-endian and are mapped as they are");

// The fixed part of the header (docs/file-formats.md); the game's name follows it.
constexpr char kMagic[8] = {'G', 'R', 'U', 'N', 'D', 'Y', 'S', 'Q'};
constexpr std::uint32_t kVersion = 1;
constexpr std::uint64_t kFixed = 64;
constexpr std::uint64_t kMaxName = std::uint64_t{1} << 20;
constexpr std::uint32_t kComplete = 1;
/// The largest file size the system's offsets (off_t) can name.
constexpr std::uint64_t kMaxFileBytes =
    static_cast<std::uint64_t>(std::numeric_limits<off_t>::max());

struct Header {
  std::uint32_t header_bytes = 0;
  std::uint32_t width = 0;
  std::uint32_t flags = 0;
  std::uint64_t count = 0;
  std::uint64_t checksum = 0;
  std::string game;
};

template <class T>
void put(std::string& h, std::size_t at, T v) {
  std::memcpy(h.data() + at, &v, sizeof v);
}
template <class T>
T get(const std::string& h, std::size_t at) {
  T v;
  std::memcpy(&v, h.data() + at, sizeof v);
  return v;
}

std::string encode(const Header& header) {
  std::string h(header.header_bytes, '\0');
  std::memcpy(h.data(), kMagic, sizeof kMagic);
  put<std::uint32_t>(h, 8, kVersion);
  put<std::uint32_t>(h, 12, header.header_bytes);
  put<std::uint32_t>(h, 16, header.width);
  put<std::uint32_t>(h, 20, header.flags);
  put<std::uint64_t>(h, 24, header.count);
  put<std::uint64_t>(h, 32, header.checksum);
  put<std::uint32_t>(h, 40, static_cast<std::uint32_t>(header.game.size()));
  std::memcpy(h.data() + kFixed, header.game.data(), header.game.size());
  put<std::uint64_t>(h, 56, fnv1a(h));  // over the whole header with this field still zero
  return h;
}

[[noreturn]] void fail(const std::filesystem::path& path, const std::string& what) {
  throw Error("'" + path.string() + "': " + what);
}
[[noreturn]] void fail_errno(const std::filesystem::path& path, const std::string& what) {
  fail(path, what + ": " + std::strerror(errno));
}

void read_exactly(int fd, const std::filesystem::path& path, char* to, std::size_t bytes,
                  std::uint64_t offset) {
  for (std::size_t got = 0; got < bytes;) {
    const ssize_t n = ::pread(fd, to + got, bytes - got, static_cast<off_t>(offset + got));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail_errno(path, "cannot read");
    if (n == 0) fail(path, "truncated sequence file");
    got += static_cast<std::size_t>(n);
  }
}

void write_exactly(int fd, const std::filesystem::path& path, const std::string& bytes,
                   std::uint64_t offset) {
  for (std::size_t put = 0; put < bytes.size();) {
    const ssize_t n =
        ::pwrite(fd, bytes.data() + put, bytes.size() - put, static_cast<off_t>(offset + put));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail_errno(path, "cannot write");
    put += static_cast<std::size_t>(n);
  }
}

std::uint64_t file_size(int fd, const std::filesystem::path& path) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) fail_errno(path, "cannot stat");
  if (!S_ISREG(st.st_mode)) fail(path, "not a regular file");
  return static_cast<std::uint64_t>(st.st_size);
}

/// Reads and checks the header of a file of `size` bytes (not the values).
Header decode(int fd, const std::filesystem::path& path, std::uint64_t size) {
  const std::string not_ours = "not a grundy sequence file (no GRUNDYSQ header)";
  if (size < kFixed) fail(path, not_ours);
  std::string h(kFixed, '\0');
  read_exactly(fd, path, h.data(), kFixed, 0);
  if (std::memcmp(h.data(), kMagic, sizeof kMagic) != 0) fail(path, not_ours);
  if (const auto version = get<std::uint32_t>(h, 8); version != kVersion) {
    fail(path, "sequence file format version " + std::to_string(version) +
                   "; this grundy reads version " + std::to_string(kVersion));
  }
  Header header;
  header.header_bytes = get<std::uint32_t>(h, 12);
  header.width = get<std::uint32_t>(h, 16);
  header.flags = get<std::uint32_t>(h, 20);
  header.count = get<std::uint64_t>(h, 24);
  header.checksum = get<std::uint64_t>(h, 32);
  const std::uint32_t name_length = get<std::uint32_t>(h, 40);
  if (name_length > kMaxName || header.header_bytes != SequenceFile::header_bytes(name_length) ||
      header.header_bytes > size) {
    fail(path, "corrupt sequence file (bad header size)");
  }
  h.resize(header.header_bytes);
  read_exactly(fd, path, h.data() + kFixed, header.header_bytes - kFixed, kFixed);
  const auto stored = get<std::uint64_t>(h, 56);
  put<std::uint64_t>(h, 56, 0);
  if (fnv1a(h) != stored) fail(path, "corrupt sequence file (header checksum mismatch)");
  if (header.width != 1 && header.width != 2 && header.width != 4) {
    fail(path, "corrupt sequence file (value width " + std::to_string(header.width) + ")");
  }
  if ((header.flags & ~kComplete) != 0) fail(path, "corrupt sequence file (unknown flags)");
  header.game.assign(h.data() + kFixed, name_length);
  const std::uint64_t room = (size - header.header_bytes) / header.width;
  if (header.count > room) {
    fail(path, "truncated sequence file (the header promises " + std::to_string(header.count) +
                   " values; " + std::to_string(room) + " are there)");
  }
  // count <= room, so the product and the sum fit; checked all the same.
  if ((header.flags & kComplete) != 0 &&
      size != saturating_add(header.header_bytes, bytes_for(header.count, header.width))) {
    fail(path, "corrupt sequence file (bytes after the last value)");
  }
  return header;
}

}  // namespace

std::uint64_t SequenceFile::header_bytes(std::uint64_t name_length) noexcept {
  return (kFixed + name_length + 7) / 8 * 8;
}

SequenceFile::~SequenceFile() {
  unmap();
  // A run that saved nothing leaves nothing: a file it made is removed, a file it found empty is
  // cut back to empty (the lock is still held, so no other writer is using it).
  if (fd_ >= 0 && writable_ && !complete_ && count_ == 0) {
    if (created_) {
      ::unlink(path_.c_str());
    } else if (found_empty_) {
      (void)::ftruncate(fd_, 0);
    }
  }
  if (fd_ >= 0) ::close(fd_);
}

void SequenceFile::unmap() noexcept {
  if (mapping_ != nullptr) ::munmap(mapping_, mapped_bytes_);
  mapping_ = nullptr;
  mapped_bytes_ = 0;
  data_ = nullptr;
  capacity_ = 0;
}

void SequenceFile::map(std::uint64_t file_bytes, bool writable) {
  const int protection = writable ? PROT_READ | PROT_WRITE : PROT_READ;
  void* p = mapping_ == nullptr ? ::mmap(nullptr, file_bytes, protection, MAP_SHARED, fd_, 0)
                                : ::mremap(mapping_, mapped_bytes_, file_bytes, MREMAP_MAYMOVE);
  if (p == MAP_FAILED) fail_errno(path_, "cannot map " + format_bytes(file_bytes));
  mapping_ = static_cast<std::byte*>(p);
  mapped_bytes_ = file_bytes;
  data_ = mapping_ + header_bytes_;
  capacity_ = (file_bytes - header_bytes_) / static_cast<std::uint64_t>(width_);
}

void SequenceFile::hash_to(std::uint64_t count) {
  if (count <= hashed_) return;
  hash_.add(std::span<const std::byte>(data_ + value_bytes(hashed_),
                                       value_bytes(count) - value_bytes(hashed_)));
  hashed_ = count;
}

void SequenceFile::write_header(std::uint64_t count, bool complete) {
  Header header;
  header.header_bytes = static_cast<std::uint32_t>(header_bytes_);
  header.width = static_cast<std::uint32_t>(width_);
  header.flags = complete ? kComplete : 0;
  header.count = count;
  header.checksum = hash_.digest();
  header.game = game_;
  // One small pwrite: a kill cannot tear it (and the mapping sees it at once).
  write_exactly(fd_, path_, encode(header), 0);
}

std::unique_ptr<SequenceFile> SequenceFile::open(const std::filesystem::path& path) {
  return open_to_read(path, false);
}

std::unique_ptr<SequenceFile> SequenceFile::open_finished(const std::filesystem::path& path) {
  return open_to_read(path, true);
}

std::unique_ptr<SequenceFile> SequenceFile::open_to_read(const std::filesystem::path& path,
                                                         bool finished_only) {
  std::unique_ptr<SequenceFile> file(new SequenceFile());
  file->path_ = path;
  file->fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (file->fd_ < 0) fail_errno(path, "cannot open");
  // A shared lock while the file is checked: a writer (which holds an exclusive one) is refused,
  // and none can start before the checks are done.
  if (finished_only && ::flock(file->fd_, LOCK_SH | LOCK_NB) != 0) {
    if (errno == EWOULDBLOCK) fail(path, "another grundy process is writing this file");
    fail_errno(path, "cannot lock");
  }
  const std::uint64_t size = file_size(file->fd_, path);
  const Header header = decode(file->fd_, path, size);
  if (finished_only && (header.flags & kComplete) == 0) {
    fail(path, "unfinished sequence file (an interrupted run, " +
                   (header.count == 0 ? std::string("no values yet")
                                      : "g(0.." + std::to_string(header.count - 1) + ")") +
                   "); the same grundy seq --out finishes it");
  }
  file->game_ = header.game;
  file->width_ = static_cast<int>(header.width);
  file->header_bytes_ = header.header_bytes;
  file->complete_ = (header.flags & kComplete) != 0;
  file->map(size, false);
  file->hash_to(header.count);
  if (file->hash_.digest() != header.checksum) {
    fail(path, "corrupt sequence file (the values do not match their checksum)");
  }
  file->count_ = header.count;
  file->capacity_ = header.count;
  if (finished_only) (void)::flock(file->fd_, LOCK_UN);
  return file;
}

std::unique_ptr<SequenceFile> SequenceFile::create_or_continue(const std::filesystem::path& path,
                                                               const std::string& game) {
  if (game.size() > kMaxName) throw Error("a game name longer than 1 MiB cannot be stored");
  std::unique_ptr<SequenceFile> file(new SequenceFile());
  file->path_ = path;
  file->game_ = game;
  file->writable_ = true;
  // O_EXCL first, to know whether this run made the file (and so may remove it, unused).
  bool created = true;
  file->fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (file->fd_ < 0 && errno == EEXIST) {
    created = false;
    file->fd_ = ::open(path.c_str(), O_RDWR | O_CLOEXEC);
  }
  if (file->fd_ < 0) fail_errno(path, "cannot open for writing");
  if (::flock(file->fd_, LOCK_EX | LOCK_NB) != 0) {
    if (errno == EWOULDBLOCK) fail(path, "another grundy process is writing this file");
    fail_errno(path, "cannot lock");
  }
  const std::uint64_t size = file_size(file->fd_, path);
  // Only now is the file this object's to clean up.
  file->created_ = created;
  file->found_empty_ = size == 0;
  if (size == 0) {
    file->header_bytes_ = header_bytes(game.size());
    file->width_ = 1;
    if (::ftruncate(file->fd_, static_cast<off_t>(file->header_bytes_)) != 0) {
      fail_errno(path, "cannot write");
    }
    file->write_header(0, false);
    file->map(file->header_bytes_, true);
    return file;
  }
  const Header header = decode(file->fd_, path, size);
  if (header.game != game) {
    fail(path, "holds the sequence of " + header.game + ", not of " + game +
                   "; refusing to overwrite it");
  }
  file->width_ = static_cast<int>(header.width);
  file->header_bytes_ = header.header_bytes;
  file->complete_ = (header.flags & kComplete) != 0;
  file->map(size, true);
  file->hash_to(header.count);
  if (file->hash_.digest() != header.checksum) {
    fail(path,
         "corrupt sequence file (the values do not match their checksum); refusing to "
         "overwrite it");
  }
  file->count_ = header.count;
  return file;
}

void SequenceFile::reserve(std::uint64_t values, std::uint64_t slack) {
  if (!writable_) fail(path_, "opened for reading only");
  const std::uint64_t need = file_bytes_for(saturating_add(values, slack));
  if (need <= mapped_bytes_) return;
  if (need > kMaxFileBytes) {
    throw ResourceError("'" + path_.string() + "': " + std::to_string(values) + " values need " +
                        format_bytes(need) + ", more than a file can hold");
  }
  const std::uint64_t size = file_size(fd_, path_);
  if (need > size) {
    // Allocate the blocks now: a full disk must be an error here, not a SIGBUS in the middle of
    // a run that writes through the mapping.
    int error = ::posix_fallocate(fd_, static_cast<off_t>(size), static_cast<off_t>(need - size));
    if (error == EOPNOTSUPP || error == EINVAL) {
      struct statvfs fs {};
      if (::fstatvfs(fd_, &fs) == 0 && saturating_mul(fs.f_bavail, fs.f_frsize) < need - size) {
        error = ENOSPC;
      } else {
        error = ::ftruncate(fd_, static_cast<off_t>(need)) == 0 ? 0 : errno;
      }
    }
    if (error == ENOSPC || error == EFBIG) {
      throw ResourceError("'" + path_.string() + "': no room on the disk for " +
                          std::to_string(values) + " values (" + format_bytes(need) + ")");
    }
    if (error != 0) {
      errno = error;
      fail_errno(path_, "cannot grow the file");
    }
  }
  map(std::max(need, size), true);
}

void SequenceFile::require_disk_room(std::uint64_t values) const {
  // The least the values can take is one byte each; a wider run needs more, and is refused when
  // it gets there (reserve). What the file holds already is room too.
  if (values == 0) return;
  const std::uint64_t need = saturating_add(header_bytes_, values);
  const std::string needs = "'" + path_.string() + "': g(0.." + std::to_string(values - 1) +
                            ") needs at least " + format_bytes(need) + " (one byte per value)";
  if (need > kMaxFileBytes) throw ResourceError(needs + ", more than a file can hold");
  struct statvfs fs {};
  if (::fstatvfs(fd_, &fs) != 0) fail_errno(path_, "cannot read the file system's free space");
  const std::uint64_t free = saturating_mul(fs.f_bavail, fs.f_frsize);
  const std::uint64_t held = file_size(fd_, path_);
  if (need > saturating_add(free, held)) {
    throw ResourceError(needs + ", and the file system has " + format_bytes(free) + " available" +
                        (count_ > 0 ? " (the file holds " + format_bytes(held) + " already)" : ""));
  }
}

void SequenceFile::checkpoint(std::uint64_t count) {
  if (!writable_) fail(path_, "opened for reading only");
  if (count < count_) count = count_;
  // The values first, then the header that counts them: whatever is cut short, the header only
  // ever counts values that are on disk.
  if (::msync(mapping_, file_bytes_for(count), MS_SYNC) != 0) {
    fail_errno(path_, "cannot write the values to disk");
  }
  hash_to(count);
  write_header(count, false);
  if (::fdatasync(fd_) != 0) fail_errno(path_, "cannot write to disk");
  count_ = count;
  complete_ = false;
}

void SequenceFile::finish(std::uint64_t count) {
  checkpoint(count);
  if (::ftruncate(fd_, static_cast<off_t>(file_bytes_for(count))) != 0) {
    fail_errno(path_, "cannot cut the file to its size");
  }
  write_header(count, true);
  if (::fsync(fd_) != 0) fail_errno(path_, "cannot write to disk");
  complete_ = true;
  unmap();
}

void SequenceFile::widen(int width, std::uint64_t count) {
  if (width <= width_) return;
  if (!writable_) fail(path_, "opened for reading only");
  const std::uint64_t keep_capacity = capacity_;
  const std::filesystem::path dir = path_.has_parent_path() ? path_.parent_path() : ".";
  std::string temp = (dir / ("." + path_.filename().string() + ".widen-XXXXXX")).string();
  const int out = ::mkstemp(temp.data());
  if (out < 0) fail_errno(path_, "cannot create a file in " + dir.string());
  auto abandon = [&](const std::string& what) {
    const int saved = errno;
    ::close(out);
    ::unlink(temp.c_str());
    errno = saved;
    fail_errno(path_, what);
  };
  (void)::fchmod(out, 0644);
  const std::uint64_t bytes =
      saturating_add(header_bytes_, bytes_for(count, static_cast<std::uint64_t>(width)));
  if (bytes > kMaxFileBytes) {
    errno = EFBIG;
    abandon("cannot widen the values");
  }
  if (const int error = ::posix_fallocate(out, 0, static_cast<off_t>(bytes)); error != 0) {
    errno = error;
    abandon("cannot make room for the wider values");
  }
  void* p = ::mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_SHARED, out, 0);
  if (p == MAP_FAILED) abandon("cannot map the wider values");
  auto* to = static_cast<std::byte*>(p);
  convert(data_, width_, to + header_bytes_, width, count);
  Fnv1a hash;
  hash.add(std::span<const std::byte>(to + header_bytes_, bytes - header_bytes_));
  const bool synced = ::msync(to, bytes, MS_SYNC) == 0;
  ::munmap(to, bytes);
  if (!synced) abandon("cannot write the wider values");
  Header header;
  header.header_bytes = static_cast<std::uint32_t>(header_bytes_);
  header.width = static_cast<std::uint32_t>(width);
  header.count = count;
  header.checksum = hash.digest();
  header.game = game_;
  write_exactly(out, temp, encode(header), 0);
  if (::fsync(out) != 0) abandon("cannot write to disk");
  if (::rename(temp.c_str(), path_.c_str()) != 0) abandon("cannot replace the file");
  // Now the new file is the file: map it, lock it and go on.
  unmap();
  ::close(fd_);
  fd_ = out;
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) fail_errno(path_, "cannot lock");
  width_ = width;
  hash_ = hash;
  hashed_ = count;
  count_ = count;
  complete_ = false;
  map(bytes, true);
  reserve(keep_capacity);
}

}  // namespace grundy
