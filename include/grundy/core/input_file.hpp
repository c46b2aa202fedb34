#pragma once
/// \file Reading a user's input file (a graph, a cache entry) whole, with a size limit: a file
/// that is too large, not a regular file, or endless (/dev/zero, a pipe that never closes) is
/// refused with an Error after reading at most the limit, never read into memory without bound.

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "grundy/core/error.hpp"  // quote_excerpt, for messages that quote a file's text

namespace grundy {

/// The limit for text input files unless a caller says otherwise: 64 MiB.
inline constexpr std::uint64_t kMaxInputFileBytes = std::uint64_t{64} << 20;

/// The whole content of `path`. Throws Error naming `what` ("graph file"), the path and the
/// problem: missing, unreadable, a directory, or longer than `max_bytes`.
std::string read_input_file(const std::filesystem::path& path, std::string_view what,
                            std::uint64_t max_bytes = kMaxInputFileBytes);

}  // namespace grundy
