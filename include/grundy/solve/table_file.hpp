#pragma once
/// \file The component search's table file (`--table FILE`, docs/file-formats.md): the exact
/// entries of a search, one `KEY VALUE` line each under a header (kind, rule, entry count,
/// FNV-1a checksum of the lines), written atomically; a file that is foreign (another rule) or
/// corrupt (a bad header, count or checksum) is refused whole.

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "grundy/core/value.hpp"

namespace grundy {

using TableEntries = std::vector<std::pair<std::string, Value>>;

/// The entries of a table to save: a source calls put(key, value) for each, the same entries in
/// the same order every time it is called.
using TableEntrySource =
    std::function<void(const std::function<void(std::string_view key, Value value)>& put)>;

/// Writes the entries of `source` for `rule` ("node" or "arc") to `path` atomically: a reader
/// sees the old file or the new one. The source is read twice (the count and checksum of the
/// header first, then the lines as they are written), so a table of any size is written
/// without a copy of it in memory.
void save_table_file(const std::filesystem::path& path, std::string_view rule,
                     const TableEntrySource& source);
/// The same for a list of entries, sorted first (one set of entries always writes one file).
void save_table_file(const std::filesystem::path& path, std::string_view rule,
                     TableEntries entries);

/// Called with each entry of a table file.
using TableEntryVisitor = std::function<void(std::string_view key, Value value)>;

/// Calls entry(key, value) for every entry of a file written by save_table_file for `rule`, the
/// file read twice through a small buffer (first checked whole, so that a foreign or corrupt file
/// gives no entry; then read entry by entry). Throws Error as load_table_file does.
void read_table_file(const std::filesystem::path& path, std::string_view rule,
                     std::uint64_t max_bytes, const TableEntryVisitor& entry);

/// The entries of a file written by save_table_file for `rule`; throws Error naming the file and
/// what is wrong (not a table file, another rule, a bad count or checksum, a torn file), reading
/// at most `max_bytes` (and at least 1 MiB).
TableEntries load_table_file(const std::filesystem::path& path, std::string_view rule,
                             std::uint64_t max_bytes);

}  // namespace grundy
