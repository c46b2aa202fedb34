#pragma once
/// \file Writing a whole file so that no reader ever sees it half-written.

#include <filesystem>
#include <string>

namespace grundy {

/// Writes `content` to a temporary file in the same folder, flushes it to disk and renames it
/// over `path`: readers see the old file or the new one, never a torn one, whatever other writers
/// do at the same time. Throws Error naming the path and the reason; leaves nothing behind then.
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

/// Checks, before any work, that write_file_atomically could write `path`: makes and removes the
/// temporary file it would make. Throws Error with the same words it would.
void require_atomically_writable(const std::filesystem::path& path);

}  // namespace grundy
