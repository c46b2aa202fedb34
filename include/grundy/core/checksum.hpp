#pragma once
/// \file FNV-1a, 64 bits: a checksum against torn, truncated or edited files (not against malice).

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

namespace grundy {

/// Incremental: feeding bytes in pieces gives the same digest as feeding them at once.
class Fnv1a {
 public:
  void add(std::span<const std::byte> bytes) noexcept {
    std::uint64_t h = state_;
    for (std::byte b : bytes) {
      h ^= static_cast<std::uint64_t>(b);
      h *= 0x100000001b3ULL;
    }
    state_ = h;
  }
  void add(std::string_view text) noexcept {
    add(std::as_bytes(std::span(text.data(), text.size())));
  }
  std::uint64_t digest() const noexcept { return state_; }

 private:
  std::uint64_t state_ = 0xcbf29ce484222325ULL;
};

inline std::uint64_t fnv1a(std::string_view text) noexcept {
  Fnv1a h;
  h.add(text);
  return h.digest();
}

/// fnv1a(text) as 16 lower-case hexadecimal digits: the checksum lines of the files and the
/// names of the caches' files.
inline std::string fnv1a_hex(std::string_view text) {
  char digits[17];
  std::snprintf(digits, sizeof digits, "%016llx", static_cast<unsigned long long>(fnv1a(text)));
  return digits;
}

}  // namespace grundy
