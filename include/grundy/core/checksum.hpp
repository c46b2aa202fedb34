#pragma once
/// \file FNV-1a, 64 bits: a checksum against torn, truncated or edited files (not against malice);
/// and wide_checksum, the same kind of check for files of hundreds of megabytes.

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
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

/// A 64-bit checksum of large data, for the same purpose as Fnv1a, about ten times faster: eight
/// bytes at a time (in the machine's byte order) in four independent lanes, each word taken in by
/// xxHash64's round (multiply, rotate, multiply), the lanes then folded together with the length
/// and the tail, and the result mixed by xxHash64's finaliser. FNV-1a takes a byte a cycle: half a
/// second for an endgame database of 512 MiB, which this reads in a few hundredths.
inline std::uint64_t wide_checksum(std::span<const std::byte> bytes) noexcept {
  constexpr std::uint64_t kP1 = 0x9E3779B185EBCA87ULL;
  constexpr std::uint64_t kP2 = 0xC2B2AE3D27D4EB4FULL;
  constexpr std::uint64_t kP3 = 0x165667B19E3779F9ULL;
  auto rotl = [](std::uint64_t x, int r) { return (x << r) | (x >> (64 - r)); };
  auto round = [&](std::uint64_t lane, std::uint64_t word) {
    return rotl(lane + word * kP2, 31) * kP1;
  };
  auto word_at = [&](std::size_t i) {
    std::uint64_t w = 0;
    std::memcpy(&w, bytes.data() + i, sizeof w);
    return w;
  };
  std::uint64_t lane[4] = {kP1 + kP2, kP2, 0, 0 - kP1};
  std::size_t i = 0;
  for (; i + 32 <= bytes.size(); i += 32) {
    for (std::size_t k = 0; k < 4; ++k) lane[k] = round(lane[k], word_at(i + 8 * k));
  }
  std::uint64_t h = rotl(lane[0], 1) + rotl(lane[1], 7) + rotl(lane[2], 12) + rotl(lane[3], 18);
  h += static_cast<std::uint64_t>(bytes.size()) * kP3;
  for (; i + 8 <= bytes.size(); i += 8) h = rotl(h ^ round(0, word_at(i)), 27) * kP1 + kP3;
  for (; i < bytes.size(); ++i) {
    h = rotl(h ^ (static_cast<std::uint64_t>(bytes[i]) * kP3), 11) * kP1;
  }
  h ^= h >> 33;
  h *= kP2;
  h ^= h >> 29;
  h *= kP3;
  h ^= h >> 32;
  return h;
}

}  // namespace grundy
