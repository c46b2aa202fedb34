#pragma once
// What the harnesses share: a private temporary directory, property checks that stop the run
// with a message, and the bytes of an input as text.

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace grundy::fuzz {

/// A directory of this process's own (under $TMPDIR), removed at exit. Harnesses write only
/// inside it.
const std::filesystem::path& temp_dir();

/// Writes two small graph files into temp_dir() (`g.txt`, loopy: a b, b c, c a, c d; `dag`, a
/// diamond) and makes it the working directory, so that `graph(g.txt)` and `graph(dag)` read
/// them. Harnesses that read specs call it once and skip texts with a '/'.
void enter_temp_dir_with_graphs();

/// Writes `bytes` to temp_dir()/name (replacing it) and returns the path.
std::filesystem::path write_temp_file(std::string_view name, std::string_view bytes);

/// A property does not hold: prints the input's problem and aborts, so that the fuzzer keeps the
/// input (and the replay test fails naming it).
[[noreturn]] void fail(const std::string& what);

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace grundy::fuzz

/// Checks a property of the code under test (not an assert: it is never compiled out).
#define FUZZ_CHECK(condition, what)                                                 \
  do {                                                                              \
    if (!(condition))                                                               \
      ::grundy::fuzz::fail(std::string("check failed: " #condition ": ") + (what)); \
  } while (false)
