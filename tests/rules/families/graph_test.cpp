#include "grundy/rules/families/graph.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "grundy/core/error.hpp"
#include "grundy/spec/parser.hpp"
#include "temp_file.hpp"

namespace grundy {
namespace {

using test::TempFile;

std::string load_error(const std::string& text) {
  TempFile file(text);
  try {
    GraphGame game(file.path());
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(GraphGame, ReadsEdgesDeclarationsAndComments) {
  TempFile file("# a comment\na b\na c  # trailing comment\nb c\n\nalone\nc b2\na b\n");
  GraphGame g(file.path());
  EXPECT_EQ(g.vertex_count(), 5u);
  EXPECT_EQ(g.successors(0).size(), 2u);  // the repeated edge a b is one move
  const Position a = parse_position(g, "a");
  EXPECT_EQ(g.format_position(a), "a");
  EXPECT_EQ(g.name(), "graph(" + file.path() + ")");
}

TEST(GraphGame, ErrorsNameTheLine) {
  EXPECT_NE(load_error("a b\nb c d\n").find("line 2"), std::string::npos);
  EXPECT_NE(load_error("a b\n\na !\n").find("line 3"), std::string::npos);
  EXPECT_NE(load_error("a b\n\na !\n").find("'!'"), std::string::npos);
}

TEST(GraphGame, MissingFile) {
  try {
    GraphGame g("/nonexistent/graph.txt");
    FAIL();
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/graph.txt"), std::string::npos);
  }
}

/// A message is one line of printable text (control bytes escaped) of a sane length.
void expect_one_clean_line(const std::string& message) {
  EXPECT_FALSE(message.empty());
  EXPECT_LT(message.size(), 600u) << message;
  for (char c : message) {
    const auto u = static_cast<unsigned char>(c);
    EXPECT_TRUE(u >= 0x20 && u != 0x7F) << "control byte " << int(u) << " in: " << message;
  }
}

TEST(GraphGame, EndlessFileIsRefusedAtTheSizeLimit) {
  try {
    GraphGame g("/dev/zero");
    FAIL() << "/dev/zero was read";
  } catch (const Error& e) {
    const std::string message = e.what();
    expect_one_clean_line(message);
    EXPECT_NE(message.find("'/dev/zero'"), std::string::npos) << message;
    EXPECT_NE(message.find("64.0 MiB"), std::string::npos) << message;
  }
}

TEST(GraphGame, ControlBytesAreEscapedInMessages) {
  // A NUL byte used to cut the message short; other control bytes and a long line too.
  const std::string nul = load_error(std::string("a b\nc \0 d\n", 10));
  expect_one_clean_line(nul);
  EXPECT_NE(nul.find("line 2"), std::string::npos) << nul;
  EXPECT_NE(nul.find("'\\x00' cannot be part of a vertex name"), std::string::npos) << nul;
  const std::string escape = load_error("a b\n\x1b[31m red\n");
  expect_one_clean_line(escape);
  EXPECT_NE(escape.find("\\x1B"), std::string::npos) << escape;
  expect_one_clean_line(load_error("a b\n" + std::string(100000, 'x') + " y z\n"));
  expect_one_clean_line(load_error("a\r\rb c d\n"));
}

/// The fuzzer's finding: `graph(FILE\0junk)` read FILE (the system cuts the path at the NUL) and
/// named the game with the NUL escaped, a name that did not parse back. Paths with control bytes
/// are refused; a NUL never reaches the system.
TEST(GraphGame, PathsWithControlBytesAreRefused) {
  TempFile file("a b\n");
  for (const std::string& junk :
       {std::string("\0junk", 5), std::string("\x01"), std::string("\n")}) {
    try {
      parse_game("graph(" + file.path() + junk + ")");
      ADD_FAILURE() << "accepted a path with a control byte";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("cannot hold a control byte"), std::string::npos)
          << e.what();
    }
  }
  EXPECT_THROW(GraphGame(file.path() + std::string("\0x", 2)), Error);
  EXPECT_EQ(parse_game("graph(" + file.path() + ")")->name(), "graph(" + file.path() + ")");
}

TEST(GraphGame, LimitsAreNamed) {
  const std::string long_name = load_error("a " + std::string(kMaxVertexNameBytes + 1, 'v') + "\n");
  expect_one_clean_line(long_name);
  EXPECT_NE(long_name.find("line 1"), std::string::npos) << long_name;
  EXPECT_NE(long_name.find(std::to_string(kMaxVertexNameBytes) + " bytes"), std::string::npos)
      << long_name;
  TempFile longest("a " + std::string(kMaxVertexNameBytes, 'v') + "\n");
  EXPECT_EQ(GraphGame(longest.path()).vertex_count(), 2u);

  // One vertex more than the limit: declarations v0, v1, ... (about 18 MB of text).
  std::string many;
  many.reserve(kMaxGraphVertices * 9);
  for (std::size_t v = 0; v <= kMaxGraphVertices; ++v) many += "v" + std::to_string(v) + "\n";
  ASSERT_LE(many.size(), kMaxGraphFileBytes);
  const std::string too_many = load_error(many);
  expect_one_clean_line(too_many);
  EXPECT_NE(too_many.find(std::to_string(kMaxGraphVertices) + " vertices"), std::string::npos)
      << too_many;
  EXPECT_NE(too_many.find("line " + std::to_string(kMaxGraphVertices + 1)), std::string::npos)
      << too_many;
}

TEST(GraphGame, PathsWithControlBytesAreEscaped) {
  try {
    GraphGame g("/nonexistent/a\nb\x01.txt");
    FAIL();
  } catch (const Error& e) {
    expect_one_clean_line(e.what());
    EXPECT_NE(std::string(e.what()).find("a\\x0Ab\\x01.txt"), std::string::npos) << e.what();
  }
}

TEST(GraphGame, UnknownVertexIsASpecError) {
  TempFile file("a b\n");
  GraphGame g(file.path());
  EXPECT_THROW(parse_position(g, "zz"), SpecError);
  EXPECT_THROW(parse_position(g, ""), SpecError);
  // A huge unknown name is quoted short.
  try {
    parse_position(g, std::string(1000000, 'q'));
    FAIL();
  } catch (const SpecError& e) {
    expect_one_clean_line(e.what());
  }
}

}  // namespace
}  // namespace grundy
