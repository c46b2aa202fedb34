#pragma once
/// \file Text for XML and HTML content and attribute values: the one escaper behind the SVG plots
/// and the census report's HTML page.

#include <string>
#include <string_view>

namespace grundy {

/// `text` with & < > " written as entities, and ' too when `apostrophe` (HTML attributes quoted
/// either way).
inline std::string xml_escape(std::string_view text, bool apostrophe = false) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      case '\'':
        if (apostrophe) {
          out += "&#39;";
        } else {
          out += c;
        }
        break;
      default:
        out += c;
    }
  }
  return out;
}

}  // namespace grundy
