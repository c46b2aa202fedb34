#pragma once
/// \file Resource limits: every table is checked against them before it is allocated.

#include <cstdint>
#include <string>
#include <string_view>

namespace grundy {

struct Limits {
  /// Bytes any one table may use. Defaults to the memory available on this machine.
  std::uint64_t max_memory_bytes = available_memory_bytes();

  static std::uint64_t available_memory_bytes();
};

/// The memory bound of tables a game builds by itself, outside every solver (bitcount(k)'s table
/// of G(popcount)): games are shared between requests and made without their limits, so the
/// process holds one bound for them. The command sets it from --max-memory (CommonOptions);
/// until then it is 2 GiB or the memory available, whichever is less. Thread-safe.
void set_game_table_memory_limit(std::uint64_t bytes);
std::uint64_t game_table_memory_limit();

/// Throws ResourceError unless `bytes` fit in the limit; `what` names the table
/// ("a table of 10^12 values"). A size computed with saturating arithmetic (bytes_for) that
/// overflowed is kSaturated, above every limit.
void require_memory(const Limits& limits, std::uint64_t bytes, std::string_view what);

/// "1.5 GiB", "512 B"; a saturated size (kSaturated, checked.hpp) is "more than 16 EiB".
std::string format_bytes(std::uint64_t bytes);

/// Parses "8G", "512M", "1.5GiB", "1000000" (bytes); binary multiples. Throws Error when malformed.
std::uint64_t parse_size(std::string_view text);

}  // namespace grundy
