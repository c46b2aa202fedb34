#include "judge_io.hpp"

#include <cstdio>
#include <iostream>
#include <iterator>
#include <new>
#include <sstream>

#include "grundy/core/error.hpp"

namespace judge {
namespace {

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/// A token as it can appear inside a one-line message: quoted, shortened, unprintable bytes
/// escaped.
std::string quote(std::string_view token) {
  constexpr std::size_t kShown = 24;
  std::string out = "'";
  for (std::size_t i = 0; i < token.size() && i < kShown; ++i) {
    const auto c = static_cast<unsigned char>(token[i]);
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char hex[5];
      std::snprintf(hex, sizeof hex, "\\x%02x", c);
      out += hex;
    }
  }
  return out + (token.size() > kShown ? "...'" : "'");
}

std::string range(std::uint64_t lo, std::uint64_t hi) {
  return std::to_string(lo) + ".." + std::to_string(hi);
}

}  // namespace

void Input::skip_whitespace() {
  while (pos_ < text_.size() && is_space(text_[pos_])) {
    if (text_[pos_] == '\n') ++line_;
    ++pos_;
  }
}

bool Input::at_end() {
  skip_whitespace();
  return pos_ == text_.size();
}

std::uint64_t Input::integer(std::string_view what, std::uint64_t lo, std::uint64_t hi) {
  const std::string expected = "expected " + std::string(what) + " (" + range(lo, hi) + ")";
  if (at_end()) throw InputError(expected + ", found end of input");
  token_line_ = line_;
  const std::size_t start = pos_;
  while (pos_ < text_.size() && !is_space(text_[pos_])) ++pos_;
  const std::string_view token = std::string_view(text_).substr(start, pos_ - start);

  std::uint64_t v = 0;
  bool too_large = false;
  for (const char c : token) {
    if (c < '0' || c > '9') fail(expected + ", found " + quote(token));
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (v > (UINT64_MAX - d) / 10) too_large = true;
    if (!too_large) v = v * 10 + d;
  }
  if (too_large || v < lo || v > hi) {
    fail(std::string(what) + " must be " + range(lo, hi) + ", found " + quote(token));
  }
  return v;
}

void Input::expect_end(std::string_view after) {
  if (at_end()) return;
  token_line_ = line_;
  std::size_t end = pos_;
  while (end < text_.size() && !is_space(text_[end])) ++end;
  fail("unexpected " + quote(std::string_view(text_).substr(pos_, end - pos_)) + " after " +
       std::string(after));
}

void Input::fail(const std::string& detail) const {
  throw InputError("line " + std::to_string(token_line_) + ": " + detail);
}

int run(std::string_view program, const std::function<void(Input&, std::ostream&)>& solve) {
  const std::string prefix = std::string(program) + ": error: ";
  try {
    std::ios::sync_with_stdio(false);
    Input in(std::string(std::istreambuf_iterator<char>(std::cin), {}));
    std::ostringstream out;
    solve(in, out);
    std::cout << out.str() << std::flush;
    return std::cout ? 0 : 1;
  } catch (const InputError& e) {
    std::cerr << prefix << e.what() << '\n';
  } catch (const grundy::Error& e) {
    std::cerr << prefix << e.what() << '\n';
  } catch (const std::bad_alloc&) {
    std::cerr << prefix << "out of memory\n";
  } catch (const std::exception& e) {
    std::cerr << prefix << "internal error: " << e.what() << '\n';
    return 1;
  }
  return 2;
}

}  // namespace judge
