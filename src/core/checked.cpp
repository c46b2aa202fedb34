#include "grundy/core/checked.hpp"

#include <string>

#include "grundy/core/error.hpp"

namespace grundy {

std::uint64_t add_or_refuse(std::uint64_t a, std::uint64_t b, std::string_view what) {
  if (auto r = checked_add(a, b)) return *r;
  throw ResourceError(std::string(what) + " is too large: it passes 2^64-1");
}

std::uint64_t mul_or_refuse(std::uint64_t a, std::uint64_t b, std::string_view what) {
  if (auto r = checked_mul(a, b)) return *r;
  throw ResourceError(std::string(what) + " is too large: it passes 2^64-1");
}

}  // namespace grundy
