#pragma once
/// \file A note, beside a large file, that its content was checked whole: later readers of the
/// same file skip the check. The note names the file's identity (device, inode, size, and its
/// modification and change times to the nanosecond) and the digest its header gives; any write
/// to the file changes its change time (which no caller can set back), a new file has a new
/// inode, so a note that matches means the bytes are those checked. As git's index trusts a
/// file's stat data: a disk that corrupts a file under the file system is not caught. A note is
/// written only for a file unchanged for `settle` (two seconds) before it was opened to be
/// checked: a later write then has a later change time than the one noted, even in the same tick
/// of the file system's coarse clock (git's "racy" files).

#include <sys/stat.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace grundy {

/// The note's path: the file's with ".checked" added.
std::filesystem::path checked_stamp_path(const std::filesystem::path& file);

/// True when the note beside `file` names this identity (`st`, from fstat of the file as read)
/// and `digest`.
bool checked_before(const std::filesystem::path& file, const struct stat& st,
                    std::string_view digest);

/// The clock the file system stamps its times from (the coarse real-time clock), now, in
/// nanoseconds: read before opening a file to be checked.
std::int64_t file_clock_now() noexcept;

/// Writes the note, after the caller checked the whole of `file` (identity `st`, from fstat
/// after opening it at `opened`, a file_clock_now() reading) against `digest`: only when the
/// file's modification and change times are at least `settle` before `opened`; a failure to
/// write it is ignored (the next reader checks again). True when written.
bool remember_checked(const std::filesystem::path& file, const struct stat& st,
                      std::string_view digest, std::int64_t opened,
                      std::chrono::nanoseconds settle = std::chrono::seconds(2));

/// Removes the note (a new file is being written in the old one's place).
void forget_checked(const std::filesystem::path& file);

}  // namespace grundy
