#include "grundy/core/scanner.hpp"

#include <cctype>

namespace grundy {

std::string describe_char(std::string_view text, std::size_t offset) {
  if (offset >= text.size()) return "end of input";
  const unsigned char c = static_cast<unsigned char>(text[offset]);
  if (std::isprint(c)) return std::string("'") + static_cast<char>(c) + "'";
  return "byte " + std::to_string(static_cast<unsigned>(c));
}

void Scanner::skip_spaces() noexcept {
  while (!at_end() && (text_[pos_] == ' ' || text_[pos_] == '\t')) ++pos_;
}

bool Scanner::accept(char c) noexcept {
  if (!at_end() && text_[pos_] == c) {
    ++pos_;
    return true;
  }
  return false;
}

bool Scanner::accept(std::string_view word) noexcept {
  if (text_.substr(pos_).starts_with(word)) {
    pos_ += word.size();
    return true;
  }
  return false;
}

void Scanner::expect(char c, std::string_view what) {
  if (!accept(c)) fail("expected " + std::string(what) + ", found " + describe_char(text_, pos_));
}

std::uint64_t Scanner::unsigned_integer(std::string_view what, std::uint64_t max) {
  const std::size_t start = pos_;
  if (peek() == '-') fail(std::string(what) + " cannot be negative");
  if (!std::isdigit(static_cast<unsigned char>(peek()))) {
    fail("expected " + std::string(what) + ", found " + describe_char(text_, pos_));
  }
  std::uint64_t v = 0;
  bool overflow = false;
  while (!at_end() && std::isdigit(static_cast<unsigned char>(text_[pos_]))) {
    const std::uint64_t d = static_cast<std::uint64_t>(text_[pos_] - '0');
    // d > max first: max - d would wrap when max is a single digit.
    if (d > max || v > (max - d) / 10) overflow = true;
    if (!overflow) v = v * 10 + d;
    ++pos_;
  }
  if (overflow) {
    fail_at(start, std::string(what) + " " + quote_excerpt(text_.substr(start, pos_ - start), 40) +
                       " is too large (the largest is " + std::to_string(max) + ")");
  }
  return v;
}

std::string_view Scanner::identifier() noexcept {
  const std::size_t start = pos_;
  while (!at_end() &&
         (std::isalnum(static_cast<unsigned char>(text_[pos_])) || text_[pos_] == '_')) {
    ++pos_;
  }
  return text_.substr(start, pos_ - start);
}

void Scanner::expect_end(std::string_view what_was_expected) {
  if (!at_end()) {
    fail("unexpected " + describe_char(text_, pos_) + " after " + std::string(what_was_expected));
  }
}

void Scanner::fail(const std::string& detail) const {
  fail_at(pos_, detail);
}

void Scanner::fail_at(std::size_t offset, const std::string& detail) const {
  throw SpecError(base_ + offset, detail);
}

}  // namespace grundy
