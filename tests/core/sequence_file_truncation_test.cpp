// Sequence files cut short or damaged in their header: every prefix of a valid file (each width,
// finished and unfinished) and every single-byte change of its header is refused with an Error by
// both ways in (open, create_or_continue), and the file is left byte for byte as it was.
#include <gtest/gtest.h>

#include <fstream>
#include <functional>
#include <string>
#include <vector>

#include "grundy/core/error.hpp"
#include "grundy/core/sequence_file.hpp"
#include "temp_file.hpp"

namespace grundy {
namespace {

using test::read_bytes;

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

struct Sample {
  std::string name;
  std::string bytes;
  std::uint64_t count = 0;   // values the header counts
  std::uint64_t needed = 0;  // bytes up to the last counted value
  bool complete = false;
};

/// g(n) = n·7919 mod (top+1) for n < count, stored at the width `top` needs; unfinished files are
/// left as a run leaves them at a checkpoint (room reserved for `room` values).
Sample make_sample(Value top, std::uint64_t count, bool complete, std::uint64_t room) {
  test::TempFile tmp;
  Sample s;
  s.count = count;
  s.complete = complete;
  {
    auto file = SequenceFile::create_or_continue(tmp.path(), "0.6");
    file->reserve(room);
    for (std::uint64_t n = 0; n < count; ++n) {
      const Value v = n * 7919 % (top + 1);
      if (v > ValueStore::max_value(file->width())) file->widen(ValueStore::width_for(v), n);
      file->set(n, v);
    }
    if (complete) {
      file->finish(count);
    } else {
      file->checkpoint(count);
    }
    s.needed = SequenceFile::header_bytes(3) + count * static_cast<std::uint64_t>(file->width());
    s.name = std::to_string(file->width()) + "-byte values, " + std::to_string(count) +
             " of them, " +
             (complete ? "finished" : "unfinished, room for " + std::to_string(room));
    // Read while the writer is there: as a killed run leaves it (a writer that saved no value
    // removes its file when it goes).
    s.bytes = read_bytes(tmp.path());
  }
  return s;
}

std::vector<Sample> samples() {
  std::vector<Sample> out;
  for (Value top : {Value{200}, Value{60000}, Value{3000000000}}) {
    out.push_back(make_sample(top, 40, true, 40));
    out.push_back(make_sample(top, 40, false, 40));
    out.push_back(make_sample(top, 40, false, 50));  // bytes past the count, as mid-run
  }
  out.push_back(make_sample(200, 0, false, 0));  // a header and nothing else, as a kill leaves it
  out.push_back(make_sample(200, 0, true, 0));
  return out;
}

/// The Error message of f(), or "" when it succeeds; anything but an Error fails the test.
std::string error_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.what();
  } catch (const std::exception& e) {
    ADD_FAILURE() << "not an Error: " << e.what();
    return "?";
  }
  return "";
}

TEST(SequenceFileTruncation, EveryPrefixIsRefusedAndLeftAsItWas) {
  test::TempFile tmp;
  for (const Sample& s : samples()) {
    SCOPED_TRACE(s.name);
    ASSERT_GE(s.bytes.size(), s.needed);
    for (std::size_t length = 0; length < s.bytes.size(); ++length) {
      SCOPED_TRACE("the first " + std::to_string(length) + " bytes");
      const std::string prefix = s.bytes.substr(0, length);
      write_bytes(tmp.path(), prefix);
      if (length >= s.needed && !s.complete) {
        // An unfinished file may end anywhere after its last counted value (docs/file-formats.md).
        const auto file = SequenceFile::open(tmp.path());
        EXPECT_EQ(file->count(), s.count);
        continue;
      }
      const std::string opened = error_of([&] { SequenceFile::open(tmp.path()); });
      EXPECT_NE(opened, "") << "open accepted it";
      EXPECT_EQ(read_bytes(tmp.path()), prefix);
      if (length == 0) continue;  // an empty file is a new file to create_or_continue
      const std::string continued =
          error_of([&] { SequenceFile::create_or_continue(tmp.path(), "0.6"); });
      EXPECT_NE(continued, "") << "create_or_continue accepted it";
      EXPECT_EQ(read_bytes(tmp.path()), prefix) << "a refused file was changed";
    }
  }
}

TEST(SequenceFileTruncation, EveryChangedHeaderByteIsRefused) {
  test::TempFile tmp;
  // One file per width, and an unfinished one: the header does not depend on more.
  const std::vector<Sample> files = {
      make_sample(200, 40, true, 40), make_sample(60000, 40, true, 40),
      make_sample(3000000000, 40, true, 40), make_sample(200, 40, false, 50)};
  for (const Sample& s : files) {
    SCOPED_TRACE(s.name);
    const std::uint64_t header = SequenceFile::header_bytes(3);
    for (std::size_t at = 0; at < header; ++at) {
      // The lowest and the highest bit, and every bit of the byte.
      for (int flip : {0x01, 0x80, 0xFF}) {
        SCOPED_TRACE("byte " + std::to_string(at) + " xor " + std::to_string(flip));
        std::string bad = s.bytes;
        bad[at] = static_cast<char>(bad[at] ^ flip);
        write_bytes(tmp.path(), bad);
        EXPECT_NE(error_of([&] { SequenceFile::open(tmp.path()); }), "");
        EXPECT_NE(error_of([&] { SequenceFile::create_or_continue(tmp.path(), "0.6"); }), "");
        ASSERT_EQ(read_bytes(tmp.path()), bad);
      }
    }
  }
}

}  // namespace
}  // namespace grundy
