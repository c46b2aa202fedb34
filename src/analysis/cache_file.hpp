#pragma once
// A game's file in one of the on-disk caches (period_cache.hpp, quotient_cache.hpp): the one key
// scheme and the one way of writing, shared by both. What each cache keeps or discards is its
// own (see each class).

#include <filesystem>
#include <string>
#include <string_view>

namespace grundy {

/// `root/folder/<16 hex digits>.txt`, the digits the hash of the file format's header line, the
/// engine's version and the canonical game spec (which carries the game's parameters): another
/// format's or another engine's files have other names and are never read.
std::filesystem::path cache_file(const std::filesystem::path& root, std::string_view folder,
                                 std::string_view format_header, const std::string& game);

/// Writes `text` as `file`, creating its folder, through a temporary file renamed into place
/// (concurrent writers never leave a torn file). false, leaving nothing behind, when it cannot:
/// a cache is an optimisation, an unwritable one is no error.
bool write_cache_file(const std::filesystem::path& file, const std::string& text);

}  // namespace grundy
