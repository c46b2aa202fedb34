#include "grundy/core/checked_stamp.hpp"

#include <algorithm>
#include <cstdint>
#include <ctime>
#include <sstream>
#include <system_error>

#include "grundy/core/atomic_file.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/input_file.hpp"

namespace grundy {
namespace {

constexpr std::string_view kStampKind = "grundy-checked 1";

std::int64_t nanoseconds(const struct timespec& t) {
  return static_cast<std::int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec;
}

/// The note's whole text for this identity and digest.
std::string stamp_text(const struct stat& st, std::string_view digest) {
  std::ostringstream out;
  out << kStampKind << "\n"
      << "device " << st.st_dev << "\ninode " << st.st_ino << "\nsize " << st.st_size
      << "\nmodified " << nanoseconds(st.st_mtim) << "\nchanged " << nanoseconds(st.st_ctim)
      << "\ndigest " << digest << "\n";
  return out.str();
}

}  // namespace

std::filesystem::path checked_stamp_path(const std::filesystem::path& file) {
  std::filesystem::path p = file;
  p += ".checked";
  return p;
}

bool checked_before(const std::filesystem::path& file, const struct stat& st,
                    std::string_view digest) {
  const std::string want = stamp_text(st, digest);
  try {
    // Missing, unreadable or longer than the note it should be: not that note.
    return read_input_file(checked_stamp_path(file), "checked note", want.size()) == want;
  } catch (const Error&) {
    return false;
  }
}

std::int64_t file_clock_now() noexcept {
  struct timespec now {};
#ifdef CLOCK_REALTIME_COARSE
  const clockid_t clock = CLOCK_REALTIME_COARSE;
#else
  const clockid_t clock = CLOCK_REALTIME;
#endif
  if (::clock_gettime(clock, &now) != 0) return 0;  // 0: no note is written
  return nanoseconds(now);
}

bool remember_checked(const std::filesystem::path& file, const struct stat& st,
                      std::string_view digest, std::int64_t opened,
                      std::chrono::nanoseconds settle) {
  const std::int64_t latest = std::max(nanoseconds(st.st_mtim), nanoseconds(st.st_ctim));
  if (latest + settle.count() > opened) return false;
  try {
    write_file_atomically(checked_stamp_path(file), stamp_text(st, digest));
  } catch (const Error&) {
    return false;
  }
  return true;
}

void forget_checked(const std::filesystem::path& file) {
  std::error_code ec;
  std::filesystem::remove(checked_stamp_path(file), ec);
}

}  // namespace grundy
