// Whether this test was compiled with a sanitizer: ASan+UBSan and TSan run the library 5-20x
// slower, so the few tests that sweep large ranges sweep smaller ones there (the Release build
// runs every test at full size).
#pragma once

#include <cstdint>

namespace grundy_test {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
inline constexpr bool kSanitizerBuild = true;
#else
inline constexpr bool kSanitizerBuild = false;
#endif

/// `full` in a Release build, `sanitized` in a sanitizer build.
constexpr std::uint64_t full_or_sanitized(std::uint64_t full, std::uint64_t sanitized) {
  return kSanitizerBuild ? sanitized : full;
}

}  // namespace grundy_test
