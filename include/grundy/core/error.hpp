#pragma once
/// \file Errors at the library boundary. Every one of them is the user's input or request, not a
/// bug: the CLI prints the message on one line and exits with code 2.

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace grundy {

/// Bad input or a refused request. The message is one line, ready to show to a person.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A syntax error in a spec or position text, at a 1-based column of that text.
class SpecError : public Error {
 public:
  SpecError(std::size_t column, const std::string& detail)
      : Error("column " + std::to_string(column) + ": " + detail),
        column_(column),
        detail_(detail) {}
  std::size_t column() const noexcept { return column_; }
  const std::string& detail() const noexcept { return detail_; }

 private:
  std::size_t column_;
  std::string detail_;
};

/// A request that would need more memory (or states) than allowed; refused before allocating.
/// A long run stopped when asked (a stop flag set by Ctrl-C): what it had found is saved (a
/// sequence file's checkpoint, a census's stored rows, a search's table file) and the same call
/// continues from it.
class Interrupted : public Error {
 public:
  using Error::Error;
};

class ResourceError : public Error {
 public:
  using Error::Error;
};

/// `text` made safe to quote inside a one-line message: control bytes (NUL, newline, ...) are
/// written as \xNN, and text longer than `max_bytes` is cut, keeping its start, with
/// "... (N bytes)" after it. Every message that quotes what a user wrote or a file holds goes
/// through it, so no input can break the one-line error contract or flood the terminal.
std::string quote_excerpt(std::string_view text, std::size_t max_bytes = 64);

}  // namespace grundy
