#pragma once
/// \file A small cursor over spec text that reports errors with their 1-based column.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "grundy/core/error.hpp"

namespace grundy {

/// Reads a piece of text left to right. `base_column` is the column of the text's first
/// character in the string the user wrote, so errors point at the right place even when a family
/// parses only a slice of a larger spec.
class Scanner {
 public:
  explicit Scanner(std::string_view text, std::size_t base_column = 1)
      : text_(text), base_(base_column) {}

  bool at_end() const noexcept { return pos_ >= text_.size(); }
  char peek() const noexcept { return at_end() ? '\0' : text_[pos_]; }
  std::size_t offset() const noexcept { return pos_; }
  std::size_t column() const noexcept { return base_ + pos_; }
  std::string_view rest() const noexcept { return text_.substr(pos_); }
  std::string_view text() const noexcept { return text_; }

  void skip_spaces() noexcept;
  /// Consumes `c` if it is next.
  bool accept(char c) noexcept;
  /// Consumes `word` if the text continues with it.
  bool accept(std::string_view word) noexcept;
  /// Consumes `c` or fails with "expected <what>".
  void expect(char c, std::string_view what);
  /// Consumes one character.
  char get() noexcept { return at_end() ? '\0' : text_[pos_++]; }

  /// A decimal integer in 0..max (no sign, no spaces inside). `what` names it in errors.
  std::uint64_t unsigned_integer(std::string_view what, std::uint64_t max);
  /// Letters, digits and '_' (possibly empty).
  std::string_view identifier() noexcept;

  /// Fails unless the whole text was read.
  void expect_end(std::string_view what_was_expected);

  [[noreturn]] void fail(const std::string& detail) const;
  [[noreturn]] void fail_at(std::size_t offset, const std::string& detail) const;

 private:
  std::string_view text_;
  std::size_t base_;
  std::size_t pos_ = 0;
};

/// A short quoted rendering of a character for error messages: 'x', or "end of input".
std::string describe_char(std::string_view text, std::size_t offset);

}  // namespace grundy
