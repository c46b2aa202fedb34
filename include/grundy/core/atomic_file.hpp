#pragma once
/// \file Writing a whole file so that no reader ever sees it half-written.

#include <filesystem>
#include <functional>
#include <string>
#include <string_view>

namespace grundy {

/// Writes `content` to a temporary file in the same folder, flushes it to disk and renames it
/// over `path`: readers see the old file or the new one, never a torn one, whatever other writers
/// do at the same time. Throws Error naming the path and the reason; leaves nothing behind then.
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

/// Pieces of a file in order: a writer calls put(piece) for each.
using FilePieces = std::function<void(const std::function<void(std::string_view)>& put)>;
/// The same with the content made piece by piece while it is written (through a buffer of
/// 1 MiB), so that a large file never stands whole in memory. An exception from `pieces` leaves
/// nothing behind and goes on.
void write_file_atomically(const std::filesystem::path& path, const FilePieces& pieces);
/// The same, then head() written over the file's first bytes before it is flushed and renamed:
/// a header whose fields (a count, a checksum) are known only once the rest is written, in one
/// pass. The pieces begin with a first version of the head, as long as the last; a head()
/// longer than the whole file is a std::logic_error (nothing left behind).
void write_file_atomically(const std::filesystem::path& path, const FilePieces& pieces,
                           const std::function<std::string()>& head);

/// Checks, before any work, that write_file_atomically could write `path`: makes and removes the
/// temporary file it would make. Throws Error with the same words it would.
void require_atomically_writable(const std::filesystem::path& path);

}  // namespace grundy
