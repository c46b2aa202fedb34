// Harness: sequence files (`seq --out`, `value --in`), opened to read and continued to write.
// Properties: anything but grundy::Error escaping is a defect; a file that opens holds exactly
// what its header says (the values are the bytes after the header, their FNV-1a is the stored
// checksum, the game and the complete flag are the header's); a copy of the file can be
// continued exactly when it opens (or is empty), from the same count; and values appended to it
// (widening when needed), checkpointed or finished, read back with the old ones unchanged.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "grundy/core/checksum.hpp"
#include "grundy/core/error.hpp"
#include "grundy/core/sequence_file.hpp"
#include "support.hpp"

namespace {

using grundy::SequenceFile;
using grundy::Value;

template <class T>
T read_le(std::string_view bytes, std::size_t at) {
  T v{};
  if (at + sizeof v <= bytes.size()) std::memcpy(&v, bytes.data() + at, sizeof v);
  return v;
}

/// The game a header names, when the name is inside the file; else another name.
std::string game_named(std::string_view bytes) {
  const auto length = read_le<std::uint32_t>(bytes, 40);
  if (bytes.size() < 64 || length > bytes.size() - 64) return "0.07";
  return std::string(bytes.substr(64, length));
}

/// Checks a file that opened against its bytes; returns its values.
std::vector<Value> check_opened(const SequenceFile& file, std::string_view bytes) {
  const std::uint64_t header = SequenceFile::header_bytes(file.game().size());
  const auto width = static_cast<std::uint64_t>(file.width());
  FUZZ_CHECK(width == 1 || width == 2 || width == 4, "width " + std::to_string(width));
  FUZZ_CHECK(file.game() == game_named(bytes), "the game is not the header's");
  FUZZ_CHECK(header <= bytes.size() && file.count() <= (bytes.size() - header) / width,
             "more values than bytes");
  FUZZ_CHECK(file.complete() == ((read_le<std::uint32_t>(bytes, 20) & 1) != 0), "complete flag");
  if (file.complete()) {
    FUZZ_CHECK(header + file.count() * width == bytes.size(), "a complete file with extra bytes");
  }
  const std::string_view values = bytes.substr(header, file.count() * width);
  FUZZ_CHECK(grundy::fnv1a(values) == read_le<std::uint64_t>(bytes, 32),
             "the values do not match the stored checksum");
  std::vector<Value> out;
  for (std::uint64_t n = 0; n < file.count(); ++n) {
    Value expected = 0;
    std::memcpy(&expected, values.data() + n * width, width);
    FUZZ_CHECK(file.at(n) == expected, "g(" + std::to_string(n) + ")");
    out.push_back(expected);
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view bytes = grundy::fuzz::as_text(data, size);
  std::vector<Value> old_values;
  bool opened = false;
  try {
    const auto file = SequenceFile::open(grundy::fuzz::write_temp_file("read.seq", bytes));
    old_values = check_opened(*file, bytes);
    opened = true;
  } catch (const grundy::Error&) {
  }

  const std::string game = game_named(bytes);
  const auto copy = grundy::fuzz::write_temp_file("continued.seq", bytes);
  std::unique_ptr<SequenceFile> file;
  try {
    file = SequenceFile::create_or_continue(copy, game);
  } catch (const grundy::Error& e) {
    FUZZ_CHECK(!opened && size > 0,
               std::string("a file that opens cannot be continued: ") + e.what());
    return 0;
  }
  FUZZ_CHECK(opened || size == 0, "a file that does not open was continued");
  FUZZ_CHECK(file->count() == old_values.size(), "continued from another count");

  // Appends a few values drawn from the input; a large one makes the file widen.
  const std::uint64_t base = file->count();
  const std::size_t added = 1 + (size > 0 ? data[0] % 6 : 0);
  std::vector<Value> all = old_values;
  for (std::size_t i = 0; i < added; ++i) {
    const std::uint8_t b = size > 0 ? data[(i * 7 + 1) % size] : 0;
    const Value v = b >= 0xF8 ? Value{70000} + b : b >= 0xF0 ? Value{300} + b : Value{b};
    if (grundy::ValueStore::width_for(v) > file->width()) {
      file->widen(grundy::ValueStore::width_for(v), base + i);
    }
    file->reserve(base + i + 1);
    file->set(base + i, v);
    all.push_back(v);
  }
  const bool finish = size > 1 && (data[1] & 1) != 0;
  if (finish) {
    file->finish(base + added);
  } else {
    file->checkpoint(base + added);
  }
  file.reset();

  try {
    const auto again = SequenceFile::open(copy);
    FUZZ_CHECK(again->game() == game && again->count() == all.size() && again->complete() == finish,
               "the continued file reads back differently");
    for (std::uint64_t n = 0; n < all.size(); ++n) {
      FUZZ_CHECK(again->at(n) == all[n], "g(" + std::to_string(n) + ") after continuing");
    }
  } catch (const grundy::Error& e) {
    grundy::fuzz::fail(std::string("the continued file does not open: ") + e.what());
  }
  return 0;
}
