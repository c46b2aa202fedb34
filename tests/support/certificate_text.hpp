// Period-certificate and cache-file text for the tests that forge or inspect them
// (docs/file-formats.md): a checksum as the files write it, and a body with its checksum line.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

#include "grundy/core/checksum.hpp"

namespace grundy::test {

/// 16 lowercase hexadecimal digits, as the files write checksums and cache names.
inline std::string hex16(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

/// `body` followed by its `checksum` line: a file that passes the checksum, whatever it claims.
inline std::string signed_text(const std::string& body) {
  return body + "checksum " + hex16(fnv1a(body)) + "\n";
}

}  // namespace grundy::test
