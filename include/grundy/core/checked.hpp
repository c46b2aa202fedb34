#pragma once
/// \file Overflow-checked arithmetic for sizes, counts and offsets: the one place in grundy where
/// a product or sum of 64-bit quantities is computed without trusting it to fit. Every size of a
/// table or file, every byte offset and every count of options goes through these helpers (a
/// test greps that no other layer defines its own), so a request for 2^63 values is refused with
/// a message, never wrapped into a small allocation.

#include <cstdint>
#include <limits>
#include <optional>
#include <string_view>

namespace grundy {

/// 128-bit integers, for exact intermediate products (a*b/c, a*b < m).
__extension__ using uint128 = unsigned __int128;
__extension__ using int128 = __int128;

/// The saturated value of a count: read as "2^64-1 or more".
inline constexpr std::uint64_t kSaturated = std::numeric_limits<std::uint64_t>::max();

/// a + b, or nothing when it does not fit in 64 bits.
constexpr std::optional<std::uint64_t> checked_add(std::uint64_t a, std::uint64_t b) noexcept {
  std::uint64_t r = 0;
  if (__builtin_add_overflow(a, b, &r)) return std::nullopt;
  return r;
}

/// a * b, or nothing when it does not fit in 64 bits.
constexpr std::optional<std::uint64_t> checked_mul(std::uint64_t a, std::uint64_t b) noexcept {
  std::uint64_t r = 0;
  if (__builtin_mul_overflow(a, b, &r)) return std::nullopt;
  return r;
}

/// a + b, or kSaturated ("that many or more") when it does not fit.
constexpr std::uint64_t saturating_add(std::uint64_t a, std::uint64_t b) noexcept {
  return checked_add(a, b).value_or(kSaturated);
}

/// a * b, or kSaturated when it does not fit; 0 times anything is exactly 0.
constexpr std::uint64_t saturating_mul(std::uint64_t a, std::uint64_t b) noexcept {
  return checked_mul(a, b).value_or(kSaturated);
}

/// a + b; throws ResourceError "`what` is too large (more than 2^64-1 ...)" when it does not fit.
std::uint64_t add_or_refuse(std::uint64_t a, std::uint64_t b, std::string_view what);
/// a * b; throws ResourceError naming `what` when it does not fit.
std::uint64_t mul_or_refuse(std::uint64_t a, std::uint64_t b, std::string_view what);

/// The bytes of `count` items of `each` bytes, saturating: a saturated size is larger than any
/// memory or disk limit, so require_memory() refuses it.
constexpr std::uint64_t bytes_for(std::uint64_t count, std::uint64_t each) noexcept {
  return saturating_mul(count, each);
}

}  // namespace grundy
