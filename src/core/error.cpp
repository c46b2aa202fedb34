#include "grundy/core/error.hpp"

#include <cstdio>

namespace grundy {

std::string quote_excerpt(std::string_view text, std::size_t max_bytes) {
  std::string out;
  std::size_t shown = text.size() > max_bytes ? max_bytes : text.size();
  // Never cut a UTF-8 character in two.
  while (shown > 0 && shown < text.size() &&
         (static_cast<unsigned char>(text[shown]) & 0xC0) == 0x80)
    --shown;
  for (std::size_t i = 0; i < shown; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F) {
      char escaped[5];
      std::snprintf(escaped, sizeof escaped, "\\x%02X", c);
      out += escaped;
    } else {
      out += static_cast<char>(c);
    }
  }
  if (shown < text.size()) out += "... (" + std::to_string(text.size()) + " bytes)";
  return out;
}

}  // namespace grundy
