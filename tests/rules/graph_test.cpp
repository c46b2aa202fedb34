#include "grundy/rules/graph.hpp"

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

TEST(GraphGame, UnknownVertexIsASpecError) {
  TempFile file("a b\n");
  GraphGame g(file.path());
  EXPECT_THROW(parse_position(g, "zz"), SpecError);
  EXPECT_THROW(parse_position(g, ""), SpecError);
}

}  // namespace
}  // namespace grundy
