#include "cache_file.hpp"

#include <system_error>

#include "grundy/core/atomic_file.hpp"
#include "grundy/core/checksum.hpp"
#include "grundy/core/error.hpp"
#include "grundy/version.hpp"

namespace grundy {

std::filesystem::path cache_file(const std::filesystem::path& root, std::string_view folder,
                                 std::string_view format_header, const std::string& game) {
  std::string key(format_header);
  key.append("\n").append(kEngineVersion).append("\n").append(game);
  return root / folder / (fnv1a_hex(key) + ".txt");
}

bool write_cache_file(const std::filesystem::path& file, const std::string& text) {
  std::error_code ec;
  std::filesystem::create_directories(file.parent_path(), ec);
  if (ec) return false;
  try {
    write_file_atomically(file, text);
  } catch (const Error&) {
    return false;
  }
  return true;
}

}  // namespace grundy
